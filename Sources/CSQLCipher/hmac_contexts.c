// SQLCipher checks every page it reads, and signs every page it writes, with an HMAC under the
// store's HMAC key, and sets OpenSSL's HMAC up from the key and the digest's name each time: in
// OpenSSL 3 that looks the digest up by name and hashes the key's inner and outer pads again, about
// 2 µs of the 6 µs a 4 KiB page's HMAC-SHA256 takes here. These stand-ins for OpenSSL's EVP_MAC_CTX
// functions (SQLCipher's OpenSSL provider calls no others) keep, for each key and digest SQLCipher
// uses, one HMAC already set up, and give each page a copy of it (EVP_MAC_CTX_dup): the same HMAC,
// computed by OpenSSL, without setting it up again. docs/performance.md has the figures.
//
// The copies kept hold what SQLCipher's own codec holds for as long as a store is open (the key, and
// state derived from it); one pushed out of the few kept is freed by OpenSSL, which wipes it.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core.h>
#include <openssl/crypto.h>
#include "libcrypto.h"

/// Enough for every store a process has open at once (a conversion: two), with room.
#define KEPT_SETUPS 4
/// SQLCipher's HMAC keys are 32 bytes; a longer key is set up each time, as OpenSSL would.
#define LONGEST_KEPT_KEY 64

typedef struct {
    EVP_MAC_CTX *(*context_new)(EVP_MAC *);
    EVP_MAC_CTX *(*context_dup)(const EVP_MAC_CTX *);
    void (*context_free)(EVP_MAC_CTX *);
    int (*init)(EVP_MAC_CTX *, const unsigned char *, size_t, const OSSL_PARAM[]);
    int (*update)(EVP_MAC_CTX *, const unsigned char *, size_t);
    int (*final)(EVP_MAC_CTX *, unsigned char *, size_t *, size_t);
    int (*memory_differs)(const void *, const void *, size_t);
    void (*cleanse)(void *, size_t);
} careplan_mac_functions;

static careplan_mac_functions mac;
static pthread_once_t mac_resolved = PTHREAD_ONCE_INIT;

static void resolve_mac_functions(void) {
    mac.context_new = (EVP_MAC_CTX *(*)(EVP_MAC *))careplan_crypto_symbol("EVP_MAC_CTX_new");
    mac.context_dup = (EVP_MAC_CTX *(*)(const EVP_MAC_CTX *))careplan_crypto_symbol("EVP_MAC_CTX_dup");
    mac.context_free = (void (*)(EVP_MAC_CTX *))careplan_crypto_symbol("EVP_MAC_CTX_free");
    mac.init = (int (*)(EVP_MAC_CTX *, const unsigned char *, size_t, const OSSL_PARAM[]))careplan_crypto_symbol("EVP_MAC_init");
    mac.update = (int (*)(EVP_MAC_CTX *, const unsigned char *, size_t))careplan_crypto_symbol("EVP_MAC_update");
    mac.final = (int (*)(EVP_MAC_CTX *, unsigned char *, size_t *, size_t))careplan_crypto_symbol("EVP_MAC_final");
    mac.memory_differs = (int (*)(const void *, const void *, size_t))careplan_crypto_symbol("CRYPTO_memcmp");
    mac.cleanse = (void (*)(void *, size_t))careplan_crypto_symbol("OPENSSL_cleanse");
}

/// An HMAC set up for one key and digest, and when it was last used.
typedef struct {
    EVP_MAC_CTX *ready;
    char digest[16];
    unsigned char key[LONGEST_KEPT_KEY];
    size_t keyLength;
    unsigned long lastUse;
} kept_setup;

static kept_setup kept[KEPT_SETUPS];
static unsigned long uses;
static pthread_mutex_t keptLock = PTHREAD_MUTEX_INITIALIZER;

/// What SQLCipher holds as its EVP_MAC_CTX: the context the page's HMAC is computed in, made at init.
typedef struct {
    EVP_MAC *method;
    EVP_MAC_CTX *context;
} careplan_mac_context;

EVP_MAC_CTX *EVP_MAC_CTX_new(EVP_MAC *method) {
    pthread_once(&mac_resolved, resolve_mac_functions);
    careplan_mac_context *wrapper = calloc(1, sizeof(careplan_mac_context));
    if (wrapper == NULL) return NULL;
    wrapper->method = method;
    return (EVP_MAC_CTX *)wrapper;
}

/// The digest named in the parameters SQLCipher passes (`digest`, a UTF-8 string of `data_size`
/// bytes, which OpenSSL does not require to end in a NUL), copied into `name`; 0 when there is none
/// or it does not fit.
static int digest_name(const OSSL_PARAM parameters[], char name[16]) {
    for (const OSSL_PARAM *parameter = parameters; parameter != NULL && parameter->key != NULL; parameter++) {
        if (strcmp(parameter->key, "digest") == 0 && parameter->data_type == OSSL_PARAM_UTF8_STRING &&
            parameter->data != NULL && parameter->data_size < 16) {
            memcpy(name, parameter->data, parameter->data_size);
            name[parameter->data_size] = '\0';
            return 1;
        }
    }
    return 0;
}

/// A copy of the HMAC kept for this key and digest, set up now if none is; NULL when OpenSSL fails.
static EVP_MAC_CTX *copy_of_setup(EVP_MAC *method, const char *digest, const unsigned char *key, size_t length, const OSSL_PARAM parameters[]) {
    pthread_mutex_lock(&keptLock);
    kept_setup *found = NULL, *oldest = &kept[0];
    for (int index = 0; index < KEPT_SETUPS; index++) {
        kept_setup *setup = &kept[index];
        if (setup->ready != NULL && setup->keyLength == length && strcmp(setup->digest, digest) == 0 &&
            mac.memory_differs(setup->key, key, length) == 0) {
            found = setup;
            break;
        }
        if (setup->ready == NULL || (oldest->ready != NULL && setup->lastUse < oldest->lastUse)) oldest = setup;
    }
    if (found == NULL) {
        EVP_MAC_CTX *ready = mac.context_new(method);
        if (ready == NULL || !mac.init(ready, key, length, parameters)) {
            if (ready != NULL) mac.context_free(ready);
            pthread_mutex_unlock(&keptLock);
            return NULL;
        }
        if (oldest->ready != NULL) mac.context_free(oldest->ready);
        mac.cleanse(oldest->key, sizeof(oldest->key));
        oldest->ready = ready;
        strcpy(oldest->digest, digest);
        memcpy(oldest->key, key, length);
        oldest->keyLength = length;
        found = oldest;
    }
    found->lastUse = ++uses;
    EVP_MAC_CTX *copy = mac.context_dup(found->ready);
    pthread_mutex_unlock(&keptLock);
    return copy;
}

int EVP_MAC_init(EVP_MAC_CTX *context, const unsigned char *key, size_t length, const OSSL_PARAM parameters[]) {
    careplan_mac_context *wrapper = (careplan_mac_context *)context;
    if (wrapper->context != NULL) {
        mac.context_free(wrapper->context);
        wrapper->context = NULL;
    }
    char digest[16];
    if (key != NULL && length <= LONGEST_KEPT_KEY && digest_name(parameters, digest) && wrapper->method == careplan_hmac_method()) {
        wrapper->context = copy_of_setup(wrapper->method, digest, key, length, parameters);
        return wrapper->context != NULL;
    }
    // Anything else is set up as OpenSSL would, every time.
    wrapper->context = mac.context_new(wrapper->method);
    return wrapper->context != NULL && mac.init(wrapper->context, key, length, parameters);
}

int EVP_MAC_update(EVP_MAC_CTX *context, const unsigned char *data, size_t length) {
    careplan_mac_context *wrapper = (careplan_mac_context *)context;
    return wrapper->context != NULL && mac.update(wrapper->context, data, length);
}

int EVP_MAC_final(EVP_MAC_CTX *context, unsigned char *out, size_t *length, size_t size) {
    careplan_mac_context *wrapper = (careplan_mac_context *)context;
    return wrapper->context != NULL && mac.final(wrapper->context, out, length, size);
}

void EVP_MAC_CTX_free(EVP_MAC_CTX *context) {
    careplan_mac_context *wrapper = (careplan_mac_context *)context;
    if (wrapper == NULL) return;
    if (wrapper->context != NULL) mac.context_free(wrapper->context);
    free(wrapper);
}
