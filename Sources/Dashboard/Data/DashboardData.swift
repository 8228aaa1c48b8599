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

    /// What Insights can chart, one entry per value (blood pressure gives systolic and diastolic):
    /// measured assessments (numbers, scales, yes/no as a share of yes), the most often taken first,
    /// since blood pressure twice a day says more than a weekly weigh-in. Choices and free text are
    /// not numbers and are left out.
    public var chartSeries: [ChartSeries] {
        let charted: Set<Measure.ValueType> = [.number, .integer, .scale, .boolean]
        let measured = plan.activities(on: selectedDate).filter { $0.kind == .assessment && charted.contains($0.measure!.type) }
        let perWeek = { (activity: Activity) in (0..<7).reduce(0) { $0 + activity.schedule.occurrences(on: selectedDate.adding(days: $1)) } }
        let ranked = measured.enumerated().sorted { (perWeek($0.element), -$0.offset) > (perWeek($1.element), -$1.offset) }.map(\.element)
        return ranked.flatMap { activity in activity.measure!.fields.indices.map { ChartSeries(activity: activity, field: $0) } }
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

/// One value of one assessment, as Insights charts it.
public struct ChartSeries: Equatable, Sendable {
    public var activity: Activity
    /// Index into the measure's fields.
    public var field: Int

    public var measureField: Measure.Field { activity.measure!.fields[field] }

    /// "Blood pressure (systolic)", or just the title for single-value measures.
    public var title: String {
        activity.measure!.isMultiValue ? "\(activity.title) (\(measureField.name))" : activity.title
    }
}
