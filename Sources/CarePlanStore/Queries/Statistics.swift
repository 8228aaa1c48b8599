import GRDB

/// How readings and completions are grouped: by local calendar day, week (Monday first) or month.
///
/// A bucket is named by its first calendar day.
public enum DateBucket: String, CaseIterable, Sendable {
    case day, week, month

    /// The first day of the bucket holding `date`.
    public func start(of date: LocalDate) -> LocalDate {
        switch self {
        case .day: return date
        case .week: return date.adding(days: -(date.weekday.rawValue - 1))
        case .month: return LocalDate(year: date.year, month: date.month, day: 1)!
        }
    }
}

/// count, min, max, sum, average and last of the readings of one measure field in one bucket.
public struct ReadingStatistics: Hashable, Sendable {
    public var count: Int
    public var min: Double
    public var max: Double
    public var sum: Double
    public var average: Double
    /// The value of the latest reading: latest date, then highest occurrence (due order).
    public var last: Double

    public init(count: Int, min: Double, max: Double, sum: Double, average: Double, last: Double) {
        self.count = count
        self.min = min
        self.max = max
        self.sum = sum
        self.average = average
        self.last = last
    }

    /// The one figure a measure's `aggregate` asks for.
    public func value(_ aggregate: Measure.Aggregate) -> Double {
        switch aggregate {
        case .average: return average
        case .sum: return sum
        case .min: return min
        case .max: return max
        case .last: return last
        }
    }
}

/// The statistics of one bucket that has readings, named by the bucket's first day.
public struct BucketStatistics: Hashable, Sendable {
    public var start: LocalDate
    public var statistics: ReadingStatistics
}

/// Outcomes recorded per activity per day over a span of days; 0 where nothing was recorded.
public struct DailyCounts: Hashable, Sendable {
    public let first: LocalDate
    public let last: LocalDate
    /// Dense per activity, indexed by days since `first`: a year of 40 activities is 15 k integers.
    private var counts: [String: [Int32]]

    init(first: LocalDate, last: LocalDate, counts: [String: [Int32]]) {
        self.first = first
        self.last = last
        self.counts = counts
    }

    /// How many outcomes `activityId` has on `date` (0 outside the span or for activities not asked about).
    public func count(of activityId: String, on date: LocalDate) -> Int {
        guard date >= first, date <= last, let days = counts[activityId] else { return 0 }
        return Int(days[date.days(since: first)])
    }

    /// `activityId`'s counts from `from` through `through`, one per day (0 outside the span).
    public func counts(of activityId: String, from: LocalDate, through: LocalDate) -> [Int] {
        guard from <= through else { return [] }
        var result = [Int](repeating: 0, count: through.days(since: from) + 1)
        guard let days = counts[activityId] else { return result }
        let lower = max(from, first), upper = min(through, last)
        guard lower <= upper else { return result }
        for dayNumber in lower.dayNumber...upper.dayNumber {
            result[dayNumber - from.dayNumber] = Int(days[dayNumber - first.dayNumber])
        }
        return result
    }
}

/// One activity over a span of days (inclusive), for `CareStore.outcomeCounts`.
public struct ActivitySpan: Hashable, Sendable {
    public var activityId: String
    public var from: LocalDate
    public var through: LocalDate

    public init(activityId: String, from: LocalDate, through: LocalDate) {
        self.activityId = activityId
        self.from = from
        self.through = through
    }
}

extension CareStore {
    /// Per-bucket statistics of one measure field; see `StoreReader.statistics`.
    public func statistics(of activityId: String, field: String, from: LocalDate, through: LocalDate,
                           by bucket: DateBucket) throws -> [BucketStatistics] {
        try reading { try $0.statistics(of: activityId, field: field, from: from, through: through, by: bucket) }
    }

    /// How many outcomes each of `activityIds` has on each day; see `StoreReader.completedCounts`.
    public func completedCounts(of activityIds: [String], from: LocalDate, through: LocalDate) throws -> DailyCounts {
        try reading { try $0.completedCounts(of: activityIds, from: from, through: through) }
    }

    /// How many outcomes each span holds, in order; see `StoreReader.outcomeCounts`.
    public func outcomeCounts(_ spans: [ActivitySpan]) throws -> [Int] {
        try reading { try $0.outcomeCounts(spans) }
    }

    /// The number of outcomes stored, all activities and days.
    public func outcomeCount() throws -> Int {
        try read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM outcome WHERE personId = person()") ?? 0 }
    }
}

extension StoreReader {
    /// Per-bucket statistics of one measure field of `activityId` from `from` through `through`,
    /// oldest bucket first; buckets without readings are absent (never zeros). Readings without a
    /// number (text) are left out.
    ///
    /// Read from the day summaries (one row per day with readings, by primary key) and rolled up
    /// into weeks or months here: the work grows with the days in the range, never with the length
    /// of the history or the readings per day.
    public func statistics(of activityId: String, field: String, from: LocalDate, through: LocalDate,
                           by bucket: DateBucket) throws -> [BucketStatistics] {
        guard from <= through else { return [] }
        let statement = try db.cachedStatement(sql: """
            SELECT day, count, min, max, sum, last FROM daySummary
            WHERE personId = person() AND activityId = ? AND field = ? AND day BETWEEN ? AND ? ORDER BY day
            """)
        statement.setUncheckedArguments([activityId, field, from.dayNumber, through.dayNumber])
        var result: [BucketStatistics] = []
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            let count: Int = row[1], sum: Double = row[4]
            let day = ReadingStatistics(count: count, min: row[2], max: row[3], sum: sum, average: sum / Double(count), last: row[5])
            let start = bucket.start(of: LocalDate(dayNumber: row[0]))
            if let last = result.last, last.start == start {
                result[result.count - 1].statistics = ReadingStatistics.merged(last.statistics, then: day)
            } else {
                result.append(BucketStatistics(start: start, statistics: day))
            }
        }
        return result
    }

    /// Per-day statistics of many fields at once, keyed "activityId/field": one statement whose
    /// `IN` list seeks each field's primary-key range (a plan of 120 activities asks for 80 fields;
    /// a statement each was most of a week switch).
    public func dailyStatistics(of fields: [(activityId: String, field: String)], from: LocalDate,
                                through: LocalDate) throws -> [String: [BucketStatistics]] {
        guard from <= through, !fields.isEmpty else { return [:] }
        // A join from the list, not `(activityId, field) IN (VALUES ...)`, which SQLite answers
        // with a scan of the whole table; each row carries its field's index, so no text is read back.
        // CROSS JOIN keeps the list outside: SQLite 3.49's planner otherwise puts the summaries
        // outside and scans every one of the person's rows (a year's insights went from 31 to 260 ms).
        let list = ListedTexts(values: fields.map(\.activityId), fields.map(\.field))
        let statement = try db.cachedStatement(sql: """
            SELECT f.column3, s.day, s.count, s.min, s.max, s.sum, s.last
            FROM (VALUES \(list.sql)) f CROSS JOIN daySummary s
                ON s.personId = person() AND s.activityId = f.column1 AND s.field = f.column2 AND s.day BETWEEN ? AND ?
            """)
        statement.setUncheckedArguments(StatementArguments(list.arguments + [from.dayNumber.databaseValue, through.dayNumber.databaseValue]))
        var perField = [[BucketStatistics]](repeating: [], count: fields.count)
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            let index: Int = row[0], count: Int = row[2], sum: Double = row[5]
            perField[index].append(BucketStatistics(start: LocalDate(dayNumber: row[1]),
                                                    statistics: ReadingStatistics(count: count, min: row[3], max: row[4], sum: sum,
                                                                                  average: sum / Double(count), last: row[6])))
        }
        var result: [String: [BucketStatistics]] = [:]
        for (index, field) in fields.enumerated() where !perField[index].isEmpty {
            result[field.activityId + "/" + field.field] = perField[index]
        }
        return result
    }

    /// How many outcomes each of `activityIds` has on each day from `from` through `through`: for
    /// interventions, the completed occurrences. One statement seeking each activity's range.
    public func completedCounts(of activityIds: [String], from: LocalDate, through: LocalDate) throws -> DailyCounts {
        guard from <= through else { return DailyCounts(first: from, last: through, counts: [:]) }
        let ids = Array(Set(activityIds)).sorted()
        let days = through.days(since: from) + 1
        var counts = Dictionary(uniqueKeysWithValues: ids.map { ($0, [Int32](repeating: 0, count: days)) })
        guard !ids.isEmpty else { return DailyCounts(first: from, last: through, counts: counts) }
        // As in `dailyStatistics`: a join from the list (kept outside by CROSS JOIN), each row
        // carrying its activity's index.
        let list = ListedTexts(values: ids)
        let statement = try db.cachedStatement(sql: """
            SELECT a.column2, s.day, s.count FROM (VALUES \(list.sql)) a
            CROSS JOIN daySummary s ON s.personId = person() AND s.activityId = a.column1 AND s.field = '' AND s.day BETWEEN ? AND ?
            """)
        statement.setUncheckedArguments(StatementArguments(list.arguments + [from.dayNumber.databaseValue, through.dayNumber.databaseValue]))
        var perActivity = ids.map { counts[$0]! }
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            let index: Int = row[0], dayNumber: Int = row[1]
            perActivity[index][dayNumber - from.dayNumber] = row[2]
        }
        for (index, id) in ids.enumerated() { counts[id] = perActivity[index] }
        return DailyCounts(first: from, last: through, counts: counts)
    }

    /// How many outcomes each span holds, in order. Spans over the same days (the usual case: a
    /// plan whose versions did not change then) are summed in one statement.
    public func outcomeCounts(_ spans: [ActivitySpan]) throws -> [Int] {
        var result = [Int](repeating: 0, count: spans.count)
        let groups = Dictionary(grouping: spans.indices.filter { spans[$0].from <= spans[$0].through }) {
            [spans[$0].from.dayNumber, spans[$0].through.dayNumber]
        }
        for (days, indices) in groups {
            let list = ListedTexts(items: Array(Set(indices.map { spans[$0].activityId })).sorted())
            let statement = try db.cachedStatement(sql: """
                SELECT activityId, TOTAL(count) FROM daySummary
                WHERE personId = person() AND activityId IN (\(list.sql)) AND field = ''
                  AND day BETWEEN ? AND ?
                GROUP BY activityId
                """)
            statement.setUncheckedArguments(StatementArguments(list.arguments + [days[0].databaseValue, days[1].databaseValue]))
            var totals: [String: Int] = [:]
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                let id: String = row[0], total: Double = row[1]
                totals[id] = Int(total)
            }
            for index in indices { result[index] = totals[spans[index].activityId] ?? 0 }
        }
        return result
    }

    /// The latest day of each span on which its activity has an outcome, in order; nil for a span
    /// without any. One index seek per span, whatever the span's length: what a
    /// missed-days streak needs, without reading the days in between.
    public func latestOutcomeDays(_ spans: [ActivitySpan]) throws -> [LocalDate?] {
        var result = [LocalDate?](repeating: nil, count: spans.count)
        // Spans over the same days (the usual case, as in `outcomeCounts`) share a statement, bound
        // only their first and last day.
        let groups = Dictionary(grouping: spans.indices.filter { spans[$0].from <= spans[$0].through }) {
            [spans[$0].from.dayNumber, spans[$0].through.dayNumber]
        }
        for (days, asked) in groups {
            // Bound: LastDone asks only for activities the period itself shows nothing done for.
            let list = ListedTexts(values: asked.map { spans[$0].activityId }, bound: true)
            let statement = try db.cachedStatement(sql: """
                SELECT f.column2, (SELECT MAX(day) FROM daySummary s
                                   WHERE s.personId = person() AND s.activityId = f.column1 AND s.field = ''
                                     AND s.day BETWEEN ?1 AND ?2)
                FROM (VALUES \(list.sql)) f
                """)
            statement.setUncheckedArguments(StatementArguments([days[0].databaseValue, days[1].databaseValue] + list.arguments))
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                let index: Int = row[0], day: Int? = row[1]
                result[asked[index]] = day.map { LocalDate(dayNumber: $0) }
            }
        }
        return result
    }
}

extension ReadingStatistics {
    /// Two consecutive spans' statistics as one; `later`'s last reading is the last.
    public static func merged(_ earlier: ReadingStatistics, then later: ReadingStatistics) -> ReadingStatistics {
        let count = earlier.count + later.count, sum = earlier.sum + later.sum
        return ReadingStatistics(count: count, min: Swift.min(earlier.min, later.min), max: Swift.max(earlier.max, later.max),
                                 sum: sum, average: sum / Double(count), last: later.last)
    }
}
