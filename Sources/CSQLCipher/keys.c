// The passphrase's key derivation, as SQLCipher 4 does it by default (PBKDF2-HMAC-SHA512, the salt
// being the file's first 16 bytes), through the same OpenSSL that SQLCipher encrypts with. careplan
// derives once per process and gives each connection the raw key, which SQLCipher takes without
// deriving again (docs/security.md: 180 ms a connection otherwise).
#include <openssl/evp.h>
#include "CSQLCipher.h"

int careplan_derive_key(const void *passphrase, int passphraseLength, const unsigned char *salt, int saltLength,
                        int iterations, unsigned char *key, int keyLength) {
    return PKCS5_PBKDF2_HMAC((const char *)passphrase, passphraseLength, salt, saltLength, iterations,
                             EVP_sha512(), keyLength, key);
}
