// Nettle's functions that careplan's SQLCipher provider and key derivation call, resolved from
// libnettle.so.8 the first time an encrypted store needs them (nettle.c).
#pragma once
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/hmac.h>
#include <nettle/nettle-meta.h>
#include <nettle/pbkdf2.h>
#include <nettle/version.h>

/// One pointer per function, each typed as Nettle's header declares it, so the compiler checks
/// every call. A field is named as the library's symbol is (`nettle_…`).
typedef struct {
    __typeof__(&nettle_aes256_set_encrypt_key) nettle_aes256_set_encrypt_key;
    __typeof__(&nettle_aes256_set_decrypt_key) nettle_aes256_set_decrypt_key;
    __typeof__(&nettle_aes256_decrypt) nettle_aes256_decrypt;
    __typeof__(&nettle_cbc_aes256_encrypt) nettle_cbc_aes256_encrypt;
    __typeof__(&nettle_cbc_decrypt) nettle_cbc_decrypt;
    __typeof__(&nettle_hmac_set_key) nettle_hmac_set_key;
    __typeof__(&nettle_hmac_update) nettle_hmac_update;
    __typeof__(&nettle_hmac_digest) nettle_hmac_digest;
    /// Descriptions of SHA-1, SHA-256 and SHA-512 (data, not functions), for the HMAC above.
    const struct nettle_hash *nettle_sha1;
    const struct nettle_hash *nettle_sha256;
    const struct nettle_hash *nettle_sha512;
    __typeof__(&nettle_pbkdf2_hmac_sha1) nettle_pbkdf2_hmac_sha1;
    __typeof__(&nettle_pbkdf2_hmac_sha256) nettle_pbkdf2_hmac_sha256;
    __typeof__(&nettle_pbkdf2_hmac_sha512) nettle_pbkdf2_hmac_sha512;
    __typeof__(&nettle_version_major) nettle_version_major;
    __typeof__(&nettle_version_minor) nettle_version_minor;
} careplan_nettle_functions;

/// Nettle, opened on first use; careplan stops with the loader's reason when it cannot be.
const careplan_nettle_functions *careplan_nettle(void);
