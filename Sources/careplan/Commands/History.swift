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
        say("\(title) (\(id)): \(outcomes.count) outcome\(outcomes.count == 1 ? "" : "s")")
        for outcome in outcomes {
            let activity = history.activity(on: outcome.date)
            let slot = activity.schedule.time(ofOccurrence: outcome.occurrence).map(\.description) ?? "#\(outcome.occurrence)"
            let values = ReadingText.readingAsEntered(outcome.values, measure: activity.measure)
            let origin = outcome.source.map { "\($0), \(outcome.recordedAtLocal)" } ?? "recorded \(outcome.recordedAtLocal)"
            say("  \(outcome.date)  \(TextWidth.pad(slot, to: 5))  \(values)  (\(origin))" + (outcome.note.map { "  — \($0)" } ?? ""))
        }
    }
}
