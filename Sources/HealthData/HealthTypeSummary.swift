import CarePlanStore
import Foundation
import GRDB

/// One type of health data in the store: how many samples, over which days, in which unit, from
/// which sources (`careplan health types`).
public struct HealthTypeSummary: Hashable, Sendable {
    public var type: HealthType
    public var count: Int
    public var first: LocalDate
    public var last: LocalDate
    /// The unit values are stored and shown in (the base of their dimension), nil for categories
    /// and workouts.
    public var unit: String?
    public var sources: [String]
}

extension CareStore {
    /// Every type with samples, blood pressure and workouts included, by identifier.
    ///
    /// Read from the indexes, never the rows: a count over the type's range of `(typeId, day)`,
    /// and its sources by a loose scan of the key `(typeId, sourceId, …)`, one seek per source, so
    /// a million heart rates cost a few tens of milliseconds.
    public func healthTypes() throws -> [HealthTypeSummary] {
        try read { db in
            var result: [HealthTypeSummary] = []
            let types = try Row.fetchAll(db, sql: "SELECT id, identifier FROM healthType")
            for table in ["quantitySample", "categorySample"] {
                for row in types {
                    let id: Int64 = row[0], identifier: String = row[1]
                    guard let figures = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(day), MAX(day) FROM \(table) WHERE typeId = ?",
                                                         arguments: [id]), (figures[0] as Int) > 0 else { continue }
                    let sources = try String.fetchAll(db, sql: """
                        WITH RECURSIVE source(id) AS (
                            SELECT MIN(sourceId) FROM \(table) WHERE typeId = ?1
                            UNION ALL
                            SELECT (SELECT MIN(sourceId) FROM \(table) WHERE typeId = ?1 AND sourceId > source.id) FROM source WHERE id IS NOT NULL
                        )
                        SELECT name FROM healthSource WHERE id IN (SELECT id FROM source) ORDER BY name
                        """, arguments: [id])
                    let unit = table == "quantitySample"
                        ? try String.fetchOne(db, sql: "SELECT unit FROM quantitySample WHERE typeId = ? LIMIT 1", arguments: [id]).map(HealthUnit.storedSymbol)
                        : nil
                    result.append(HealthTypeSummary(type: HealthType(identifier), count: figures[0], first: LocalDate(dayNumber: figures[1]),
                                                    last: LocalDate(dayNumber: figures[2]), unit: unit, sources: sources))
                }
            }
            for (type, table, unit) in [(HealthType.bloodPressure, "bloodPressure", "mmHg" as String?), (.workout, "workout", nil)] {
                guard let figures = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(day), MAX(day) FROM \(table)"), (figures[0] as Int) > 0 else { continue }
                let sources = try String.fetchAll(db, sql: """
                    SELECT name FROM healthSource WHERE id IN (SELECT DISTINCT sourceId FROM \(table)) ORDER BY name
                    """)
                result.append(HealthTypeSummary(type: type, count: figures[0], first: LocalDate(dayNumber: figures[1]),
                                                last: LocalDate(dayNumber: figures[2]), unit: unit, sources: sources))
            }
            return result.sorted { $0.type < $1.type }
        }
    }
}
