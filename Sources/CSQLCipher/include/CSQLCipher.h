// SQLCipher's own additions to SQLite's API, which the system's sqlite3.h (that GRDB and careplan
// compile against) does not declare, and the key derivation careplan does once per process. The
// functions themselves are in this target.
#include <stddef.h>

typedef struct sqlite3 sqlite3;

/// Sets the key of a connection before its first read: a passphrase, or a raw key written as
/// `x'…'` (64 hexadecimal digits, then optionally the file's 32-digit salt). Returns SQLITE_OK (0)
/// or an error code.
int sqlite3_key(sqlite3 *db, const void *key, int length);
/// Changes the key of an encrypted connection, rewriting every page.
int sqlite3_rekey(sqlite3 *db, const void *key, int length);

/// SQLCipher 4's key derivation, done by careplan itself so that it happens once per process and
/// not at every connection: PBKDF2-HMAC-SHA512 of the passphrase over the file's 16-byte salt.
/// Writes `keyLength` bytes to `key`; returns 1 on success, 0 on failure (OpenSSL's convention).
int careplan_derive_key(const void *passphrase, int passphraseLength, const unsigned char *salt, int saltLength,
                        int iterations, unsigned char *key, int keyLength);
