// SQLCipher's own additions to SQLite's API, which the system's sqlite3.h (that GRDB and careplan
// compile against) does not declare. The functions themselves are in this target.
#include <stddef.h>

typedef struct sqlite3 sqlite3;

/// Sets the key of a connection before its first read: a passphrase, or a raw key written as
/// `x'…'` (64 hexadecimal digits). Returns SQLITE_OK (0) or an error code.
int sqlite3_key(sqlite3 *db, const void *key, int length);
/// Changes the key of an encrypted connection, rewriting every page.
int sqlite3_rekey(sqlite3 *db, const void *key, int length);
