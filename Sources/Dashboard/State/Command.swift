import CarePlanStore

/// A change to the store that a key asked for; the `CommandRunner` carries it out in one
/// transaction and reports back into the state.
public enum Command: Equatable, Sendable {
    case markDone(activityId: String, date: LocalDate, occurrence: Int?)
    case reset(activityId: String, date: LocalDate, occurrence: Int)
    case log(EntryForm)
    case undo(UndoEntry)
    /// Starts the bedside timer, or stops it and records the time in bed.
    case sleepTimer
    /// Opens the next person's plan.
    case nextPerson
    /// Writes the report of the Insights period for a contact, by name.
    case prepareReport(contact: String)
    /// Opens a file or a `mailto:` link with the desktop's opener.
    case open(String)
    /// Opens an assessment's questionnaire for one event (its draft, if one was kept; the answers
    /// recorded, when `amending`).
    case openSurvey(activityId: String, date: LocalDate, occurrence: Int, amending: Bool)
    /// Records a questionnaire's answers and their scores.
    case submitSurvey(SurveyState)
    /// Keeps the answers so far as a draft, and closes the questionnaire.
    case keepDraft(SurveyState)
    /// Forgets the answers (and any draft kept of them), and closes the questionnaire.
    case discardDraft(SurveyState)
    /// The first-run picker's choice: the sample plan, moved to start today.
    case startSamplePlan(path: String)

    /// Whether it may change the store: after one that cannot, the event loop keeps what it
    /// loaded for the visible week instead of reading it all again.
    public var writes: Bool {
        switch self {
        case .openSurvey, .open: false
        default: true
        }
    }
}
