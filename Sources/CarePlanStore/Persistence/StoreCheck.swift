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
    /// How the store is encrypted; nil for a plain SQLite file.
    public var encryption: Encryption?
    /// Plain SQLite files beside an encrypted store, named after it (backups made before it was
    /// encrypted, a plain copy): readable by anyone who has them.
    public var plainCopiesBeside: [String]

    /// SQLCipher's settings of an encrypted store, as SQLCipher reports them.
    public struct Encryption: Sendable, Encodable, Equatable {
        public var cipherVersion: String
        public var provider: String
        public var pageSize: Int
        public var hmac: String
        public var kdf: String
        public var kdfIterations: Int
    }

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
                              summaryMismatches: mismatches,
                              encryption: key == nil ? nil : try Self.encryption(db),
                              plainCopiesBeside: key == nil ? [] : StoreSiblings.plain(beside: path))
        }
    }

    static func encryption(_ db: Database) throws -> StoreCheck.Encryption {
        func text(_ pragma: String) throws -> String { try String.fetchOne(db, sql: "PRAGMA \(pragma)") ?? "" }
        return StoreCheck.Encryption(cipherVersion: try text("cipher_version"),
                                     provider: try text("cipher_provider") + " " + text("cipher_provider_version"),
                                     pageSize: Int(try text("cipher_page_size")) ?? 0,
                                     hmac: try text("cipher_hmac_algorithm"), kdf: try text("cipher_kdf_algorithm"),
                                     kdfIterations: Int(try text("kdf_iter")) ?? 0)
    }
}
