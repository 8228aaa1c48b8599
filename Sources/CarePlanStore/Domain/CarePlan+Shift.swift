extension CarePlan {
    /// The same plan with every schedule's start and end moved by `days`, so a sample plan written
    /// for one month can be replayed around any "today" (the demo, tests, benchmarks).
    public func shifted(byDays days: Int) -> CarePlan {
        var plan = self
        for index in plan.activities.indices {
            plan.activities[index].schedule.start = plan.activities[index].schedule.start.adding(days: days)
            plan.activities[index].schedule.end = plan.activities[index].schedule.end?.adding(days: days)
        }
        return plan
    }

    /// The same plan moved so that its first activity starts on `day` (the first-run picker starts a
    /// sample plan today; the demo and generated histories start it where their history begins).
    public func starting(on day: LocalDate) -> CarePlan {
        shifted(byDays: start.map { day.days(since: $0) } ?? 0)
    }

    /// The first day any activity is scheduled.
    public var start: LocalDate? { activities.map(\.schedule.start).min() }
}
