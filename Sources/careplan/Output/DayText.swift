import CarePlanStore
import Localization
import TerminalUI

/// The plain-text day view of `careplan today`: readable in a terminal and in a pasted bug report.
enum DayText {
    static func render(_ day: DayAgenda, plan: PlanSnapshot, clock: CareClock) -> String {
        // TRANSLATORS: the heading of careplan today: the plan's title, then the day.
        var lines = [day.date == clock.today ? tr("{plan} — {date} (today)", ["plan": plan.title, "date": day.date.longText])
                                             : tr("{plan} — {date}", ["plan": plan.title, "date": day.date.longText])]
        switch day.adherence {
        case .notStarted: lines.append(tr("Adherence: not started (the plan begins {date})", ["date": plan.start!.iso]))
        case .due(let completed, let total):
            lines.append(trn("Adherence: {count} of {total} done ({percent} %)", "Adherence: {count} of {total} done ({percent} %)", completed,
                             ["total": total, "percent": day.adherence.percent!]))
        // TRANSLATORS: {summary} is the day's adherence in words, e.g. "nothing due".
        default: lines.append(tr("Adherence: {summary}", ["summary": day.adherence.summary]))
        }
        let width = max(12, day.items.map { TextWidth.of($0.activity.id) }.max() ?? 0)
        let titleWidth = min(32, max(10, day.items.map { TextWidth.of($0.activity.title) }.max() ?? 0))
        for kind in Activity.Kind.allCases {
            let items = day.items.filter { $0.activity.kind == kind }
            guard !items.isEmpty else { continue }
            lines.append("")
            lines.append(kind == .intervention ? tr("Interventions") : tr("Assessments"))
            var group: String?
            for item in items {
                if let itemGroup = item.activity.group, itemGroup != group {
                    lines.append("  \(itemGroup)")
                }
                group = item.activity.group
                let label = "  \(TextWidth.pad(item.activity.id, to: width))  \(TextWidth.pad(item.activity.title, to: titleWidth))  "
                lines.append(label + events(item, day: day.date, clock: clock) + (item.activity.optional ? "  " + tr("(optional)") : ""))
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
            guard activity.kind == .assessment, !logged.isEmpty else {
                return trn("as needed: {count} logged", "as needed: {count} logged", item.events.count)
            }
            // TRANSLATORS: {readings} are the readings logged, e.g. "2 puffs, 1 puff".
            return trn("as needed: {count} logged ({readings})", "as needed: {count} logged ({readings})", item.events.count,
                       ["readings": ListText.joined(logged)])
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
