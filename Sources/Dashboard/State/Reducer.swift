import CareInsights
import CarePlanStore
import Localization
import TerminalUI

/// Turns a key or a click into a new state and the store commands it asks for. Pure: no I/O, so
/// every interaction can be tested without a terminal or a database. The one place the action
/// table is consulted for the dashboard.
public enum Reducer {
    /// `target`: what a mouse event landed on (from the frame's hotspots). `tooSmall`: the frame
    /// shows only "too small", so nothing but quitting acts on what the user cannot see.
    /// `helpPages`: how many pages help takes on this screen (`HelpOverlay.pageCount`).
    public static func handle(_ key: Key, state: inout AppState, data: DashboardData, samples: [SamplePlan],
                              target: MouseTarget? = nil, tooSmall: Bool = false, helpPages: Int = 1) -> [Command] {
        if tooSmall {
            if Keymap.action(for: key, in: state.keyContext) == .quit {
                state.quit = true
                // A questionnaire's answers are kept as a draft, as Ctrl-C in it does.
                if let survey = state.survey, survey.changed { return [.keepDraft(survey)] }
            }
            return []
        }
        if state.notice != nil {
            // What needed reading was in front of the person; any key closes it, and does nothing else.
            state.notice = nil
            return []
        }
        if state.form != nil { return FormReducer.handle(key, state: &state) }
        if state.survey != nil { return SurveyReducer.handle(key, state: &state) }
        let action = Keymap.action(for: key)
        if state.showHelp {
            // Space, ↓ and PgDn turn to help's next page, ↑ and PgUp back; any other key or click
            // closes it (and on the last page, those do too); q still quits.
            let forward = key == .character(" ") || key == .down || key == .pageDown, back = key == .up || key == .pageUp
            switch (forward, back) {
            case (true, _) where state.helpPage + 1 < helpPages: state.helpPage += 1
            case (_, true) where state.helpPage > 0: state.helpPage -= 1
            default:
                state.showHelp = false
                state.helpPage = 0
                if action == .quit { state.quit = true }
            }
            return []
        }
        if data.isEmpty { return welcome(action, key: key, target: target, state: &state, samples: samples) }
        let pending = state.pendingConfirmation
        state.pendingConfirmation = nil
        guard let action else {
            // TRANSLATORS: a tick that asked for a second press was not confirmed.
            if pending != nil { state.message = StatusMessage(text: tr("Not recorded"), level: .info) }
            return []
        }
        state.message = nil
        if case .mouse(let event) = key {
            return mouse(event.kind, target: target, state: &state, data: data, pending: pending)
        }
        if pending != nil, action != .toggle, action != .open {
            state.message = StatusMessage(text: tr("Not recorded"), level: .info)
        }
        return reduce(action, state: &state, data: data, pending: pending)
    }

    /// A click selects what it lands on (and ticks a box); the wheel moves through the list under
    /// the pointer, focusing its pane.
    static func mouse(_ kind: MouseEvent.Kind, target: MouseTarget?, state: inout AppState, data: DashboardData,
                      pending: AppState.PendingTick?) -> [Command] {
        guard let target else { return [] }
        if kind != .click {
            if let pane = target.pane { state.focus = pane }
            return reduce(kind == .wheelUp ? .up : .down, state: &state, data: data, pending: nil)
        }
        switch target {
        case .pane(let pane): state.focus = pane
        case .careRow(let index):
            state.focus = .care
            state.careSelection = index
        case .careBox(let index):
            state.focus = .care
            state.careSelection = index
            return tick(state: &state, data: data, pending: pending)
        case .symptomRow(let index):
            let again = state.focus == .symptoms && state.symptomSelection == index
            state.focus = .symptoms
            state.symptomSelection = index
            if again { return openForm(state: &state, data: data) }
        case .day(let date): state.selectedDate = date
        case .range(let range):
            state.focus = .insights
            state.insightsRange = range
        case .chart(let index):
            state.focus = .insights
            state.insightsAssessment = index
        case .contactRow(let index):
            state.focus = .connect
            state.contactSelection = index
        case .sample, .overlay: break
        }
        return []
    }

    /// The next item of today's due list after the one selected (overdue first, then due), in the
    /// Care Card or the Symptom Tracker; on another day, today first.
    static func selectNextDue(_ state: inout AppState, data: DashboardData) {
        guard data.day.date == state.today else {
            state.selectedDate = state.today
            state.message = StatusMessage(text: tr("Today: n again for the next item due"), level: .info)
            return
        }
        let due = DueList(day: data.day, reminders: data.plan.reminders, minutesIntoDay: state.minutesIntoDay)
        var seen: [String] = []
        for item in due.items where !seen.contains(item.activity.id) { seen.append(item.activity.id) }
        guard !seen.isEmpty else {
            state.message = StatusMessage(text: tr("Nothing is due now"), level: .info)
            return
        }
        let care = PaneRows.care(data.day).map(\.activity.id), symptoms = PaneRows.symptoms(data.day).map(\.activity.id)
        func row(_ ids: [String], _ index: Int) -> String? { ids.indices.contains(index) ? ids[index] : nil }
        let current = state.focus == .care ? row(care, state.careSelection) : state.focus == .symptoms ? row(symptoms, state.symptomSelection) : nil
        // On from the item `n` chose last while it is still selected; otherwise the most urgent.
        let from = current == state.lastDueJump ? current.flatMap(seen.firstIndex(of:)) : nil
        let next = from.map { seen[($0 + 1) % seen.count] } ?? seen[0]
        state.lastDueJump = next
        if let row = care.firstIndex(of: next) {
            state.focus = .care
            state.careSelection = row
        } else if let row = symptoms.firstIndex(of: next) {
            state.focus = .symptoms
            state.symptomSelection = row
        }
        let item = due.items.first { $0.activity.id == next }!
        let text: String
        switch (item.state == .overdue, item.time) {
        // TRANSLATORS: the item `n` selected; {time} is when it was due (20:00).
        case (true, let time?): text = tr("Overdue: {time} {title}", ["time": time.description, "title": item.activity.title])
        case (true, nil): text = tr("Overdue: {title}", ["title": item.activity.title])
        case (false, let time?): text = tr("Due: {time} {title}", ["time": time.description, "title": item.activity.title])
        case (false, nil): text = tr("Due: {title}", ["title": item.activity.title])
        }
        state.message = StatusMessage(text: text, level: item.state == .overdue ? .warning : .info)
    }

    static func reduce(_ action: Action, state: inout AppState, data: DashboardData, pending: AppState.PendingTick?) -> [Command] {
        switch action {
        case .click, .scroll, .save, .cancel, .nextField, .previousField, .decrease, .increase, .erase, .clearField, .forward, .back:
            break  // mouse events go through `mouse`; form actions through `FormReducer`
        case .suspend:
            break  // the event loop stops the process; nothing in the state changes
        case .nextPane: state.focus = state.focus.next
        case .previousPane: state.focus = state.focus.previous
        case .showCare: state.focus = .care
        case .showSymptoms: state.focus = .symptoms
        case .showInsights: state.focus = .insights
        case .showConnect: state.focus = .connect
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
        case .nextDue: selectNextDue(&state, data: data)
        case .nextPerson:
            guard state.people.count > 1 else {
                state.message = StatusMessage(text: tr("This store holds one person's plan; careplan import PLAN --person NAME adds another"), level: .info)
                return []
            }
            return [.nextPerson]
        case .sleepTimer: return [.sleepTimer]
        case .prepareReport, .openDocument:
            guard state.focus == .connect else { return [] }
            let contacts = PaneRows.contacts(data)
            guard contacts.indices.contains(state.contactSelection) else {
                state.message = StatusMessage(text: tr("No contact selected: the plan lists none"), level: .info)
                return []
            }
            let contact = contacts[state.contactSelection]
            if action == .prepareReport { return [.prepareReport(contact: contact.name)] }
            if let path = state.reports[contact.name] { return [.open(path)] }
            guard let email = contact.email else {
                state.message = StatusMessage(text: tr("Nothing to open for {name}: press p to write their report (no email in the plan)", ["name": contact.name]),
                                              level: .info)
                return []
            }
            return [.open("mailto:" + email)]
        case .help: state.showHelp = true
        case .quit: state.quit = true
        case .nextChart:
            let count = data.chartCount
            if count > 0 { state.insightsAssessment = (state.insightsAssessment + 1) % count }
        case .undo:
            guard let last = state.undoStack.last else {
                state.message = StatusMessage(text: tr("Nothing to undo in this session"), level: .info)
                return []
            }
            return [.undo(last)]
        case .toggle, .open:
            switch state.focus {
            case .care: return tick(state: &state, data: data, pending: pending)
            case .symptoms: return openForm(state: &state, data: data)
            case .insights, .connect: return []
            }
        }
        return []
    }

    static func moveSelection(_ delta: Int, state: inout AppState, data: DashboardData) {
        switch state.focus {
        case .care:
            let count = PaneRows.careCount(data.day)
            state.careSelection = clamp(state.careSelection + delta, count)
        case .symptoms:
            let count = PaneRows.symptomsCount(data.day)
            state.symptomSelection = clamp(state.symptomSelection + delta, count)
        case .insights:
            let count = data.chartCount
            if count > 0 { state.insightsAssessment = (state.insightsAssessment + delta + count) % count }
        case .connect:
            state.contactSelection = clamp(state.contactSelection + delta, PaneRows.contacts(data).count)
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
        state.message = StatusMessage(text: tr("{date} is in the future; outcomes can be recorded for today or earlier days", ["date": date.iso]), level: .warning)
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
                    // TRANSLATORS: {key} is the Space key's name.
                    state.message = StatusMessage(text: tr("{key} again records {title}; it cannot be unticked",
                                                           ["key": Key.character(" ").description, "title": activity.title]), level: .warning)
                    return []
                }
            }
            return [.markDone(activityId: activity.id, date: date, occurrence: open.occurrence)]
        }
        guard let last = item.events.last(where: \.isDone) else { return [] }
        guard activity.resettable else {
            state.message = StatusMessage(text: tr("{title} is not resettable: once recorded, it cannot be unticked", ["title": activity.title]), level: .warning)
            return []
        }
        return [.reset(activityId: activity.id, date: date, occurrence: last.occurrence)]
    }

    /// Opens the reading form of `activityId` as Enter on its Symptom Tracker row does
    /// (`careplan snapshot --overlay form:ID`): the commands that open a questionnaire, if it is
    /// one; nil when the day has no such row to record.
    public static func openForm(of activityId: String, state: inout AppState, data: DashboardData) -> [Command]? {
        guard let index = PaneRows.symptoms(data.day).firstIndex(where: { $0.activity.id == activityId }) else { return nil }
        state.focus = .symptoms
        state.symptomSelection = index
        let commands = openForm(state: &state, data: data)
        return state.form != nil || !commands.isEmpty ? commands : nil
    }

    /// Enter on an assessment: a form for the next open occurrence, or for editing the last
    /// reading when all are recorded (only if the activity is resettable); a questionnaire opens
    /// its first page (or the draft kept of it).
    static func openForm(state: inout AppState, data: DashboardData) -> [Command] {
        let rows = PaneRows.symptoms(data.day)
        guard rows.indices.contains(state.symptomSelection), isRecordable(data.day.date, state: &state) else { return [] }
        let item = rows[state.symptomSelection]
        let activity = item.activity
        let date = data.day.date
        if activity.questionnaire != nil {
            // The form is read from the store, so the runner opens it.
            if activity.schedule.isAsNeeded {
                let next = (item.events.map(\.occurrence).max() ?? -1) + 1
                return [.openSurvey(activityId: activity.id, date: date, occurrence: next, amending: false)]
            } else if let open = item.events.first(where: { !$0.isDone }) {
                return [.openSurvey(activityId: activity.id, date: date, occurrence: open.occurrence, amending: false)]
            } else if let last = item.events.last, activity.resettable {
                return [.openSurvey(activityId: activity.id, date: date, occurrence: last.occurrence, amending: true)]
            }
            state.message = StatusMessage(text: tr("{title} is recorded for {date} and is not resettable", ["title": activity.title, "date": date.iso]), level: .warning)
            return []
        }
        if activity.schedule.isAsNeeded {
            let next = (item.events.map(\.occurrence).max() ?? -1) + 1
            state.form = EntryForm(activity: activity, date: date, occurrence: next, editing: nil)
        } else if let open = item.events.first(where: { !$0.isDone }) {
            state.form = EntryForm(activity: activity, date: date, occurrence: open.occurrence, editing: nil)
        } else if let last = item.events.last, activity.resettable {
            state.form = EntryForm(activity: activity, date: date, occurrence: last.occurrence, editing: last.outcome)
        } else {
            state.message = StatusMessage(text: tr("{title} is recorded for {date} and is not resettable", ["title": activity.title, "date": date.iso]), level: .warning)
        }
        return []
    }

    static func welcome(_ action: Action?, key: Key, target: MouseTarget?, state: inout AppState, samples: [SamplePlan]) -> [Command] {
        if case .mouse(let event) = key {
            guard case .sample(let index)? = target else { return [] }
            if event.kind == .click {
                // A click picks a plan; a second click on the same one starts it (the first click
                // never starts anything, even on the row the keyboard had highlighted).
                if index == state.welcomeClicked, samples.indices.contains(index) { return [.startSamplePlan(path: samples[index].path)] }
                state.welcomeSelection = clamp(index, samples.count)
                state.welcomeClicked = index
                return []
            }
            return welcome(event.kind == .wheelUp ? .up : .down, key: .resize, target: nil, state: &state, samples: samples)
        }
        switch action {
        case .up: state.welcomeSelection = clamp(state.welcomeSelection - 1, samples.count)
        case .down: state.welcomeSelection = clamp(state.welcomeSelection + 1, samples.count)
        case .quit: state.quit = true
        case .sleepTimer: return [.sleepTimer]
        case .help: state.showHelp = true
        case .open, .toggle:
            if samples.indices.contains(state.welcomeSelection) { return [.startSamplePlan(path: samples[state.welcomeSelection].path)] }
        default: break
        }
        return []
    }
}
