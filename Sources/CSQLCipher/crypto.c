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
#include <sys/random.h>

/// libcrypto, opened on first use. Without it an encrypted store cannot be read at all, and there
/// is no error SQLCipher's provider could return from every one of these, so careplan stops with
/// the loader's reason (Debian's libssl3 is in the package's Depends).
static void *careplan_libcrypto(void) {
    static void *handle = NULL;
    if (handle == NULL) {
        handle = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            fprintf(stderr, "careplan: OpenSSL's libcrypto.so.3 is needed for an encrypted store and could not be opened: %s\n", dlerror());
            exit(1);
        }
    }
    return handle;
}

static void *careplan_crypto_symbol(const char *name) {
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
FORWARD_VOID(EVP_MAC_CTX_free, (EVP_MAC_CTX *context), (context))
FORWARD(EVP_MAC_CTX *, EVP_MAC_CTX_new, (EVP_MAC *mac), (mac))
FORWARD(EVP_MAC *, EVP_MAC_fetch, (OSSL_LIB_CTX *library, const char *algorithm, const char *properties), (library, algorithm, properties))
FORWARD(int, EVP_MAC_final, (EVP_MAC_CTX *context, unsigned char *out, size_t *length, size_t size), (context, out, length, size))
FORWARD_VOID(EVP_MAC_free, (EVP_MAC *mac), (mac))
FORWARD(int, EVP_MAC_init, (EVP_MAC_CTX *context, const unsigned char *key, size_t length, const OSSL_PARAM parameters[]),
        (context, key, length, parameters))
FORWARD(int, EVP_MAC_update, (EVP_MAC_CTX *context, const unsigned char *data, size_t length), (context, data, length))
FORWARD(int, EVP_MD_get_size, (const EVP_MD *digest), (digest))
FORWARD(const EVP_CIPHER *, EVP_aes_256_cbc, (void), ())
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
