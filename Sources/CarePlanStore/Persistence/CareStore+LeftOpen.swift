import Synchronization

extension CareStore {
    /// Stores whose reading connection is left for the process's end to close.
    private static let leftOpen = Mutex<[CareStore]>([])

    /// Leaves the reading connection open until the process ends, for a command that has read (and
    /// written) what it came for and is about to exit: `careplan status`, which a status bar runs
    /// every few seconds, and `done` and `log`, which people type.
    ///
    /// Closing a GRDB connection hands its dispatch queue to a new worker thread and asks
    /// Foundation's notification centre to forget it: a third of a millisecond of a command that
    /// takes ten, where the process's end releases the file and SQLite's locks at once. A reader has
    /// nothing to write back. The writer (a migration on opening, a command's write) is closed now,
    /// as `close()` would, so the write-ahead log is checkpointed as before.
    public func leaveOpenUntilExit() throws {
        try closeWriter()
        Self.leftOpen.withLock { $0.append(self) }
    }
}
