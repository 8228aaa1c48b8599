/// Everything a key or the mouse can ask the dashboard to do.
public enum Action: String, CaseIterable, Sendable {
    case nextPane, previousPane, showCare, showSymptoms, showInsights, showConnect
    case up, down, previousDay, nextDay, previousWeek, nextWeek, today
    case toggle, open, undo, nextChart, nextRange, help, quit
    /// Select the next occurrence that is overdue or due today, in the pane that holds it.
    case nextDue
    /// The next person's plan, in a store of several people.
    case nextPerson
    /// Stop the dashboard and go back to the shell (`fg` returns to it), as Ctrl-Z does elsewhere.
    case suspend
    /// The bedside timer: start on going to bed, stop on getting up.
    case sleepTimer
    /// Connect: write the report for the selected contact; open it (or an email to them).
    case prepareReport, openDocument
    // In a reading form (and a questionnaire).
    case save, cancel, nextField, previousField, decrease, increase, erase, clearField
    /// In a questionnaire: the next page, the previous one.
    case forward, back
    // The mouse.
    case click, scroll
}

/// Where a key is read: the dashboard (and its first-run picker), an open reading form, or an
/// open questionnaire.
public enum KeyContext: Sendable, Hashable {
    case dashboard, form, survey
}
