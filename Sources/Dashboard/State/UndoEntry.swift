import CarePlanStore

/// One change made in this session, with what it takes to take it back.
public enum UndoEntry: Equatable, Sendable {
    /// An outcome was recorded; `replaced` is the reading it overwrote, if any.
    case recorded(activityId: String, title: String, date: LocalDate, occurrence: Int, replaced: Outcome?)
    /// An outcome was cleared.
    case cleared(Outcome, title: String)
}
