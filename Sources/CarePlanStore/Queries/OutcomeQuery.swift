import Foundation
import GRDB

/// Fetches outcomes with their values for a range of days, optionally for one activity.
///
/// Two indexed queries (outcomes in range, then their values in range) rather than one per outcome,
/// so a day costs the same whatever the length of the history.
enum OutcomeQuery {
    static func fetch(_ db: Database, activityId: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws -> [Outcome] {
        var conditions = ["o.personId = person()"]
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let activityId { conditions.append("o.activityId = ?"); arguments.append(activityId) }
        if let from { conditions.append("o.date >= ?"); arguments.append(from.iso) }
        if let to { conditions.append("o.date <= ?"); arguments.append(to.iso) }
        let filter = "WHERE " + conditions.joined(separator: " AND ")
        // Cached statements: the same few query shapes run on every frame, and preparing them anew
        // was a quarter of a day switch.
        let outcomes = try db.cachedStatement(sql: """
            SELECT o.id, o.activityId, o.date, o.occurrence, o.recordedAt, o.utcOffset, o.note, o.source FROM outcome o \(filter)
            ORDER BY o.date, o.activityId, o.occurrence
            """)
        let values = try db.cachedStatement(sql: """
            SELECT v.outcomeId, v.name, v.value, v.text, v.unit, v.enteredValue, v.enteredUnit
            FROM outcomeValue v JOIN outcome o ON o.id = v.outcomeId \(filter) ORDER BY v.outcomeId, v.position
            """)
        return try read(outcomes, values, StatementArguments(arguments))
    }

    /// The outcomes with these row ids, in (date, activity, occurrence) order: rowid look-ups.
    /// (`+personId`: the person is checked on the rows found, not sought through an index, which
    /// SQLite would otherwise pick and read all of the person's outcomes: 30 ms a day switch at
    /// ten years.)
    static func fetch(_ db: Database, ids: [Int64]) throws -> [Outcome] {
        guard !ids.isEmpty else { return [] }
        let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let outcomes = try db.cachedStatement(sql: """
            SELECT id, activityId, date, occurrence, recordedAt, utcOffset, note, source FROM outcome WHERE id IN (\(list)) AND +personId = person()
            ORDER BY date, activityId, occurrence
            """)
        let values = try db.cachedStatement(sql: """
            SELECT outcomeId, name, value, text, unit, enteredValue, enteredUnit FROM outcomeValue WHERE outcomeId IN (\(list))
            ORDER BY outcomeId, position
            """)
        return try read(outcomes, values, StatementArguments(ids))
    }

    /// Which events of `date` are done (`PlanDetail.dueList`): each outcome's activity and
    /// occurrence, its recording time left at the epoch, no values, note or source. Unordered.
    /// (A range on the date, not `date = ?`: with an equality SQLite takes the unique index on
    /// (person, activity, date, occurrence), which covers these columns, and reads every outcome
    /// the person ever recorded.)
    static func done(_ db: Database, on date: LocalDate) throws -> [Outcome] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT activityId, occurrence FROM outcome WHERE personId = person() AND date >= ?1 AND date <= ?1
            """), arguments: [date.iso])
        var result: [Outcome] = []
        while let row = try rows.next() {
            result.append(Outcome(activityId: row[0], date: date, occurrence: row[1], recordedAt: Date(timeIntervalSince1970: 0), utcOffset: 0))
        }
        return result
    }

    /// Outcomes and their values, read column by column (record decoding through Codable was a
    /// third of a week switch). Values come ordered by outcome, then field position.
    static func read(_ outcomes: Statement, _ values: Statement, _ arguments: StatementArguments) throws -> [Outcome] {
        var valuesByOutcome = ValuesByOutcome()
        let valueRows = try Row.fetchCursor(values, arguments: arguments)
        while let row = try valueRows.next() {
            valuesByOutcome.append(row[0], ReadingValue(name: row[1], value: row[2], text: row[3], unit: row[4],
                                                        enteredValue: row[5], enteredUnit: row[6]))
        }
        var result: [Outcome] = []
        let rows = try Row.fetchCursor(outcomes, arguments: arguments)
        while let row = try rows.next() {
            let id: Int64 = row[0], day: String = row[2], recorded: String = row[4]
            guard let date = LocalDate(iso: day) else { continue }
            result.append(Outcome(activityId: row[1], date: date, occurrence: row[3],
                                  recordedAt: Timestamp.date(recorded) ?? Date(timeIntervalSince1970: 0), utcOffset: row[5],
                                  note: row[6], values: valuesByOutcome[id], source: row[7]))
        }
        return result
    }
}

/// Reading values in outcome-id order, as the query gives them, each outcome's found by binary
/// search. Not a dictionary keyed by Int64: its first use makes Swift's runtime search every
/// conformance in the program for Int64's Hashable, 0.1 ms of a `careplan status` that reads one
/// day and exits.
struct ValuesByOutcome {
    private var ids: [Int64] = []
    private var values: [ReadingValue] = []

    /// Adds a value; ids come in ascending order.
    mutating func append(_ id: Int64, _ value: ReadingValue) {
        ids.append(id)
        values.append(value)
    }

    /// The values of outcome `id`, in the order they were added.
    subscript(id: Int64) -> [ReadingValue] {
        var (low, high) = (0, ids.count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < ids.count, ids[end] == id { end += 1 }
        return Array(values[low..<end])
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
