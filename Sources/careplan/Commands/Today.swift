import ArgumentParser
import CarePlanStore
import Localization

/// `careplan today`: the day's events and adherence.
struct Today: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "today", abstract: tr("Show a day's activities, what is done, and adherence."))

    @ParentCommand var careplan: Careplan
    @OptionGroup var day: DateOption

    func run() throws {
        let clock = try store.clock()
        try Self.show(store: store, date: try day.resolve(clock), json: careplan.global.json, clock: clock)
    }

    /// Prints a day: also what `careplan` prints when it is not in a terminal.
    static func show(store: StoreOptions, date: LocalDate, json: Bool, clock: CareClock) throws {
        let careStore = try store.open(readOnly: true)
        let (plan, agenda) = try careStore.reading { reader in
            let plan = try reader.plan()
            return (plan, try reader.day(date, plan: plan))
        }
        careStore.leaveOpenUntilExit()
        if json {
            try JSONOutput.print(DayJSON(agenda))
        } else if plan.isEmpty {
            throw CarePlanError.noPlan(path: careStore.path)
        } else {
            say(DayText.render(agenda, plan: plan, clock: clock), terminator: "")
        }
    }
}
