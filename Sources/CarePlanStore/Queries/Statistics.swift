import GRDB

/// How readings and completions are grouped: by local calendar day, week (Monday first) or month.
///
/// A bucket is named by its first calendar day. `start(of:)` and the SQL key below compute the same
/// day, one in Swift and one from the stored date text, and live side by side so they cannot drift.
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

    /// The bucket's first day as days since 1970-01-01, from a `YYYY-MM-DD` text column. Only
    /// calendar arithmetic on the stored local date, so no time zone or DST change can move a
    /// reading into another bucket. (`julianday` of a date is N.5; minus 2440587.5 it is exact.)
    func sqlDayNumber(_ column: String) -> String {
        let key: String
        switch self {
        case .day: key = column
        // strftime('%w') is 0 on Sunday; (w + 6) % 7 is the number of days since Monday.
        case .week: key = "date(\(column), '-' || ((strftime('%w', \(column)) + 6) % 7) || ' days')"
        case .month: key = "substr(\(column), 1, 7) || '-01'"
        }
        return "CAST(julianday(\(key)) - 2440587.5 AS INTEGER)"
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
    /// Per-bucket statistics of one measure field of `activityId` from `from` through `through`,
    /// oldest bucket first; buckets without readings are absent (never zeros). Readings without a
    /// number (text) are left out.
    ///
    /// One GROUP BY over the unique index on outcome (activityId, date, occurrence) and the covering
    /// index on outcomeValue (outcomeId, name, value): the work grows with the readings in the range,
    /// never with the length of the history. Values are read without record decoding.
    public func statistics(of activityId: String, field: String, from: LocalDate, through: LocalDate,
                           by bucket: DateBucket) throws -> [BucketStatistics] {
        guard from <= through else { return [] }
        return try read { db in
            // "last" needs the order of readings inside a bucket, which GROUP BY does not keep. Rows
            // arrive in index order (date, occurrence), and bucket keys rise with the date, so a
            // bucket's last reading is the one whose next row is in another bucket, or has none.
            // LEAD over that same order needs no sort, unlike ranking within each bucket.
            let statement = try db.cachedStatement(sql: """
                SELECT bucket, COUNT(*), MIN(value), MAX(value), SUM(value), AVG(value), MAX(CASE WHEN nextBucket IS NOT bucket THEN value END)
                FROM (
                    SELECT \(bucket.sqlDayNumber("o.date")) AS bucket, v.value AS value,
                           LEAD(\(bucket.sqlDayNumber("o.date"))) OVER (ORDER BY o.date, o.occurrence) AS nextBucket
                    FROM outcome o JOIN outcomeValue v ON v.outcomeId = o.id AND v.name = ?
                    WHERE o.activityId = ? AND o.date >= ? AND o.date <= ? AND v.value IS NOT NULL
                )
                GROUP BY bucket ORDER BY bucket
                """)
            statement.setUncheckedArguments([field, activityId, from.iso, through.iso])
            var result: [BucketStatistics] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                let statistics = ReadingStatistics(count: row[1], min: row[2], max: row[3], sum: row[4], average: row[5], last: row[6])
                result.append(BucketStatistics(start: LocalDate(dayNumber: row[0]), statistics: statistics))
            }
            return result
        }
    }

    /// How many outcomes each of `activityIds` has on each day from `from` through `through`: for
    /// interventions, the completed occurrences. One indexed GROUP BY per activity, in one read.
    public func completedCounts(of activityIds: [String], from: LocalDate, through: LocalDate) throws -> DailyCounts {
        guard from <= through else { return DailyCounts(first: from, last: through, counts: [:]) }
        let days = through.days(since: from) + 1
        return try read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT CAST(julianday(date) - 2440587.5 AS INTEGER), COUNT(*) FROM outcome
                WHERE activityId = ? AND date >= ? AND date <= ? GROUP BY date
                """)
            var counts: [String: [Int32]] = [:]
            for id in activityIds where counts[id] == nil {
                var perDay = [Int32](repeating: 0, count: days)
                statement.setUncheckedArguments([id, from.iso, through.iso])
                let rows = try Row.fetchCursor(statement)
                while let row = try rows.next() {
                    let dayNumber: Int = row[0]
                    perDay[dayNumber - from.dayNumber] = row[1]
                }
                counts[id] = perDay
            }
            return DailyCounts(first: from, last: through, counts: counts)
        }
    }

    /// How many outcomes each span holds, in order: one index-only COUNT per span, in one read.
    public func outcomeCounts(_ spans: [ActivitySpan]) throws -> [Int] {
        try read { db in
            let statement = try db.cachedStatement(sql: "SELECT COUNT(*) FROM outcome WHERE activityId = ? AND date >= ? AND date <= ?")
            return try spans.map { span in
                guard span.from <= span.through else { return 0 }
                statement.setUncheckedArguments([span.activityId, span.from.iso, span.through.iso])
                return try Int.fetchOne(statement) ?? 0
            }
        }
    }

    /// The number of outcomes stored, all activities and days.
    public func outcomeCount() throws -> Int {
        try read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM outcome") ?? 0 }
    }
}
