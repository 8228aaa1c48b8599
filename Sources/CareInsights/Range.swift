import CarePlanStore
import Localization

/// A bucket size: day, week (Monday first) or calendar month. Defined in the store, beside the SQL
/// that computes the same bucket keys from stored dates.
public typealias Bucket = DateBucket

extension DateBucket {
    /// The last day of the bucket that starts on `start` (a value of `start(of:)`).
    public func end(ofBucketStarting start: LocalDate) -> LocalDate {
        switch self {
        case .day: return start
        case .week: return start.adding(days: 6)
        case .month: return InsightRange.firstOfMonth(year: start.year, month: start.month + 1).adding(days: -1)
        }
    }
}

/// How much time one insights view covers: a week (Monday to Sunday), a calendar month, a calendar
/// quarter or a calendar year.
public enum InsightRange: String, CaseIterable, Sendable {
    case week, month, quarter, year

    /// The range as people read it (Insights' tabs); `rawValue` is what `--range` and JSON take.
    public var name: String {
        switch self {
        // TRANSLATORS: Insights' ranges, on its tabs.
        case .week: return trc("insights range", "week")
        case .month: return trc("insights range", "month")
        case .quarter: return trc("insights range", "quarter")
        case .year: return trc("insights range", "year")
        }
    }

    /// The bucket each range is shown in, so a chart has 7 to 31 bars: week and month by day,
    /// quarter by week, year by month.
    public var bucket: Bucket {
        switch self {
        case .week, .month: return .day
        case .quarter: return .week
        case .year: return .month
        }
    }

    /// The period of this range that contains `date`.
    public func period(containing date: LocalDate) -> InsightPeriod {
        let first: LocalDate, last: LocalDate
        switch self {
        case .week:
            first = DateBucket.week.start(of: date)
            last = first.adding(days: 6)
        case .month:
            first = Self.firstOfMonth(year: date.year, month: date.month)
            last = Self.firstOfMonth(year: date.year, month: date.month + 1).adding(days: -1)
        case .quarter:
            let month = (date.month - 1) / 3 * 3 + 1
            first = Self.firstOfMonth(year: date.year, month: month)
            last = Self.firstOfMonth(year: date.year, month: month + 3).adding(days: -1)
        case .year:
            first = Self.firstOfMonth(year: date.year, month: 1)
            last = Self.firstOfMonth(year: date.year + 1, month: 1).adding(days: -1)
        }
        return InsightPeriod(range: self, first: first, last: last)
    }

    /// The first of a month; months past 12 roll into the next year (month 13 is next January).
    static func firstOfMonth(year: Int, month: Int) -> LocalDate {
        let zeroBased = year * 12 + (month - 1)
        return LocalDate(year: zeroBased / 12, month: zeroBased % 12 + 1, day: 1)!
    }
}

/// One concrete week, month, quarter or year: its days and its buckets.
public struct InsightPeriod: Hashable, Sendable, CustomStringConvertible {
    public let range: InsightRange
    public let first: LocalDate
    public let last: LocalDate
    /// Days chosen by hand rather than a calendar week, month, quarter or year.
    public var isCustom = false

    init(range: InsightRange, first: LocalDate, last: LocalDate) {
        self.range = range
        self.first = first
        self.last = last
    }

    /// The days `first` through `last` as a period, bucketed like the calendar range of about
    /// its length: by day up to two months, by week up to half a year, by month beyond.
    public init(from first: LocalDate, through last: LocalDate) {
        let days = last.days(since: first) + 1
        self.init(range: days <= 7 ? .week : days <= 62 ? .month : days <= 184 ? .quarter : .year, first: first, last: last)
        isCustom = true
    }

    public var bucket: Bucket { range.bucket }

    /// "week of 16 Nov 2026", "November 2026", "Q4 2026", "2026".
    public var title: String {
        if isCustom { return tr("{first} to {last}", ["first": first.dateText, "last": last.dateText]) }
        switch range {
        case .week: return tr("week of {date}", ["date": first.dateText])
        case .month: return first.monthYearText
        // TRANSLATORS: a quarter of a year, "Q4 2026".
        case .quarter: return tr("Q{quarter} {year}", ["quarter": String((first.month - 1) / 3 + 1), "year": String(first.year)])
        // TRANSLATORS: a year as a period's title: "2026" ("2026年" in Chinese and Japanese).
        case .year: return trc("period title", "{year}", ["year": String(first.year)])
        }
    }
    public var dayCount: Int { last.days(since: first) + 1 }
    public func contains(_ date: LocalDate) -> Bool { date >= first && date <= last }

    /// The period before (negative `steps`) or after this one.
    public func paged(by steps: Int) -> InsightPeriod {
        if isCustom {
            let shift = dayCount * steps
            return InsightPeriod(from: first.adding(days: shift), through: last.adding(days: shift))
        }
        var period = self
        for _ in 0..<abs(steps) {
            period = range.period(containing: steps < 0 ? period.first.adding(days: -1) : period.last.adding(days: 1))
        }
        return period
    }

    public var previous: InsightPeriod { paged(by: -1) }
    public var next: InsightPeriod { paged(by: 1) }

    /// The buckets in order. A week bucket that straddles the period's edge (a quarter starting on
    /// a Thursday) keeps its calendar key but is cut to the period's days.
    public var buckets: [BucketSpan] {
        var spans: [BucketSpan] = []
        var start = bucket.start(of: first)
        while start <= last {
            let end = bucket.end(ofBucketStarting: start)
            spans.append(BucketSpan(start: start, first: max(start, first), last: min(end, last)))
            start = end.adding(days: 1)
        }
        return spans
    }

    /// "2026-11-01 to 2026-11-30".
    public var description: String { "\(first) to \(last)" }
}

/// One bucket of a period: `start` is its calendar key (as the store groups by), `first`...`last`
/// the days of it that lie inside the period.
public struct BucketSpan: Hashable, Sendable {
    public let start: LocalDate
    public let first: LocalDate
    public let last: LocalDate

    public init(start: LocalDate, first: LocalDate, last: LocalDate) {
        self.start = start
        self.first = first
        self.last = last
    }

    public var dayCount: Int { last.days(since: first) + 1 }
    public func contains(_ date: LocalDate) -> Bool { date >= first && date <= last }
}
