import CarePlanStore

/// What to type about an error: the store's messages say what is wrong, and this adds the command
/// that helps, since only the command line knows its commands (the dashboard says what to press).
enum CommandHints {
    static func line(for error: any UserFacingError) -> String {
        "\(error)" + (hint(for: error) ?? "")
    }

    static func hint(for error: any UserFacingError) -> String? {
        switch error {
        case CarePlanError.unknownActivity(_, let known) where known.isEmpty:
            return "; import one with careplan import PLAN.yaml"
        case CarePlanError.wrongKind(let id, let kind):
            return kind == .intervention ? ": mark it with careplan done \(id)" : ": record it with careplan log \(id) VALUE..."
        case CarePlanError.allOccurrencesRecorded(let id, _, _):
            return "; name one with --occurrence N to change it, or careplan reset \(id)"
        case CarePlanError.alreadyRecorded(let id, let date, let occurrence, true):
            return "; careplan reset \(id) --date \(date) --occurrence \(occurrence) clears it"
        case CarePlanError.noPlan, StoreError.missing:
            return "; import one with careplan import PLAN.yaml (see sample-plans/)"
        case StoreError.newer:
            return "; upgrade careplan to open it"
        case StoreError.foreign:
            return "; give careplan a file of its own with --db PATH"
        default:
            return nil
        }
    }
}
