// Nettle (GNU's low-level cryptographic library: Debian's libnettle8, which GnuTLS, and so apt, is
// built on) does SQLCipher's cryptography for careplan: AES-256-CBC, the pages' HMAC and PBKDF2.
// It is opened the first time an encrypted store needs it rather than linked, so that a plain store
// never loads it, as libxml2 and libcurl are opened (Sources/CLibXML2, Sources/CCurl). Why Nettle
// and not OpenSSL's libcrypto: docs/security.md, "The cipher".
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "nettle.h"

static careplan_nettle_functions functions;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

/// Without Nettle an encrypted store cannot be read at all, and SQLCipher's provider has no way to
/// say why, so careplan stops with the loader's reason (libnettle8 is in the package's Depends,
/// and on every Debian system, since apt needs it).
static void *resolve(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) {
        fprintf(stderr, "careplan: Nettle's libnettle.so.8 has no %s: %s\n", name, dlerror());
        exit(1);
    }
    return symbol;
}

#define RESOLVE(name) functions.name = (__typeof__(functions.name))resolve(library, #name)

static void open_nettle(void) {
    void *library = dlopen("libnettle.so.8", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "careplan: Nettle's libnettle.so.8 is needed for an encrypted store and could not be opened: %s\n", dlerror());
        exit(1);
    }
    RESOLVE(nettle_aes256_set_encrypt_key);
    RESOLVE(nettle_aes256_set_decrypt_key);
    RESOLVE(nettle_aes256_decrypt);
    RESOLVE(nettle_cbc_aes256_encrypt);
    RESOLVE(nettle_cbc_decrypt);
    RESOLVE(nettle_hmac_set_key);
    RESOLVE(nettle_hmac_update);
    RESOLVE(nettle_hmac_digest);
    RESOLVE(nettle_sha1);
    RESOLVE(nettle_sha256);
    RESOLVE(nettle_sha512);
    RESOLVE(nettle_pbkdf2_hmac_sha1);
    RESOLVE(nettle_pbkdf2_hmac_sha256);
    RESOLVE(nettle_pbkdf2_hmac_sha512);
    RESOLVE(nettle_version_major);
    RESOLVE(nettle_version_minor);
}

const careplan_nettle_functions *careplan_nettle(void) {
    pthread_once(&opened, open_nettle);
    return &functions;
}
