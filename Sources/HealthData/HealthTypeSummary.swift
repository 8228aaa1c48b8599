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
    /// The types stored in tables of their own rather than as quantity or category samples, with
    /// the unit their values are shown in.
    static let typesWithTablesOfTheirOwn: [(type: HealthType, table: String, unit: String?)] =
        [(.bloodPressure, "bloodPressure", "mmHg"), (.workout, "workout", nil)]

    /// Every type with samples, blood pressure and workouts included, by identifier.
    ///
    /// Never read from the sample rows: quantity types from their per-day figures (`quantityDay`),
    /// categories by a count over the type's range of the `(typeId, day)` index and their sources
    /// by a loose scan of the key `(typeId, sourceId, …)`, one seek per source.
    public func healthTypes() throws -> [HealthTypeSummary] {
        try read { db in
            var result: [HealthTypeSummary] = []
            let names = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM healthSource WHERE personId = person()").map { ($0[0] as Int64, $0[1] as String) })
            for row in try Row.fetchAll(db, sql: """
                SELECT typeId, identifier, SUM(count), MIN(day), MAX(day), group_concat(DISTINCT sourceId)
                FROM quantityDay JOIN healthType ON healthType.id = typeId WHERE personId = person() GROUP BY typeId
                """) {
                let id: Int64 = row[0], sources: String = row[5]
                let unit = try String.fetchOne(db, sql: "SELECT unit FROM quantitySample WHERE personId = person() AND typeId = ? LIMIT 1", arguments: [id])
                result.append(HealthTypeSummary(type: HealthType(row[1]), count: row[2], first: LocalDate(dayNumber: row[3]),
                                                last: LocalDate(dayNumber: row[4]), unit: unit.map(HealthUnit.storedSymbol),
                                                sources: sources.split(separator: ",").compactMap { Int64($0).flatMap { names[$0] } }.sorted()))
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, identifier FROM healthType") {
                let id: Int64 = row[0], identifier: String = row[1]
                guard let figures = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(day), MAX(day) FROM categorySample WHERE personId = person() AND typeId = ?",
                                                     arguments: [id]), (figures[0] as Int) > 0 else { continue }
                let sources = try String.fetchAll(db, sql: """
                    WITH RECURSIVE source(id) AS (
                        SELECT MIN(sourceId) FROM categorySample WHERE personId = person() AND typeId = ?1
                        UNION ALL
                        SELECT (SELECT MIN(sourceId) FROM categorySample WHERE personId = person() AND typeId = ?1 AND sourceId > source.id)
                        FROM source WHERE id IS NOT NULL
                    )
                    SELECT name FROM healthSource WHERE id IN (SELECT id FROM source) ORDER BY name
                    """, arguments: [id])
                result.append(HealthTypeSummary(type: HealthType(identifier), count: figures[0], first: LocalDate(dayNumber: figures[1]),
                                                last: LocalDate(dayNumber: figures[2]), unit: nil, sources: sources))
            }
            for (type, table, unit) in Self.typesWithTablesOfTheirOwn {
                guard let figures = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(day), MAX(day) FROM \(table) WHERE personId = person()"), (figures[0] as Int) > 0 else { continue }
                let sources = try String.fetchAll(db, sql: """
                    SELECT name FROM healthSource WHERE id IN (SELECT DISTINCT sourceId FROM \(table) WHERE personId = person()) ORDER BY name
                    """)
                result.append(HealthTypeSummary(type: type, count: figures[0], first: LocalDate(dayNumber: figures[1]),
                                                last: LocalDate(dayNumber: figures[2]), unit: unit, sources: sources))
            }
            return result.sorted { $0.type < $1.type }
        }
    }

    /// The types `healthTypes()` lists, without their counts, days, units and sources: what
    /// resolving a type's name needs (`health stats`, `samples`, `forget`). One seek per type
    /// where the summary counts a category's every sample (21,380 sleep rows for five years).
    public func healthTypesHeld() throws -> [HealthType] {
        try read { db in
            var types = try String.fetchAll(db, sql: """
                SELECT identifier FROM healthType
                WHERE EXISTS (SELECT 1 FROM quantityDay WHERE personId = person() AND typeId = healthType.id)
                   OR EXISTS (SELECT 1 FROM categorySample WHERE personId = person() AND typeId = healthType.id)
                """).map(HealthType.init)
            for (type, table, _) in Self.typesWithTablesOfTheirOwn
            where try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE personId = person())") == true {
                types.append(type)
            }
            return types.sorted()
        }
    }
}
