import ArgumentParser
import CarePlanStore
import Localization
import TerminalUI

/// `careplan contacts`: the care team and personal contacts the plan lists.
struct Contacts: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: tr("List the care team and personal contacts in the plan, and what each is responsible for."))

    @ParentCommand var careplan: Careplan
    @OptionGroup var day: DateOption

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(readOnly: true)
        let plan = try careStore.plan()
        if plan.isEmpty { throw CarePlanError.noPlan(path: careStore.path) }
        let contacts = plan.contacts(on: date)
        let activities = Dictionary(uniqueKeysWithValues: plan.activities(on: date).map { ($0.id, $0.title) })
        if careplan.global.json {
            try JSONOutput.print(contacts.map { ContactJSON($0, titles: activities) })
            return
        }
        guard !contacts.isEmpty else {
            say(tr("No contacts in the plan; list the care team under contacts: in the plan file (docs/plan-format.md#contacts) and import it again."))
            return
        }
        say(ContactText.lines(contacts, titles: activities).joined(separator: "\n"))
    }
}

/// Contacts as text, grouped: the care team first.
enum ContactText {
    static func lines(_ contacts: [Contact], titles: [String: String]) -> [String] {
        var lines: [String] = []
        for group in Contact.Group.allCases {
            let members = contacts.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(group.title)
            for contact in members {
                lines.append("  \(SafeText.terminal(contact.name, keepLineBreaks: false)) · \(SafeText.terminal(contact.role, keepLineBreaks: false))")
                let reach = [contact.phone.map { tr("phone {number}", ["number": $0]) }, contact.email.map { tr("email {address}", ["address": $0]) }].compactMap { $0 }
                lines.append("    " + reach.joined(separator: " · "))
                if let address = contact.address { lines.append("    " + SafeText.terminal(address, keepLineBreaks: false)) }
                if !contact.activities.isEmpty {
                    // TRANSLATORS: {activities} is a list of activity titles, separated by commas.
                    lines.append("    " + tr("responsible for: {activities}", ["activities": contact.activities.map { titles[$0] ?? $0 }.joined(separator: ", ")]))
                }
                if let notes = contact.notes { lines.append("    " + tr("note: {note}", ["note": SafeText.terminal(notes, keepLineBreaks: false)])) }
            }
        }
        return lines
    }
}

/// One contact as `careplan contacts --json` writes it.
struct ContactJSON: Encodable {
    struct ActivityRef: Encodable {
        var id: String
        var title: String
    }

    var name: String
    var role: String
    var group: String
    @Null var phone: String?
    @Null var email: String?
    @Null var address: String?
    @Null var notes: String?
    var activities: [ActivityRef]

    init(_ contact: Contact, titles: [String: String]) {
        name = contact.name
        role = contact.role
        group = contact.group.rawValue
        phone = contact.phone
        email = contact.email
        address = contact.address
        notes = contact.notes
        activities = contact.activities.map { ActivityRef(id: $0, title: titles[$0] ?? $0) }
    }
}
