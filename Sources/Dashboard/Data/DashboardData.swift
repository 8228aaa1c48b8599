import CareInsights
import CarePlanStore

/// What the store says about the visible dates: the selected day, its week, and the readings the
/// Symptom Tracker shows. Loaded by one read of a week's outcomes plus one indexed lookup per
/// assessment, so a frame costs the same whatever the length of the history.
public struct DashboardData: Equatable, Sendable {
    public var plan: PlanSnapshot
    /// Monday to Sunday of the selected week.
    public var week: [DayAgenda]
    public var selectedDate: LocalDate
    /// Each assessment's latest reading on or before the selected day.
    public var latest: [String: Outcome]

    public var day: DayAgenda { week.first { $0.date == selectedDate } ?? week[0] }

    public var isEmpty: Bool { plan.isEmpty }

    /// The Insights report for the selected period; nil when Insights is not on screen (a frame
    /// queries only what it shows).
    public var insights: InsightsReport?

    /// The report's assessment values in the order Insights lists and charts them: the most
    /// readings in the period first (blood pressure twice a day before a weekly weigh-in), plan
    /// order among equals.
    public var chartFields: [FieldInsight] {
        guard let fields = insights?.assessments else { return [] }
        return fields.enumerated().sorted { ($0.element.overall?.count ?? 0, -$0.offset) > ($1.element.overall?.count ?? 0, -$1.offset) }.map(\.element)
    }

    /// Loads the selected week; and the insights report for `insights` (range, today) when given.
    public static func load(from store: CareStore, date: LocalDate, plan: PlanSnapshot? = nil,
                            insights: (range: InsightRange, today: LocalDate)? = nil) throws -> DashboardData {
        try load(from: store, date: date, plan: plan, insights: insights, reusing: nil)
    }

    /// As `load`, but when only the selected day moved (nothing was written), the week's outcomes
    /// and the insights report of `previous` are kept if they still cover `date`: a day switch
    /// inside a week then costs one lookup per assessment instead of the whole week and report.
    public static func load(from store: CareStore, date: LocalDate, plan: PlanSnapshot?,
                            insights: (range: InsightRange, today: LocalDate)?, reusing previous: DashboardData?) throws -> DashboardData {
        // One read transaction: everything on screen comes from one state of the store.
        try store.reading { reader in
            let plan = try plan ?? reader.plan()
            let assessmentIds = plan.histories.filter { $0.kind == .assessment }.map(\.id)
            if let previous, previous.plan == plan, previous.week.contains(where: { $0.date == date }),
               insights == nil || (previous.insights?.period.range == insights?.range && previous.insights?.period.contains(date) == true
                                   && previous.insights?.today == insights?.today) {
                var data = previous
                data.selectedDate = date
                data.latest = try reader.latestOutcomes(of: assessmentIds, onOrBefore: date)
                if insights == nil { data.insights = nil }
                return data
            }
            let monday = date.adding(days: -(date.weekday.rawValue - 1))
            let sunday = monday.adding(days: 6)
            let byDate = Dictionary(grouping: try reader.outcomes(from: monday, to: sunday), by: \.date)
            let week = (0..<7).map { offset -> DayAgenda in
                let day = monday.adding(days: offset)
                return DayAgenda(date: day, plan: plan, outcomes: byDate[day] ?? [])
            }
            let latest = try reader.latestOutcomes(of: assessmentIds, onOrBefore: date)
            let report = try insights.map {
                try InsightsEngine.report(using: reader, range: $0.range, date: date, today: $0.today, plan: plan)
            }
            return DashboardData(plan: plan, week: week, selectedDate: date, latest: latest, insights: report)
        }
    }
}
