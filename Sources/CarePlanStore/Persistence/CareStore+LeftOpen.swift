import Foundation
import GRDB
import GRDBSQLite
import Synchronization

extension CareStore {
    /// Stores whose connections are left for the process's end to close.
    private static let leftOpen = Mutex<[CareStore]>([])

    /// Leaves the store's connections open until the process ends, for a command that has read
    /// (and written) what it came for and is about to exit: `careplan status`, which a status bar
    /// runs every few seconds, `today`, and `done`, `log` and `answer`, which people type.
    ///
    /// Closing a GRDB connection hands its dispatch queue to a new worker thread and asks
    /// Foundation's notification centre to forget it: a third of a millisecond of a command that
    /// takes ten, where the process's end releases the file and SQLite's locks at once. Nothing
    /// written is at stake: each write is a transaction committed with `synchronous = FULL`, on
    /// disk before the command reports it. Nor would the writer's close fold the write-ahead log
    /// into the file: SQLite does that only on the last connection's close, and the reader, open
    /// in this same process, holds the file's shared lock. A command that wrote folds a long log
    /// itself (`foldLongWriteAheadLog`).
    public func leaveOpenUntilExit() {
        foldLongWriteAheadLog()
        Self.leftOpen.withLock { $0.append(self) }
    }

    /// The size past which a command that wrote folds the write-ahead log into the file: 100 of
    /// its 4 KiB pages (a tick or a reading adds about eight).
    static let longWriteAheadLog = 100 * (4096 + 24)

    /// After a command's writes, when the write-ahead log has grown past `longWriteAheadLog`: the
    /// log checkpointed into the database and emptied to zero bytes, as the last connection's
    /// close would do. Nothing else empties it when no process closes the store: SQLite's own
    /// checkpoint copies the pages into the file but leaves them in the log, since each process
    /// reads the log anew and cannot tell they were copied. Left so, the log grows by every tick,
    /// and every process that opens the store reads and checks all of it before its first query:
    /// after 160 readings, 1,446 pages (6 MB) and 2.9 ms of each `careplan today` and status line.
    /// The fold costs the write that makes it about 2 ms (it syncs the file), once in some twelve
    /// ticks. Nothing waits for it: while another process is reading (the dashboard), the log is
    /// left for a later command, or for the dashboard's own close.
    func foldLongWriteAheadLog() {
        guard let writer = writerIfOpened() else { return }
        var status = stat()
        guard stat(path + "-wal", &status) == 0, status.st_size > Self.longWriteAheadLog else { return }
        try? writer.writeWithoutTransaction { db in
            // The command has written all it will and its process is about to end: the busy
            // handler, which would wait up to the busy timeout for another process's readers, is
            // dropped from this connection, which nothing uses after this call.
            sqlite3_busy_timeout(db.sqliteConnection, 0)
            _ = sqlite3_wal_checkpoint_v2(db.sqliteConnection, "main", SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        }
    }
}
