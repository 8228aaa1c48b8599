import Foundation
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

    @Test func theDatabaseIsInWALModeWithForeignKeys() throws {
        let test = try TestStore()
        let (mode, keys) = try test.store.pool.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode")!, try Int.fetchOne(db, sql: "PRAGMA foreign_keys")!)
        }
        #expect(mode == "wal")
        #expect(keys == 1)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithItsPath() throws {
        let folder = TemporaryFolder()
        let path = folder.path("notes.sqlite")
        try Data("shopping list: milk, eggs, bread, and more text to fill a page".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CarePlanError.database(path: path, message: "is not a careplan database (not an SQLite file, or damaged)")) {
            _ = try CareStore(path: path)
        }
        #expect(throws: CarePlanError.database(path: folder.url.path, message: "is a folder, not a database file")) {
            _ = try CareStore(path: folder.url.path)
        }
    }

    @Test func theDefaultPathFollowsXDGAndCanBeOverridden() {
        #expect(CareStore.defaultPath(environment: ["HOME": "/home/sam"]) == "/home/sam/.local/share/careplan/careplan.sqlite")
        #expect(CareStore.defaultPath(environment: ["HOME": "/home/sam", "XDG_DATA_HOME": "/data"]) == "/data/careplan/careplan.sqlite")
        #expect(CareStore.defaultPath(environment: ["CAREPLAN_DB": "/tmp/a.sqlite", "XDG_DATA_HOME": "/data"]) == "/tmp/a.sqlite")
        #expect(CareStore.defaultPath(option: "/tmp/b.sqlite", environment: ["CAREPLAN_DB": "/tmp/a.sqlite"]) == "/tmp/b.sqlite")
    }

    @Test func dataSurvivesReopening() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        do {
            let store = try CareStore(path: path)
            try store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
            try store.log("bp", inputs: ["128", "84"], date: date("2026-11-21"), clock: clock("2026-11-21T09:30"))
        }
        let reopened = try CareStore(path: path)
        #expect(try reopened.outcomes().first?.values.map(\.value) == [128, 84])
        #expect(try reopened.plan().histories.count == 11)
    }
}
