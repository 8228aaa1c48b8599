import Foundation
import CarePlanStore

/// Everything Insights shows for one period, computed once: the pane draws it and `careplan
/// insights` prints it, so the two always show the same numbers.
public struct InsightsReport: Hashable, Sendable {
    public var title: String
    public var period: InsightPeriod
    public var today: LocalDate
    /// The activity the report was narrowed to, if any.
    public var activity: String?
    /// The period's buckets, in order; every series below has one entry per bucket.
    public var buckets: [BucketSpan]
    /// The whole plan's adherence.
    public var adherence: AdherenceSeries
    /// Each intervention that counts in adherence (only the chosen one when narrowed to one).
    public var activities: [AdherenceSeries]
    /// Each numeric field of each assessment (only the chosen one's when narrowed to one).
    public var assessments: [FieldInsight]
    /// Most severe first.
    public var messages: [InsightMessage]
    /// Sleep over the period, when the plan keeps a sleep diary or the store holds nights.
    public var sleep: SleepInsight?
}

/// Computes insights reports from a store: SQL aggregates for outcomes, schedule arithmetic for
/// what was due. The work grows with the period shown, never with the length of the history.
public struct InsightsEngine: Sendable {
    public let store: CareStore

    public init(store: CareStore) { self.store = store }

    /// The report for the `range` period containing `date`, as seen on `today` (days after it are
    /// not counted). `activity` narrows the per-activity series and the messages to one activity;
    /// pass `plan` when it is already loaded.
    public func report(range: InsightRange, date: LocalDate, activity: String? = nil, today: LocalDate,
                       plan: PlanSnapshot? = nil, zone: TimeZone = CareClock.environmentZone) throws -> InsightsReport {
        try store.reading { reader in
            try Self.report(using: reader, range: range, date: date, activity: activity, today: today, plan: plan, zone: zone)
        }
    }

    /// The same report inside a read transaction the caller already holds (a frame loads its week
    /// and its report in one).
    public static func report(using store: StoreReader, range: InsightRange, date: LocalDate, activity: String? = nil,
                              today: LocalDate, plan: PlanSnapshot? = nil, zone: TimeZone = CareClock.environmentZone) throws -> InsightsReport {
        try report(using: store, period: range.period(containing: date), activity: activity, today: today, plan: plan, zone: zone)
    }

    /// The report of any period: a calendar one, or days chosen by hand (`InsightPeriod(from:through:)`).
    public static func report(using store: StoreReader, period: InsightPeriod, activity: String? = nil,
                              today: LocalDate, plan: PlanSnapshot? = nil, zone: TimeZone = CareClock.environmentZone) throws -> InsightsReport {
        let plan = try plan ?? store.plan()
        if let activity, plan.history(activity) == nil {
            throw CarePlanError.unknownActivity(activity, known: plan.histories.map(\.id))
        }
        // The day the figures are as of: the period's end, or today inside the current period. For
        // a future period it falls before the period, and everything reads "future".
        let end = min(period.last, today)
        let reference = max(end, period.first)

        // Completed counts day by day over the period up to the last counted day; the days before
        // it only as totals (the adherence drop) and as each activity's last day done (streaks).
        let lastFinished = Evidence.lastFinished(end: end, today: today)
        let finished = max(lastFinished.days(since: period.first) + 1, 0)
        let previousFrom = period.first.adding(days: -finished)
        let streakFrom = lastFinished.adding(days: -(MessageRules.streakLookBack - 1))
        let interventions = plan.histories.filter { $0.kind == .intervention }.map(\.id)
        // A week or a month reads the days before it (the adherence drop's) with its own, in one
        // statement; a quarter's or a year's are summed by SQLite rather than read day by day.
        let readsPrevious = finished <= 31
        let done = try store.completedCounts(of: interventions, from: readsPrevious ? previousFrom : period.first, through: end)
        let due = DueTable(plan: plan, first: min(streakFrom, previousFrom), last: max(end, period.last), tabledFrom: previousFrom)
        let counted = plan.histories.filter(\.countsInAdherence)
        let ledger = AdherenceLedger(ids: counted.map(\.id), due: due, done: done, first: period.first, last: end)
        let previous = try SpanTotals(store: store, histories: counted, due: due, first: previousFrom, last: period.first.adding(days: -1),
                                      known: done)
        let lastDone = try LastDone(store: store, histories: counted, first: streakFrom, last: lastFinished, known: done)
        let (whole, perActivity) = AdherenceSeries.all(plan: plan, period: period, ledger: ledger, today: today)

        // Narrowed to an assessment, only its readings matter; narrowed to an intervention, all of
        // them do (its associations).
        let onlyAssessment = activity.flatMap { plan.history($0)?.kind == .assessment ? $0 : nil }
        let measured = plan.histories.filter { $0.kind == .assessment && (onlyAssessment ?? $0.id) == $0.id }
            .map { $0.activity(on: reference) }.filter { $0.measure?.type.isQuantity == true }
        let loader = try FieldStatisticsLoader(store: store, period: period, dailyFrom: end.adding(days: -(MessageRules.readingWindow - 1)),
                                               fields: measured.flatMap { activity in activity.measure!.fields.map { (activity.id, $0.name) } })
        var fields: [FieldInsight] = [], readings: [DailyReadings] = []
        for assessment in measured {
            for field in assessment.measure!.fields {
                let (insight, daily) = loader.load(assessment, field: field)
                fields.append(insight)
                readings.append(daily)
            }
        }

        // Sleep, when there is any: its own figures and rules, and its nights in the associations.
        var sleep: SleepInsight?
        if activity == nil || plan.history(activity!)?.kind == .intervention || plan.history(activity!)?.activity(on: reference).measure?.type == .sleep {
            let loaded = try SleepInsight.load(store, period: period, today: today, plan: plan, zone: zone)
            sleep = loaded.isEmpty ? nil : loaded
        }
        let associated = readings + (sleep.map { [$0.followingNights()] } ?? [])
        let evidence = Evidence(plan: plan, period: period, today: today, end: end, ledger: ledger, previous: previous, lastDone: lastDone,
                                due: due, done: done, readings: associated)
        var messages = end >= period.first ? MessageRules.messages(evidence, activity: activity) : []
        if let sleep, end >= period.first {
            messages = (messages + sleep.messages).enumerated().sorted { ($0.element.level, -$0.offset) > ($1.element.level, -$1.offset) }.map(\.element)
        }
        // An alarming answer comes first, whatever the period, until it is acknowledged.
        if plan.histories.contains(where: { $0.activity(on: reference).questionnaire != nil }) {
            messages = AnswerAlerts.messages(try store.openAlerts(), plan: plan, end: end, activity: activity) + messages
        }
        return InsightsReport(title: plan.title, period: period, today: today, activity: activity, buckets: period.buckets,
                              adherence: whole,
                              activities: activity.map { id in perActivity.filter { $0.activityId == id } } ?? perActivity,
                              assessments: activity.map { id in fields.filter { $0.activityId == id } } ?? fields,
                              messages: messages, sleep: sleep)
    }
}
