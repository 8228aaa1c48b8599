import ArgumentParser
import CarePlanStore

/// `careplan today`: the day's events and adherence.
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a day's activities, what is done, and adherence.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var day: DateOption
    @Flag(name: .long, help: "Print JSON for scripts.") var json = false

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(readOnly: true)
        let plan = try careStore.plan()
        let agenda = try careStore.day(date, plan: plan)
        if json {
            try JSONOutput.print(DayJSON(agenda))
        } else if plan.isEmpty {
            throw CarePlanError.noPlan(path: careStore.path)
        } else {
            print(DayText.render(agenda, plan: plan, clock: clock), terminator: "")
        }
    }
}
