// SQLCipher 4.9.0 (SQLite 3.49.2), compiled into careplan from the vendored amalgamation
// (Vendor/sqlcipher-4.9.0, its licence and how it was made beside it). careplan links it in place
// of the system's libsqlite3: GRDB's and CSQLiteSetup's `link "sqlite3"` find the empty archive in
// Vendor/sqlcipher-4.9.0/link first (Package.swift), so the process has one SQLite, this one.
// Without a key SQLCipher is plain SQLite, and plain stores stay plain (docs/storage.md).
#include <stdint.h>
#include "../../Vendor/sqlcipher-4.9.0/sqlite3.c"
