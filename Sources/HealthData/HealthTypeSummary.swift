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
    public func healthTypes() throws -> [HealthTypeSummary] {
        try read { db in
            var result: [HealthTypeSummary] = []
            func collect(_ sql: String, unit: (Row) -> String?) throws {
                for row in try Row.fetchAll(db, sql: sql) {
                    let sources: String = row["sources"]
                    result.append(HealthTypeSummary(type: HealthType(row["identifier"]), count: row["count"],
                                                    first: LocalDate(dayNumber: row["first"]), last: LocalDate(dayNumber: row["last"]),
                                                    unit: unit(row), sources: sources.dropFirst().components(separatedBy: ",\u{1F}").sorted()))
                }
            }
            // SQLite's DISTINCT aggregates take one argument, so the separator is a comma; each name is
            // marked with a unit separator in front, which a comma inside a name cannot fake.
            let sources = "group_concat(DISTINCT char(31) || s.name) AS sources"
            try collect("""
                SELECT t.identifier, COUNT(*) AS count, MIN(q.day) AS first, MAX(q.day) AS last, MIN(q.unit) AS unit, \(sources)
                FROM quantitySample q JOIN healthType t ON t.id = q.typeId JOIN healthSource s ON s.id = q.sourceId GROUP BY q.typeId
                """) { HealthUnit.storedSymbol($0["unit"]) }
            try collect("""
                SELECT t.identifier, COUNT(*) AS count, MIN(c.day) AS first, MAX(c.day) AS last, \(sources)
                FROM categorySample c JOIN healthType t ON t.id = c.typeId JOIN healthSource s ON s.id = c.sourceId GROUP BY c.typeId
                """) { _ in nil }
            try collect("""
                SELECT '\(HealthType.bloodPressure.identifier)' AS identifier, COUNT(*) AS count, MIN(b.day) AS first, MAX(b.day) AS last, \(sources)
                FROM bloodPressure b JOIN healthSource s ON s.id = b.sourceId HAVING COUNT(*) > 0
                """) { _ in "mmHg" }
            try collect("""
                SELECT '\(HealthType.workout.identifier)' AS identifier, COUNT(*) AS count, MIN(w.day) AS first, MAX(w.day) AS last, \(sources)
                FROM workout w JOIN healthSource s ON s.id = w.sourceId HAVING COUNT(*) > 0
                """) { _ in nil }
            return result.sorted { $0.type < $1.type }
        }
    }
}
