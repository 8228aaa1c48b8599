import CarePlanStore

/// The rows of the Care Card, the Symptom Tracker and Connect, in the order they are drawn, so that
/// selection (in the reducer) and drawing (in the panes) agree on what row N is.
public enum PaneRows {
    /// The day's interventions, grouped by `group` in the order groups first appear.
    public static func care(_ day: DayAgenda) -> [AgendaItem] {
        grouped(day.items.filter { $0.activity.kind == .intervention })
    }

    /// The day's assessments, grouped the same way.
    public static func symptoms(_ day: DayAgenda) -> [AgendaItem] {
        grouped(day.items.filter { $0.activity.kind == .assessment })
    }

    /// The plan's contacts on the selected day: the care team first, then personal contacts,
    /// each in the file's order.
    public static func contacts(_ data: DashboardData) -> [Contact] {
        let all = data.plan.contacts(on: data.day.date)
        return Contact.Group.allCases.flatMap { group in all.filter { $0.group == group } }
    }

    static func grouped(_ items: [AgendaItem]) -> [AgendaItem] {
        var order: [String?] = []
        for item in items where !order.contains(item.activity.group) { order.append(item.activity.group) }
        return order.flatMap { group in items.filter { $0.activity.group == group } }
    }
}
