import CarePlanStore
import Localization

/// What to type about an error: the store's messages say what is wrong, and this adds the command
/// that helps, since only the command line knows its commands (the dashboard says what to press).
enum CommandHints {
    static func line(for error: any UserFacingError) -> String {
        hint(for: error) ?? "\(error)"
    }

    /// The error's message with the command that helps, where there is one.
    static func hint(for error: any UserFacingError) -> String? {
        let message = "\(error)"
        switch error {
        case CarePlanError.unknownActivity(_, let known) where known.isEmpty:
            // TRANSLATORS: {error} is careplan's message saying what is wrong; the rest says what to type.
            return tr("{error}; import one with careplan import PLAN.yaml", ["error": message])
        case CarePlanError.wrongKind(let id, let kind):
            return kind == .intervention ? tr("{error}: mark it with careplan done {id}", ["error": message, "id": id])
                                         : tr("{error}: record it with careplan log {id} VALUE...", ["error": message, "id": id])
        case CarePlanError.allOccurrencesRecorded(let id, _, _):
            return tr("{error}; name one with --occurrence N to change it, or careplan reset {id}", ["error": message, "id": id])
        case CarePlanError.alreadyRecorded(let id, let date, let occurrence, true):
            return tr("{error}; careplan reset {id} --date {date} --occurrence {occurrence} clears it",
                      ["error": message, "id": id, "date": date.iso, "occurrence": String(occurrence)])
        case CarePlanError.noPlan, StoreError.missing:
            return tr("{error}; import one with careplan import PLAN.yaml (see sample-plans/)", ["error": message])
        case StoreError.newer:
            return tr("{error}; upgrade careplan to open it", ["error": message])
        case StoreError.foreign:
            return tr("{error}; give careplan a file of its own with --db PATH", ["error": message])
        default:
            return nil
        }
    }
}
