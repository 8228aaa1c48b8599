import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// A new store is made from `Schema.snapshot`, not by replaying the migrations: it must be exactly
/// the store the migrations make, table for table, index for index, row for row.
@Suite struct SchemaSnapshotTests {
    /// An empty database taken through every migration, one at a time, as an older careplan's
    /// store is.
    static func migrated(at path: String) throws -> Schema.Snapshot {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try Schema.migrator.migrate(queue)
        let statements = try queue.read { db in
            // The schema, then AUTOINCREMENT's counters as the migrations left them (v12's rebuild
            // of outcome leaves one at 0).
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND substr(name, 1, 7) <> 'sqlite_' ORDER BY rowid")
                + String.fetchAll(db, sql: "SELECT 'INSERT INTO sqlite_sequence (name, seq) VALUES (' || quote(name) || ', ' || seq || ')' FROM sqlite_sequence ORDER BY name")
        }
        return Schema.Snapshot(migrations: Schema.migrator.migrations, statements: statements)
    }

    @Test func snapshotIsWhatTheMigrationsMake() throws {
        let folder = TemporaryFolder()
        let current = try Self.migrated(at: folder.path("migrated.sqlite"))
        if current != Schema.snapshot, ProcessInfo.processInfo.environment["CAREPLAN_WRITE_SCHEMA_SNAPSHOT"] == "1" {
            try SchemaSnapshotSource.render(current).write(to: SchemaSnapshotSource.url, atomically: true, encoding: .utf8)
        }
        let howToUpdate: Comment = "Sources/CarePlanStore/Persistence/SchemaSnapshot.swift is not what the migrations make: CAREPLAN_WRITE_SCHEMA_SNAPSHOT=1 swift test --filter SchemaSnapshotTests rewrites it"
        // The first difference, not two lists of sixty statements.
        #expect(Self.firstDifference(Schema.snapshot.migrations, current.migrations) == nil, howToUpdate)
        #expect(Self.firstDifference(Schema.snapshot.statements, current.statements) == nil, howToUpdate)
    }

    @Test func aNewStoreIsTheMigratedStore() throws {
        let folder = TemporaryFolder()
        _ = try Self.migrated(at: folder.path("migrated.sqlite"))
        try CareStore(path: folder.path("new.sqlite")).close()
        let (migrated, new) = (try Contents(folder.path("migrated.sqlite")), try Contents(folder.path("new.sqlite")))
        #expect(new.schema == migrated.schema)
        #expect(new.rows == migrated.rows)
        #expect(new.userVersion == migrated.userVersion)
        // Its own identity, as v9 gives one: a random UUID, not another store's.
        let other = try Contents(try { try CareStore(path: folder.path("other.sqlite")).close(); return folder.path("other.sqlite") }())
        #expect(new.identity.count == 1 && UUID(uuidString: new.identity[0]) != nil && new.identity[0] == new.identity[0].lowercased())
        #expect(new.identity != other.identity)
        // Opened again, it needs no migration and takes a plan.
        let store = try CareStore(path: folder.path("new.sqlite"))
        #expect(store.migrationBackup == nil)
        _ = try store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T09:00"))
        #expect(try store.reading { try $0.plan() }.histories.count == 11)
    }

    /// A migration added since the snapshot was generated: the new store is migrated instead,
    /// and ends up the same.
    @Test func aSnapshotOfOtherMigrationsIsNotUsed() throws {
        let folder = TemporaryFolder()
        _ = try Self.migrated(at: folder.path("migrated.sqlite"))
        var behind = Schema.snapshot
        behind.migrations.removeLast()
        behind.statements.removeLast()
        let queue = try DatabaseQueue(path: folder.path("new.sqlite"))
        try Schema.createNew(in: queue, from: behind)
        try queue.close()
        let (migrated, new) = (try Contents(folder.path("migrated.sqlite")), try Contents(folder.path("new.sqlite")))
        #expect(new.schema == migrated.schema)
        #expect(new.rows == migrated.rows)
    }

    /// "#3: snapshot … / migrations …" for the first place two lists differ; nil when equal.
    static func firstDifference(_ snapshot: [String], _ migrations: [String]) -> String? {
        guard snapshot != migrations else { return nil }
        let index = zip(snapshot, migrations).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(snapshot.count, migrations.count)
        let (have, want) = (snapshot.indices.contains(index) ? snapshot[index] : "(none)", migrations.indices.contains(index) ? migrations[index] : "(none)")
        return "#\(index): snapshot \(have) / migrations \(want)"
    }

    /// What a store holds, to compare two: its schema, every table's rows (the store's random
    /// identity apart), and the header's user version.
    struct Contents {
        var schema: [String]
        var rows: [String: [String]]
        var identity: [String]
        var userVersion: Int

        init(_ path: String) throws {
            let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
            defer { try? queue.close() }
            (schema, rows, identity, userVersion) = try queue.read { db in
                let schema = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map(\.description)
                var rows: [String: [String]] = [:]
                for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'storeIdentity'") {
                    rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).sorted()
                }
                let identity = try String.fetchAll(db, sql: "SELECT uuid FROM storeIdentity")
                return (schema, rows, identity, try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
            }
        }
    }
}

/// The Swift source of `Schema.snapshot`, written by `snapshotIsWhatTheMigrationsMake` when asked.
enum SchemaSnapshotSource {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CarePlanStore/Persistence/SchemaSnapshot.swift")

    static func render(_ snapshot: Schema.Snapshot) -> String {
        let indent = String(repeating: " ", count: 12)
        let migrations = snapshot.migrations.map { "\(indent)\(literal($0))," }
        let statements = snapshot.statements.map { statement in
            "\(indent)#\"\"\"\n" + statement.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
                + "\n\(indent)\"\"\"#,"
        }
        return """
            // Generated from Schema.migrator by SchemaSnapshotTests: do not edit. After adding a migration, run
            //   CAREPLAN_WRITE_SCHEMA_SNAPSHOT=1 swift test --filter SchemaSnapshotTests
            // A new store is made from it in one transaction (NewStore.swift, docs/storage.md).
            extension Schema {
                static let snapshot = Snapshot(
                    migrations: [
            \(migrations.joined(separator: "\n"))
                    ],
                    statements: [
            \(statements.joined(separator: "\n"))
                    ])
            }

            """
    }

    /// A one-line Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
