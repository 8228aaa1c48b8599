import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// Copies through SQLite's online backup API: before a migration, and `careplan doctor --backup`.
@Suite struct BackupTests {
    func migrations(_ path: String) throws -> [String] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
    }

    @Test func anOlderStoreIsCopiedWithItsOldSchemaBeforeItIsMigrated() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        _ = try SchemaMigrationTests().writeV3Store(at: path)
        let store = try CareStore(path: path)
        let copy = try #require(store.migrationBackup)
        #expect(copy == path + ".v3-backup")
        #expect(try migrations(copy).count == 3, "the copy keeps the old schema")
        #expect(try migrations(path).count == Schema.migrator.migrations.count)
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The copy opens as the old store did, and migrates on its own; nothing is backed up twice.
        try store.close()
        #expect(try CareStore(path: path).migrationBackup == nil)
        #expect(try CareStore(path: copy).plan().title == "Knee recovery")
    }

    @Test func aBackupOfALiveStoreHoldsEveryCommittedReading() throws {
        let test = try TestStore.withSamplePlan()
        for day in 1...20 {
            try test.store.log("temperature", inputs: [String(format: "%.1f", 36.0 + Double(day) / 20)], date: date("2026-11-\(String(format: "%02d", day))"),
                               clock: clock("2026-11-21T09:00"))
        }
        // The writer is still open: the readings sit in the write-ahead log, not yet in the file.
        let copy = test.folder.path("copy.sqlite")
        try test.store.backup(to: copy)
        let copied = try CareStore(path: copy, createIfMissing: false)
        #expect(try copied.reading { try $0.outcomes(from: nil, to: nil) } == (try test.store.reading { try $0.outcomes(from: nil, to: nil) }))
        #expect(try copied.check().isHealthy)
        #expect(throws: StoreError.self) { try test.store.backup(to: copy) }
    }

    @Test func vacuumKeepsEverything() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.log("temperature", inputs: ["37.1"], date: date("2026-11-20"), clock: clock("2026-11-21T09:00"))
        let before = try test.store.reading { try $0.outcomes(from: nil, to: nil) }
        _ = try test.store.vacuum()
        #expect(try test.store.reading { try $0.outcomes(from: nil, to: nil) } == before)
        #expect(try test.store.check(full: true).isHealthy)
    }
}
