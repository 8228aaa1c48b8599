import Foundation
import GRDB
import Localization

/// Turning a store's encryption on or off, changing its key, and a plain copy: each a new file
/// written beside the store by SQLCipher's `sqlcipher_export`, checked, and only then put in the
/// store's place. Until that rename the store is untouched, so a conversion stopped at any point
/// (killed, a full disk, a power cut) leaves the store as it was (docs/security.md).
public enum StoreConversion {
    /// What a conversion copied: tables and rows (checked equal in both files), and the new file's size.
    public struct Copied: Equatable, Sendable {
        public let tables: Int
        public let rows: Int
        public let bytes: Int
    }

    /// Where the new file is written before it replaces the store: beside it, on the same file
    /// system, so that the rename is atomic.
    public static func workingPath(for path: String) -> String { path + ".converting" }

    /// Rewrites the store at `path`, which `from` opens (nil: plain), under `to` (nil: plain).
    ///
    /// 1. The store is taken for this process alone: its log checkpointed into the file, the file
    ///    switched out of WAL mode (which SQLite allows only when no other program has it open: a
    ///    dashboard or `remind` running makes this refuse, rather than convert under their feet) and
    ///    locked exclusively, so no one writes to it from here on.
    /// 2. Everything is exported to a new 0600 file beside it, which is then opened with its own key
    ///    and checked (`integrity_check`, and every table's rows counted in both), put back in WAL
    ///    mode, and synced to the disk.
    /// 3. The new file is renamed over the store and the folder synced. The old file's bytes are then
    ///    overwritten with zeros, so that a program that had opened it before and waited for the lock
    ///    finds no database there instead of writing to a file no one will read again.
    public static func convert(path: String, from: StoreKey?, to: StoreKey?) throws -> Copied {
        let working = workingPath(for: path)
        removeWorkingFiles(working)
        let source = try open(path, key: from, readonly: false)
        defer { try? source.close() }
        do {
            let copied = try source.writeWithoutTransaction { db -> Copied in
                try takeAlone(db, path: path)
                let counts = try rowCounts(db)
                try attach(db, working, key: to) { try export(db) }
                return try verify(copy: working, key: to, counts: counts, path: path, wal: true)
            }
            // The old file, kept open to wipe once it is no longer the store.
            let old = Glibc.open(path, O_WRONLY | O_CLOEXEC)
            defer { if old >= 0 { Glibc.close(old) } }
            guard rename(working, path) == 0 else { throw StoreError.database(path: path, message: String(cString: strerror(errno))) }
            syncFolder(of: path)
            for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
            if old >= 0 { overwrite(old) }
            return copied
        } catch {
            removeWorkingFiles(working)
            if let error = error as? DatabaseError { throw explain(error, path: path) }
            throw error
        }
    }

    /// Writes a plain copy of the encrypted store at `path` to `destination`, a new file; the store
    /// itself is not changed. One read transaction: the copy is the store as it stood at one moment.
    public static func plainCopy(of path: String, key: StoreKey, to destination: String) throws -> Copied {
        guard StoreFileState.inspect(destination) == .missing else {
            throw StoreError.database(path: destination, message: tr("already exists; careplan does not write a copy over a file, give a new name"))
        }
        let source = try open(path, key: key, readonly: false)
        defer { try? source.close() }
        do {
            return try source.writeWithoutTransaction { db in
                let counts = try attach(db, destination, key: nil) {
                    // The store's rows counted and copied in one transaction, which writes only
                    // to the copy.
                    var counts: [String: Int] = [:]
                    try db.inTransaction(.deferred) {
                        counts = try rowCounts(db)
                        try export(db)
                        return .commit
                    }
                    return counts
                }
                return try verify(copy: destination, key: nil, counts: counts, path: path, wal: false)
            }
        } catch {
            removeWorkingFiles(destination)
            if let error = error as? DatabaseError { throw explain(error, path: path) }
            throw error
        }
    }

    static func open(_ path: String, key: StoreKey?, readonly: Bool) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = readonly
        // A program in the middle of a write gets a moment to finish; one that keeps the store open
        // is reported, not waited for.
        config.busyMode = .timeout(2)
        config.prepareDatabase { db in try key?.apply(to: db) }
        do {
            guard let key else { return try DatabaseQueue(path: path, configuration: config) }
            return try key.opening { try DatabaseQueue(path: path, configuration: config) }
        } catch let error as DatabaseError {
            throw explain(error, path: path, keyed: key != nil)
        }
    }

    /// Step 1: the store for this connection alone (see `convert`).
    static func takeAlone(_ db: Database, path: String) throws {
        do {
            let busy = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")?[0] as Int?
            guard busy == 0 else { throw EncryptionError.inUse(path: path) }
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") == "delete" else { throw EncryptionError.inUse(path: path) }
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            // In exclusive locking mode the lock this takes is kept after the transaction ends.
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "COMMIT")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw EncryptionError.inUse(path: path)
        }
    }

    /// Step 2's export: `sqlcipher_export` into the attached file.
    static func export(_ db: Database) throws {
        _ = try Row.fetchOne(db, sql: "SELECT sqlcipher_export('converted')")
    }

    /// A new 0600 file attached as `converted` under `key` (nil: plain) while `body` runs. The key
    /// goes in as a bound value, never in the SQL's text.
    static func attach<T>(_ db: Database, _ destination: String, key: StoreKey?, _ body: () throws -> T) throws -> T {
        let descriptor = Glibc.open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.database(path: destination, message: String(cString: strerror(errno))) }
        Glibc.close(descriptor)
        // An empty key is a plain file; NULL would mean "the store's own key".
        var secret = key?.withLiteral { Data($0) } ?? Data()
        defer { secret.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } } }
        try db.execute(sql: "ATTACH DATABASE ? AS converted KEY ?", arguments: [destination, secret])
        defer { try? db.execute(sql: "DETACH DATABASE converted") }
        return try body()
    }

    /// Every table of the store and its rows.
    static func rowCounts(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
            counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM main.\(table.quotedDatabaseIdentifier)") ?? 0
        }
        return counts
    }

    /// Step 2's check: the copy opens with its key, SQLite finds nothing wrong in it, and every
    /// table holds as many rows as the store's. `wal`: the copy is to become the store.
    static func verify(copy: String, key: StoreKey?, counts: [String: Int], path: String, wal: Bool) throws -> Copied {
        let tables = counts.keys.sorted()
        let queue = try open(copy, key: key, readonly: false)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { copied in
            let check = try String.fetchAll(copied, sql: "PRAGMA integrity_check")
            guard check == ["ok"] else { throw EncryptionError.verification(path: path, detail: check.prefix(3).joined(separator: "; ")) }
            let copiedTables = try String.fetchAll(copied, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            guard copiedTables == tables else {
                throw EncryptionError.verification(path: path, detail: tr("tables {tables}, the copy {copied}", ["tables": tables.joined(separator: ", "), "copied": copiedTables.joined(separator: ", ")]))
            }
            for table in tables {
                let rows = try Int.fetchOne(copied, sql: "SELECT COUNT(*) FROM main.\(table.quotedDatabaseIdentifier)") ?? 0
                guard rows == counts[table] else {
                    throw EncryptionError.verification(path: path, detail: tr("table {table}: {rows} rows, the copy {copied}", ["table": table, "rows": "\(counts[table] ?? 0)", "copied": "\(rows)"]))
                }
            }
            // sqlcipher_export leaves the copy in rollback-journal mode; the store is a WAL database.
            if wal { _ = try String.fetchOne(copied, sql: "PRAGMA journal_mode = WAL") }
        }
        try queue.close()
        let descriptor = Glibc.open(copy, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            Glibc.close(descriptor)
        }
        syncFolder(of: copy)
        return Copied(tables: tables.count, rows: counts.values.reduce(0, +), bytes: CareStore.size(of: copy))
    }

    static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = Glibc.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        Glibc.close(descriptor)
    }

    /// Zeroes a file through a descriptor, to its end, and syncs it.
    static func overwrite(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return }
        let zeros = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while offset < info.st_size {
            let written = pwrite(descriptor, zeros, min(zeros.count, Int(info.st_size - offset)), offset)
            if written <= 0 { break }
            offset += off_t(written)
        }
        fsync(descriptor)
    }

    static func removeWorkingFiles(_ working: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(working + suffix) }
    }

    static func explain(_ error: DatabaseError, path: String, keyed: Bool = true) -> Error {
        if keyed, error.resultCode == .SQLITE_NOTADB { return EncryptionError.wrongKey(path: path) }
        return CareStore.explain(error, path: path)
    }
}
