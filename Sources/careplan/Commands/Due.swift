import ArgumentParser
import CarePlanStore
import Foundation
import Localization

/// `--within 30m`: minutes (`45`, `45m`) or hours (`2h`), up to a day.
struct Minutes {
    var value: Int

    init?(argument: String) {
        let text = argument.lowercased()
        let (number, scale) = text.hasSuffix("h") ? (text.dropLast(), 60) : text.hasSuffix("m") ? (text.dropLast(), 1) : (Substring(text), 1)
        guard let count = Int(number), count >= 0, count <= 24 * 60 / scale else { return nil }
        value = count * scale
    }

    /// For `@Option(transform:)`: what a refused value gets told.
    static func parse(_ text: String) throws -> Minutes {
        guard let minutes = Minutes(argument: text) else {
            throw ValidationError(tr("minutes (30, 30m) or hours (2h) are accepted, up to 24h"))
        }
        return minutes
    }
}

/// Today's due lists as the commands read them: each person's plan and today's outcomes in one
/// transaction.
enum DueNow {
    /// One person's: whose (nil before the store has people), their plan and what is due.
    struct Person {
        var person: CarePlanStore.Person?
        var plan: PlanSnapshot
        var list: DueList
        /// Questionnaire answers that need the care team, not yet acknowledged.
        var alerts: [OpenAlert] = []
    }

    static func load(_ careStore: CareStore, clock: CareClock, within: Int) throws -> Person {
        let (plan, day, alerts) = try careStore.reading { reader in
            let plan = try reader.plan(.dueList)
            return (plan, try reader.day(clock.today, plan: plan, detail: .dueList), try reader.openAlerts())
        }
        guard !plan.isEmpty else { throw CarePlanError.noPlan(path: careStore.path) }
        return Person(person: careStore.person, plan: plan,
                      list: DueList(day: day, reminders: plan.reminders, minutesIntoDay: clock.minutesIntoDay, within: within), alerts: alerts)
    }

    /// The person `--person` named; without a name, everyone in the store with a plan, in the
    /// order they were added (a caregiver's status line and reminders cover all their people).
    static func loadEach(_ careStore: CareStore, store: StoreOptions, clock: CareClock, within: Int) throws -> [Person] {
        if store.personName != nil { return [try load(careStore, clock: clock, within: within)] }
        let each = try careStore.forEachPerson(among: careStore.peopleWhenOpened) { _ -> Person? in
            do { return try load(careStore, clock: clock, within: within) } catch CarePlanError.noPlan { return nil }
        }.compactMap { $0 }
        guard !each.isEmpty else { throw CarePlanError.noPlan(path: careStore.path) }
        return each
    }

    /// `loadEach` for a command that prints and ends (`due`, `status`): the store opened read-only,
    /// and its reader left for the process's end to close, sooner than closing it would.
    static func readOnce(_ store: StoreOptions, clock: CareClock, within: Int) throws -> [Person] {
        let careStore = try store.open(readOnly: true, everyone: true)
        let each = try loadEach(careStore, store: store, clock: clock, within: within)
        careStore.leaveOpenUntilExit()
        return each
    }

    /// "PHQ-9 on 2026-11-15: an answer needs your care team (careplan acknowledge phq9)".
    static func alertLine(_ alert: OpenAlert, plan: PlanSnapshot) -> String {
        let title = plan.history(alert.activityId)?.activity(on: alert.date).title ?? alert.activityId
        // TRANSLATORS: careplan acknowledge is a command; keep it as it is.
        return tr("{title} on {date}: an answer needs your care team (careplan acknowledge {id})",
                  ["title": title, "date": alert.date.iso, "id": alert.activityId])
    }

    /// Everyone's counts added up: what is overdue, due, and soon.
    static func counts(_ each: [Person]) -> (overdue: Int, due: Int, soon: Int) {
        each.reduce((0, 0, 0)) { sum, person in (sum.0 + person.list.overdue, sum.1 + person.list.due, sum.2 + person.list.soon) }
    }

    /// Everyone's items in one list, most pressing first: overdue, due, soon; by time within each.
    static func merged(_ each: [Person]) -> [(person: Person, item: DueList.Item)] {
        each.flatMap { person in person.list.items.map { (person, $0) } }.enumerated().sorted { a, b in
            let (x, y) = (a.element.1, b.element.1)
            if x.state != y.state { return x.state < y.state }
            if x.time != y.time { return (x.time?.minutes ?? -1) < (y.time?.minutes ?? -1) }
            return a.offset < b.offset
        }.map { (person: $0.element.0, item: $0.element.1) }
    }

    /// "08:00 Ramipril 5 mg" (or the title alone when it has no time).
    static func label(_ item: DueList.Item) -> String {
        guard let time = item.time else { return item.activity.title }
        // TRANSLATORS: an item of what is due, in careplan due, status and remind: "08:00 Ramipril 5 mg".
        return tr("{time} {title}", ["time": time.description, "title": item.activity.title])
    }

    /// The label with whose it is when several people's lists are shown together: "Mum: 08:00 Ramipril 5 mg".
    static func label(_ item: DueList.Item, of person: Person, among count: Int) -> String {
        count > 1 ? whose(label(item), person: person.person?.name ?? "") : label(item)
    }

    /// "Mum: 08:00 Ramipril 5 mg".
    static func whose(_ label: String, person: String) -> String {
        // TRANSLATORS: whose item it is, when careplan shows several people's: "Mum: 08:00 Ramipril 5 mg".
        tr("{person}: {item}", ["person": person, "item": label])
    }
}

/// `careplan due`: what is due now, overdue, and coming up.
struct Due: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: tr("List today's occurrences that are overdue, due now, or due within --within."),
        discussion: tr("An occurrence with a time is due from that time and overdue once its grace has passed (the activity's grace, else the plan's reminders: grace, 60 minutes by default); one without a time is due all day. Optional and as-needed activities are never due."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("Also list what becomes due within this time: minutes (30, 30m) or hours (2h) (default: 0m)."), valueName: "time"),
            transform: Minutes.parse)
    var within: Minutes?

    func run() throws {
        let clock = try store.clock()
        let soon = within?.value ?? 0
        let each = try DueNow.readOnce(store, clock: clock, within: soon)
        if careplan.global.json {
            try JSONOutput.print(DueJSON(each: each, date: clock.today, now: clock.minutesIntoDay))
            return
        }
        let several = each.count > 1
        for person in each {
            // With several people, each one's list under their name: Mum's and Dad's never mix.
            let indent = several ? "  " : ""
            if several { say(person.person?.name ?? "") }
            let list = person.list
            if !person.alerts.isEmpty {
                // TRANSLATORS: a heading in careplan due, above answers that need the care team.
                say(indent + "⚠ " + tr("Needs attention"))
                for alert in person.alerts { say(indent + "  " + DueNow.alertLine(alert, plan: person.plan)) }
            }
            guard !list.items.isEmpty else {
                say(indent + (soon > 0 ? trn("Nothing due now or in the next {count} min.", "Nothing due now or in the next {count} min.", soon)
                                       : tr("Nothing due now.")))
                continue
            }
            for state in [DueList.State.overdue, .due, .soon] {
                let items = list.items.filter { $0.state == state }
                guard !items.isEmpty else { continue }
                // TRANSLATORS: headings in careplan due.
                say(indent + (state == .overdue ? tr("Overdue") : state == .due ? tr("Due now") : trn("Soon (within {count} min)", "Soon (within {count} min)", soon)))
                for item in items {
                    let since = item.state == .overdue ? item.overdueAt.flatMap(TimeOfDay.init(minutes:)).map { "  " + tr("overdue since {time}", ["time": $0.description]) } ?? "" : ""
                    say("\(indent)  \(DueNow.label(item))  (\(item.activity.id)\(item.occurrence > 0 ? " #\(item.occurrence + 1)" : ""))\(since)")
                }
            }
        }
    }
}

struct DueJSON: Encodable {
    struct Item: Encodable {
        /// Whose: the person's name (null in a store before anyone's plan was named).
        @Null var person: String?
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
    /// Questionnaire answers that need the care team, not yet acknowledged.
    var alerts: [Alert]

    struct Alert: Encodable {
        @Null var person: String?
        var activity: String
        var date: String
        var occurrence: Int
    }

    /// Everyone's items, each with whose it is; the counts are everyone's.
    init(each: [DueNow.Person], date: LocalDate, now: Int) {
        self.date = date.iso
        self.now = TimeOfDay(minutes: now)?.description ?? ""
        (overdue, due, soon) = DueNow.counts(each)
        alerts = each.flatMap { person in
            person.alerts.map { Alert(person: person.person?.name, activity: $0.activityId, date: $0.date.iso, occurrence: $0.occurrence) }
        }
        items = each.flatMap { person in
            person.list.items.map { item in
                Item(person: person.person?.name, activity: item.activity.id, title: item.activity.title, date: item.date.iso,
                     occurrence: item.occurrence, time: item.time?.description, state: item.state.rawValue,
                     overdueAt: item.overdueAt.flatMap(TimeOfDay.init(minutes:))?.description)
            }
        }
    }
}

/// `careplan status`: one short line for a status bar (tmux, i3blocks), or waybar's JSON.
struct Status: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: tr("Print one line for a status bar: what is due and overdue (--json: waybar's text, tooltip and class)."),
        // TRANSLATORS: {due}, {overdue}, {soon}, {next} and {title} are typed in --format as they are: keep them.
        discussion: tr("Placeholders: {due}, {overdue}, {soon} (with --within), {next} (the most pressing item, e.g. '08:00 Ramipril 5 mg'; 'Mum: 08:00 Ramipril 5 mg' in a store of several people), {title} (the plan; the people's names in a store of several). Without --person the counts are everyone's. tmux: set -g status-right '#(careplan status)'."))

    @ParentCommand var careplan: Careplan
    // TRANSLATORS: {due} and {overdue} stay as they are: they are what --format takes. Write the words as the status line says them (its "{count} due" and "{count} overdue").
    @Option(name: .long, help: ArgumentHelp(tr("The line, with placeholders (default: '{due} due · {overdue} overdue')."), valueName: "text"))
    var format: String?
    // TRANSLATORS: {soon} is typed in --format as it is: keep it.
    @Option(name: .long, help: ArgumentHelp(tr("Count what becomes due within this time as {soon}: minutes (30, 30m) or hours (2h) (default: 0m)."), valueName: "time"),
            transform: Minutes.parse)
    var within: Minutes?

    func run() throws {
        let clock = try store.clock()
        let each = try DueNow.readOnce(store, clock: clock, within: within?.value ?? 0)
        let (overdue, due, soon) = DueNow.counts(each)
        // Everyone's items in one list only for what shows items ({next}, waybar's tooltip): the
        // default line, every few seconds in a status bar, needs the counts alone.
        let showsItems = careplan.global.json || format?.contains("{next}") == true
        let items = showsItems ? DueNow.merged(each) : []
        let text = format.map { format in
            let next = items.first.map { DueNow.label($0.item, of: $0.person, among: each.count) } ?? ""
            let title = each.count > 1 ? each.compactMap(\.person?.name).joined(separator: " · ") : each[0].plan.title
            return Self.fill(format, ["due": String(due), "overdue": String(overdue), "soon": String(soon), "next": next, "title": title])
        } ?? Self.defaultLine(due: due, overdue: overdue)
        // An answer that needs the care team leads the line until acknowledged, whatever the format.
        let alerts = each.reduce(0) { $0 + $1.alerts.count }
        let line = alerts > 0 ? "⚠ " + trn("{count} alert", "{count} alerts", alerts) + " · " + text : text
        guard careplan.global.json else {
            say(line)
            return
        }
        // waybar's custom module: text, tooltip, and a class its CSS can colour.
        let alertLines = each.flatMap { person in person.alerts.map { DueNow.alertLine($0, plan: person.plan) } }
        let tooltip = (alertLines + items.map { Self.tooltipLine($0.item.state, DueNow.label($0.item, of: $0.person, among: each.count)) }).joined(separator: "\n")
        let status = alerts > 0 ? "alert" : overdue > 0 ? "overdue" : due > 0 ? "due" : "ok"
        try JSONOutput.print(["text": line, "tooltip": tooltip.isEmpty ? tr("Nothing due") : tooltip, "class": status])
    }

    /// The line without --format: "2 due · 0 overdue".
    static func defaultLine(due: Int, overdue: Int) -> String {
        // TRANSLATORS: the status bar's line; {due} is "2 due" and {overdue} is "0 overdue", as translated just below.
        tr("{due} · {overdue}", ["due": trn("{count} due", "{count} due", due), "overdue": trn("{count} overdue", "{count} overdue", overdue)])
    }

    /// One item in waybar's tooltip: "overdue: 07:30 Blood pressure".
    static func tooltipLine(_ state: DueList.State, _ label: String) -> String {
        switch state {
        // TRANSLATORS: lines of the status bar's tooltip; {item} is "07:30 Blood pressure".
        case .overdue: return tr("overdue: {item}", ["item": label])
        case .due: return tr("due: {item}", ["item": label])
        case .soon: return tr("soon: {item}", ["item": label])
        }
    }

    /// `format` with each `{name}` of `values` replaced, in one pass: a title that itself holds
    /// `{due}` is printed as it is, not filled in. Unknown `{…}` stay as typed.
    static func fill(_ format: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = format[...]
        while let open = rest.firstIndex(of: "{") {
            result += String(rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + String(rest)
    }
}
