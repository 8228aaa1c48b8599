import CarePlanStore

/// The rows of the Care Card and the Symptom Tracker, in the order they are drawn, so that
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

    static func grouped(_ items: [AgendaItem]) -> [AgendaItem] {
        var order: [String?] = []
        for item in items where !order.contains(item.activity.group) { order.append(item.activity.group) }
        return order.flatMap { group in items.filter { $0.activity.group == group } }
    }
}
