import CarePlanStore

/// The plan's contacts as a CareTeam contained in the CarePlan: the care team as Practitioners,
/// personal contacts as RelatedPersons, each with phone, email and address, and careplan's own
/// definition of the contact (its notes and activities) in an extension.
struct CareTeamBuilder {
    static let definitionURL = "urn:careplan:extension:contact-definition"

    let patient: Reference

    /// The resources to contain (the team first), or none when there are no contacts.
    func contained(_ contacts: [Contact]) throws -> [AnyResource] {
        guard !contacts.isEmpty else { return [] }
        var members: [AnyResource] = []
        var participants: [OtherResource.Participant] = []
        for (index, contact) in contacts.enumerated() {
            let id = "contact-\(index + 1)"
            var member = OtherResource(resourceType: contact.group == .careTeam ? "Practitioner" : "RelatedPerson", id: id)
            member.name = .human([HumanName(text: contact.name)])
            let telecom = [contact.phone.map { OtherResource.ContactPoint(system: "phone", value: $0) },
                           contact.email.map { OtherResource.ContactPoint(system: "email", value: $0) }].compactMap { $0 }
            member.telecom = telecom.isEmpty ? nil : telecom
            member.address = contact.address.map { [OtherResource.Address(text: $0)] }
            if contact.group == .personal {
                member.patient = patient
                member.relationship = [CodeableConcept(text: contact.role)]
            }
            members.append(.other(member))
            participants.append(OtherResource.Participant(
                extension: [Extension(url: Self.definitionURL, valueString: try PlanEncoder.yaml(contact))],
                role: [CodeableConcept(text: contact.role)], member: Reference(reference: "#" + id, display: contact.name)))
        }
        var team = OtherResource(resourceType: "CareTeam", id: "careteam")
        team.name = .text("Care team and contacts")
        team.participant = participants
        return [.other(team)] + members
    }
}
