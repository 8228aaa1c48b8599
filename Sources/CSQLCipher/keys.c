// The passphrase's key derivation, as SQLCipher 4 does it by default (PBKDF2-HMAC-SHA512, the salt
// being the file's first 16 bytes), through the same Nettle that SQLCipher encrypts with. careplan
// derives once per process and gives each connection the raw key, which SQLCipher takes without
// deriving again (docs/security.md: 180 ms a connection otherwise).
#include "CSQLCipher.h"
#include "nettle.h"

int careplan_derive_key(const void *passphrase, int passphraseLength, const unsigned char *salt, int saltLength,
                        int iterations, unsigned char *key, int keyLength) {
    if (passphraseLength < 0 || saltLength < 0 || iterations < 1 || keyLength < 1) return 0;
    careplan_nettle()->nettle_pbkdf2_hmac_sha512((size_t)passphraseLength, passphrase, (unsigned)iterations,
                                                 (size_t)saltLength, salt, (size_t)keyLength, key);
    return 1;
}
