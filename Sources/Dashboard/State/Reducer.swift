import CareInsights
import CarePlanStore
import TerminalUI

/// Turns a key into a new state and the store commands it asks for. Pure: no I/O, so every
/// interaction can be tested without a terminal or a database.
public enum Reducer {
    public static func handle(_ key: Key, state: inout AppState, data: DashboardData, samples: [SamplePlan]) -> [Command] {
        if state.form != nil { return FormReducer.handle(key, state: &state) }
        if state.showHelp {
            // Any key closes help; q still quits.
            state.showHelp = false
            if Keymap.action(for: key) == .quit { state.quit = true }
            return []
        }
        if data.isEmpty { return welcome(key, state: &state, samples: samples) }
        let pending = state.pendingConfirmation
        state.pendingConfirmation = nil
        if pending != nil, Keymap.action(for: key) != .toggle, Keymap.action(for: key) != .open {
            state.message = StatusMessage(text: "Not recorded", level: .info)
        }
        guard let action = Keymap.action(for: key) else { return [] }
        state.message = nil
        return reduce(action, state: &state, data: data, pending: pending)
    }

    static func reduce(_ action: Action, state: inout AppState, data: DashboardData, pending: AppState.PendingTick?) -> [Command] {
        switch action {
        case .nextPane: state.focus = state.focus.next
        case .previousPane: state.focus = state.focus.previous
        case .showCare: state.focus = .care
        case .showSymptoms: state.focus = .symptoms
        case .showInsights: state.focus = .insights
        case .up: moveSelection(-1, state: &state, data: data)
        case .down: moveSelection(1, state: &state, data: data)
        case .previousDay: state.selectedDate = state.selectedDate.adding(days: -1)
        case .nextDay: state.selectedDate = state.selectedDate.adding(days: 1)
        case .previousWeek: state.selectedDate = page(-1, state: state)
        case .nextWeek: state.selectedDate = page(1, state: state)
        case .nextRange:
            let all = InsightRange.allCases
            state.insightsRange = all[(all.firstIndex(of: state.insightsRange)! + 1) % all.count]
        case .today: state.selectedDate = state.today
        case .help: state.showHelp = true
        case .quit: state.quit = true
        case .nextChart:
            let count = (data.insights?.assessments.count ?? 0)
            if count > 0 { state.insightsAssessment = (state.insightsAssessment + 1) % count }
        case .undo:
            guard let last = state.undoStack.last else {
                state.message = StatusMessage(text: "Nothing to undo in this session", level: .info)
                return []
            }
            return [.undo(last)]
        case .toggle, .open:
            switch state.focus {
            case .care: return tick(state: &state, data: data, pending: pending)
            case .symptoms: return openForm(state: &state, data: data)
            case .insights: return []
            }
        }
        return []
    }

    static func moveSelection(_ delta: Int, state: inout AppState, data: DashboardData) {
        switch state.focus {
        case .care:
            let count = PaneRows.care(data.day).count
            state.careSelection = clamp(state.careSelection + delta, count)
        case .symptoms:
            let count = PaneRows.symptoms(data.day).count
            state.symptomSelection = clamp(state.symptomSelection + delta, count)
        case .insights:
            let count = (data.insights?.assessments.count ?? 0)
            if count > 0 { state.insightsAssessment = (state.insightsAssessment + delta + count) % count }
        }
    }

    static func clamp(_ value: Int, _ count: Int) -> Int { max(0, min(value, count - 1)) }

    /// `[`/`]`: a week elsewhere; in Insights, one period of its range (a month, a quarter...),
    /// keeping the day's place in it where the other period has that day.
    static func page(_ steps: Int, state: AppState) -> LocalDate {
        guard state.focus == .insights, state.insightsRange != .week else { return state.selectedDate.adding(days: 7 * steps) }
        let period = state.insightsRange.period(containing: state.selectedDate)
        let target = period.paged(by: steps)
        let offset = state.selectedDate.days(since: period.first)
        return min(target.first.adding(days: offset), target.last)
    }

    /// Outcomes belong to today or earlier days; a future day says so instead of acting.
    static func isRecordable(_ date: LocalDate, state: inout AppState) -> Bool {
        guard date > state.today else { return true }
        state.message = StatusMessage(text: "\(date) is in the future; outcomes can be recorded for today or earlier days", level: .warning)
        return false
    }

    /// Space on an intervention: tick the next open occurrence, or untick the last when all are
    /// done. A non-resettable activity asks for a second press first, because it cannot be undone.
    static func tick(state: inout AppState, data: DashboardData, pending: AppState.PendingTick?) -> [Command] {
        let rows = PaneRows.care(data.day)
        guard rows.indices.contains(state.careSelection), isRecordable(data.day.date, state: &state) else { return [] }
        let item = rows[state.careSelection]
        let activity = item.activity
        let date = data.day.date
        if activity.schedule.isAsNeeded {
            return [.markDone(activityId: activity.id, date: date, occurrence: nil)]
        }
        if let open = item.events.first(where: { !$0.isDone }) {
            if !activity.resettable {
                let tick = AppState.PendingTick(activityId: activity.id, date: date, occurrence: open.occurrence)
                if pending != tick {
                    state.pendingConfirmation = tick
                    state.message = StatusMessage(text: "Space again records \(activity.title); it cannot be unticked", level: .warning)
                    return []
                }
            }
            return [.markDone(activityId: activity.id, date: date, occurrence: open.occurrence)]
        }
        guard let last = item.events.last(where: \.isDone) else { return [] }
        guard activity.resettable else {
            state.message = StatusMessage(text: "\(activity.title) is not resettable: once recorded, it cannot be unticked", level: .warning)
            return []
        }
        return [.reset(activityId: activity.id, date: date, occurrence: last.occurrence)]
    }

    /// Enter on an assessment: a form for the next open occurrence, or for editing the last
    /// reading when all are recorded (only if the activity is resettable).
    static func openForm(state: inout AppState, data: DashboardData) -> [Command] {
        let rows = PaneRows.symptoms(data.day)
        guard rows.indices.contains(state.symptomSelection), isRecordable(data.day.date, state: &state) else { return [] }
        let item = rows[state.symptomSelection]
        let activity = item.activity
        let date = data.day.date
        if activity.schedule.isAsNeeded {
            let next = (item.events.map(\.occurrence).max() ?? -1) + 1
            state.form = EntryForm(activity: activity, date: date, occurrence: next, editing: nil)
        } else if let open = item.events.first(where: { !$0.isDone }) {
            state.form = EntryForm(activity: activity, date: date, occurrence: open.occurrence, editing: nil)
        } else if let last = item.events.last, activity.resettable {
            state.form = EntryForm(activity: activity, date: date, occurrence: last.occurrence, editing: last.outcome)
        } else {
            state.message = StatusMessage(text: "\(activity.title) is recorded for \(date) and is not resettable", level: .warning)
        }
        return []
    }

    static func welcome(_ key: Key, state: inout AppState, samples: [SamplePlan]) -> [Command] {
        switch Keymap.action(for: key) {
        case .up: state.welcomeSelection = clamp(state.welcomeSelection - 1, samples.count)
        case .down: state.welcomeSelection = clamp(state.welcomeSelection + 1, samples.count)
        case .quit: state.quit = true
        case .help: state.showHelp = true
        case .open, .toggle:
            if samples.indices.contains(state.welcomeSelection) { return [.importPlan(path: samples[state.welcomeSelection].path)] }
        default: break
        }
        return []
    }
}
