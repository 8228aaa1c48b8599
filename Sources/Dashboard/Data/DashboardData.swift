import Foundation
import CareInsights
import HealthData
import CarePlanStore

/// One day of the week strip: its date and how much of what was due on it was done.
public struct WeekDay: Hashable, Sendable {
    public var date: LocalDate
    public var adherence: Adherence
}

/// What the store says about the visible dates: the selected day's agenda, its week's adherence,
/// and the readings the Symptom Tracker shows. Only the selected day's outcomes are read; the week
/// strip comes from the day summaries, so a frame costs the same whatever the length of the history.
public struct DashboardData: Equatable, Sendable {
    public var plan: PlanSnapshot
    /// Monday to Sunday of the selected week.
    public var week: [WeekDay]
    /// The selected day: its events and their outcomes.
    public var day: DayAgenda
    /// The latest reading on or before the selected day of each of the day's assessments that has
    /// nothing recorded on it: what the Symptom Tracker shows in place of the day's own reading.
    public var latest: [String: Outcome]

    public var selectedDate: LocalDate { day.date }

    public var isEmpty: Bool { plan.isEmpty }

    /// The Insights report for the selected period; nil when Insights is not on screen (a frame
    /// queries only what it shows).
    public var insights: InsightsReport?

    /// The report's assessment values in the order Insights lists and charts them: the most
    /// readings in the period first (blood pressure twice a day before a weekly weigh-in), plan
    /// order among equals.
    public var chartFields: [FieldInsight] {
        guard let fields = insights?.assessments else { return [] }
        // Positions are sorted, not the fields: each field holds its series, and moving them about
        // in the sort was a tenth of drawing Insights.
        let counts = fields.map { $0.overall?.count ?? 0 }
        return fields.indices.sorted { (counts[$0], -$0) > (counts[$1], -$1) }.map { fields[$0] }
    }

    /// What Insights can chart, in list order: sleep first when the period has any, then the
    /// assessments' fields (`chartFields`).
    public var charts: [InsightsChart] {
        (insights?.sleep.map { [InsightsChart.sleep($0)] } ?? []) + chartFields.map(InsightsChart.field)
    }

    /// How many `charts` there are, without sorting and copying them (each holds its series).
    public var chartCount: Int { (insights?.sleep == nil ? 0 : 1) + (insights?.assessments.count ?? 0) }

    /// The selected day's night (the one that ended that morning), when the plan keeps a sleep diary.
    public var night: SleepNight?
    /// When the bedside timer started, while it runs.
    public var sleepTimer: HealthInstant?
    /// The selected day's questionnaires started and kept as drafts.
    public var drafts: Set<DraftEvent> = []
    /// What the scores of the day's questionnaires mean (their bands), by activity id.
    public var scores: [String: FormScores] = [:]

    public init(plan: PlanSnapshot, week: [WeekDay], day: DayAgenda, latest: [String: Outcome], insights: InsightsReport? = nil,
                night: SleepNight? = nil) {
        self.plan = plan
        self.week = week
        self.day = day
        self.latest = latest
        self.insights = insights
        self.night = night
    }

    /// The day's assessments with nothing recorded on it, whose earlier reading the Symptom Tracker
    /// shows. (Asking for every assessment of a plan was a tenth of a week switch at ten years, for
    /// readings a day with its own never shows.)
    static func withoutReading(_ day: DayAgenda) -> [String] {
        day.items.compactMap { $0.activity.kind == .assessment && !$0.events.contains(where: \.isDone) ? $0.activity.id : nil }
    }

    /// What a store with no plan shows (the welcome screen), on `date`.
    public static func noPlan(on date: LocalDate) -> DashboardData {
        let plan = PlanSnapshot(title: "", histories: [])
        return DashboardData(plan: plan, week: [], day: DayAgenda(date: date, plan: plan, outcomes: []), latest: [:])
    }

    /// Loads the selected day and its week as seen on `today`, and the insights report for
    /// `insights` when it is on screen. With `previous`, when only the selected day moved (nothing
    /// was written), the week strip and the insights report of `previous` are kept if they still
    /// cover `date`: a day switch inside a week then reads only the new day.
    public static func load(from store: CareStore, date: LocalDate, today: LocalDate, plan: PlanSnapshot? = nil,
                            insights range: InsightRange? = nil, reusing previous: DashboardData? = nil,
                            zone: TimeZone = CareClock.environmentZone) throws -> DashboardData {
        // One read transaction: everything on screen comes from one state of the store.
        var data = try store.reading { reader in
            let plan = try plan ?? reader.plan()
            let day = try reader.day(date, plan: plan)
            let latest = try reader.latestOutcomes(of: Self.withoutReading(day), onOrBefore: date)
            let timer = try SleepTimer.running(reader.database)
            let asksForms = plan.histories.contains { $0.activity(on: date).questionnaire != nil }
            func drafts() throws -> Set<DraftEvent> { asksForms ? try reader.drafts(on: date) : [] }
            // The selected day's night, for a plan with a sleep diary: from the Insights report
            // when it holds that night, else read on its own.
            func night(from report: InsightsReport?) throws -> SleepNight? {
                guard !plan.sleepDiaries.isEmpty else { return nil }
                if let known = report?.sleep?.nights.first(where: { $0.date == date }) { return known }
                return try SleepNights.load(reader, from: date, through: date, settings: plan.sleepSettings(on: date), zone: zone, plan: plan).first
            }
            if let previous, previous.plan == plan, previous.week.contains(where: { $0.date == date }),
               range == nil || (previous.insights?.period.range == range && previous.insights?.period.contains(date) == true
                                && previous.insights?.today == today) {
                let insights = range == nil ? nil : previous.insights
                var data = DashboardData(plan: plan, week: previous.week, day: day, latest: latest, insights: insights, night: try night(from: insights))
                data.sleepTimer = timer
                data.drafts = try drafts()
                return data
            }
            let report = try range.map { try InsightsEngine.report(using: reader, range: $0, date: date, today: today, plan: plan, zone: zone) }
            let monday = DateBucket.week.start(of: date)
            let dates = (0..<7).map { monday.adding(days: $0) }
            // A week's report already holds each day's adherence, counted the same way.
            let adherence: [Adherence]
            if let report, report.period.range == .week, report.period.first == monday, report.adherence.buckets.count == 7 {
                adherence = report.adherence.buckets
            } else {
                adherence = try InsightsEngine.dailyAdherence(using: reader, plan: plan, from: monday, through: dates[6], today: today)
            }
            var data = DashboardData(plan: plan, week: zip(dates, adherence).map { WeekDay(date: $0, adherence: $1) }, day: day,
                                     latest: latest, insights: report, night: try night(from: report))
            data.sleepTimer = timer
            data.drafts = try drafts()
            return data
        }
        // What the day's questionnaires' scores mean: each form read once while careplan runs.
        for history in data.plan.histories {
            guard let reference = history.activity(on: date).questionnaire else { continue }
            data.scores[history.id] = try store.scores(of: reference)
        }
        return data
    }
}

/// One entry of Insights' list: sleep over the period, or one assessment field.
public enum InsightsChart: Hashable, Sendable {
    case sleep(SleepInsight)
    case field(FieldInsight)
}
