import Localization

/// What importing a plan would end, worked out before anything is written, so the command line
/// can say so and ask: activities the file gives an end (or an earlier end) than they have now,
/// and contacts it no longer lists.
public struct PlanEndings: Equatable, Sendable {
    public var activities: [(id: String, end: LocalDate)]
    public var contacts: [String]

    public var isEmpty: Bool { activities.isEmpty && contacts.isEmpty }

    public static func == (a: PlanEndings, b: PlanEndings) -> Bool {
        a.activities.map(\.id) == b.activities.map(\.id) && a.activities.map(\.end) == b.activities.map(\.end) && a.contacts == b.contacts
    }

    /// `plan` imported over `current` from `effective` on.
    public init(importing plan: CarePlan, over current: PlanSnapshot, effective: LocalDate) {
        activities = plan.activities.compactMap { activity in
            guard let end = activity.schedule.end, let history = current.history(activity.id) else { return nil }
            let before = history.activity(on: effective).schedule.end
            return before.map { end < $0 } ?? true ? (activity.id, end) : nil
        }
        let listed = Set(plan.contacts.map(\.name))
        contacts = current.contacts(on: effective).map(\.name).filter { !listed.contains($0) }
    }

    /// "ends walk (last day 2026-12-01) and removes contact Sam Patel".
    public var summary: String {
        // TRANSLATORS: an activity an import ends, and its last day: "walk (last day 2026-12-01)".
        let ended = activities.map { tr("{id} (last day {date})", ["id": $0.id, "date": $0.end.iso]) }.joined(separator: ", ")
        let removed = contacts.joined(separator: ", ")
        switch (activities.isEmpty, contacts.isEmpty) {
        // TRANSLATORS: what importing a plan would do, told before it is done: "This import {changes}. Go ahead?".
        // {activities} lists activities with their last day, {names} contacts' names.
        case (false, true): return tr("ends {activities}", ["activities": ended])
        case (true, false): return trn("removes contact {names}", "removes contacts {names}", contacts.count, ["names": removed])
        case (false, false):
            return trn("ends {activities} and removes contact {names}", "ends {activities} and removes contacts {names}", contacts.count,
                       ["activities": ended, "names": removed])
        case (true, true): return ""
        }
    }
}
