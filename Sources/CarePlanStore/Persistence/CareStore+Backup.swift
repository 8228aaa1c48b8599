import Foundation
import GRDB
import Localization

/// Copies of the store made through SQLite's online backup API: a consistent snapshot of a live
/// WAL database (a file copy could catch the database and its log mid-commit), written 0600 in
/// a 0700 folder, since it is the same health data.
extension CareStore {
    /// Writes a copy of the store, as it stands in one read transaction, to `destination`, which
    /// must not exist yet. Returns its size in bytes. The copy of an encrypted store is encrypted
    /// under the same key (SQLite's backup cannot write a plain copy of it, and should not).
    @discardableResult
    public func backup(to destination: String) throws -> Int {
        if FileManager.default.fileExists(atPath: destination) || (try? FileManager.default.destinationOfSymbolicLink(atPath: destination)) != nil {
            // TRANSLATORS: follows the backup's path and a colon ("/tmp/backup.sqlite: already exists; …").
            throw StoreError.database(path: destination, message: tr("already exists; careplan does not write a backup over a file, give a new name"))
        }
        guard try Self.prepareFile(at: destination, create: true) else {
            // TRANSLATORS: follows the backup's path and a colon ("/tmp/backup.sqlite: could not be created").
            throw StoreError.database(path: destination, message: tr("could not be created"))
        }
        do {
            var config = Configuration()
            let key = self.key
            config.prepareDatabase { db in try key?.apply(to: db) }
            let copy = try DatabaseQueue(path: destination, configuration: config)
            try reader.backup(to: copy)
            // A standalone file: no log beside it to lose or to copy with it.
            try copy.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
        } catch let error as DatabaseError {
            try? FileManager.default.removeItem(atPath: destination)
            throw CareStore.explain(error, path: destination)
        }
        return (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
    }

    /// Rebuilds the file without free pages (`VACUUM`, on the writing connection). Returns the
    /// file's size before and after.
    public func vacuum() throws -> (before: Int, after: Int) {
        let before = Self.size(of: path)
        do {
            try writer().writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                // Move the rebuilt pages from the log into the file now, so the size says so.
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch let error as DatabaseError {
            throw CareStore.explain(error, path: path)
        }
        return (before, Self.size(of: path))
    }

    static func size(of path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Where the copy kept before migrating goes: beside the store, named with the schema it had
    /// (`care.sqlite.v8-backup`, then `-2`… if one is there already).
    static func migrationBackupPath(for path: String, lastMigration: String?) -> String {
        let version = lastMigration.flatMap { $0.split(separator: ":").first.map(String.init) } ?? "v0"
        var candidate = "\(path).\(version)-backup"
        var n = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(path).\(version)-backup-\(n)"
            n += 1
        }
        return candidate
    }
}
