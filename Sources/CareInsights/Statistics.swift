import CarePlanStore

/// One numeric field of an assessment over a period: statistics per bucket, the measure's headline
/// figure per bucket, the whole period, and the trend of its daily values.
public struct FieldInsight: Hashable, Sendable {
    public var activityId: String
    /// The assessment's title, and the field in brackets for multi-value measures: "Blood pressure (systolic)".
    public var title: String
    public var field: Measure.Field
    /// Which statistic is the headline (`average` for blood pressure, `sum` for alcohol units...).
    public var aggregate: Measure.Aggregate
    /// One per bucket of the period; nil where there were no readings (never 0).
    public var buckets: [ReadingStatistics?]
    /// Each bucket's headline: `buckets[i]?.value(aggregate)`.
    public var values: [Double?] { buckets.map { $0?.value(aggregate) } }
    /// The whole period; nil without readings.
    public var overall: ReadingStatistics?
    /// Least-squares trend of the daily headline values; nil with fewer than 3 days of readings.
    public var trend: Trend?
}

/// The daily headline values of one field, for trends and messages, keyed by day number.
struct DailyReadings: Sendable {
    let activityId: String
    let title: String
    let field: Measure.Field
    let aggregate: Measure.Aggregate
    let measureType: Measure.ValueType
    var days: [Int: ReadingStatistics]

    func statistics(on date: LocalDate) -> ReadingStatistics? { days[date.dayNumber] }
    func value(on date: LocalDate) -> Double? { days[date.dayNumber]?.value(aggregate) }
}

extension ReadingStatistics {
    /// Several buckets' statistics as one (in date order, so `last` is the last bucket's last);
    /// exact, because count, sum, min and max combine and the average is sum / count.
    static func combined(_ parts: some Sequence<ReadingStatistics>) -> ReadingStatistics? {
        var rest = parts.makeIterator()
        guard var total = rest.next() else { return nil }
        while let next = rest.next() { total = .merged(total, then: next) }
        return total
    }
}

extension Measure.ValueType {
    /// Types whose values are quantities that averages and trends make sense of.
    var isQuantity: Bool { self == .number || self == .integer || self == .scale }
}

/// Builds a field's insight from one SQL GROUP BY per day over the period (and the week before its
/// end, for messages). Trends, associations and out-of-normal days need the daily figures anyway,
/// and week and month statistics combine exactly from them (see `ReadingStatistics.combined`), so
/// the buckets are rolled up here rather than read a second time: at most 366 rows, never a reading.
struct FieldStatisticsLoader {
    let period: InsightPeriod
    /// Each field's per-day statistics from the first day needed (messages look back a week before
    /// the period's end) to the period's last, read for all fields in one statement.
    let days: [String: [BucketStatistics]]
    /// The period's buckets, worked out once for all the fields.
    let spans: [BucketSpan]

    init(store: StoreReader, period: InsightPeriod, dailyFrom: LocalDate, fields: [(activityId: String, field: String)]) throws {
        self.period = period
        spans = period.buckets
        days = try store.dailyStatistics(of: fields, from: min(dailyFrom, period.first), through: period.last)
    }

    func load(_ activity: Activity, field: Measure.Field) -> (insight: FieldInsight, daily: DailyReadings) {
        let measure = activity.measure!
        let title = measure.isMultiValue ? "\(activity.title) (\(field.name))" : activity.title
        let daily = days[activity.id + "/" + field.name] ?? []
        let inPeriod = daily.filter { period.contains($0.start) }
        var buckets: [ReadingStatistics?] = []
        buckets.reserveCapacity(spans.count)
        var index = inPeriod.startIndex
        for span in spans {
            // The bucket's days, combined where they lie (no array of them per bucket).
            let first = index
            while index < inPeriod.endIndex, inPeriod[index].start <= span.last { index += 1 }
            buckets.append(.combined(inPeriod[first..<index].lazy.map(\.statistics)))
        }
        let readings = DailyReadings(activityId: activity.id, title: title, field: field, aggregate: measure.aggregate,
                                     measureType: measure.type,
                                     days: Dictionary(daily.map { ($0.start.dayNumber, $0.statistics) }, uniquingKeysWith: { first, _ in first }))
        let points = inPeriod.map { (x: Double($0.start.days(since: period.first)), y: $0.statistics.value(measure.aggregate)) }
        let insight = FieldInsight(activityId: activity.id, title: title, field: field, aggregate: measure.aggregate,
                                   buckets: buckets, overall: .combined(inPeriod.lazy.map(\.statistics)),
                                   trend: Trend.fit(points, scale: Trend.scale(field, values: points.map(\.y))))
        return (insight, readings)
    }
}

/// The value range a chart of a field draws: its values' spread widened to include the normal
/// band, with a margin that never reaches values that cannot be entered. The pane's line chart
/// and the report's SVG use it, so the two draw the same picture.
public enum ChartScale {
    public static func range(_ values: [Double], field: Measure.Field) -> ClosedRange<Double> {
        var low = values.min() ?? field.normal?.lowerBound ?? field.range?.lowerBound ?? 0
        var high = values.max() ?? field.normal?.upperBound ?? field.range?.upperBound ?? 1
        if let normal = field.normal { low = min(low, normal.lowerBound); high = max(high, normal.upperBound) }
        if high <= low { high = low + 1 }
        let margin = (high - low) * 0.1
        low -= margin
        high += margin
        // The margin never reaches values that cannot be entered (no -1 on a 0–10 pain scale).
        if let range = field.range { low = max(low, range.lowerBound); high = min(high, range.upperBound) }
        return low...high
    }
}
