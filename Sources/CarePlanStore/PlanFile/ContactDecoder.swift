import Yams

/// `contacts:` in a plan file: the care team and personal contacts. Checked like the rest of the
/// file: unknown keys, a malformed phone number or email address, an unknown group or activity id
/// are refused with the file position.
extension PlanDecoder {
    static let contactKeys = ["name", "role", "group", "phone", "email", "address", "notes", "activities"]

    func contacts(_ node: Node, activityIds: Set<String>) throws -> [Contact] {
        var contacts: [Contact] = []
        var seen: [String: Int] = [:]
        for item in try reader.sequence(node, "contacts", of: "contacts") {
            let map = try reader.mapping(item, "contact", allowed: Self.contactKeys)
            guard let nameNode = map["name"] else { throw reader.error(at: item, "contact: missing 'name'") }
            let name = try reader.shortString(nameNode, "contact: name")
            if let line = seen[name] {
                throw reader.error(at: nameNode, "contacts: '\(name)' is listed twice (first on line \(line)); names must be unique")
            }
            seen[name] = nameNode.mark?.line ?? 0
            let context = "contact '\(name)'"
            guard let roleNode = map["role"] else { throw reader.error(at: item, "\(context): missing 'role' (e.g. GP, Heart failure nurse, daughter)") }
            guard let groupNode = map["group"] else { throw reader.error(at: item, "\(context): missing 'group' (care-team or personal)") }
            let groupText = try reader.string(groupNode, "\(context): group")
            guard let group = Contact.Group(rawValue: groupText) else {
                throw reader.error(at: groupNode, "\(context): group: expected care-team or personal, found '\(groupText)'")
            }
            var contact = Contact(name: name, role: try reader.shortString(roleNode, "\(context): role"), group: group)
            if let phoneNode = map["phone"] {
                let phone = try reader.nonEmptyString(phoneNode, "\(context): phone")
                guard Contact.isPhoneNumber(phone) else {
                    throw reader.error(at: phoneNode, "\(context): phone: '\(phone)' is not a phone number; use digits with spaces, dashes or brackets, optionally starting with + (e.g. +44 20 7946 0958)")
                }
                contact.phone = phone
            }
            if let emailNode = map["email"] {
                let email = try reader.nonEmptyString(emailNode, "\(context): email")
                guard Contact.isEmailAddress(email) else {
                    throw reader.error(at: emailNode, "\(context): email: '\(email)' is not an email address (e.g. hf.nurse@example.org)")
                }
                contact.email = email
            }
            guard contact.phone != nil || contact.email != nil else {
                throw reader.error(at: item, "\(context): give a 'phone' or an 'email' (or both), so the contact can be reached")
            }
            contact.address = try map["address"].map { try reader.shortString($0, "\(context): address") }
            contact.notes = try map["notes"].map { try reader.nonEmptyString($0, "\(context): notes") }
            if let activitiesNode = map["activities"] {
                for idNode in try reader.sequence(activitiesNode, "\(context): activities", of: "activity ids") {
                    let id = try reader.string(idNode, "\(context): activities")
                    guard activityIds.contains(id) else {
                        throw reader.error(at: idNode, "\(context): activities: no activity '\(id)' in this plan; ids: \(activityIds.sorted().joined(separator: ", "))")
                    }
                    guard !contact.activities.contains(id) else { throw reader.error(at: idNode, "\(context): activities: '\(id)' is listed twice") }
                    contact.activities.append(id)
                }
            }
            contacts.append(contact)
        }
        return contacts
    }
}
