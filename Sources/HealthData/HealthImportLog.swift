import CarePlanStore
import GRDB

/// An export imported before, as `healthImport` remembers it.
public struct PreviousImport: Hashable, Sendable {
    public var file: String
    /// UTC seconds.
    public var importedAt: Int
    /// Samples the export held: added then, or already there.
    public var samples: Int
    public var crc32: UInt32
}

/// The record of each import: how the same export is recognised without reading it again.
public enum HealthImportLog {
    /// Imports of an export of `bytes` bytes that covered at least the days from `since` on.
    public static func imports(in store: CareStore, bytes: Int, since: LocalDate?) throws -> [PreviousImport] {
        try store.read { db in try imports(db, bytes: bytes, since: since) }
    }

    /// As `imports(in:bytes:since:)`, inside a transaction the caller holds.
    public static func imports(_ db: Database, bytes: Int, since: LocalDate?) throws -> [PreviousImport] {
        try Row.fetchAll(db, sql: """
            SELECT file, importedAt, samples, crc32 FROM healthImport
            WHERE personId = person() AND bytes = ? AND (sinceDay IS NULL OR sinceDay <= ?) ORDER BY importedAt DESC
            """, arguments: [bytes, since?.dayNumber ?? Int.min]).map {
            PreviousImport(file: $0[0], importedAt: $0[1], samples: $0[2], crc32: UInt32(truncatingIfNeeded: $0[3] as Int64))
        }
    }

    /// Remembers an import, inside its transaction.
    public static func record(_ db: Database, file: String, bytes: Int, crc32: UInt32, since: LocalDate?, at: Int,
                              samples: Int, added: Int, skipped: Int) throws {
        try db.execute(sql: """
            INSERT INTO healthImport (personId, file, bytes, crc32, sinceDay, importedAt, samples, added, skipped)
            VALUES (person(), ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [file, bytes, Int64(crc32), since?.dayNumber, at, samples, added, skipped])
    }
}
