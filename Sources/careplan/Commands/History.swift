import ArgumentParser
import CarePlanStore
import Localization
import TerminalUI

/// `careplan history ID`: one activity's outcomes over a range of days.
struct History: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "history", abstract: tr("List an activity's recorded outcomes, oldest first."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    @OptionGroup var range: RangeOptions

    func run() throws {
        let clock = try store.clock()
        let (from, to) = try range.resolve(clock)
        let careStore = try store.open(readOnly: true)
        let plan = try careStore.plan()
        guard let history = plan.history(id) else { throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id)) }
        let outcomes = try careStore.outcomes(activityId: id, from: from, to: to)
        // A questionnaire's responses, by event: every answering kept, the last in force.
        let isForm = history.versions.contains { $0.activity.questionnaire != nil }
        let byEvent = isForm ? Dictionary(grouping: try careStore.responses(activityId: id, from: from, to: to).filter { $0.status != "entered-in-error" },
                                            by: { "\($0.date.iso) \($0.occurrence)" }) : [:]
        func responses(of outcome: Outcome) -> [StoredResponse] { byEvent["\(outcome.date.iso) \(outcome.occurrence)"] ?? [] }
        if careplan.global.json {
            try JSONOutput.print(outcomes.map {
                OutcomeJSON($0, time: history.activity(on: $0.date).schedule.time(ofOccurrence: $0.occurrence), responses: isForm ? responses(of: $0) : nil)
            })
            return
        }
        let title = history.activity(on: clock.today).title
        // Each form version's bands, read once.
        var scores: [String: FormScores] = [:]
        for reference in Set(history.versions.compactMap { $0.activity.questionnaire?.canonical }) {
            scores[reference] = FormScores(form: try careStore.form(FormReference(canonical: reference)))
        }
        say(trn("{title} ({id}): {count} outcome", "{title} ({id}): {count} outcomes", outcomes.count, ["title": title, "id": id]))
        for outcome in outcomes {
            let activity = history.activity(on: outcome.date)
            let slot = activity.schedule.time(ofOccurrence: outcome.occurrence).map(\.description) ?? "#\(outcome.occurrence)"
            let values = activity.questionnaire.flatMap { scores[$0.canonical] }?.text(outcome.values, measure: activity.measure)
                ?? ReadingText.readingAsEntered(outcome.values, measure: activity.measure)
            // TRANSLATORS: where a recorded outcome came from and when: "Apple Health, 2026-11-21 08:02"; else when it was typed.
            let origin = outcome.source.map { tr("{source}, {time}", ["source": $0, "time": outcome.recordedAtLocal]) }
                ?? tr("recorded {time}", ["time": outcome.recordedAtLocal])
            say("  \(outcome.date)  \(TextWidth.pad(slot, to: 5))  \(values)  (\(origin))" + (outcome.note.map { "  — \($0)" } ?? ""))
            let answered = responses(of: outcome)
            if let author = answered.last?.author { say("        " + tr("answered by {name}", ["name": author])) }
            if answered.count > 1 {
                say("        " + trn("answered {count} time; the earlier answers are kept (history --json shows them)",
                                     "answered {count} times; the earlier answers are kept (history --json shows them)", answered.count))
            }
        }
    }
}
