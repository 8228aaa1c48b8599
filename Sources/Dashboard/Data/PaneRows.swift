import CarePlanStore

/// The rows of the Care Card, the Symptom Tracker and Connect, in the order they are drawn, so that
/// selection (in the reducer) and drawing (in the panes) agree on what row N is.
public enum PaneRows {
    /// The day's interventions, grouped by `group` in the order groups first appear.
    public static func care(_ day: DayAgenda) -> [AgendaItem] {
        grouped(day.items, kind: .intervention)
    }

    /// The day's assessments, grouped the same way.
    public static func symptoms(_ day: DayAgenda) -> [AgendaItem] {
        grouped(day.items, kind: .assessment)
    }

    /// How many rows each pane has, without making them: grouping changes only their order.
    public static func careCount(_ day: DayAgenda) -> Int { day.items.count { $0.activity.kind == .intervention } }
    public static func symptomsCount(_ day: DayAgenda) -> Int { day.items.count { $0.activity.kind == .assessment } }

    /// The plan's contacts on the selected day: the care team first, then personal contacts,
    /// each in the file's order.
    public static func contacts(_ data: DashboardData) -> [Contact] {
        let all = data.plan.contacts(on: data.day.date)
        return Contact.Group.allCases.flatMap { group in all.filter { $0.group == group } }
    }

    /// The items of one kind, grouped. An item holds its whole activity, so each is copied once,
    /// into the rows: filtering by kind, then by each group, then joining copied them three times,
    /// at every frame and in every key's reduction (a dense plan's day has 120 of them).
    static func grouped(_ items: [AgendaItem], kind: Activity.Kind) -> [AgendaItem] {
        var groups: [String?] = []
        var members: [[Int]] = []
        for index in items.indices where items[index].activity.kind == kind {
            let group = items[index].activity.group
            if let known = groups.firstIndex(of: group) {
                members[known].append(index)
            } else {
                groups.append(group)
                members.append([index])
            }
        }
        var rows: [AgendaItem] = []
        rows.reserveCapacity(members.reduce(0) { $0 + $1.count })
        for indices in members { for index in indices { rows.append(items[index]) } }
        return rows
    }
}
