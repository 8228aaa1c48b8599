import ArgumentParser
import CarePlanStore
import Foundation

/// `--within 30m`: minutes (`45`, `45m`) or hours (`2h`).
struct Minutes: ExpressibleByArgument {
    var value: Int

    init?(argument: String) {
        let text = argument.lowercased()
        let (number, scale) = text.hasSuffix("h") ? (text.dropLast(), 60) : text.hasSuffix("m") ? (text.dropLast(), 1) : (Substring(text), 1)
        guard let count = Int(number), count >= 0, count <= 24 * 60 / scale else { return nil }
        value = count * scale
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// Today's due list as the commands read it: the plan and today's outcomes in one transaction.
enum DueNow {
    static func load(_ careStore: CareStore, clock: CareClock, within: Int) throws -> (plan: PlanSnapshot, list: DueList) {
        let (plan, day) = try careStore.reading { reader in
            let plan = try reader.plan()
            return (plan, try reader.day(clock.today, plan: plan))
        }
        guard !plan.isEmpty else { throw CarePlanError.noPlan(path: careStore.path) }
        return (plan, DueList(day: day, reminders: plan.reminders, minutesIntoDay: clock.minutesIntoDay, within: within))
    }

    /// "08:00 Ramipril 5 mg" (or the title alone when it has no time).
    static func label(_ item: DueList.Item) -> String { (item.time.map { "\($0) " } ?? "") + item.activity.title }
}

/// `careplan due`: what is due now, overdue, and coming up.
struct Due: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List today's occurrences that are overdue, due now, or due within --within.",
        discussion: "An occurrence with a time is due from that time and overdue once its grace has passed (the activity's grace, else the plan's reminders: grace, 60 minutes by default); one without a time is due all day. Optional and as-needed activities are never due.")

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp("Also list what becomes due within this time: minutes (30, 30m) or hours (2h).", valueName: "time"))
    var within: Minutes = Minutes(argument: "0")!

    func run() throws {
        let clock = try store.clock()
        let (_, list) = try DueNow.load(try store.open(readOnly: true), clock: clock, within: within.value)
        if careplan.global.json {
            try JSONOutput.print(DueJSON(list: list, date: clock.today, now: clock.minutesIntoDay))
            return
        }
        guard !list.items.isEmpty else {
            say(within.value > 0 ? "Nothing due now or in the next \(within.value) min." : "Nothing due now.")
            return
        }
        for state in [DueList.State.overdue, .due, .soon] {
            let items = list.items.filter { $0.state == state }
            guard !items.isEmpty else { continue }
            say(state == .overdue ? "Overdue" : state == .due ? "Due now" : "Soon (within \(within.value) min)")
            for item in items {
                let since = item.state == .overdue ? item.overdueAt.flatMap(TimeOfDay.init(minutes:)).map { "  overdue since \($0)" } ?? "" : ""
                say("  \(DueNow.label(item))  (\(item.activity.id)\(item.occurrence > 0 ? " #\(item.occurrence + 1)" : ""))\(since)")
            }
        }
    }
}

struct DueJSON: Encodable {
    struct Item: Encodable {
        var activity: String
        var title: String
        var date: String
        var occurrence: Int
        @Null var time: String?
        var state: String
        @Null var overdueAt: String?
    }

    var date: String
    var now: String
    var overdue: Int
    var due: Int
    var soon: Int
    var items: [Item]

    init(list: DueList, date: LocalDate, now: Int) {
        self.date = date.iso
        self.now = TimeOfDay(minutes: now)?.description ?? ""
        overdue = list.overdue
        due = list.due
        soon = list.soon
        items = list.items.map { item in
            Item(activity: item.activity.id, title: item.activity.title, date: item.date.iso, occurrence: item.occurrence,
                 time: item.time?.description, state: item.state.rawValue,
                 overdueAt: item.overdueAt.flatMap(TimeOfDay.init(minutes:))?.description)
        }
    }
}

/// `careplan status`: one short line for a status bar (tmux, i3blocks), or waybar's JSON.
struct Status: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print one line for a status bar: what is due and overdue (--json: waybar's text, tooltip and class).",
        discussion: "Placeholders: {due}, {overdue}, {soon} (with --within), {next} (the first item, e.g. '08:00 Ramipril 5 mg'), {title} (the plan). tmux: set -g status-right '#(careplan status)'.")

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp("The line, with placeholders (default: '{due} due · {overdue} overdue').", valueName: "text"))
    var format = "{due} due · {overdue} overdue"
    @Option(name: .long, help: ArgumentHelp("Count what becomes due within this time as {soon}: minutes (30, 30m) or hours (2h).", valueName: "time"))
    var within: Minutes = Minutes(argument: "0")!

    func run() throws {
        let clock = try store.clock()
        let (plan, list) = try DueNow.load(try store.open(readOnly: true), clock: clock, within: within.value)
        let next = list.items.first.map(DueNow.label) ?? ""
        let text = format.replacingOccurrences(of: "{due}", with: String(list.due))
            .replacingOccurrences(of: "{overdue}", with: String(list.overdue))
            .replacingOccurrences(of: "{soon}", with: String(list.soon))
            .replacingOccurrences(of: "{next}", with: next)
            .replacingOccurrences(of: "{title}", with: plan.title)
        guard careplan.global.json else {
            say(text)
            return
        }
        // waybar's custom module: text, tooltip, and a class its CSS can colour.
        let tooltip = list.items.map { "\($0.state.rawValue): \(DueNow.label($0))" }.joined(separator: "\n")
        let status = list.overdue > 0 ? "overdue" : list.due > 0 ? "due" : "ok"
        try JSONOutput.print(["text": text, "tooltip": tooltip.isEmpty ? "Nothing due" : tooltip, "class": status])
    }
}
