import Localization

/// How much of the due work of a day, a bucket or a period was done: the one adherence figure
/// every view shows. Each state is its own case so that nothing draws "not started", "still to
/// come" or "nothing due" as 0 % or 100 % (a complaint CareKit's users had).
public enum Adherence: Hashable, Sendable {
    /// Entirely before the plan (or the activity) starts.
    case notStarted
    /// Entirely after today.
    case future
    /// Nothing that counts in adherence was due (optional and as-needed activities never count).
    case nothingDue
    case due(completed: Int, total: Int)

    /// 0...1 when something was due.
    public var fraction: Double? {
        if case .due(let completed, let total) = self { return Double(completed) / Double(total) }
        return nil
    }

    /// The percentage done, rounded to a whole number, when something was due.
    public var percent: Int? { fraction.map { Int(($0 * 100).rounded()) } }

    /// `not-started`, `future`, `nothing-due` or `due`, for JSON and text.
    public var name: String {
        switch self {
        case .notStarted: return "not-started"
        case .future: return "future"
        case .nothingDue: return "nothing-due"
        case .due: return "due"
        }
    }

    /// "3 of 4 (75 %)", "nothing due", "not started", "still to come".
    public var summary: String {
        switch self {
        case .notStarted: return tr("not started")
        case .future: return tr("still to come")
        case .nothingDue: return tr("nothing due")
        case .due(let completed, let total):
            // TRANSLATORS: adherence: {count} done of {total} due, and the percentage done.
            return trn("{count} of {total} ({percent} %)", "{count} of {total} ({percent} %)", completed, ["total": total, "percent": percent!])
        }
    }
}
