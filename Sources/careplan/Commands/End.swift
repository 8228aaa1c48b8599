import ArgumentParser
import CarePlanStore
import Localization

/// `careplan end ID`: stop scheduling an activity after a day.
struct End: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "end",
        abstract: tr("End an activity: --date is its last scheduled day (default: today). Its history is kept."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    @OptionGroup var day: DateOption

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let lastDay = try store.open().end(id, on: date)
        if lastDay < date {
            say(tr("{id} already ends on {lastDay}, before {date}; nothing changed", ["id": id, "lastDay": lastDay.iso, "date": date.iso]))
        } else {
            say(tr("Ended {id}: its last day is {date}; its outcomes are kept", ["id": id, "date": date.iso]))
        }
    }
}
