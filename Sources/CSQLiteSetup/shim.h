// SQLite's process-wide settings, which only C can make (sqlite3_config is variadic) and only
// before the first connection opens.
#include <sqlite3.h>

// Multi-thread mode: each connection is used by one thread at a time (GRDB serialises every
// connection's use), so SQLite need not lock a mutex around every call; and no memory statistics,
// which take a global mutex on every allocation. An import makes some 16 calls per sample.
// Returns 0 when both took (they do not once SQLite is initialised).
static inline int careplan_sqlite_multithread(void) {
    int mode = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    int stats = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return mode == SQLITE_OK && stats == SQLITE_OK ? 0 : 1;
}

// Whether closing `db`, when it is the file's last connection, checkpoints the write-ahead log
// into the database (SQLite's default) or leaves the file as it is (`leave` = 1). A connection
// set to leave it writes nothing to a file merely opened and read. Returns SQLite's result code.
static inline int careplan_sqlite_leave_log_on_close(sqlite3 *db, int leave) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, leave, (int *)0);
}
