import Localization

/// What is due now, soon, and overdue today: the one rule `careplan due`, `careplan status`,
/// `careplan remind` and the dashboard's header count share.
///
/// An occurrence with a time is due from that time, and overdue once its grace (the activity's
/// `grace`, else the plan's `reminders: grace`, 60 minutes by default) has passed; one without a
/// time is due all day. Done occurrences, optional and as-needed activities are never due.
public struct DueList: Hashable, Sendable {
    /// `rawValue` names the state in JSON and reminder keys; `title` is the reader's word for it.
    public enum State: String, Hashable, Sendable, Comparable {
        case overdue, due, soon

        /// "overdue", "due", "soon" in the reader's language.
        public var title: String {
            switch self {
            // TRANSLATORS: the state of an occurrence not done yet: past its time and grace, at its time, or starting soon.
            case .overdue: return trc("due state", "overdue")
            case .due: return trc("due state", "due")
            case .soon: return trc("due state", "soon")
            }
        }

        public static func < (a: State, b: State) -> Bool { a.order < b.order }
        private var order: Int { self == .overdue ? 0 : self == .due ? 1 : 2 }
    }

    public struct Item: Hashable, Sendable {
        public var activity: Activity
        public var date: LocalDate
        public var occurrence: Int
        public var time: TimeOfDay?
        public var state: State
        /// Minutes after midnight it became (or becomes) overdue; nil for an untimed one.
        public var overdueAt: Int?
    }

    /// Overdue first, then due, then soon; each by time.
    public var items: [Item]

    public var overdue: Int { items.filter { $0.state == .overdue }.count }
    public var due: Int { items.filter { $0.state == .due }.count }
    public var soon: Int { items.filter { $0.state == .soon }.count }

    /// Today's list at `minutesIntoDay`, with occurrences starting within `within` minutes as soon.
    public init(day: DayAgenda, reminders: Reminders, minutesIntoDay now: Int, within: Int = 0) {
        var items: [Item] = []
        for item in day.items {
            let activity = item.activity
            guard !activity.optional, !activity.schedule.isAsNeeded else { continue }
            for event in item.events where !event.isDone {
                guard let state = Self.state(of: event, grace: activity.graceMinutes ?? reminders.graceMinutes, minutesIntoDay: now, within: within)
                else { continue }
                let overdueAt = event.time.map { $0.minutes + (activity.graceMinutes ?? reminders.graceMinutes) }
                items.append(Item(activity: activity, date: day.date, occurrence: event.occurrence, time: event.time, state: state, overdueAt: overdueAt))
            }
        }
        self.items = items.sorted { ($0.state, $0.time?.minutes ?? -1) < ($1.state, $1.time?.minutes ?? -1) }
    }

    /// An open occurrence's state at `minutesIntoDay` on its own day; nil when it is not due yet
    /// (and not within `within` minutes).
    public static func state(of event: Event, grace: Int, minutesIntoDay now: Int, within: Int = 0) -> State? {
        guard !event.isDone else { return nil }
        guard let time = event.time?.minutes else { return .due }
        if now < time { return time - now <= within ? .soon : nil }
        return now < time + grace ? .due : .overdue
    }
}
