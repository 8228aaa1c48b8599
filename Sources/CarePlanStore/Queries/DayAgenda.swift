/// One scheduled (or logged) occurrence of an activity on a day, with its outcome if recorded.
public struct Event: Hashable, Sendable {
    public var activityId: String
    public var date: LocalDate
    public var occurrence: Int
    /// The occurrence's time of day when the schedule names times.
    public var time: TimeOfDay?
    public var outcome: Outcome?

    public var isDone: Bool { outcome != nil }

    /// Open, today, and its time has come (the `[!]` mark of the CLI and the dashboard; whether it
    /// is due or overdue is `DueList`'s to say, with the grace).
    public func isPastItsTime(today: LocalDate, minutesIntoDay: Int) -> Bool {
        !isDone && date == today && (time.map { $0.minutes < minutesIntoDay } ?? false)
    }
}

/// An activity's events on one day.
public struct AgendaItem: Hashable, Sendable {
    public var activity: Activity
    /// Scheduled occurrences in due order; for as-needed activities, one per logged entry.
    public var events: [Event]
}

/// Everything about one day: the activities due (and as-needed ones available), their outcomes, adherence.
public struct DayAgenda: Hashable, Sendable {
    public var date: LocalDate
    public var items: [AgendaItem]
    public var adherence: Adherence

    /// Builds the day from the plan (schedules) and that day's outcomes.
    public init(date: LocalDate, plan: PlanSnapshot, outcomes: [Outcome]) {
        self.date = date
        let byActivity = Dictionary(grouping: outcomes.filter { $0.date == date }, by: \.activityId)
        var items: [AgendaItem] = []
        var completed = 0, total = 0
        for history in plan.histories {
            let activity = history.activity(on: date)
            // An activity has a handful of outcomes a day: a scan beats building a dictionary for each.
            let recorded = byActivity[activity.id] ?? []
            let events: [Event]
            if activity.schedule.isAsNeeded {
                guard activity.schedule.covers(date) || !recorded.isEmpty else { continue }
                events = recorded.sorted { $0.occurrence < $1.occurrence }.map {
                    Event(activityId: activity.id, date: date, occurrence: $0.occurrence, time: nil, outcome: $0)
                }
            } else {
                let count = activity.schedule.occurrences(on: date)
                guard count > 0 else { continue }
                events = (0..<count).map { index in
                    Event(activityId: activity.id, date: date, occurrence: index, time: activity.schedule.time(ofOccurrence: index),
                          outcome: recorded.first { $0.occurrence == index })
                }
                if activity.countsInAdherence {
                    total += count
                    completed += events.filter(\.isDone).count
                }
            }
            items.append(AgendaItem(activity: activity, events: events))
        }
        self.items = items
        let start = plan.start
        if let start, date < start {
            adherence = .notStarted
        } else if start == nil || total == 0 {
            adherence = .nothingDue
        } else {
            adherence = .due(completed: completed, total: total)
        }
    }
}

extension CareStore {
    /// The day's agenda: the plan plus one indexed query for that day's outcomes.
    public func day(_ date: LocalDate, plan: PlanSnapshot? = nil) throws -> DayAgenda {
        try reading { try $0.day(date, plan: plan) }
    }
}

extension StoreReader {
    /// The day's agenda. `.dueList` reads only which of the day's events are done (see
    /// `PlanDetail`): a status line's read, every few seconds.
    public func day(_ date: LocalDate, plan: PlanSnapshot? = nil, detail: PlanDetail = .full) throws -> DayAgenda {
        let outcomes = detail == .full ? try outcomes(from: date, to: date) : try OutcomeQuery.done(db, on: date)
        return DayAgenda(date: date, plan: try plan ?? self.plan(detail), outcomes: outcomes)
    }
}
