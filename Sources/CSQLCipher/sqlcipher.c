// SQLCipher 4.9.0 (SQLite 3.49.2), compiled into careplan from the vendored amalgamation
// (Vendor/sqlcipher-4.9.0, its licence and how it was made beside it). careplan links it in place
// of the system's libsqlite3 (Package.swift, docs/storage.md).
// Without a key SQLCipher is plain SQLite, and plain stores stay plain (docs/storage.md).
#include <stdint.h>
#include "../../Vendor/sqlcipher-4.9.0/sqlite3.c"
// The crypto provider SQLCIPHER_CRYPTO_CUSTOM names, which needs the amalgamation's declarations.
#include "provider/nettle_provider.c"
