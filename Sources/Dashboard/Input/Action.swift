/// Everything a key can ask the dashboard to do.
public enum Action: String, CaseIterable, Sendable {
    case nextPane, previousPane, showCare, showSymptoms, showInsights
    case up, down, previousDay, nextDay, previousWeek, nextWeek, today
    case toggle, open, undo, nextChart, nextRange, help, quit
}
