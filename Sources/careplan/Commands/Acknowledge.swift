import ArgumentParser
import CarePlanStore
import Localization

/// `careplan acknowledge ID`: say an alarming answer has been seen, so `due` and `status` stop
/// showing it. The response and its alert stay in the store.
struct Acknowledge: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "acknowledge",
        abstract: tr("Say you have seen a questionnaire answer that needs your care team, so due and status stop showing it."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    @Option(name: .long, help: ArgumentHelp(tr("Only the alert of this day: YYYY-MM-DD, today or yesterday (default: every open one)."), valueName: "date"))
    var date: String?

    func run() throws {
        let clock = try store.clock()
        let day = try date.map { try DateArgument.parse($0, today: clock.today) }
        let careStore = try store.open()
        let plan = try careStore.plan()
        guard let history = plan.history(id) else { throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id)) }
        let seen = try careStore.acknowledgeAlerts(id, date: day, clock: clock)
        for alert in seen {
            say(tr("Acknowledged: {title} on {date}", ["title": history.activity(on: alert.date).title, "date": alert.date.iso]))
        }
    }
}
