/// An error whose description is a complete, one-line message for the user.
public protocol UserFacingError: Error, CustomStringConvertible {}

/// Everything a user can get wrong, each with the message that tells them what is accepted.
///
/// The `description` is the single line the command line prints on stderr, so every case carries
/// the facts needed to fix the problem: the id, the date, the range, the units that would do. The
/// store knows no commands: the command line and the dashboard add what to type or press.
public enum CarePlanError: UserFacingError, Equatable {
    case invalidEnvironment(String)
    case invalidDate(String)
    case unknownActivity(String, known: [String])
    case wrongKind(id: String, kind: Activity.Kind)
    case notScheduled(id: String, date: LocalDate, schedule: String)
    case futureDate(LocalDate, today: LocalDate)
    case noSuchOccurrence(id: String, date: LocalDate, occurrence: Int, count: Int)
    case allOccurrencesRecorded(id: String, date: LocalDate, count: Int)
    case alreadyRecorded(id: String, date: LocalDate, occurrence: Int, resettable: Bool)
    case notRecorded(id: String, date: LocalDate, occurrence: Int)
    case notResettable(id: String)
    case changedElsewhere(id: String, date: LocalDate, occurrence: Int)
    case invalidValue(id: String, field: String, message: String)
    case wrongValueCount(id: String, expected: [String], got: Int)
    case unknownUnit(String, accepted: [String])
    case incompatibleUnit(String, measureUnit: String, accepted: [String])
    case unitNotAllowed(id: String)
    case endBeforeOutcomes(id: String, end: LocalDate, firstLater: LocalDate, count: Int)
    case versionBreaksOutcomes(id: String, effective: LocalDate, date: LocalDate, occurrence: Int)
    case kindChanged(id: String, from: Activity.Kind, to: Activity.Kind)
    case noPlan(path: String)
    case filledByHealthData(id: String, date: LocalDate, source: String)
    /// The store holds several people and the command did not say whose plan it is for.
    case personNeeded(known: [String])
    /// No person of that name (or a name it starts) in the store.
    case unknownPerson(String, known: [String])
    /// A name that starts more than one person's name.
    case ambiguousPerson(String, matches: [String])
    /// A new name that starts someone's name: most likely that person, mistyped.
    case startsSomeonesName(String, matches: [String])
    case invalidPersonName(String, reason: String)

    public var description: String {
        switch self {
        case .invalidEnvironment(let message): return message
        case .personNeeded(let known):
            return "this store holds the plans of \(known.count) people (\(known.joined(separator: ", "))); say whose with --person NAME (or CAREPLAN_PERSON)"
        case .unknownPerson(let name, let known):
            return known.isEmpty
                ? "no person '\(name)': the store holds no one's plan yet"
                : "no person '\(name)' in this store; it holds: \(known.joined(separator: ", "))"
        case .startsSomeonesName(let name, let matches):
            return "'\(name)' is no one in this store, but starts the name of \(matches.joined(separator: " and ")); give the whole name for their plan, or another name to add a person"
        case .ambiguousPerson(let name, let matches):
            return "'\(name)' could be \(matches.joined(separator: " or ")); give more of the name"
        case .invalidPersonName(let name, let reason):
            return "'\(name)' cannot be a person's name: \(reason)"
        case .filledByHealthData(let id, let date, let source):
            return "\(id) on \(date.iso) was filled from health data (\(source)), not recorded here; record a reading to replace it, or remove the data with careplan health forget"
        case .invalidDate(let text):
            return "'\(text)' is not a date; expected YYYY-MM-DD, 'today' or 'yesterday'"
        case .unknownActivity(let id, let known):
            return known.isEmpty
                ? "no activity '\(id)': the plan has no activities yet"
                : "no activity '\(id)'; known activities: \(known.joined(separator: ", "))"
        case .wrongKind(let id, let kind):
            return "'\(id)' is an \(kind.rawValue)"
        case .notScheduled(let id, let date, let schedule):
            return "'\(id)' is not scheduled on \(date) (\(date.weekday.name)); its schedule: \(schedule)"
        case .futureDate(let date, let today):
            return "\(date) is after today (\(today)); outcomes can be recorded for today or earlier days"
        case .noSuchOccurrence(let id, let date, let occurrence, let count):
            return "'\(id)' has no occurrence \(occurrence) on \(date); occurrences that day: 0..\(count - 1)"
        case .allOccurrencesRecorded(let id, let date, let count):
            let which = count == 1 ? "the only occurrence of '\(id)' on \(date) is" : "all \(count) occurrences of '\(id)' on \(date) are"
            return "\(which) already recorded"
        case .alreadyRecorded(let id, let date, let occurrence, let resettable):
            return "occurrence \(occurrence) of '\(id)' on \(date) is already done"
                + (resettable ? "" : " and cannot be changed ('\(id)' is not resettable)")
        case .notRecorded(let id, let date, let occurrence):
            return "occurrence \(occurrence) of '\(id)' on \(date) has nothing recorded; nothing to reset"
        case .changedElsewhere(let id, let date, let occurrence):
            return "'\(id)' on \(date) (occurrence \(occurrence)) was changed by another program since; nothing undone"
        case .notResettable(let id):
            return "'\(id)' is not resettable: once recorded, its outcomes cannot be changed or cleared"
        case .invalidValue(let id, let field, let message):
            return field == "value" ? "\(id): \(message)" : "\(id) \(field): \(message)"
        case .wrongValueCount(let id, let expected, let got):
            return "'\(id)' takes \(expected.count) value\(expected.count == 1 ? "" : "s") (\(expected.joined(separator: ", "))), got \(got)"
        case .unknownUnit(let unit, let accepted):
            return "unknown unit '\(unit)'; accepted here: \(accepted.joined(separator: ", "))"
        case .incompatibleUnit(let unit, let measureUnit, let accepted):
            return "unit '\(unit)' does not convert to \(measureUnit); accepted: \(accepted.joined(separator: ", "))"
        case .unitNotAllowed(let id):
            return "'\(id)' takes a plain number, without a unit"
        case .endBeforeOutcomes(let id, let end, let firstLater, let count):
            return "cannot end '\(id)' on \(end): \(count) outcome\(count == 1 ? "" : "s") recorded after it (first on \(firstLater)); choose a date on or after the last outcome, or reset them first"
        case .versionBreaksOutcomes(let id, let effective, let date, let occurrence):
            return "'\(id)': the changed schedule effective \(effective) has no occurrence \(occurrence) on \(date), which has a recorded outcome; choose a later --effective date"
        case .kindChanged(let id, let from, let to):
            return "'\(id)' is an \(from) in the store and an \(to) in the file; an activity cannot change kind, give it a new id"
        case .noPlan(let path):
            return "no care plan in \(path) yet"
        }
    }
}

/// A mistake at a place in a hand-written file (plans, themes): `knee.yaml:14:9: schedule: ...`.
public struct FilePositionError: UserFacingError, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`; `file: message` for the file as a whole (line 0), as when it
    /// cannot be read at all.
    public var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
}

/// A problem in a plan file.
public typealias PlanFileError = FilePositionError
