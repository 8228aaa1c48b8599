import Foundation
import GRDB

/// Fetches outcomes with their values for a range of days, optionally for one activity.
///
/// Two indexed queries (outcomes in range, then their values in range) rather than one per outcome,
/// so a day costs the same whatever the length of the history.
enum OutcomeQuery {
    static func fetch(_ db: Database, activityId: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws -> [Outcome] {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let activityId { conditions.append("o.activityId = ?"); arguments.append(activityId) }
        if let from { conditions.append("o.date >= ?"); arguments.append(from.iso) }
        if let to { conditions.append("o.date <= ?"); arguments.append(to.iso) }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        // Cached statements: the same few query shapes run on every frame, and preparing them anew
        // was a quarter of a day switch.
        let records = try OutcomeRecord.fetchAll(
            db.cachedStatement(sql: "SELECT o.* FROM outcome o \(filter) ORDER BY o.date, o.activityId, o.occurrence"),
            arguments: StatementArguments(arguments))
        let values = try OutcomeValueRecord.fetchAll(db.cachedStatement(sql: """
            SELECT v.* FROM outcomeValue v JOIN outcome o ON o.id = v.outcomeId \(filter) ORDER BY v.outcomeId, v.position
            """), arguments: StatementArguments(arguments))
        return assemble(records, values)
    }

    /// The outcomes whose ids `idsSQL` selects (nulls are skipped), in (date, activity, occurrence) order.
    static func fetch(_ db: Database, idsFrom idsSQL: String, arguments: StatementArguments) throws -> [Outcome] {
        let records = try OutcomeRecord.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM outcome WHERE id IN (\(idsSQL)) ORDER BY date, activityId, occurrence
            """), arguments: arguments)
        let values = try OutcomeValueRecord.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM outcomeValue WHERE outcomeId IN (\(idsSQL)) ORDER BY outcomeId, position
            """), arguments: arguments)
        return assemble(records, values)
    }

    static func assemble(_ records: [OutcomeRecord], _ values: [OutcomeValueRecord]) -> [Outcome] {
        let valuesByOutcome = Dictionary(grouping: values, by: \.outcomeId)
        return records.map { record in
            Outcome(activityId: record.activityId, date: LocalDate(iso: record.date)!, occurrence: record.occurrence,
                    recordedAt: Timestamp.date(record.recordedAt) ?? Date(timeIntervalSince1970: 0), utcOffset: record.utcOffset,
                    note: record.note,
                    values: (valuesByOutcome[record.id!] ?? []).map {
                        ReadingValue(name: $0.name, value: $0.value, text: $0.text, unit: $0.unit,
                                     enteredValue: $0.enteredValue, enteredUnit: $0.enteredUnit)
                    })
        }
    }
}

extension StoreReader {
    /// Outcomes between two days (inclusive), oldest first; all activities unless `activityId` is given.
    public func outcomes(activityId: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws -> [Outcome] {
        try OutcomeQuery.fetch(db, activityId: activityId, from: from, to: to)
    }

    static func outcomes(of id: String, on date: LocalDate, _ db: Database) throws -> [Outcome] {
        try OutcomeQuery.fetch(db, activityId: id, from: date, to: date)
    }
}

extension CareStore {
    /// Outcomes between two days (inclusive), oldest first; all activities unless `activityId` is given.
    public func outcomes(activityId: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws -> [Outcome] {
        try reading { try $0.outcomes(activityId: activityId, from: from, to: to) }
    }
}
