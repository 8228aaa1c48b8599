import CarePlanStore
import GRDB

/// Keeps `quantityDay` as samples are added during an import: samples come in runs of one type,
/// source and day, so the run's figures add up in memory and reach the table once per run (an
/// upsert, so an export in any order still adds up right). Only samples actually added count;
/// the cumulative types' days it touched are remembered for `MergedDays` at the end.
final class DayTally {
    private struct Key: Hashable { var typeId: Int64, day: Int, sourceId: Int64 }
    private var key: Key?
    private var cumulative = false
    private var count = 0, sum = 0.0, minimum = 0.0, maximum = 0.0, lastStart = 0, lastEnd = 0, lastValue = 0.0
    /// Per cumulative type, the first and last day touched.
    private(set) var cumulativeDays: [Int64: ClosedRange<Int>] = [:]
    private let upsert: RowInsert

    private let personId: Int64

    init(_ db: Database, personId: Int64) throws {
        self.personId = personId
        upsert = try RowInsert(db, sql: """
            INSERT INTO quantityDay (personId, typeId, day, sourceId, count, sum, minimum, maximum, lastStart, lastValue)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (personId, typeId, day, sourceId) DO UPDATE SET
                count = count + excluded.count, sum = sum + excluded.sum,
                minimum = MIN(minimum, excluded.minimum), maximum = MAX(maximum, excluded.maximum),
                lastValue = CASE WHEN excluded.lastStart > lastStart OR (excluded.lastStart = lastStart AND excluded.lastValue > lastValue)
                    THEN excluded.lastValue ELSE lastValue END,
                lastStart = MAX(lastStart, excluded.lastStart)
            """)
    }

    /// Counts an added sample (its value in the stored unit).
    func add(_ db: Database, cumulative isCumulative: Bool, typeId: Int64, sourceId: Int64, day: Int, start: Int, end: Int, value: Double) throws {
        let sampleKey = Key(typeId: typeId, day: day, sourceId: sourceId)
        if sampleKey != key {
            try flush(db)
            key = sampleKey
            cumulative = isCumulative
            count = 0; sum = 0; minimum = value; maximum = value; lastStart = start; lastEnd = end; lastValue = value
        }
        count += 1
        sum += value
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        // The latest by start, then end, then value: the order `rebuildQuantityDays` picks by.
        if (start, end, value) > (lastStart, lastEnd, lastValue) { lastStart = start; lastEnd = end; lastValue = value }
    }

    /// Writes the current run.
    func flush(_ db: Database) throws {
        guard let key, count > 0 else { return }
        _ = try upsert.run(db) {
            $0.int(personId); $0.int(key.typeId); $0.int(key.day); $0.int(key.sourceId); $0.int(count); $0.double(sum); $0.double(minimum)
            $0.double(maximum); $0.int(lastStart); $0.double(lastValue)
        }
        if cumulative {
            let range = cumulativeDays[key.typeId]
            cumulativeDays[key.typeId] = min(range?.lowerBound ?? key.day, key.day)...max(range?.upperBound ?? key.day, key.day)
        }
        self.key = nil
        count = 0
    }
}
