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

    /// The plan's assessments as defined on the selected day, for Insights' chart choice: measured
    /// ones (numbers, scales) first, the most often taken first (blood pressure twice a day before a
    /// weekly weigh-in), since a line of yes/no answers says less than a line of readings.
    public var assessments: [Activity] {
        let all = plan.activities(on: selectedDate).filter { $0.kind == .assessment }
        let measured = all.filter { [.number, .integer, .scale].contains($0.measure?.type) }
        let perWeek = { (activity: Activity) in (0..<7).reduce(0) { $0 + activity.schedule.occurrences(on: selectedDate.adding(days: $1)) } }
        let ranked = measured.enumerated().sorted { (perWeek($0.element), -$0.offset) > (perWeek($1.element), -$1.offset) }.map(\.element)
        return ranked + all.filter { !measured.contains($0) }
    }

    public static func load(from store: CareStore, date: LocalDate, plan: PlanSnapshot? = nil) throws -> DashboardData {
        let plan = try plan ?? store.plan()
        let monday = date.adding(days: -(date.weekday.rawValue - 1))
        let sunday = monday.adding(days: 6)
        let outcomes = try store.outcomes(from: monday, to: sunday)
        let byDate = Dictionary(grouping: outcomes, by: \.date)
        let week = (0..<7).map { offset -> DayAgenda in
            let day = monday.adding(days: offset)
            return DayAgenda(date: day, plan: plan, outcomes: byDate[day] ?? [])
        }
        let assessmentIds = plan.histories.filter { $0.kind == .assessment }.map(\.id)
        let latest = try store.latestOutcomes(of: assessmentIds, onOrBefore: date)
        return DashboardData(plan: plan, week: week, selectedDate: date, latest: latest)
    }
}
