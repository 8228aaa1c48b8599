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
        try read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM outcome") ?? 0 }
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
            WHERE activityId = ? AND field = ? AND day BETWEEN ? AND ? ORDER BY day
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

    /// How many outcomes each of `activityIds` has on each day from `from` through `through`: for
    /// interventions, the completed occurrences. One primary-key range of day summaries per activity.
    public func completedCounts(of activityIds: [String], from: LocalDate, through: LocalDate) throws -> DailyCounts {
        guard from <= through else { return DailyCounts(first: from, last: through, counts: [:]) }
        let days = through.days(since: from) + 1
        let statement = try db.cachedStatement(sql: """
            SELECT day, count FROM daySummary WHERE activityId = ? AND field = '' AND day BETWEEN ? AND ?
            """)
        var counts: [String: [Int32]] = [:]
        for id in activityIds where counts[id] == nil {
            var perDay = [Int32](repeating: 0, count: days)
            statement.setUncheckedArguments([id, from.dayNumber, through.dayNumber])
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                let dayNumber: Int = row[0]
                perDay[dayNumber - from.dayNumber] = row[1]
            }
            counts[id] = perDay
        }
        return DailyCounts(first: from, last: through, counts: counts)
    }

    /// How many outcomes each span holds, in order: one summed range of day summaries per span.
    public func outcomeCounts(_ spans: [ActivitySpan]) throws -> [Int] {
        let statement = try db.cachedStatement(sql: """
            SELECT TOTAL(count) FROM daySummary WHERE activityId = ? AND field = '' AND day BETWEEN ? AND ?
            """)
        return try spans.map { span in
            guard span.from <= span.through else { return 0 }
            statement.setUncheckedArguments([span.activityId, span.from.dayNumber, span.through.dayNumber])
            return Int(try Double.fetchOne(statement) ?? 0)
        }
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
