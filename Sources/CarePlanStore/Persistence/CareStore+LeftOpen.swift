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
    /// disk before the command reports it. Nor does the writer's close fold the write-ahead log
    /// into the file: SQLite does that only on the last connection's close, and the reader, open
    /// in this same process, holds the file's shared lock; the next store to open reads the log.
    public func leaveOpenUntilExit() {
        Self.leftOpen.withLock { $0.append(self) }
    }
}
