import Foundation
import CSQLiteSetup
import GRDB
import GRDBSQLite
import Localization
import Synchronization

/// The care-plan store: one SQLite file, opened through GRDB.
///
/// Reads go through a read-only connection; the writing connection is opened on the first write.
/// So a command that only reads (and the dashboard until a key changes something) never writes to
/// the file, its journal or its folder. The database is in WAL mode with a *persistent* write-ahead
/// log: the `-wal` and `-shm` files stay beside the database once made, so a reader never has to
/// create them and a writer closing never deletes them (docs/storage.md).
///
/// Every method that changes anything runs in one write transaction (`BEGIN IMMEDIATE`), so a
/// rejected action writes nothing, and two processes writing at once queue up behind SQLite's lock
/// (busy timeout) instead of failing. The store knows nothing of terminals or command lines.
public final class CareStore: @unchecked Sendable {
    public let path: String
    /// The key an encrypted store was opened with (nil: a plain store); every connection and
    /// every copy of the store uses it.
    public let key: StoreKey?
    let busyTimeout: TimeInterval
    let reader: DatabaseQueue
    private let writerLock = NSLock()
    /// The forms this store object has read, by canonical (`form(_:)`).
    let formsRead = Mutex<[String: FormsRead.Entry]>([:])
    private var openedWriter: DatabaseQueue?

    /// Refills activities linked to health data, in the transaction of the change that calls it:
    /// for one activity from `from` through `through`, or for every linked activity (`nil`) when
    /// the plan changed. Health data lives in a target this one cannot see, so whoever opens the
    /// store for a person sets it (`CareStore.fillingLinkedActivities()` in HealthData); without
    /// it, a change leaves what health data filled as it was until the next sync.
    public typealias HealthFill = @Sendable (_ db: Database, _ activityId: String?, _ from: LocalDate?, _ through: LocalDate) throws -> Void
    public var healthFill: HealthFill?

    /// The copy made before migrating this store from an older schema when it was opened; nil
    /// when it needed no migration.
    public private(set) var migrationBackup: String?

    /// Told once per write that has waited a second for another program's lock (it goes on
    /// waiting up to the busy timeout): the dashboard says so in its status line.
    public var lockWaitNotice: (() -> Void)? {
        get { lockWait.notice }
        set { lockWait.notice = newValue }
    }
    let lockWait = LockWait()
    let personChoice = PersonChoice()
    /// Everyone in the store when it was opened: a command that goes through them all once
    /// (`careplan status`) need not ask again.
    public private(set) var peopleWhenOpened: [Person] = []

    /// Opens the database at `path`, creating it when missing unless `createIfMissing` is false
    /// (commands that only read should not leave empty files behind). A new folder is made 0700
    /// and a new file 0600: this is health data.
    ///
    /// A file that is not a careplan store, or was written by a newer careplan, is refused before
    /// anything is written to it. An encrypted store needs its `key`; a wrong one is refused at the
    /// first read, before anything is written.
    ///
    /// `writing`: the caller is about to write (`done`, `log`, `answer`), so its reads go through
    /// the writing connection too when it can (`openWritingOnly`), and the file is not opened twice.
    public init(path: String, key: StoreKey? = nil, busyTimeout: TimeInterval = 5, createIfMissing: Bool = true, writing: Bool = false) throws {
        _ = Self.sqliteConfigured
        self.path = path
        self.key = key
        self.busyTimeout = busyTimeout
        let isNew = try Self.prepareFile(at: path, create: createIfMissing, encrypted: key != nil)
        // An empty file a read-only command finds stays empty: there is no plan in it yet.
        if isNew, !createIfMissing { throw StoreError.missing(path: path) }
        do {
            if writing, !isNew,
               let (connection, everyone) = try Self.openWritingOnly(path: path, key: key, busyTimeout: busyTimeout, lockWait: lockWait, person: personChoice) {
                reader = connection
                openedWriter = connection
                openedFor(everyone)
                return
            }
            if isNew {
                // An empty file: the writer makes it a WAL database with the current schema first,
                // since a read-only connection cannot.
                let writer = try Self.openWriter(path: path, key: key, busyTimeout: busyTimeout, lockWait: lockWait, person: personChoice)
                try Schema.createNew(in: writer)
                openedWriter = writer
            }
            var config = Configuration()
            config.readonly = true
            config.busyMode = .timeout(busyTimeout)
            // A reader has no writes for foreign keys to check: one statement less on every opening.
            config.foreignKeysEnabled = false
            let choice = personChoice
            config.prepareDatabase { db in
                try key?.apply(to: db)
                db.add(function: choice.function)
            }
            // The ownership check and who is in the store, in one read (a status bar runs this every
            // few seconds); a store from before people has none until it is migrated.
            var restoringWriter: DatabaseQueue?
            let wait = lockWait
            let openReader = { () throws -> (DatabaseQueue, Bool, [Person]) in
                let read = { () throws -> (DatabaseQueue, Bool, [Person]) in
                    let reader = try DatabaseQueue(path: path, configuration: config)
                    let (needs, everyone) = try reader.read { db in
                        let needs = try Self.checkOwnership(db, path: path)
                        return (needs, needs ? [] : try Self.people(db))
                    }
                    return (reader, needs, everyone)
                }
                do {
                    return try read()
                } catch let error as DatabaseError where Self.onlyAWriterCanRestore(error) {
                    // A program killed mid-write left what only a writer may undo (a conversion
                    // killed while switching the log, docs/security.md): the writer rolls it back
                    // as it opens, and the store is read as it was before that write.
                    restoringWriter = try Self.openWriter(path: path, key: key, busyTimeout: busyTimeout, lockWait: wait, person: choice)
                    return try read()
                }
            }
            // An encrypted store may carry SQLCipher's default HMAC rather than careplan's (StoreKey.opening).
            let opened = try key.map { try $0.opening(openReader) } ?? openReader()
            if openedWriter == nil { openedWriter = restoringWriter }
            reader = opened.0
            var (needsMigration, everyone) = (opened.1, opened.2)
            if needsMigration, !createIfMissing, try reader.read({ try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0 }) == 0 {
                // An SQLite file with nothing in it: a read-only command reports no plan and writes nothing.
                throw StoreError.missing(path: path)
            }
            if needsMigration {
                // A store of an older careplan: a copy with its old schema is kept beside it before
                // the first migration touches it, so an upgrade can always be undone.
                let applied = try reader.read { db in try Schema.migrator.appliedMigrations(db) }
                if !applied.isEmpty {
                    migrationBackup = Self.migrationBackupPath(for: path, lastMigration: applied.last)
                    try backup(to: migrationBackup!)
                }
                try Schema.migrator.migrate(try writer())
            }
            if needsMigration { everyone = try reader.read { db in try Self.people(db) } }
            openedFor(everyone)
        } catch let error as DatabaseError {
            // With a key, "not a database" is a key that derives other bytes than the file's.
            if key != nil, error.resultCode == .SQLITE_NOTADB { throw EncryptionError.wrongKey(path: path) }
            throw CareStore.explain(error, path: path)
        }
    }

    /// Who is in the store as it was opened; the only person, if there is just one, is chosen
    /// (commands that may not guess choose again).
    private func openedFor(_ everyone: [Person]) {
        peopleWhenOpened = everyone
        if everyone.count == 1 { personChoice.choose(everyone[0]) }
    }

    /// A read-only connection's refusal that a writer's opening clears: a rollback journal left by
    /// a write that never finished (which SQLite must play back before anyone reads), or a
    /// write-ahead log whose index must be rebuilt. A file the user cannot write stays refused.
    static func onlyAWriterCanRestore(_ error: DatabaseError) -> Bool {
        [.SQLITE_READONLY_ROLLBACK, .SQLITE_READONLY_RECOVERY, .SQLITE_READONLY_CANTINIT].contains(error.extendedResultCode)
    }

    /// Refuses a database careplan did not make or made in a newer version; returns whether the
    /// schema needs migrating (an older careplan's store).
    static func checkOwnership(_ db: Database, path: String) throws -> Bool {
        // A careplan store answers from its migrations table alone (a status bar opens it every few
        // seconds); any other file, or an error, is looked at closer below, which reports it.
        if let applied = try? String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations"), applied.contains(Schema.firstMigration) {
            return try needsMigration(applied, path: path)
        }
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        guard !tables.isEmpty else { return true }
        let applied = tables.contains("grdb_migrations") ? try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations") : []
        guard applied.contains(Schema.firstMigration) else {
            let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            throw StoreError.foreign(path: path, tables: shown)
        }
        return try needsMigration(applied, path: path)
    }

    /// Whether a careplan store with these migrations applied needs more; one a newer careplan
    /// migrated is refused.
    private static func needsMigration(_ applied: Set<String>, path: String) throws -> Bool {
        let known = Set(Schema.migrator.migrations)
        if !applied.isSubset(of: known) { throw StoreError.newer(path: path) }
        return applied != known
    }

    /// The writing connection, opened on first use.
    func writer() throws -> DatabaseQueue {
        writerLock.lock()
        defer { writerLock.unlock() }
        if let openedWriter { return openedWriter }
        let writer = try Self.openWriter(path: path, key: key, busyTimeout: busyTimeout, lockWait: lockWait, person: personChoice)
        openedWriter = writer
        return writer
    }

    /// The writing connection when something opened it, without opening one.
    func writerIfOpened() -> DatabaseQueue? {
        writerLock.lock()
        defer { writerLock.unlock() }
        return openedWriter
    }

    /// SQLite set to multi-thread mode, once, before the first connection (`careplan_sqlite_multithread`):
    /// GRDB hands each connection to one thread at a time, so SQLite's own locking around every
    /// call (16 per sample of an import) is wasted. False when a connection was opened first.
    static let sqliteConfigured: Bool = careplan_sqlite_multithread() == 0

    /// For a command about to write, the writing connection alone, serving its reads as well: one
    /// connection rather than two spares SQLite a second reading of the schema (0.6 ms of a 20 ms
    /// `careplan log`). Only for a careplan store already in WAL mode at this schema; nil for
    /// anything else (an older store to migrate, a file in another journal mode), which the
    /// caller opens as every command does. Nothing is written to the file before it is known to
    /// be careplan's: the connection checks the journal mode without setting it, and closing it
    /// checkpoints nothing until then. A file that is not careplan's is refused as the read-only
    /// connection refuses it.
    static func openWritingOnly(path: String, key: StoreKey?, busyTimeout: TimeInterval, lockWait: LockWait,
                                person: PersonChoice) throws -> (DatabaseQueue, [Person])? {
        // A careplan store keeps its log beside it once written (`SQLITE_FCNTL_PERSIST_WAL`); a
        // file without one is opened the usual way, by the read-only connection first.
        var log = stat()
        guard stat(path + "-wal", &log) == 0 else { return nil }
        let open = { () throws -> (DatabaseQueue, [Person])? in
            let writer = try openWriter(path: path, key: key, busyTimeout: busyTimeout, lockWait: lockWait, person: person, knownStore: false)
            let everyone = try writer.read { db -> [Person]? in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal", try !checkOwnership(db, path: path) else { return nil }
                return try people(db)
            }
            guard let everyone else {
                try writer.close()
                return nil
            }
            // careplan's store: closing the connection last folds the log again (`close()`).
            try writer.inDatabase { db in _ = careplan_sqlite_leave_log_on_close(db.sqliteConnection, 0) }
            return (writer, everyone)
        }
        // An encrypted store may carry SQLCipher's default HMAC rather than careplan's (StoreKey.opening).
        return try key.map { try $0.opening(open) } ?? open()
    }

    /// The writing connection. `knownStore` false: a file not yet known to be a careplan store in
    /// WAL mode, which the connection must not change (`openWritingOnly`).
    static func openWriter(path: String, key: StoreKey?, busyTimeout: TimeInterval, lockWait: LockWait, person: PersonChoice,
                           knownStore: Bool = true) throws -> DatabaseQueue {
        var config = Configuration()
        // SQLite's own busy timeout, done here so that a wait past a second can be told about.
        config.busyMode = .callback { tries in lockWait.keepWaiting(tries: tries, timeout: busyTimeout) }
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in
            try key?.apply(to: db)
            db.add(function: person.function)
            // Keep -wal and -shm when the last connection closes: readers then find them and never
            // create files; the log is emptied to zero bytes at that checkpoint instead.
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = 0")
            guard knownStore else {
                // Left as the file has it, and written nowhere on close, until it is known.
                _ = careplan_sqlite_leave_log_on_close(db.sqliteConnection, 1)
                try db.execute(sql: "PRAGMA synchronous = FULL")
                return
            }
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else { throw DatabaseError(message: tr("could not switch the database to WAL mode")) }
            // A tick the user saw acknowledged survives a power cut, not only a crash: each commit
            // syncs the log (docs/storage.md).
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return try DatabaseQueue(path: path, configuration: config)
    }

    /// Closes both connections now, reader first, so that the writer, closing last, checkpoints the
    /// log into the file and empties it; rather than whenever the store is released.
    public func close() throws {
        writerLock.lock()
        defer { writerLock.unlock() }
        try reader.close()
        if openedWriter !== reader { try openedWriter?.close() }
        openedWriter = nil
    }

    /// `--db`, else `CAREPLAN_DB`, else `$XDG_DATA_HOME/careplan/careplan.sqlite`
    /// (`~/.local/share/careplan/careplan.sqlite` when XDG_DATA_HOME is unset).
    ///
    /// The default location is refused rather than guessed at when it cannot be worked out (HOME
    /// unset or relative, XDG_DATA_HOME relative: the file would land in whatever folder the
    /// command ran in), or when a symbolic link stands at it: health data follows a link only
    /// where the person named the path themselves (`--db`, `CAREPLAN_DB`).
    public static func defaultPath(option: String? = nil, environment: [String: String] = ProcessEnvironment.values) throws -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["CAREPLAN_DB"], !path.isEmpty { return path }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            guard xdg.hasPrefix("/") else {
                throw CarePlanError.invalidEnvironment(tr("XDG_DATA_HOME='{value}' is not an absolute path, so careplan will not guess where your data goes; set it to an absolute path, or give --db PATH (or CAREPLAN_DB)",
                                                          ["value": xdg]))
            }
            dataHome = xdg
        } else {
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                throw CarePlanError.invalidEnvironment(environment["HOME"].map {
                    tr("HOME='{value}' is not an absolute path, so careplan cannot find ~/.local/share/careplan; give --db PATH (or set CAREPLAN_DB or XDG_DATA_HOME)",
                       ["value": $0])
                } ?? tr("HOME is not set, so careplan cannot find ~/.local/share/careplan; give --db PATH (or set CAREPLAN_DB or XDG_DATA_HOME)"))
            }
            dataHome = home + "/.local/share"
        }
        let path = dataHome + "/careplan/careplan.sqlite"
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            // TRANSLATORS: follows the database's path and a colon ("/home/sam/.local/share/careplan/careplan.sqlite: is a …").
            throw StoreError.database(path: path, message: tr("is a symbolic link (to {target}); careplan follows a link to health data only when you name it: --db {path} (or CAREPLAN_DB)",
                                                              ["target": target, "path": path]))
        }
        return path
    }

    /// Checks the path and, when it is missing and `create` allows, makes it (folder 0700, file
    /// 0600). Returns whether the file is new (or empty). `encrypted`: a key was given, so a file
    /// that does not start as plain SQLite does is SQLCipher's to judge.
    static func prepareFile(at path: String, create: Bool, encrypted: Bool = false) throws -> Bool {
        // POSIX calls for the file that is there (every command, the status line every few
        // seconds): Foundation's FileHandle cost a tenth of a millisecond to set up.
        let files = FileManager.default
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 {
            // Creating the file would create the link's target, wherever it points.
            let target = (try? files.destinationOfSymbolicLink(atPath: path)) ?? "?"
            // TRANSLATORS: follows the database's path and a colon ("/tmp/care.sqlite: is a symbolic link to …").
            throw StoreError.database(path: path, message: tr("is a symbolic link to {target}, which does not exist; careplan does not create a file through a dangling link",
                                                              ["target": target]))
        }
        if stat(path, &info) == 0 {
            // TRANSLATORS: follows the database's path and a colon ("/tmp/care: is a folder, not a database file").
            if info.st_mode & S_IFMT == S_IFDIR { throw StoreError.database(path: path, message: tr("is a folder, not a database file")) }
            // SQLite takes a file shorter than its header for an empty database and would write a
            // new one over it: anything non-empty must start as an SQLite file does.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw StoreError.database(path: path, message: tr("cannot open the database (check permissions)")) }
            defer { Glibc.close(descriptor) }
            var header = [UInt8](repeating: 0, count: 16)
            let count = Glibc.read(descriptor, &header, header.count)
            if count == 0 { return true }
            guard count == header.count, header == Array("SQLite format 3\u{0}".utf8) || encrypted else {
                if case .encrypted = StoreFileState.inspect(path) { throw StoreError.encrypted(path: path) }
                throw StoreError.database(path: path, message: notADatabase)
            }
            return false
        }
        guard create else { throw StoreError.missing(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty, !files.fileExists(atPath: folder) {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            // TRANSLATORS: {reason} is the system's own words, often in English.
            throw StoreError.database(path: path, message: tr("cannot create the folder {folder}: {reason}", ["folder": folder, "reason": error.localizedDescription]))
        }
        guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw StoreError.database(path: path, message: tr("cannot create the database file (check the folder exists and is writable)"))
        }
        return true
    }

    /// A file that is not SQLite's, or is too damaged to say.
    public static var notADatabase: String {
        // TRANSLATORS: follows the database's path and a colon ("/tmp/notes.txt: is not a careplan database …").
        tr("is not a careplan database (not an SQLite file, or damaged)")
    }

    /// SQLite's errors in words a user can act on.
    static func explain(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .database(path: path, message: tr("the database is locked by another program; try again when it has finished"))
        case .SQLITE_NOTADB:
            return .database(path: path, message: notADatabase)
        case .SQLITE_CORRUPT:
            return .database(path: path, message: tr("the database file is damaged (SQLite reports corruption); restore it from a backup"))
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return .database(path: path, message: tr("cannot open the database (check permissions)"))
        case .SQLITE_READONLY:
            return .database(path: path, message: tr("the database is read-only; careplan needs to write to it"))
        case .SQLITE_FULL:
            return .database(path: path, message: tr("the disk is full; nothing was written"))
        case .SQLITE_IOERR:
            // A commit that cannot reach the disk is rolled back: what was committed before stays.
            return .database(path: path, message: tr("could not write to the disk (an I/O error: a full disk, a file-size limit or a failing drive); nothing was written, and what was saved before is intact"))
        default:
            // TRANSLATORS: {message} is SQLite's own words, in English.
            return .database(path: path, message: tr("SQLite error: {message}", ["message": error.message ?? "\(error.resultCode)"]))
        }
    }

    /// Runs one write transaction (`BEGIN IMMEDIATE`), turning SQLite failures into user-facing errors.
    /// Public for the targets that keep their own rows in this file (HealthData's samples).
    /// The person it writes for is added first if they are new (`choosePerson(_:adding:)`).
    ///
    /// `checkingForeignKeys: false` is for a bulk write whose every reference is an id it looked up
    /// or inserted itself in this same transaction (a health import: each sample's person, type,
    /// source and device): SQLite's check of each row's references, a cursor opened, a seek and the
    /// cursor closed per reference, was a quarter of an import's writing and could never fail. SQLite
    /// takes the switch only outside a transaction, so it is turned off before BEGIN and on again
    /// after the transaction ends, whichever way it ends.
    public func write<T>(checkingForeignKeys: Bool = true, _ updates: (Database) throws -> T) throws -> T {
        let chosen = personChoice.state
        do {
            return try writer().writeWithoutTransaction { db in
                if !checkingForeignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
                defer { if !checkingForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
                var result: T?
                // As GRDB's own `write`: one transaction, committed when `updates` returns.
                try db.inTransaction {
                    try ensurePerson(db)
                    result = try updates(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError {
            personChoice.restore(chosen)
            throw CareStore.explain(error, path: path)
        } catch {
            personChoice.restore(chosen)
            throw error
        }
    }

    /// A write for the file as a whole (a repair), not any one person's: adds nobody.
    func writeForStore<T>(_ updates: (Database) throws -> T) throws -> T {
        do { return try writer().write(updates) } catch let error as DatabaseError { throw CareStore.explain(error, path: path) }
    }

    /// Runs one read transaction on the read-only connection, for the person the store is open
    /// for. In a store of several people with nobody chosen, refused: an empty answer would read
    /// as "nothing recorded".
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        if personChoice.person == nil, personChoice.pendingName == nil {
            let everyone = try readForStore { db in try Self.people(db) }
            if !everyone.isEmpty { throw CarePlanError.personNeeded(known: everyone.map(\.name)) }
        }
        return try readForStore(value)
    }

    /// A read of the file as a whole (who is in it, its checks), whoever it is open for.
    func readForStore<T>(_ value: (Database) throws -> T) throws -> T {
        do { return try reader.read(value) } catch let error as DatabaseError { throw CareStore.explain(error, path: path) }
    }

    /// Several queries in one read transaction, all seeing the same state of the store.
    public func reading<T>(_ body: (StoreReader) throws -> T) throws -> T {
        try read { db in try body(StoreReader(db: db, path: path)) }
    }
}

/// Waiting for another program's write lock: ten milliseconds at a time up to the busy timeout,
/// with a word to whoever listens once a wait has lasted a second.
final class LockWait: @unchecked Sendable {
    private let lock = NSLock()
    private var _notice: (() -> Void)?
    var notice: (() -> Void)? {
        get { lock.withLock { _notice } }
        set { lock.withLock { _notice = newValue } }
    }
    static let step: TimeInterval = 0.01

    /// SQLite's busy handler: `tries` counts the calls of this wait, from 0.
    func keepWaiting(tries: Int, timeout: TimeInterval) -> Bool {
        let waited = Double(tries) * Self.step
        guard waited < timeout else { return false }
        if tries == Int(1 / Self.step) { notice?() }
        usleep(useconds_t(Self.step * 1_000_000))
        return true
    }
}

/// The store's queries inside one read transaction (`CareStore.reading`).
public struct StoreReader {
    let db: Database
    let path: String
}

extension StoreReader {
    /// A reader over a transaction another target holds (health data filling the plan).
    public init(_ db: Database) { self.init(db: db, path: "") }

    /// The transaction, for the targets that keep their own rows in this file (HealthData's sleep
    /// nights, read in the same transaction as the frame's plan and outcomes).
    public var database: Database { db }
}
