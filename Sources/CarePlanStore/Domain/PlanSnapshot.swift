/// One stored version of an activity and the first day it governs.
public struct ActivityVersion: Hashable, Sendable {
    public var version: Int
    public var effectiveFrom: LocalDate
    public var activity: Activity

    public init(version: Int, effectiveFrom: LocalDate, activity: Activity) {
        self.version = version
        self.effectiveFrom = effectiveFrom
        self.activity = activity
    }
}

/// Every version of one activity, oldest first; answers "which definition held on this day?".
public struct ActivityHistory: Hashable, Sendable, Identifiable {
    public var id: String
    public var kind: Activity.Kind
    /// Sorted by (effectiveFrom, version).
    public var versions: [ActivityVersion]
    /// The first day careplan followed it (the import that added it); days before it are not
    /// reported as missed. Nil for histories built outside a store.
    public var trackedFrom: LocalDate?

    public init(id: String, kind: Activity.Kind, versions: [ActivityVersion], trackedFrom: LocalDate? = nil) {
        self.id = id
        self.kind = kind
        self.versions = versions
        self.trackedFrom = trackedFrom
    }

    /// The version in force on `date`: the latest whose effective date is on or before it. Days
    /// before the first version's effective date belong to the first version (its schedule's
    /// `start` is what limits them).
    public func version(on date: LocalDate) -> ActivityVersion {
        versions.last { $0.effectiveFrom <= date } ?? versions[0]
    }

    public func activity(on date: LocalDate) -> Activity { version(on: date).activity }

    /// The first day any version schedules.
    public var start: LocalDate {
        // By index, each schedule's start read where it lies: mapping through a key path copied every
        // version's activity, and a frame asks this of all 120 activities (0.4 % of a week switch).
        var first = versions[0].activity.schedule.start
        for index in versions.indices.dropFirst() where versions[index].activity.schedule.start < first {
            first = versions[index].activity.schedule.start
        }
        return first
    }
}

/// How much of a stored plan a read brings back.
public enum PlanDetail: Sendable {
    /// Everything the store keeps.
    case full
    /// What a due list needs (`careplan status`, `due`, `remind`, run every few seconds): the plan's
    /// title, patient and reminders, and each activity version's kind, title, schedule, whether it
    /// is optional and its grace. Measures, health links, texts, contacts and the patient's
    /// details are left out (nil or empty), so a snapshot read this way is never written back or
    /// exported. A day read this way (`StoreReader.day`) knows which events are done and nothing
    /// more of their outcomes: no values, notes, sources or times of recording.
    case dueList
}

/// The whole plan as stored: title, and each activity's history in display order.
///
/// Small (tens of activities), so commands load it once and compute events in memory; only
/// outcomes, which grow with time, are queried by day or range.
public struct PlanSnapshot: Hashable, Sendable {
    public var title: String
    public var patient: String?
    public var histories: [ActivityHistory] {
        didSet { sleepDiaries = Self.sleepDiaries(in: histories) }
    }
    /// Changes with every import or end: what a write checks to know the plan it validated against
    /// is still the plan.
    public var revision: Int
    /// The plan's sleep diaries (assessments with a `sleep` measure in any version), in plan
    /// order: found once, since every frame asks.
    public private(set) var sleepDiaries: [ActivityHistory]
    /// The contacts' histories, in the order the latest plan file listed them.
    public var contactHistories: [ContactHistory]
    /// The plan's due, overdue and quiet settings.
    public var reminders: Reminders
    /// The patient's date of birth and identifiers.
    public var patientDetails: PatientDetails
    /// Whose plan it is in the store (`careplan people`); not part of the plan file.
    public var person: String?
    /// The language the plan file said it is written in (BCP 47).
    public var language: String?

    /// The patient's name for a report or a FHIR Patient: the plan's, else the person's, unless
    /// that is only the name careplan gives the person of a store nobody named.
    public var patientName: String? { patient ?? (person == Self.unnamedPerson ? nil : person) }

    /// The name of the first person of a store whose plan names no patient and who was not named.
    public static let unnamedPerson = "me"

    public init(title: String, patient: String? = nil, histories: [ActivityHistory], revision: Int = 0, contacts: [ContactHistory] = [],
                reminders: Reminders = .standard, patientDetails: PatientDetails = PatientDetails()) {
        self.title = title
        self.patient = patient
        self.histories = histories
        self.revision = revision
        self.reminders = reminders
        self.patientDetails = patientDetails
        contactHistories = contacts
        sleepDiaries = Self.sleepDiaries(in: histories)
    }

    /// The contacts as the plan listed them on `date`.
    public func contacts(on date: LocalDate) -> [Contact] { contactHistories.compactMap { $0.contact(on: date) } }

    static func sleepDiaries(in histories: [ActivityHistory]) -> [ActivityHistory] {
        histories.filter { history in history.versions.contains { $0.activity.measure?.type == .sleep } }
    }

    public var isEmpty: Bool { histories.isEmpty }

    public func history(_ id: String) -> ActivityHistory? { histories.first { $0.id == id } }

    /// The activities as defined on `date`, in display order.
    public func activities(on date: LocalDate) -> [Activity] { histories.map { $0.activity(on: date) } }

    /// The plan as it stands on `date`, for export.
    public func plan(on date: LocalDate) -> CarePlan {
        CarePlan(title: title, patient: patient, activities: activities(on: date), contacts: contacts(on: date), reminders: reminders,
                 patientDetails: patientDetails, language: language)
    }

    /// The first day anything is scheduled; days before it are "not started".
    public var start: LocalDate? {
        var first: LocalDate?
        for index in histories.indices {
            let start = histories[index].start
            if first.map({ start < $0 }) ?? true { first = start }
        }
        return first
    }
}
