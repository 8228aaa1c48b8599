import ArgumentParser
import CarePlanStore
import Foundation
import Localization
import TerminalUI

/// Taking a plan into the store as `careplan import` does, and as a sync does with a CarePlan
/// someone changed on the server: what would end is asked first (or needs --yes), then each
/// activity's and contact's change is said.
struct PlanImportRun {
    enum Verb { case imported, synced, joined }
    let store: StoreOptions
    let yes: Bool
    /// The file, or the server's address.
    let source: String
    let verb: Verb

    func run(_ plan: CarePlan, effective: LocalDate, clock: CareClock) throws {
        // `--person` with a new name adds that person, with this plan.
        let careStore = try store.open(adding: true)
        try confirmEndings(PlanEndings(importing: plan, over: try careStore.plan(), effective: effective))
        let report = try careStore.importPlan(plan, effective: effective, clock: clock)
        let named = try store.personName != nil || careStore.people().count > 1
        switch (verb, named ? careStore.person : nil) {
        case (.imported, let person?):
            say(tr("Imported '{title}' for {person} from {file}", ["title": report.title, "person": person.name, "file": source]))
        case (.imported, nil):
            say(tr("Imported '{title}' from {file}", ["title": report.title, "file": source]))
        case (.synced, let person?):
            say(tr("The plan '{title}' for {person} changed on {server}", ["title": report.title, "person": person.name, "server": source]))
        case (.synced, nil):
            say(tr("The plan '{title}' changed on {server}", ["title": report.title, "server": source]))
        case (.joined, _):
            say(tr("Joined '{title}', kept on {server}", ["title": report.title, "server": source]))
        }
        for (id, change) in report.changes {
            switch change {
            case .added: say(ImportWord.line(ImportWord.added, id))
            case .unchanged: say(ImportWord.line(ImportWord.unchanged, id))
            case .changed(let version, let effective):
                say(ImportWord.line(ImportWord.changed, tr("{id} (version {version}, from {date}; earlier days keep the previous version)",
                                                           ["id": id, "version": String(version), "date": effective.iso])))
            case .notInFile: say(ImportWord.line(ImportWord.kept, tr("{id} (not in this file; careplan end {id} ends it)", ["id": id])))
            case .removed: break
            }
        }
        for (name, change) in report.contactChanges {
            switch change {
            case .added: say(ImportWord.line(ImportWord.added, tr("contact {name}", ["name": name])))
            case .unchanged: say(ImportWord.line(ImportWord.unchanged, tr("contact {name}", ["name": name])))
            case .changed(let version, let effective):
                say(ImportWord.line(ImportWord.changed, tr("contact {name} (version {version}, from {date})",
                                                           ["name": name, "version": String(version), "date": effective.iso])))
            case .removed(let effective):
                say(ImportWord.line(ImportWord.removed, tr("contact {name} (not in this file; out of the plan from {date})", ["name": name, "date": effective.iso])))
            case .notInFile: break
            }
        }
        if report.patientChanged {
            let name = plan.patient ?? tr("no name")
            say(ImportWord.line(ImportWord.changed, plan.patientDetails.born.map { tr("patient ({name}, born {date})", ["name": name, "date": $0.iso]) }
                                                    ?? tr("patient ({name})", ["name": name])))
        }
        if report.remindersChanged {
            let grace = plan.reminders.graceMinutes
            say(ImportWord.line(ImportWord.changed, plan.reminders.quietText.map {
                // TRANSLATORS: {hours} are the plan's quiet hours, e.g. 22:00-07:00.
                trn("reminders (grace {count} min, quiet {hours})", "reminders (grace {count} min, quiet {hours})", grace, ["hours": $0])
            } ?? trn("reminders (grace {count} min)", "reminders (grace {count} min)", grace)))
        }
        if report.changedNothing { say(tr("Nothing changed.")) }
    }

    /// A file that ends activities or removes contacts goes ahead only when the person says so:
    /// `--yes`, or `y` at the question on a terminal. Nothing is written otherwise.
    func confirmEndings(_ endings: PlanEndings) throws {
        guard !endings.isEmpty, !yes else { return }
        guard isatty(STDIN_FILENO) == 1 else {
            // TRANSLATORS: {changes} is what the import would do, e.g. "ends walk (last day 2026-12-01) and removes contact Sam Patel".
            throw ImportConfirmation(message: tr("this import {changes}; nothing was imported; add --yes to go ahead", ["changes": endings.summary]))
        }
        // TRANSLATORS: y and yes are read in every language, and your word for yes (the "answer" yes) and its first
        // letter too; write the brackets as your language's yes/no prompt shows them, e.g. [t/N] in Polish.
        FileHandle.standardError.write(Data(SafeText.terminal(tr("This import {changes}. Go ahead? [y/N] ", ["changes": endings.summary])).utf8))
        guard Answer.read(readLine() ?? "") == true else { throw ImportConfirmation(message: tr("nothing was imported")) }
    }
}
