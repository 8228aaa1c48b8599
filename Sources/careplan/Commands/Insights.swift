import ArgumentParser
import CareInsights
import CarePlanStore
import Localization

// Lets --range take week|month|quarter|year; ArgumentParser lists them when another word is given.
extension InsightRange: ExpressibleByArgument {}

/// `careplan insights`: the numbers the Insights pane shows, as text or JSON.
struct Insights: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: tr("Show adherence, readings, trends and messages for a week, month, quarter or year."),
        discussion: tr("Weeks run Monday to Sunday; months, quarters and years are calendar ones. A week or month is shown by day, a quarter by week, a year by month. Days after today are not counted."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("The period to show."), valueName: "range"))
    var range: InsightRange = .week
    @Option(name: .long, help: ArgumentHelp(tr("A day inside the period to show: YYYY-MM-DD, today or yesterday (default: today)."), valueName: "date"))
    var date: String?
    @Option(name: .long, help: ArgumentHelp(tr("Only this activity's series and messages (see careplan plan)."), valueName: "id"))
    var activity: String?

    func run() throws {
        let clock = try store.clock()
        let day = try date.map { try DateArgument.parse($0, today: clock.today) } ?? clock.today
        let careStore = try store.open(readOnly: true)
        let plan = try careStore.plan()
        if plan.isEmpty { throw CarePlanError.noPlan(path: careStore.path) }
        let report = try InsightsEngine(store: careStore).report(range: range, date: day, activity: activity, today: clock.today, plan: plan,
                                                                     zone: clock.timeZone)
        if careplan.global.json {
            try JSONOutput.print(InsightsJSON(report))
        } else {
            say(InsightsText.render(report), terminator: "")
        }
    }
}
