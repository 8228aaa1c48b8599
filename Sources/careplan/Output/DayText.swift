import CarePlanStore
import TerminalUI

/// The plain-text day view of `careplan today`: readable in a terminal and in a pasted bug report.
enum DayText {
    static func render(_ day: DayAgenda, plan: PlanSnapshot, clock: CareClock) -> String {
        var lines = ["\(plan.title) — \(day.date.longText)\(day.date == clock.today ? " (today)" : "")"]
        switch day.adherence {
        case .notStarted: lines.append("Adherence: not started (the plan begins \(plan.start!))")
        case .due(let completed, let total): lines.append("Adherence: \(completed) of \(total) done (\(day.adherence.percent!) %)")
        default: lines.append("Adherence: \(day.adherence.summary)")
        }
        let width = max(12, day.items.map(\.activity.id.count).max() ?? 0)
        let titleWidth = min(32, max(10, day.items.map(\.activity.title.count).max() ?? 0))
        for kind in Activity.Kind.allCases {
            let items = day.items.filter { $0.activity.kind == kind }
            guard !items.isEmpty else { continue }
            lines.append("")
            lines.append(kind == .intervention ? "Interventions" : "Assessments")
            var group: String?
            for item in items {
                if let itemGroup = item.activity.group, itemGroup != group {
                    lines.append("  \(itemGroup)")
                }
                group = item.activity.group
                let title = item.activity.title.count > titleWidth ? String(item.activity.title.prefix(titleWidth - 1)) + "…" : item.activity.title
                let label = "  \(TextWidth.pad(item.activity.id, to: width))  \(TextWidth.pad(title, to: titleWidth))  "
                lines.append(label + events(item, day: day.date, clock: clock) + (item.activity.optional ? "  (optional)" : ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func events(_ item: AgendaItem, day: LocalDate, clock: CareClock) -> String {
        let activity = item.activity
        if activity.schedule.isAsNeeded {
            let logged = item.events.map { event in
                event.outcome.map { outcome in
                    outcome.values.isEmpty ? "✓" : ReadingText.reading(outcome.values, measure: activity.measure)
                } ?? ""
            }
            return "as needed: \(item.events.count) logged" + (activity.kind == .assessment && !logged.isEmpty ? " (\(logged.joined(separator: ", ")))" : "")
        }
        return item.events.map { event in
            let mark: String
            if let outcome = event.outcome {
                mark = outcome.values.isEmpty ? "[✓]" : "[" + ReadingText.reading(outcome.values, measure: activity.measure) + "]"
            } else if !activity.optional, isOverdue(event, clock: clock) {
                mark = "[!]"
            } else {
                mark = "[ ]"
            }
            // Where health data filled it, after its time: "[128/84 mmHg] 08:00 (Apple Health · Omron connect)".
            return (event.time.map { "\(mark) \($0)" } ?? mark) + (event.outcome?.source.map { " (\($0))" } ?? "")
        }.joined(separator: "  ")
    }

    /// Open and past its time today, or open on an earlier day.
    static func isOverdue(_ event: Event, clock: CareClock) -> Bool {
        !event.isDone && (event.date < clock.today || event.isPastItsTime(today: clock.today, minutesIntoDay: clock.minutesIntoDay))
    }

}
