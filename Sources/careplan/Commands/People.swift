import ArgumentParser
import CarePlanStore
import Foundation
import Localization
import TerminalUI

/// `careplan people`: whose plans the store holds, each with what is due for them now.
struct People: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: tr("List the people whose plans the store holds, with what is overdue and due for each (--rename: give one a new name)."),
        discussion: tr("A store holds one plan per person. careplan import PLAN --person NAME adds a person with their plan; every other command takes --person NAME (or CAREPLAN_PERSON), a name or its start. A store from before careplan held several people has one person, named after its plan's patient (else \"me\")."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("Rename this person (with --to)."), valueName: "name"))
    var rename: String?
    @Option(name: .long, help: ArgumentHelp(tr("The new name, for --rename."), valueName: "name"))
    var to: String?

    func validate() throws {
        if (rename == nil) != (to == nil) { throw ValidationError(tr("--rename NAME and --to NEW go together")) }
        if rename != nil, careplan.global.json { throw Careplan.noJSON("people --rename") }
    }

    func run() throws {
        if let rename, let to {
            let careStore = try StoreOptions(db: store.db, person: rename).open()
            let before = careStore.person?.name ?? rename
            try careStore.renamePerson(to: to)
            say(tr("Renamed {before} to {after}", ["before": before, "after": careStore.person?.name ?? to]))
            return
        }
        let clock = try store.clock()
        let careStore = try store.open(readOnly: true, everyone: true)
        let rows = try careStore.forEachPerson { person -> PersonJSON in
            // Someone added by a health import has no plan yet.
            let loaded: DueNow.Person?
            do { loaded = try DueNow.load(careStore, clock: clock, within: 0) } catch CarePlanError.noPlan { loaded = nil }
            return PersonJSON(name: person.name, plan: loaded?.plan.title, patient: loaded?.plan.patient,
                              activities: loaded?.plan.histories.count ?? 0, overdue: loaded?.list.overdue ?? 0, due: loaded?.list.due ?? 0)
        }
        if careplan.global.json { return try JSONOutput.print(rows) }
        guard !rows.isEmpty else { return say(tr("No one's plan in {path} yet; careplan import PLAN --person NAME adds one.", ["path": careStore.path])) }
        let width = rows.map { TextWidth.of($0.name) }.max() ?? 0
        for row in rows {
            let padded = TextWidth.pad(row.name, to: width)
            guard let plan = row.plan else {
                say("  \(padded)  " + tr("(no plan yet)"))
                continue
            }
            let counts = [trn("{count} activity", "{count} activities", row.activities), trn("{count} overdue", "{count} overdue", row.overdue),
                          trn("{count} due", "{count} due", row.due)]
            say("  \(padded)  \(plan) · " + counts.joined(separator: " · "))
        }
    }
}

struct PersonJSON: Encodable {
    var name: String
    @Null var plan: String?
    @Null var patient: String?
    var activities: Int
    var overdue: Int
    var due: Int
}
