import Localization

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
    /// A form the store keeps under the same url and version, with other content.
    case formChanged(canonical: String)
    /// A questionnaire's answers refused: the form's item and why.
    case notAQuestionnaire(id: String)
    /// A reading typed for an assessment whose reading is its questionnaire's score.
    case isAQuestionnaire(id: String)

    public var description: String {
        switch self {
        case .invalidEnvironment(let message): return message
        case .personNeeded(let known):
            return trn("this store holds the plan of {count} person ({names}); say whose with --person NAME (or CAREPLAN_PERSON)",
                       "this store holds the plans of {count} people ({names}); say whose with --person NAME (or CAREPLAN_PERSON)",
                       known.count, ["names": known.joined(separator: ", ")])
        case .unknownPerson(let name, let known):
            return known.isEmpty
                ? tr("no person '{name}': the store holds no one's plan yet", ["name": name])
                : tr("no person '{name}' in this store; it holds: {names}", ["name": name, "names": known.joined(separator: ", ")])
        case .startsSomeonesName(let name, let matches):
            // TRANSLATORS: {names} are two or more people's names joined by the list word " and ".
            return tr("'{name}' is no one in this store, but starts the name of {names}; give the whole name for their plan, or another name to add a person",
                      ["name": name, "names": matches.joined(separator: trc("list of names", " and "))])
        case .ambiguousPerson(let name, let matches):
            // TRANSLATORS: {names} are two or more people's names joined by the list word " or ".
            return tr("'{name}' could be {names}; give more of the name", ["name": name, "names": matches.joined(separator: trc("list of names", " or "))])
        case .invalidPersonName(let name, let reason):
            // TRANSLATORS: {reason} says what is wrong with the name, e.g. "it is empty".
            return tr("'{name}' cannot be a person's name: {reason}", ["name": name, "reason": reason])
        case .filledByHealthData(let id, let date, let source):
            // TRANSLATORS: {source} names where the data came from, e.g. "Apple Health · Omron connect".
            return tr("{id} on {date} was filled from health data ({source}), not recorded here; record a reading to replace it, or remove the data with careplan health forget",
                      ["id": id, "date": date.iso, "source": source])
        case .invalidDate(let text):
            return tr("'{text}' is not a date; expected YYYY-MM-DD, 'today' or 'yesterday'", ["text": text])
        case .unknownActivity(let id, let known):
            return known.isEmpty
                ? tr("no activity '{id}': the plan has no activities yet", ["id": id])
                : tr("no activity '{id}'; known activities: {ids}", ["id": id, "ids": known.joined(separator: ", ")])
        case .wrongKind(let id, .intervention):
            return tr("'{id}' is an intervention", ["id": id])
        case .wrongKind(let id, .assessment):
            return tr("'{id}' is an assessment", ["id": id])
        case .notScheduled(let id, let date, let schedule):
            // TRANSLATORS: {schedule} describes when the activity is due, e.g. "daily at 08:00 from 2026-11-01".
            return tr("'{id}' is not scheduled on {date} ({weekday}); its schedule: {schedule}",
                      ["id": id, "date": date.iso, "weekday": date.weekday.name, "schedule": schedule])
        case .futureDate(let date, let today):
            return tr("{date} is after today ({today}); outcomes can be recorded for today or earlier days", ["date": date.iso, "today": today.iso])
        case .noSuchOccurrence(let id, let date, let occurrence, let count):
            // TRANSLATORS: occurrences are numbered from 0; {last} is the last one's number that day.
            return tr("'{id}' has no occurrence {occurrence} on {date}; occurrences that day: 0..{last}",
                      ["id": id, "occurrence": String(occurrence), "date": date.iso, "last": String(count - 1)])
        case .allOccurrencesRecorded(let id, let date, let count):
            return count == 1
                ? tr("the only occurrence of '{id}' on {date} is already recorded", ["id": id, "date": date.iso])
                : trn("all {count} occurrences of '{id}' on {date} are already recorded", "all {count} occurrences of '{id}' on {date} are already recorded",
                      count, ["id": id, "date": date.iso])
        case .alreadyRecorded(let id, let date, let occurrence, let resettable):
            return resettable
                ? tr("occurrence {occurrence} of '{id}' on {date} is already done", ["occurrence": String(occurrence), "id": id, "date": date.iso])
                : tr("occurrence {occurrence} of '{id}' on {date} is already done and cannot be changed ('{id}' is not resettable)",
                     ["occurrence": String(occurrence), "id": id, "date": date.iso])
        case .notRecorded(let id, let date, let occurrence):
            return tr("occurrence {occurrence} of '{id}' on {date} has nothing recorded; nothing to reset",
                      ["occurrence": String(occurrence), "id": id, "date": date.iso])
        case .changedElsewhere(let id, let date, let occurrence):
            return tr("'{id}' on {date} (occurrence {occurrence}) was changed by another program since; nothing undone",
                      ["id": id, "date": date.iso, "occurrence": String(occurrence)])
        case .notResettable(let id):
            return tr("'{id}' is not resettable: once recorded, its outcomes cannot be changed or cleared", ["id": id])
        case .invalidValue(let id, let field, let message):
            // The activity and the field are identifiers, the message says what is wrong with the value.
            return field == "value" ? "\(id): \(message)" : "\(id) \(field): \(message)"
        case .wrongValueCount(let id, let expected, let got):
            // TRANSLATORS: {names} are the names of the values the plan file gives (systolic, diastolic); {got} how many were typed.
            return trn("'{id}' takes {count} value ({names}), got {got}", "'{id}' takes {count} values ({names}), got {got}",
                       expected.count, ["id": id, "names": expected.joined(separator: ", "), "got": got])
        case .unknownUnit(let unit, let accepted):
            return tr("unknown unit '{unit}'; accepted here: {units}", ["unit": unit, "units": accepted.joined(separator: ", ")])
        case .incompatibleUnit(let unit, let measureUnit, let accepted):
            return tr("unit '{unit}' does not convert to {measureUnit}; accepted: {units}",
                      ["unit": unit, "measureUnit": measureUnit, "units": accepted.joined(separator: ", ")])
        case .unitNotAllowed(let id):
            return tr("'{id}' takes a plain number, without a unit", ["id": id])
        case .endBeforeOutcomes(let id, let end, let firstLater, let count):
            return trn("cannot end '{id}' on {end}: {count} outcome recorded after it (first on {first}); choose a date on or after the last outcome, or reset them first",
                       "cannot end '{id}' on {end}: {count} outcomes recorded after it (first on {first}); choose a date on or after the last outcome, or reset them first",
                       count, ["id": id, "end": end.iso, "first": firstLater.iso])
        case .versionBreaksOutcomes(let id, let effective, let date, let occurrence):
            return tr("'{id}': the changed schedule effective {effective} has no occurrence {occurrence} on {date}, which has a recorded outcome; choose a later --effective date",
                      ["id": id, "effective": effective.iso, "occurrence": String(occurrence), "date": date.iso])
        case .kindChanged(let id, let from, _):
            // An activity that changed kind changed from one to the other.
            return from == .intervention
                ? tr("'{id}' is an intervention in the store and an assessment in the file; an activity cannot change kind, give it a new id", ["id": id])
                : tr("'{id}' is an assessment in the store and an intervention in the file; an activity cannot change kind, give it a new id", ["id": id])
        case .noPlan(let path):
            return tr("no care plan in {path} yet", ["path": path])
        case .formChanged(let canonical):
            // TRANSLATORS: {canonical} is a form's url and version; version is the key of a FHIR Questionnaire, keep it as it is.
            return tr("the store keeps the form {canonical} with other content; a changed form needs a new version (its \"version\"); nothing was imported",
                      ["canonical": canonical])
        case .isAQuestionnaire(let id):
            // TRANSLATORS: careplan answer is a command; keep it as it is.
            return tr("'{id}' is a questionnaire: its reading is the score of its answers; answer it with careplan answer {id}", ["id": id])
        case .notAQuestionnaire(let id):
            // TRANSLATORS: careplan log is a command; keep it as it is.
            return tr("'{id}' asks no questionnaire; record its reading with careplan log", ["id": id])
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
