import Foundation
import GRDB

/// What `careplan doctor` reports about a store: SQLite's own checks, the schema, sizes, and
/// whether the day summaries agree with the outcomes.
public struct StoreCheck: Sendable, Encodable {
    public var path: String
    /// `ok`, or SQLite's first complaints (PRAGMA quick_check, or integrity_check when `full`).
    public var integrity: [String]
    /// Whether the integrity check was SQLite's full one (indexes against their tables too).
    public var fullIntegrityCheck: Bool
    /// Rows whose foreign key points nowhere (PRAGMA foreign_key_check).
    public var foreignKeyProblems: Int
    public var migrationsApplied: [String]
    public var latestKnownMigration: String
    public var fileBytes: Int
    public var walBytes: Int
    /// Whose plans the store holds: everyone's rows are checked and counted together.
    public var people: Int
    public var activities: Int
    public var outcomes: Int
    public var summaryRows: Int
    /// Imported health samples of every kind: quantity, category, blood pressure, workouts.
    public var healthSamples: Int
    /// Summary rows that differ from a recomputation (0 when they agree).
    public var summaryMismatches: Int

    public var isHealthy: Bool {
        integrity == ["ok"] && foreignKeyProblems == 0 && summaryMismatches == 0 && migrationsApplied.last == latestKnownMigration
    }
}

extension CareStore {
    /// Checks the store without changing it; `full` runs SQLite's integrity_check, which also
    /// checks every index against its table (slower: it reads everything).
    public func check(full: Bool = false) throws -> StoreCheck {
        try readForStore { db in
            let integrity = try String.fetchAll(db, sql: full ? "PRAGMA integrity_check(20)" : "PRAGMA quick_check(20)")
            let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count
            let applied = try Schema.migrator.completedMigrations(db)
            // The maintained summaries against the same figures computed from the outcomes now.
            let mismatches = try Int.fetchOne(db, sql: """
                WITH fresh AS (
                    SELECT o.personId, o.activityId, '' AS field, \(DaySummaries.dayNumber("o.date")) AS day, COUNT(*) AS count,
                           NULL AS sum, NULL AS min, NULL AS max
                    FROM outcome o GROUP BY o.personId, o.activityId, o.date
                    UNION ALL
                    SELECT o.personId, o.activityId, v.name, \(DaySummaries.dayNumber("o.date")), COUNT(*), SUM(v.value), MIN(v.value), MAX(v.value)
                    FROM outcome o JOIN outcomeValue v ON v.outcomeId = o.id WHERE v.value IS NOT NULL
                    GROUP BY o.personId, o.activityId, v.name, o.date
                )
                SELECT
                  (SELECT COUNT(*) FROM fresh f LEFT JOIN daySummary s USING (personId, activityId, field, day)
                   WHERE s.count IS NOT f.count OR s.min IS NOT f.min OR s.max IS NOT f.max OR abs(coalesce(s.sum, 0) - coalesce(f.sum, 0)) > 1e-6)
                + (SELECT COUNT(*) FROM daySummary s LEFT JOIN fresh f USING (personId, activityId, field, day) WHERE f.count IS NULL)
                """) ?? 0
            func size(_ file: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0 }
            return StoreCheck(path: path, integrity: integrity, fullIntegrityCheck: full, foreignKeyProblems: foreignKeys, migrationsApplied: applied,
                              latestKnownMigration: Schema.migrator.migrations.last ?? "",
                              fileBytes: size(path), walBytes: size(path + "-wal"),
                              people: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM person") ?? 0,
                              activities: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM activity") ?? 0,
                              outcomes: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outcome") ?? 0,
                              summaryRows: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM daySummary") ?? 0,
                              healthSamples: try Int.fetchOne(db, sql: """
                                  SELECT (SELECT COUNT(*) FROM quantitySample) + (SELECT COUNT(*) FROM categorySample)
                                       + (SELECT COUNT(*) FROM bloodPressure) + (SELECT COUNT(*) FROM workout)
                                  """) ?? 0,
                              summaryMismatches: mismatches)
        }
    }
}
