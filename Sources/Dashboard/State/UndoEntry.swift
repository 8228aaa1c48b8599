import CarePlanStore

/// One change made in this session, with what it takes to take it back.
public enum UndoEntry: Equatable, Sendable {
    /// An outcome was recorded (as written, so undo can check it is still there unchanged);
    /// `replaced` is the reading it overwrote, if any.
    case recorded(Outcome, title: String, replaced: Outcome?)
    /// An outcome was cleared.
    case cleared(Outcome, title: String)
}
