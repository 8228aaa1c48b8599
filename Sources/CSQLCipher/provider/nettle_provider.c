// careplan's crypto provider for SQLCipher, through the hook SQLCipher keeps for one
// (SQLCIPHER_CRYPTO_CUSTOM, Package.swift): the same AES-256-CBC, HMACs and PBKDF2 that its
// OpenSSL provider computes, so the files are SQLCipher 4's (SQLCipherInteropTests opens them
// with SQLCipher's own build, and careplan opens that build's), computed by Nettle (nettle.c).
//
// Compiled inside sqlcipher.c, after the amalgamation: `sqlcipher_provider` is declared there and
// not in any header.
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include "../nettle.h"

/// Random bytes from the kernel (getrandom(2)): salts and IVs, and the seed SQLCipher asks for
/// when SQLite starts in every process, without opening Nettle. SQLITE_OK or SQLITE_ERROR.
static int careplan_random(void *context, void *buffer, int length) {
    unsigned char *bytes = buffer;
    int filled = 0;
    while (filled < length) {
        ssize_t got = getrandom(bytes + filled, (size_t)(length - filled), 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return SQLITE_ERROR;
        }
        filled += (int)got;
    }
    return SQLITE_OK;
}

/// `PRAGMA cipher_add_random`, which careplan never issues: the kernel's generator needs no seed
/// from a process, so the bytes are accepted and not used.
static int careplan_add_random(void *context, const void *buffer, int length) {
    return SQLITE_OK;
}

static const char *careplan_provider_name(void *context) {
    return "nettle";
}

static char careplan_version_text[24];
static pthread_once_t careplan_version_written = PTHREAD_ONCE_INIT;

static void careplan_write_version(void) {
    const careplan_nettle_functions *nettle = careplan_nettle();
    snprintf(careplan_version_text, sizeof careplan_version_text, "%d.%d", nettle->nettle_version_major(), nettle->nettle_version_minor());
}

/// Nettle's version as the library loaded reports it (`PRAGMA cipher_provider_version`, which
/// `careplan doctor` prints).
static const char *careplan_provider_version(void *context) {
    pthread_once(&careplan_version_written, careplan_write_version);
    return careplan_version_text;
}

/// Nettle's description of the hash an HMAC `algorithm` of SQLCipher's uses; NULL for another.
static const struct nettle_hash *careplan_hash(const careplan_nettle_functions *nettle, int algorithm) {
    switch (algorithm) {
    case SQLCIPHER_HMAC_SHA1: return nettle->nettle_sha1;
    case SQLCIPHER_HMAC_SHA256: return nettle->nettle_sha256;
    case SQLCIPHER_HMAC_SHA512: return nettle->nettle_sha512;
    default: return NULL;
    }
}

/// Room for any of those hashes' state.
typedef union {
    struct sha1_ctx sha1;
    struct sha256_ctx sha256;
    struct sha512_ctx sha512;
} careplan_hash_state;

/// HMAC of `in` then `in2` (when given) under `key`, the digest's full length written to `out`,
/// through Nettle's HMAC over the hash's description (as its hmac_sha256_* functions are). The
/// states hold the key's pads and are wiped after use.
static int careplan_hmac(void *context, int algorithm, const unsigned char *key, int keyLength,
                         const unsigned char *in, int inLength, const unsigned char *in2, int in2Length,
                         unsigned char *out) {
    if (in == NULL || key == NULL || keyLength < 0 || inLength < 0 || (in2 != NULL && in2Length < 0)) return SQLITE_ERROR;
    const careplan_nettle_functions *nettle = careplan_nettle();
    const struct nettle_hash *hash = careplan_hash(nettle, algorithm);
    if (hash == NULL) return SQLITE_ERROR;
    careplan_hash_state outer, inner, state;
    nettle->nettle_hmac_set_key(&outer, &inner, &state, hash, (size_t)keyLength, key);
    nettle->nettle_hmac_update(&state, hash, (size_t)inLength, in);
    if (in2 != NULL) nettle->nettle_hmac_update(&state, hash, (size_t)in2Length, in2);
    nettle->nettle_hmac_digest(&outer, &inner, &state, hash, hash->digest_size, out);
    explicit_bzero(&outer, sizeof outer);
    explicit_bzero(&inner, sizeof inner);
    explicit_bzero(&state, sizeof state);
    return SQLITE_OK;
}

/// PBKDF2 with the HMAC `algorithm` names: a passphrase's key (256,000 rounds), and the pages'
/// HMAC key from the key (2 rounds, at every keyed connection).
static int careplan_kdf(void *context, int algorithm, const unsigned char *passphrase, int passphraseLength,
                        const unsigned char *salt, int saltLength, int rounds, int keyLength, unsigned char *key) {
    // Nettle asserts on zero rounds rather than failing; SQLCipher refuses a kdf_iter below 1 anyway.
    if (rounds < 1 || passphraseLength < 0 || saltLength < 0 || keyLength < 1) return SQLITE_ERROR;
    const careplan_nettle_functions *nettle = careplan_nettle();
    switch (algorithm) {
    case SQLCIPHER_PBKDF2_HMAC_SHA1:
        nettle->nettle_pbkdf2_hmac_sha1((size_t)passphraseLength, passphrase, (unsigned)rounds, (size_t)saltLength, salt, (size_t)keyLength, key);
        return SQLITE_OK;
    case SQLCIPHER_PBKDF2_HMAC_SHA256:
        nettle->nettle_pbkdf2_hmac_sha256((size_t)passphraseLength, passphrase, (unsigned)rounds, (size_t)saltLength, salt, (size_t)keyLength, key);
        return SQLITE_OK;
    case SQLCIPHER_PBKDF2_HMAC_SHA512:
        nettle->nettle_pbkdf2_hmac_sha512((size_t)passphraseLength, passphrase, (unsigned)rounds, (size_t)saltLength, salt, (size_t)keyLength, key);
        return SQLITE_OK;
    default:
        return SQLITE_ERROR;
    }
}

/// AES-256-CBC without padding over a page's whole blocks, in `mode` (CIPHER_ENCRYPT or
/// CIPHER_DECRYPT), from `iv`, which is left as it was. The key schedule is wiped after use.
static int careplan_cipher(void *context, int mode, const unsigned char *key, int keyLength, const unsigned char *iv,
                           const unsigned char *in, int inLength, unsigned char *out) {
    if (key == NULL || iv == NULL || keyLength != AES256_KEY_SIZE || inLength < 0 || inLength % AES_BLOCK_SIZE != 0) return SQLITE_ERROR;
    const careplan_nettle_functions *nettle = careplan_nettle();
    struct aes256_ctx aes;
    uint8_t chain[AES_BLOCK_SIZE];
    memcpy(chain, iv, sizeof chain);
    if (mode == CIPHER_ENCRYPT) {
        nettle->nettle_aes256_set_encrypt_key(&aes, key);
        nettle->nettle_cbc_aes256_encrypt(&aes, chain, (size_t)inLength, out, in);
    } else {
        nettle->nettle_aes256_set_decrypt_key(&aes, key);
        nettle->nettle_cbc_decrypt(&aes, (nettle_cipher_func *)nettle->nettle_aes256_decrypt, AES_BLOCK_SIZE, chain, (size_t)inLength, out, in);
    }
    explicit_bzero(&aes, sizeof aes);
    explicit_bzero(chain, sizeof chain);
    return SQLITE_OK;
}

/// The cipher's name as SQLCipher's OpenSSL provider gives it (`PRAGMA cipher`).
static const char *careplan_cipher_name(void *context) {
    return "AES-256-CBC";
}

static int careplan_key_size(void *context) { return AES256_KEY_SIZE; }
static int careplan_iv_size(void *context) { return AES_BLOCK_SIZE; }
static int careplan_block_size(void *context) { return AES_BLOCK_SIZE; }

static int careplan_hmac_size(void *context, int algorithm) {
    switch (algorithm) {
    case SQLCIPHER_HMAC_SHA1: return SHA1_DIGEST_SIZE;
    case SQLCIPHER_HMAC_SHA256: return SHA256_DIGEST_SIZE;
    case SQLCIPHER_HMAC_SHA512: return SHA512_DIGEST_SIZE;
    default: return 0;
    }
}

/// The provider keeps no state per codec: Nettle's contexts live for one call.
static int careplan_context_init(void **context) { return SQLITE_OK; }
static int careplan_context_free(void **context) { return SQLITE_OK; }

/// Nettle has no FIPS mode.
static int careplan_fips_status(void *context) { return 0; }

int careplan_crypto_setup(sqlcipher_provider *provider) {
    provider->init = NULL;
    provider->shutdown = NULL;
    provider->get_provider_name = careplan_provider_name;
    provider->add_random = careplan_add_random;
    provider->random = careplan_random;
    provider->hmac = careplan_hmac;
    provider->kdf = careplan_kdf;
    provider->cipher = careplan_cipher;
    provider->get_cipher = careplan_cipher_name;
    provider->get_key_sz = careplan_key_size;
    provider->get_iv_sz = careplan_iv_size;
    provider->get_block_sz = careplan_block_size;
    provider->get_hmac_sz = careplan_hmac_size;
    provider->ctx_init = careplan_context_init;
    provider->ctx_free = careplan_context_free;
    provider->fips_status = careplan_fips_status;
    provider->get_provider_version = careplan_provider_version;
    return SQLITE_OK;
}
