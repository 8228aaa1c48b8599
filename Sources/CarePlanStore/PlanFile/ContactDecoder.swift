import Localization
import Yams

/// `contacts:` in a plan file: the care team and personal contacts. Checked like the rest of the
/// file: unknown keys, a malformed phone number or email address, an unknown group or activity id
/// are refused with the file position.
extension PlanDecoder {
    static let contactKeys = ["name", "role", "group", "phone", "email", "address", "notes", "activities", "crisis-line"]

    func contacts(_ node: Node, activityIds: Set<String>) throws -> [Contact] {
        var contacts: [Contact] = []
        var seen: [String: Int] = [:]
        for item in try reader.sequence(node, "contacts", of: .contacts) {
            let map = try reader.mapping(item, "contact", allowed: Self.contactKeys)
            guard let nameNode = map["name"] else { throw reader.missing("name", in: "contact", at: item) }
            let name = try reader.shortString(nameNode, "contact: name")
            if let line = seen[name] {
                throw reader.error(at: nameNode, tr("{context}: '{name}' is listed twice (first on line {line}); names must be unique",
                                                    ["context": "contacts", "name": name, "line": String(line)]))
            }
            seen[name] = nameNode.mark?.line ?? 0
            let context = "contact '\(name)'"
            guard let roleNode = map["role"] else {
                // TRANSLATORS: role is the plan file's key; keep it as it is. The examples may be translated.
                throw reader.error(at: item, tr("{context}: missing 'role' (e.g. GP, Heart failure nurse, daughter)", ["context": context]))
            }
            guard let groupNode = map["group"] else {
                // TRANSLATORS: group is the plan file's key, care-team and personal the values it takes; keep them as they are.
                throw reader.error(at: item, tr("{context}: missing 'group' (care-team or personal)", ["context": context]))
            }
            let groupText = try reader.string(groupNode, "\(context): group")
            guard let group = Contact.Group(rawValue: groupText) else {
                throw reader.error(at: groupNode, tr("{context}: expected care-team or personal, found '{text}'", ["context": "\(context): group", "text": groupText]))
            }
            var contact = Contact(name: name, role: try reader.shortString(roleNode, "\(context): role"), group: group)
            if let phoneNode = map["phone"] {
                let phone = try reader.nonEmptyString(phoneNode, "\(context): phone")
                guard Contact.isPhoneNumber(phone) else {
                    throw reader.error(at: phoneNode, tr("{context}: '{phone}' is not a phone number; use digits with spaces, dashes or brackets, optionally starting with + (e.g. +44 20 7946 0958)",
                                                         ["context": "\(context): phone", "phone": phone]))
                }
                contact.phone = phone
            }
            if let emailNode = map["email"] {
                let email = try reader.nonEmptyString(emailNode, "\(context): email")
                guard Contact.isEmailAddress(email) else {
                    throw reader.error(at: emailNode, tr("{context}: '{email}' is not an email address (e.g. hf.nurse@example.org)",
                                                         ["context": "\(context): email", "email": email]))
                }
                contact.email = email
            }
            guard contact.phone != nil || contact.email != nil else {
                // TRANSLATORS: phone and email are the plan file's keys; keep them as they are.
                throw reader.error(at: item, tr("{context}: give a 'phone' or an 'email' (or both), so the contact can be reached", ["context": context]))
            }
            contact.address = try map["address"].map { try reader.shortString($0, "\(context): address") }
            contact.notes = try map["notes"].map { try reader.nonEmptyString($0, "\(context): notes") }
            if let activitiesNode = map["activities"] {
                let listContext = "\(context): activities"
                for idNode in try reader.sequence(activitiesNode, listContext, of: .activityIds) {
                    let id = try reader.string(idNode, listContext)
                    guard activityIds.contains(id) else {
                        throw reader.error(at: idNode, tr("{context}: no activity '{id}' in this plan; ids: {ids}",
                                                          ["context": listContext, "id": id, "ids": activityIds.sorted().joined(separator: ", ")]))
                    }
                    guard !contact.activities.contains(id) else { throw reader.error(at: idNode, listedTwice(id, listContext)) }
                    contact.activities.append(id)
                }
            }
            if let crisisNode = map["crisis-line"], try reader.bool(crisisNode, "\(context): crisis-line") {
                guard contact.phone != nil else {
                    // TRANSLATORS: crisis-line and phone are the plan file's keys; keep them as they are.
                    throw reader.error(at: crisisNode, tr("{context}: a crisis line is called: give its 'phone'", ["context": "\(context): crisis-line"]))
                }
                contact.crisisLine = true
            }
            contacts.append(contact)
        }
        return contacts
    }
}
