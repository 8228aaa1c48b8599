import CareInsights
import CarePlanStore

/// `careplan insights --json`: the report as the pane shows it. Every series has one entry per
/// bucket, in `buckets` order; a bucket without readings has `"value": null` and `"count": 0`,
/// never a 0 value, and adherence keeps `not-started`, `future` and `nothing-due` apart from `due`.
struct InsightsJSON: Encodable {
    struct BucketJSON: Encodable {
        var start: String
        var first: String
        var last: String
    }

    struct SeriesJSON: Encodable {
        var activity: String?
        var title: String
        var total: AdherenceJSON
        var buckets: [AdherenceJSON]

        init(_ series: AdherenceSeries) {
            activity = series.activityId
            title = series.title
            total = AdherenceJSON(series.total)
            buckets = series.buckets.map(AdherenceJSON.init)
        }
    }

    struct StatisticsJSON: Encodable {
        var start: String?
        @Null var value: Double?
        var count: Int
        var min: Double?
        var max: Double?
        var average: Double?
        var sum: Double?
        var last: Double?

        init(start: LocalDate?, _ statistics: ReadingStatistics?, aggregate: Measure.Aggregate) {
            self.start = start?.iso
            value = statistics?.value(aggregate)
            count = statistics?.count ?? 0
            min = statistics?.min
            max = statistics?.max
            average = statistics?.average
            sum = statistics?.sum
            last = statistics?.last
        }
    }

    struct TrendJSON: Encodable {
        var slopePerWeek: Double
        var change: Double
        var n: Int
        var direction: String
    }

    struct FieldJSON: Encodable {
        var activity: String
        var title: String
        var field: String
        @Null var unit: String?
        var aggregate: String
        @Null var normal: [Double]?
        var overall: StatisticsJSON
        @Null var trend: TrendJSON?
        var buckets: [StatisticsJSON]

        init(_ insight: FieldInsight, buckets spans: [BucketSpan]) {
            activity = insight.activityId
            title = insight.title
            field = insight.field.name
            unit = insight.field.unit
            aggregate = insight.aggregate.rawValue
            normal = insight.field.normal.map { [$0.lowerBound, $0.upperBound] }
            overall = StatisticsJSON(start: nil, insight.overall, aggregate: insight.aggregate)
            trend = insight.trend.map { TrendJSON(slopePerWeek: $0.slopePerWeek, change: $0.change, n: $0.n, direction: $0.direction.rawValue) }
            buckets = zip(spans, insight.buckets).map { StatisticsJSON(start: $0.start, $1, aggregate: insight.aggregate) }
        }
    }

    struct MessageJSON: Encodable {
        var level: String
        var kind: String
        var activity: String?
        var relatedActivity: String?
        var text: String
        var numbers: [String: Double]
        /// The care-team contact an alert says to call, when the plan names one.
        var contact: String?
    }

    var title: String
    var range: String
    var first: String
    var last: String
    var bucket: String
    var today: String
    var activity: String?
    var buckets: [BucketJSON]
    var adherence: SeriesJSON
    var activities: [SeriesJSON]
    var assessments: [FieldJSON]
    var messages: [MessageJSON]
    /// The period's sleep (as `careplan sleep --range` gives it, without the nights); absent when
    /// the plan keeps no sleep diary and the store no nights.
    var sleep: SleepJSON.Statistics?

    init(_ report: InsightsReport) {
        title = report.title
        range = report.period.range.rawValue
        first = report.period.first.iso
        last = report.period.last.iso
        bucket = report.period.bucket.rawValue
        today = report.today.iso
        activity = report.activity
        buckets = report.buckets.map { BucketJSON(start: $0.start.iso, first: $0.first.iso, last: $0.last.iso) }
        adherence = SeriesJSON(report.adherence)
        activities = report.activities.map(SeriesJSON.init)
        assessments = report.assessments.map { FieldJSON($0, buckets: report.buckets) }
        sleep = report.sleep.map { SleepJSON.Statistics($0.statistics) }
        messages = report.messages.map {
            MessageJSON(level: $0.level.name, kind: $0.kind.rawValue, activity: $0.activityId, relatedActivity: $0.relatedActivityId,
                        text: $0.text, numbers: $0.numbers, contact: $0.contact)
        }
    }
}
