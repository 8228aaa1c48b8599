import CareInsights
import CarePlanStore
import TerminalUI

/// A line in the status bar that reports what just happened or went wrong.
public struct StatusMessage: Equatable, Sendable {
    public enum Level: Sendable { case info, warning, error }
    public var text: String
    public var level: Level
}

/// Everything the dashboard shows that is not data from the store: what is selected, which pane
/// has focus, open forms and overlays. Panes render from this plus `DashboardData`.
public struct AppState: Equatable, Sendable {
    public var today: LocalDate
    public var selectedDate: LocalDate
    public var focus: Pane = .care
    /// Selected row in the Care Card's intervention list.
    public var careSelection = 0
    /// Selected row in the Symptom Tracker's assessment list.
    public var symptomSelection = 0
    /// The selected contact in Connect, in the pane's order (care team first).
    public var contactSelection = 0
    /// The report last written in this session, by contact name: what `o` opens.
    public var reports: [String: String] = [:]
    /// Which field Insights charts (index into the report's assessments).
    public var insightsAssessment = 0
    /// How much time Insights covers.
    public var insightsRange: InsightRange = .week
    public var form: EntryForm?
    /// A questionnaire being answered.
    public var survey: SurveyState?
    /// What must be read before going on (an answer that needs the care team); any key closes it.
    public var notice: Notice?
    /// Minutes after midnight now, kept by the event loop: what is due depends on it.
    public var minutesIntoDay = 0
    /// The activity `n` last selected: the next `n` goes on from it, a first one starts at the top.
    public var lastDueJump: String?
    public var showHelp = false
    /// Which page of help shows, on a screen too small for all of it on one.
    public var helpPage = 0
    public var message: StatusMessage?
    /// A non-resettable tick waiting for its confirming second press.
    public var pendingConfirmation: PendingTick?
    public var undoStack: [UndoEntry] = []
    /// Everyone whose plan the store holds, and whose plan is on screen (the header names them
    /// when there are several).
    public var people: [Person] = []
    public var person: Person?
    public var welcomeSelection = 0
    /// The picker's plan a click last selected: a second click on it starts it.
    public var welcomeClicked: Int?
    public var quit = false

    /// A message in a box over the dashboard, for what must not pass unread in the status line.
    public struct Notice: Equatable, Sendable {
        public var title: String
        public var lines: [String]
    }

    public struct PendingTick: Equatable, Sendable {
        public var activityId: String
        public var date: LocalDate
        public var occurrence: Int
    }

    public init(today: LocalDate) {
        self.today = today
        selectedDate = today
    }

    /// Where keys are read now.
    public var keyContext: KeyContext { form != nil ? .form : survey != nil ? .survey : .dashboard }

    /// Monday of the selected date's week.
    public var weekStart: LocalDate { selectedDate.adding(days: -(selectedDate.weekday.rawValue - 1)) }
}

extension AppState {
    /// Another person's plan on screen: the day and pane stay; undo steps, selections, reports
    /// written and an open form were the previous person's and go.
    public mutating func switchPerson(to person: Person, among everyone: [Person]) {
        self.person = person
        people = everyone
        undoStack = []
        reports = [:]
        form = nil
        survey = nil
        pendingConfirmation = nil
        lastDueJump = nil
        careSelection = 0
        symptomSelection = 0
        contactSelection = 0
        insightsAssessment = 0
    }
}
