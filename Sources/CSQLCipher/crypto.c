// OpenSSL's libcrypto, opened the first time SQLCipher needs it rather than linked: linked, it was
// loaded and relocated by every careplan command, about 4 ms before `careplan status` could print
// a line, though only an encrypted store ever calls it. These are the functions SQLCipher's OpenSSL
// provider and careplan's key derivation call, each resolved from libcrypto.so.3 on first use (as
// libxml2 and libcurl are: Sources/CLibXML2, Sources/CCurl). A plain store never loads it.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/rand.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include "libcrypto.h"

/// libcrypto, opened on first use. Without it an encrypted store cannot be read at all, and there
/// is no error SQLCipher's provider could return from every one of these, so careplan stops with
/// the loader's reason (Debian's libssl3 is in the package's Depends).
static void *careplan_libcrypto_handle;
static pthread_once_t careplan_libcrypto_opened = PTHREAD_ONCE_INIT;

static void careplan_open_libcrypto(void) {
    // RTLD_DEEPBIND: libcrypto's references to its own functions (some 4,000 of them, all bound at
    // load) are looked up in libcrypto first, not in careplan and each of the libraries it loaded
    // before: 1.6–2.0 ms to open it, against 3.2–4.0 ms. careplan defines none of libcrypto's
    // names for it to find (these stand-ins are not exported), so nothing else changes.
    void *opened = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (opened == NULL) {
        fprintf(stderr, "careplan: OpenSSL's libcrypto.so.3 is needed for an encrypted store and could not be opened: %s\n", dlerror());
        exit(1);
    }
    // OpenSSL's configuration file is not read: careplan's cipher (AES-256, HMAC-SHA256 or -SHA512,
    // PBKDF2 from the default provider) needs nothing from it, and reading it cost every encrypted
    // process about 1.3 ms (docs/security.md, "The cipher"). Nor are the legacy tables of cipher
    // and digest names filled, which SQLCipher never looks up.
    int (*initialise)(uint64_t, const void *) = (int (*)(uint64_t, const void *))dlsym(opened, "OPENSSL_init_crypto");
    // No exit handler either: the process's memory goes with it anyway.
    uint64_t options = OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ADD_ALL_CIPHERS | OPENSSL_INIT_NO_ADD_ALL_DIGESTS | OPENSSL_INIT_NO_ATEXIT;
    if (initialise == NULL || !initialise(options, NULL)) {
        fprintf(stderr, "careplan: OpenSSL's libcrypto.so.3 could not be initialised\n");
        exit(1);
    }
    careplan_libcrypto_handle = opened;
}

static void *careplan_libcrypto(void) {
    pthread_once(&careplan_libcrypto_opened, careplan_open_libcrypto);
    return careplan_libcrypto_handle;
}

void *careplan_crypto_symbol(const char *name) {
    void *symbol = dlsym(careplan_libcrypto(), name);
    if (symbol == NULL) {
        fprintf(stderr, "careplan: OpenSSL's libcrypto.so.3 has no %s\n", name);
        exit(1);
    }
    return symbol;
}

#define FORWARD(type, name, parameters, arguments) \
    type name parameters { \
        static type (*function) parameters = NULL; \
        if (function == NULL) function = (type (*) parameters) careplan_crypto_symbol(#name); \
        return function arguments; \
    }

#define FORWARD_VOID(name, parameters, arguments) \
    void name parameters { \
        static void (*function) parameters = NULL; \
        if (function == NULL) function = (void (*) parameters) careplan_crypto_symbol(#name); \
        function arguments; \
    }

FORWARD(unsigned long, ERR_get_error, (void), ())
FORWARD(char *, ERR_error_string, (unsigned long e, char *buffer), (e, buffer))
FORWARD(EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, (void), ())
FORWARD_VOID(EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX *context), (context))
FORWARD(int, EVP_CIPHER_CTX_set_padding, (EVP_CIPHER_CTX *context, int padding), (context, padding))
FORWARD(int, EVP_CIPHER_get_block_size, (const EVP_CIPHER *cipher), (cipher))
FORWARD(int, EVP_CIPHER_get_iv_length, (const EVP_CIPHER *cipher), (cipher))
FORWARD(int, EVP_CIPHER_get_key_length, (const EVP_CIPHER *cipher), (cipher))
FORWARD(int, EVP_CIPHER_get_nid, (const EVP_CIPHER *cipher), (cipher))
FORWARD(int, EVP_CipherFinal_ex, (EVP_CIPHER_CTX *context, unsigned char *out, int *length), (context, out, length))
FORWARD(int, EVP_CipherInit_ex, (EVP_CIPHER_CTX *context, const EVP_CIPHER *cipher, ENGINE *engine, const unsigned char *key,
                                 const unsigned char *iv, int encrypt), (context, cipher, engine, key, iv, encrypt))
FORWARD(int, EVP_CipherUpdate, (EVP_CIPHER_CTX *context, unsigned char *out, int *outLength, const unsigned char *in, int inLength),
        (context, out, outLength, in, inLength))
FORWARD_VOID(EVP_MAC_free, (EVP_MAC *mac), (mac))
FORWARD(int, EVP_MD_get_size, (const EVP_MD *digest), (digest))
FORWARD(const EVP_MD *, EVP_sha1, (void), ())
FORWARD(const EVP_MD *, EVP_sha256, (void), ())
FORWARD(const EVP_MD *, EVP_sha512, (void), ())
FORWARD(const char *, OBJ_nid2sn, (int nid), (nid))
FORWARD(const char *, OpenSSL_version, (int type), (type))
FORWARD(int, PKCS5_PBKDF2_HMAC, (const char *passphrase, int passphraseLength, const unsigned char *salt, int saltLength, int iterations,
                                 const EVP_MD *digest, int keyLength, unsigned char *out),
        (passphrase, passphraseLength, salt, saltLength, iterations, digest, keyLength, out))
FORWARD_VOID(RAND_add, (const void *buffer, int length, double randomness), (buffer, length, randomness))

/// Random bytes from the kernel (getrandom(2), the source OpenSSL's own generator seeds from),
/// without opening libcrypto: SQLCipher asks for some when SQLite starts (its memory shield and
/// the seed of its allocator's randomness), in every process, plain store or not; salts and IVs of
/// an encrypted store come from here too. OpenSSL's convention: 1 on success, 0 on failure.
int RAND_bytes(unsigned char *buffer, int length) {
    int filled = 0;
    while (filled < length) {
        ssize_t got = getrandom(buffer + filled, (size_t)(length - filled), 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        filled += (int)got;
    }
    return 1;
}

// SQLCipher asks OpenSSL for its HMAC and its cipher anew for every page it reads or writes. In
// OpenSSL 3 that is a lookup by name in the provider's tables each time (EVP_MAC_fetch; and
// EVP_aes_256_cbc's cipher is looked up again inside every EVP_CipherInit_ex). Both are fetched once
// here and handed out again, as OpenSSL's documentation advises for code that uses an algorithm
// repeatedly; what SQLCipher computes is unchanged.

/// Fetched once, by whichever thread first needs them (a reader's and the writer's connection may
/// both be reading pages).
static EVP_MAC *(*careplan_mac_fetch)(OSSL_LIB_CTX *, const char *, const char *);
static int (*careplan_mac_up_ref)(EVP_MAC *);
static EVP_MAC *careplan_hmac;
static EVP_CIPHER *careplan_aes_256_cbc;
static pthread_once_t careplan_fetched = PTHREAD_ONCE_INIT;

static void careplan_fetch_once(void) {
    careplan_mac_fetch = (EVP_MAC *(*)(OSSL_LIB_CTX *, const char *, const char *))careplan_crypto_symbol("EVP_MAC_fetch");
    careplan_mac_up_ref = (int (*)(EVP_MAC *))careplan_crypto_symbol("EVP_MAC_up_ref");
    careplan_hmac = careplan_mac_fetch(NULL, "HMAC", NULL);
    EVP_CIPHER *(*fetch_cipher)(OSSL_LIB_CTX *, const char *, const char *) =
        (EVP_CIPHER *(*)(OSSL_LIB_CTX *, const char *, const char *))careplan_crypto_symbol("EVP_CIPHER_fetch");
    careplan_aes_256_cbc = fetch_cipher(NULL, "AES-256-CBC", NULL);
    if (careplan_hmac == NULL || careplan_aes_256_cbc == NULL) {
        fprintf(stderr, "careplan: OpenSSL's libcrypto.so.3 has no HMAC or no AES-256-CBC\n");
        exit(1);
    }
}

/// The HMAC method, kept for the process; each caller gets a reference of its own
/// (EVP_MAC_up_ref), which its EVP_MAC_free gives back. Only the default library context and
/// properties are kept, which is all SQLCipher asks for.
EVP_MAC *EVP_MAC_fetch(OSSL_LIB_CTX *library, const char *algorithm, const char *properties) {
    pthread_once(&careplan_fetched, careplan_fetch_once);
    int kept = library == NULL && properties == NULL && algorithm != NULL && strcmp(algorithm, "HMAC") == 0;
    if (!kept) return careplan_mac_fetch(library, algorithm, properties);
    return careplan_mac_up_ref(careplan_hmac) ? careplan_hmac : NULL;
}

EVP_MAC *careplan_hmac_method(void) {
    pthread_once(&careplan_fetched, careplan_fetch_once);
    return careplan_hmac;
}

/// AES-256-CBC from the default provider: an explicitly fetched cipher is used as it is by
/// EVP_CipherInit_ex, where the built-in one OpenSSL's EVP_aes_256_cbc returns is looked up by name
/// at every call.
const EVP_CIPHER *EVP_aes_256_cbc(void) {
    pthread_once(&careplan_fetched, careplan_fetch_once);
    return careplan_aes_256_cbc;
}
