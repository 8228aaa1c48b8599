import Foundation
import GRDB

/// The care-plan store: one SQLite file, opened through GRDB.
///
/// Every method that changes anything runs in one write transaction, so a rejected action writes
/// nothing, and two processes writing at once queue up behind SQLite's lock (busy timeout) instead
/// of failing. The store knows nothing of terminals or command lines.
public final class CareStore: Sendable {
    public let path: String
    let pool: DatabasePool

    /// Opens the database at `path`, creating it when missing unless `createIfMissing` is false
    /// (commands that only read should not leave empty files behind). A new folder is made 0700
    /// and a new file 0600: this is health data.
    public init(path: String, busyTimeout: TimeInterval = 5, createIfMissing: Bool = true) throws {
        self.path = path
        if !createIfMissing, !FileManager.default.fileExists(atPath: path) { throw CarePlanError.noPlan(path: path) }
        try CareStore.prepareFile(at: path)
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        do {
            pool = try DatabasePool(path: path, configuration: config)
            let migrator = Schema.migrator
            if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
                throw CarePlanError.database(path: path, message: "was written by a newer careplan; upgrade careplan to open it")
            }
            try migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw CareStore.explain(error, path: path)
        }
    }

    /// `--db`, else `CAREPLAN_DB`, else `$XDG_DATA_HOME/careplan/careplan.sqlite`
    /// (`~/.local/share/careplan/careplan.sqlite` when XDG_DATA_HOME is unset).
    public static func defaultPath(option: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["CAREPLAN_DB"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/careplan/careplan.sqlite"
    }

    static func prepareFile(at path: String) throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw CarePlanError.database(path: path, message: "is a folder, not a database file") }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty, !files.fileExists(atPath: folder) {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw CarePlanError.database(path: path, message: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CarePlanError.database(path: path, message: "cannot create the database file (check the folder exists and is writable)")
        }
    }

    /// SQLite's errors in words a user can act on.
    static func explain(_ error: DatabaseError, path: String) -> CarePlanError {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .database(path: path, message: "the database is locked by another program; try again when it has finished")
        case .SQLITE_NOTADB:
            return .database(path: path, message: "is not a careplan database (not an SQLite file, or damaged)")
        case .SQLITE_CORRUPT:
            return .database(path: path, message: "the database file is damaged (SQLite reports corruption); restore it from a backup")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return .database(path: path, message: "cannot open the database (check permissions)")
        case .SQLITE_READONLY:
            return .database(path: path, message: "the database is read-only; careplan needs to write to it")
        case .SQLITE_FULL:
            return .database(path: path, message: "the disk is full; nothing was written")
        default:
            return .database(path: path, message: "SQLite error: \(error.message ?? "\(error.resultCode)")")
        }
    }

    /// Runs one write transaction, turning SQLite failures into user-facing errors.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        do { return try pool.write(updates) } catch let error as DatabaseError { throw CareStore.explain(error, path: path) }
    }

    func read<T>(_ value: (Database) throws -> T) throws -> T {
        do { return try pool.read(value) } catch let error as DatabaseError { throw CareStore.explain(error, path: path) }
    }
}
