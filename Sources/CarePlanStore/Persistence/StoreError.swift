import Localization

/// What can be wrong with the database file itself, as opposed to what a user asked of it.
///
/// Messages name the file and the problem; what to run about it is the command line's to add
/// (the store knows no commands).
public enum StoreError: UserFacingError, Equatable {
    /// SQLite's own error, in words (locked, full, damaged, read-only...).
    case database(path: String, message: String)
    /// No file at the path, for a command that only reads.
    case missing(path: String)
    /// An SQLite file with tables careplan did not make.
    case foreign(path: String, tables: String)
    /// Written by a careplan with migrations this one does not know.
    case newer(path: String)
    /// A stored row this careplan cannot read back.
    case damaged(path: String, detail: String)
    /// An encrypted store, opened without its key.
    case encrypted(path: String)

    /// The message without the path, for a screen that already shows which store it is on (the
    /// dashboard's status line, where a long path would push the reason off the end).
    public var reason: String {
        switch self {
        case .database(_, let message): return message
        // TRANSLATORS: {detail} says what could not be read: "version 2 of activity 'walk' cannot be read: …".
        case .damaged(_, let detail): return tr("the store is damaged: {detail}", ["detail": detail])
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .database(let path, let message): return "\(path): \(message)"
        case .missing(let path): return tr("no care plan in {path} yet", ["path": path])
        case .foreign(let path, let tables):
            // TRANSLATORS: {tables} lists the names of the database's tables.
            return tr("{path} is an SQLite database of another program (tables: {tables}), not a careplan store; it was left as it is",
                      ["path": path, "tables": tables])
        case .newer(let path): return tr("{path} was written by a newer careplan; it was left as it is", ["path": path])
        case .damaged(let path, _): return "\(path): \(reason)"
        case .encrypted(let path): return tr("{path} is encrypted, and no key was given", ["path": path])
        }
    }
}
