import CarePlanStore
import GRDB

/// Which imported samples `careplan health forget` removes: all, or those of one source, one type,
/// or before a day (any combination). Only imported health data: outcomes typed in careplan are
/// never touched.
public struct SampleFilter: Sendable {
    public var source: String?
    public var type: HealthType?
    public var before: LocalDate?

    public init(source: String? = nil, type: HealthType? = nil, before: LocalDate? = nil) {
        self.source = source
        self.type = type
        self.before = before
    }

    /// The tables the filter reaches, each with its WHERE clause and arguments.
    func clauses(_ db: Database) throws -> [(table: String, condition: String, arguments: StatementArguments)] {
        var tables: [(String, Bool)] = [("quantitySample", true), ("categorySample", true), ("bloodPressure", false), ("workout", false)]
        var typeId: Int64?
        if let type {
            switch type {
            case .bloodPressure: tables = [("bloodPressure", false)]
            case .workout: tables = [("workout", false)]
            default:
                tables = [("quantitySample", true), ("categorySample", true)]
                typeId = try Int64.fetchOne(db, sql: "SELECT id FROM healthType WHERE identifier = ?", arguments: [type.identifier]) ?? -1
            }
        }
        let sourceId = try source.map { try Int64.fetchOne(db, sql: "SELECT id FROM healthSource WHERE personId = person() AND name = ?", arguments: [$0]) ?? -1 }
        return tables.map { table, typed in
            var conditions = ["personId = person()"], arguments: [any DatabaseValueConvertible] = []
            if typed, let typeId { conditions.append("typeId = ?"); arguments.append(typeId) }
            if let sourceId { conditions.append("sourceId = ?"); arguments.append(sourceId) }
            if let before { conditions.append("day < ?"); arguments.append(before.dayNumber) }
            return (table, conditions.joined(separator: " AND "), StatementArguments(arguments))
        }
    }
}

extension CareStore {
    /// How many samples `filter` reaches (blood-pressure readings and workouts count one each).
    public func countSamples(_ filter: SampleFilter) throws -> Int {
        try read { db in
            try filter.clauses(db).reduce(0) { total, clause in
                total + (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(clause.table) WHERE \(clause.condition)", arguments: clause.arguments) ?? 0)
            }
        }
    }

    /// Removes what `filter` reaches, in one transaction; returns how many. The record of earlier
    /// imports goes too, so importing the same export again reads it and brings back what it holds.
    @discardableResult
    /// Linked activities lose what the removed samples filled (through `today`).
    public func forgetSamples(_ filter: SampleFilter, today: LocalDate) throws -> Int {
        try write { db in
            var removed = 0
            let clauses = try filter.clauses(db)
            for clause in clauses {
                try db.execute(sql: "DELETE FROM \(clause.table) WHERE \(clause.condition)", arguments: clause.arguments)
                removed += db.changesCount
            }
            if removed > 0 {
                try db.execute(sql: "DELETE FROM healthImport WHERE personId = person()")
                // The filter names types, sources and days, so whole per-day rows go with the samples.
                if let quantity = clauses.first(where: { $0.table == "quantitySample" }) {
                    try HealthDayTables.rebuildQuantityDays(db, where: quantity.condition, arguments: quantity.arguments)
                    try MergedDays.refreshAll(db)
                }
                try PlanLinkage.sync(db, through: today)
            }
            return removed
        }
    }
}
