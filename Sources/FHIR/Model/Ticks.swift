/// A tick of an intervention, as FHIR records that something was done: R4 MedicationAdministration
/// for a medicine taken, Procedure for anything else done (docs/fhir.md says why).
public struct Procedure: Codable, Hashable, Sendable {
    /// Who did it: the patient, for a tick.
    public struct Performer: Codable, Hashable, Sendable {
        public var actor: Reference
        public init(actor: Reference) { self.actor = actor }
    }

    public var resourceType = "Procedure"
    public var id: String?
    public var meta: Meta?
    public var identifier: [Identifier]?
    /// The CarePlan whose activity it was.
    public var basedOn: [Reference]?
    /// completed, or entered-in-error once the tick is cleared.
    public var status: String
    public var code: CodeableConcept?
    public var subject: Reference?
    public var performedDateTime: String?
    public var performer: [Performer]?
    public var note: [Annotation]?

    public init(id: String, identifier: [Identifier], status: String, code: CodeableConcept, subject: Reference) {
        self.id = id
        self.identifier = identifier
        self.status = status
        self.code = code
        self.subject = subject
    }
}

public struct MedicationAdministration: Codable, Hashable, Sendable {
    public var resourceType = "MedicationAdministration"
    public var id: String?
    public var meta: Meta?
    public var identifier: [Identifier]?
    /// completed, or entered-in-error once the tick is cleared.
    public var status: String
    /// The medicine, as the plan names it.
    public var medicationCodeableConcept: CodeableConcept?
    public var subject: Reference?
    /// The CarePlan whose activity it was (R4 has no basedOn here).
    public var supportingInformation: [Reference]?
    public var effectiveDateTime: String?
    public var performer: [Procedure.Performer]?
    public var note: [Annotation]?

    public init(id: String, identifier: [Identifier], status: String, medication: CodeableConcept, subject: Reference) {
        self.id = id
        self.identifier = identifier
        self.status = status
        self.medicationCodeableConcept = medication
        self.subject = subject
    }
}

/// What a server says went wrong (or right): each issue's severity, code and words.
public struct OperationOutcome: Codable, Hashable, Sendable {
    public struct Issue: Codable, Hashable, Sendable {
        public var severity: String?
        public var code: String?
        public var diagnostics: String?
        public var details: CodeableConcept?
        public var expression: [String]?
    }

    public var resourceType = "OperationOutcome"
    public var id: String?
    public var issue: [Issue]?

    /// The issues in words, for a one-line message: diagnostics, else the details' text.
    public var summary: String {
        (issue ?? []).compactMap { issue in
            let words = issue.diagnostics ?? issue.details?.label
            return words.map { text in issue.expression?.first.map { "\($0): \(text)" } ?? text }
        }.joined(separator: "; ")
    }
}
