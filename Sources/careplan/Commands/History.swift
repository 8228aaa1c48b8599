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
        if careplan.global.json {
            try JSONOutput.print(outcomes.map { OutcomeJSON($0, time: history.activity(on: $0.date).schedule.time(ofOccurrence: $0.occurrence)) })
            return
        }
        let title = history.activity(on: clock.today).title
        say(trn("{title} ({id}): {count} outcome", "{title} ({id}): {count} outcomes", outcomes.count, ["title": title, "id": id]))
        for outcome in outcomes {
            let activity = history.activity(on: outcome.date)
            let slot = activity.schedule.time(ofOccurrence: outcome.occurrence).map(\.description) ?? "#\(outcome.occurrence)"
            let values = ReadingText.readingAsEntered(outcome.values, measure: activity.measure)
            // TRANSLATORS: where a recorded outcome came from and when: "Apple Health, 2026-11-21 08:02"; else when it was typed.
            let origin = outcome.source.map { tr("{source}, {time}", ["source": $0, "time": outcome.recordedAtLocal]) }
                ?? tr("recorded {time}", ["time": outcome.recordedAtLocal])
            say("  \(outcome.date)  \(TextWidth.pad(slot, to: 5))  \(values)  (\(origin))" + (outcome.note.map { "  — \($0)" } ?? ""))
        }
    }
}
