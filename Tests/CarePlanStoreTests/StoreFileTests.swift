import Foundation
import GRDB
import Testing
@testable import CarePlanStore

@Suite struct StoreFileTests {
    @Test func newFolderAndFileArePrivate() throws {
        let folder = TemporaryFolder()
        let path = folder.path("nested/careplan/care.sqlite")
        _ = try CareStore(path: path)
        let files = FileManager.default
        #expect(try files.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try files.attributesOfItem(atPath: folder.path("nested/careplan"))[.posixPermissions] as? Int == 0o700)
    }

    @Test func theWriterUsesWALWithForeignKeysAndFullSync() throws {
        let test = try TestStore()
        let (mode, keys, sync) = try test.store.writer().read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode")!, try Int.fetchOne(db, sql: "PRAGMA foreign_keys")!,
             try Int.fetchOne(db, sql: "PRAGMA synchronous")!)
        }
        #expect(mode == "wal")
        #expect(keys == 1)
        #expect(sync == 2)  // FULL
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithItsPath() throws {
        let folder = TemporaryFolder()
        let path = folder.path("notes.sqlite")
        try Data("shopping list: milk, eggs, bread, and more text to fill a page".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.database(path: path, message: "is not a careplan database (not an SQLite file, or damaged)")) {
            _ = try CareStore(path: path)
        }
        #expect(throws: StoreError.database(path: folder.url.path, message: "is a folder, not a database file")) {
            _ = try CareStore(path: folder.url.path)
        }
    }

    /// Names, sizes and modification times of everything in the folder, and the folder's own. The
    /// `-shm` file is only named: it is SQLite's shared-memory index, in which every WAL reader
    /// takes a read mark (docs/storage.md); the database, its log and the folder must not change.
    static func listing(_ folder: String) throws -> [String: String] {
        let files = FileManager.default
        var result: [String: String] = [:]
        for name in try files.contentsOfDirectory(atPath: folder) + ["."] {
            if name.hasSuffix("-shm") {
                result[name] = "present"
                continue
            }
            let attributes = try files.attributesOfItem(atPath: folder + "/" + name)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[name] = "\(attributes[.size] ?? 0) \(modified)"
        }
        return result
    }

    /// Runs `body`, then checks the database's bytes and the folder's listing are as they were.
    func expectUntouched(_ path: String, in folder: TemporaryFolder, _ body: () throws -> Void) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listing = try Self.listing(folder.url.path)
        try body()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let after = try Self.listing(folder.url.path)
        #expect(after == listing, "\(after) vs \(listing)")
    }

    @Test func shortGarbageAndEmptyFilesAreNotTurnedIntoStoresByReading() throws {
        let folder = TemporaryFolder()
        let garbage = folder.path("notes.sqlite")
        try Data("x".utf8).write(to: URL(fileURLWithPath: garbage))
        try expectUntouched(garbage, in: folder) {
            #expect(throws: StoreError.database(path: garbage, message: "is not a careplan database (not an SQLite file, or damaged)")) {
                _ = try CareStore(path: garbage)
            }
        }
        let empty = folder.path("empty.sqlite")
        FileManager.default.createFile(atPath: empty, contents: nil)
        try expectUntouched(empty, in: folder) {
            #expect(throws: StoreError.missing(path: empty)) { _ = try CareStore(path: empty, createIfMissing: false) }
        }
        let blank = folder.path("blank.sqlite")
        try DatabaseQueue(path: blank).write { try $0.execute(sql: "PRAGMA user_version = 0") }
        try expectUntouched(blank, in: folder) {
            #expect(throws: StoreError.missing(path: blank)) { _ = try CareStore(path: blank, createIfMissing: false) }
        }
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftByteForByte() throws {
        let folder = TemporaryFolder()
        let path = folder.path("photos.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO album (name) VALUES ('Holidays')") }
        try queue.close()
        try expectUntouched(path, in: folder) {
            #expect(throws: StoreError.foreign(path: path, tables: "album")) { _ = try CareStore(path: path) }
        }
    }

    @Test func aStoreFromANewerCareplanIsRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        do {
            let store = try CareStore(path: path)
            try store.writer().write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')") }
            try store.close()
        }
        try expectUntouched(path, in: folder) {
            #expect(throws: StoreError.newer(path: path)) { _ = try CareStore(path: path) }
        }
    }

    @Test func readingTheStoreChangesNoFileAndNoFolder() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        try writeOneReading(at: path).close()
        // The write-ahead log stays, emptied, so that readers never create it.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try expectUntouched(path, in: folder) {
            let store = try CareStore(path: path, createIfMissing: false)
            _ = try store.plan()
            _ = try store.day(date("2026-11-21"))
            _ = try store.outcomes()
            _ = try store.statistics(of: "bp", field: "systolic", from: date("2026-11-01"), through: date("2026-11-30"), by: .day)
            try store.close()
        }
    }

    /// A write killed halfway in rollback-journal mode (what a conversion killed while it switches
    /// the store out of WAL leaves, docs/security.md) is undone when the store is next opened, even
    /// by a command that only reads: the half-written pages go back and the store is WAL again.
    @Test func aWriteKilledHalfwayIsUndoneWhenTheStoreIsNextRead() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        try writeOneReading(at: path).close()
        #expect(try Self.sqlite3(path, "PRAGMA journal_mode = DELETE") == 0)
        // The sqlite3 tool deletes every outcome with a one-page cache, so that the deletion
        // reaches the file, and kills itself before it commits.
        let killed = try Self.sqlite3(path, "PRAGMA cache_size = 1; BEGIN; DELETE FROM outcomeValue; DELETE FROM outcome; DELETE FROM activity;", ".system kill -9 $PPID")
        #expect(killed == SIGKILL && FileManager.default.fileExists(atPath: path + "-journal"), "sqlite3 ended with \(killed)")
        let store = try CareStore(path: path, createIfMissing: false)
        #expect(try store.outcomes().first?.values.map(\.value) == [128, 84])
        #expect(try store.plan().histories.count == 11)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(try store.writer().read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try store.writer().read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }

    /// Runs the sqlite3 tool on `path` with `commands`; its exit status, or the signal that ended it.
    static func sqlite3(_ path: String, _ commands: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path] + commands
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func theDefaultPathFollowsXDGAndCanBeOverridden() throws {
        #expect(try CareStore.defaultPath(environment: ["HOME": "/home/sam"]) == "/home/sam/.local/share/careplan/careplan.sqlite")
        #expect(try CareStore.defaultPath(environment: ["HOME": "/home/sam", "XDG_DATA_HOME": "/data"]) == "/data/careplan/careplan.sqlite")
        #expect(try CareStore.defaultPath(environment: ["CAREPLAN_DB": "/tmp/a.sqlite", "XDG_DATA_HOME": "/data"]) == "/tmp/a.sqlite")
        #expect(try CareStore.defaultPath(option: "/tmp/b.sqlite", environment: ["CAREPLAN_DB": "/tmp/a.sqlite"]) == "/tmp/b.sqlite")
    }

    /// Never a file in whatever folder the command ran in.
    @Test func anUnknownHomeOrARelativeDataHomeIsRefused() throws {
        #expect(throws: CarePlanError.invalidEnvironment("HOME is not set, so careplan cannot find ~/.local/share/careplan; give --db PATH (or set CAREPLAN_DB or XDG_DATA_HOME)")) {
            try CareStore.defaultPath(environment: [:])
        }
        #expect(throws: CarePlanError.self) { try CareStore.defaultPath(environment: ["HOME": "home/sam"]) }
        #expect(throws: CarePlanError.invalidEnvironment("XDG_DATA_HOME='data' is not an absolute path, so careplan will not guess where your data goes; set it to an absolute path, or give --db PATH (or CAREPLAN_DB)")) {
            try CareStore.defaultPath(environment: ["HOME": "/home/sam", "XDG_DATA_HOME": "data"])
        }
        // Named paths need no HOME.
        #expect(try CareStore.defaultPath(option: "care.sqlite", environment: [:]) == "care.sqlite")
    }

    /// A link at the default place is followed only when named; a dangling one never creates its target.
    @Test func symbolicLinksAreFollowedOnlyWhenNamed() throws {
        let folder = TemporaryFolder()
        let real = folder.path("elsewhere.sqlite")
        _ = try CareStore(path: real)
        let data = folder.path("data")
        try FileManager.default.createDirectory(atPath: data + "/careplan", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/careplan/careplan.sqlite", withDestinationPath: real)
        #expect(throws: StoreError.self) { try CareStore.defaultPath(environment: ["XDG_DATA_HOME": data]) }
        #expect(try CareStore.defaultPath(option: data + "/careplan/careplan.sqlite", environment: ["XDG_DATA_HOME": data]) == data + "/careplan/careplan.sqlite")
        let dangling = folder.path("dangling.sqlite")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path("nowhere/target.sqlite"))
        #expect(throws: StoreError.self) { try CareStore(path: dangling) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))
    }

    @Test func dataSurvivesReopening() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        _ = try writeOneReading(at: path)
        let reopened = try CareStore(path: path)
        #expect(try reopened.outcomes().first?.values.map(\.value) == [128, 84])
        #expect(try reopened.plan().histories.count == 11)
    }

    /// A new store at `path` with the sample plan and one blood-pressure reading, still open.
    func writeOneReading(at path: String) throws -> CareStore {
        let store = try CareStore(path: path)
        try store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        try store.log("bp", inputs: ["128", "84"], date: date("2026-11-21"), clock: clock("2026-11-21T09:30"))
        return store
    }

}
