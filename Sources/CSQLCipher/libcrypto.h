// What crypto.c shares with the other files of this target that stand in for libcrypto's functions.
#pragma once
#include <openssl/evp.h>

/// A function of libcrypto.so.3, which is opened (and OpenSSL initialised) on first use; careplan
/// stops with the reason when it cannot be.
void *careplan_crypto_symbol(const char *name);

/// OpenSSL's HMAC method, fetched once for the process.
EVP_MAC *careplan_hmac_method(void);
