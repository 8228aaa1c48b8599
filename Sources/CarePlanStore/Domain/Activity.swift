import Localization

/// One thing a care plan asks for: an intervention to do, or an assessment to record.
public struct Activity: Hashable, Sendable, Identifiable {
    /// `rawValue` is the plan file's word (`kind: intervention`), the same in every language.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case intervention, assessment

        /// "intervention" or "assessment" in the reader's language.
        public var title: String {
            switch self {
            case .intervention: return trc("activity kind", "intervention")
            case .assessment: return trc("activity kind", "assessment")
            }
        }
    }

    /// Slug `[a-z0-9-]+`, unique in the store; it names the activity on the command line.
    public var id: String
    public var kind: Kind
    public var title: String
    /// Short subtitle ("500 mg with breakfast").
    public var text: String?
    public var instructions: String?
    public var group: String?
    /// A theme palette name (`blue`, `green`...).
    public var color: String?
    /// Optional activities are left out of adherence.
    public var optional: Bool
    /// When false, a recorded outcome cannot be changed or cleared.
    public var resettable: Bool
    public var schedule: Schedule
    /// Assessments only.
    public var measure: Measure?
    /// Health data that fills it (`healthkit:` in the plan file).
    public var health: HealthLink?
    /// Minutes an open occurrence stays due before it is overdue; nil: the plan's (`Reminders`).
    public var graceMinutes: Int?
    /// The medicine an intervention gives (`medication: Lisinopril 10 mg`): its ticks reach a FHIR
    /// server as MedicationAdministrations rather than Procedures.
    public var medication: String?
    /// The questionnaire an assessment asks (`questionnaire: phq-9`): its answers are kept as a
    /// response, and its scores (`measure`, made from the form) are the reading.
    public var questionnaire: FormReference?

    public init(id: String, kind: Kind, title: String, text: String? = nil, instructions: String? = nil,
                group: String? = nil, color: String? = nil, optional: Bool = false, resettable: Bool = true,
                schedule: Schedule, measure: Measure? = nil, health: HealthLink? = nil, graceMinutes: Int? = nil, medication: String? = nil,
                questionnaire: FormReference? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.text = text
        self.instructions = instructions
        self.group = group
        self.color = color
        self.optional = optional
        self.resettable = resettable
        self.schedule = schedule
        self.measure = measure
        self.health = health
        self.graceMinutes = graceMinutes
        self.medication = medication
        self.questionnaire = questionnaire
    }

    /// Whether `id` is written as an activity's id must be: lowercase letters, digits and '-'.
    public static func isSlug(_ id: String) -> Bool {
        !id.isEmpty && id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Whether its occurrences count in the day's adherence.
    public var countsInAdherence: Bool { kind == .intervention && !optional && !schedule.isAsNeeded }

    /// Palette names a plan may use for `color`; themes map each to a real colour.
    public static let paletteNames = ["blue", "green", "red", "orange", "yellow", "purple", "pink", "teal", "cyan", "brown", "gray"]
}

/// A care plan: what a plan file holds.
public struct CarePlan: Hashable, Sendable {
    public var title: String
    public var patient: String?
    public var activities: [Activity]
    /// The care team and personal contacts, in the file's order.
    public var contacts: [Contact]
    /// When occurrences are due, overdue, and quiet.
    public var reminders: Reminders
    /// The patient's date of birth and identifiers (their name is `patient`).
    public var patientDetails: PatientDetails
    /// The language the plan is written in, as a BCP 47 tag (`zh-CN`, `ja`, `pl`): the first-run
    /// picker offers plans in the reader's language first, and FHIR's CarePlan carries it.
    public var language: String?
    /// The questionnaires the plan's assessments ask, as the files gave them, for the store to keep.
    public var forms: [StoredForm]

    public init(title: String, patient: String? = nil, activities: [Activity], contacts: [Contact] = [], reminders: Reminders = .standard,
                patientDetails: PatientDetails = PatientDetails(), language: String? = nil, forms: [StoredForm] = []) {
        self.forms = forms
        self.title = title
        self.language = language
        self.patient = patient
        self.activities = activities
        self.contacts = contacts
        self.reminders = reminders
        self.patientDetails = patientDetails
    }
}
