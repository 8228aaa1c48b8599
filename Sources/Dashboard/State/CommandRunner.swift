import CarePlanStore
import CareReport
import Foundation
import HealthData
import Localization
import Questionnaires
import TerminalUI

/// Carries out store commands, each one transaction, and reports the outcome into the state:
/// the undo stack grows, the status line says what happened, a form shows its error inline.
public struct CommandRunner {
    let store: CareStore
    let clock: () throws -> CareClock

    public init(store: CareStore, clock: @escaping () throws -> CareClock) {
        self.store = store
        self.clock = clock
    }

    public func run(_ command: Command, state: inout AppState, data: DashboardData) {
        do {
            try execute(command, state: &state, data: data)
        } catch {
            let text = (error as? StoreError)?.reason ?? "\(error)"
            if case .log = command, state.form != nil {
                state.form?.error = text
            } else if state.survey != nil {
                state.survey?.error = text
                state.survey?.confirmingLeave = false
            } else {
                state.message = StatusMessage(text: text, level: .error)
            }
        }
    }

    private func execute(_ command: Command, state: inout AppState, data: DashboardData) throws {
        switch command {
        case .nextPerson:
            let people = try store.people()
            guard !people.isEmpty else { return }
            let index = people.firstIndex { $0.id == store.person?.id }.map { ($0 + 1) % people.count } ?? 0
            store.choose(people[index])
            // What was on screen was the other person's: their undo steps, selections and reports stay behind.
            state.switchPerson(to: people[index], among: people)
            state.message = StatusMessage(text: tr("{name}'s plan", ["name": people[index].name]), level: .info)
        case .markDone(let id, let date, let occurrence):
            let recorded = try store.markDone(id, date: date, occurrence: occurrence, clock: try clock())
            state.undoStack.append(.recorded(recorded.outcome, title: recorded.activity.title, replaced: nil))
            let done = Self.named(recorded.activity.title, at: recorded.activity.schedule.time(ofOccurrence: recorded.outcome.occurrence))
            state.message = StatusMessage(text: tr("Done: {activity}", ["activity": done]), level: .info)
        case .reset(let id, let date, let occurrence):
            let cleared = try store.reset(id, date: date, occurrence: occurrence)
            let title = data.plan.history(id)?.activity(on: date).title ?? id
            state.undoStack.append(.cleared(cleared, title: title))
            state.message = StatusMessage(text: tr("Unticked: {activity}", ["activity": named(title, cleared, data)]), level: .info)
        case .log(let form):
            let inputs = form.inputs.map { $0 ?? "" }
            let note = form.note.trimmingCharacters(in: .whitespaces)
            let recorded = form.activity.measure?.type == .sleep
                ? try store.logSleep(form.activity.id, entry: form.sleepEntry, date: form.date, occurrence: form.occurrence,
                                     note: note.isEmpty ? nil : note, clock: try clock())
                : try store.log(form.activity.id, inputs: inputs, date: form.date, occurrence: form.occurrence,
                                note: note.isEmpty ? nil : note, clock: try clock())
            state.form = nil
            state.undoStack.append(.recorded(recorded.outcome, title: form.activity.title, replaced: recorded.replaced))
            let shown = ReadingText.reading(recorded.outcome.values, measure: form.activity.measure)
            state.message = StatusMessage(text: tr("Saved {title}: {reading}", ["title": form.activity.title, "reading": shown]), level: .info)
        case .undo(let entry):
            do {
                switch entry {
                case .recorded(let outcome, let title, let replaced):
                    try store.undoRecording(outcome, restoring: replaced)
                    let values: KeyValuePairs<String, any PlaceholderValue> = ["activity": named(title, outcome, data), "date": outcome.date.shortText]
                    state.message = StatusMessage(text: replaced == nil ? tr("Undone: {activity} on {date}", values)
                                                      : tr("Undone: {activity} on {date}, previous reading restored", values), level: .info)
                case .cleared(let outcome, let title):
                    try store.restore(outcome)
                    state.message = StatusMessage(text: tr("Undone: {activity} on {date} is recorded again",
                                                           ["activity": named(title, outcome, data), "date": outcome.date.shortText]), level: .info)
                }
            } catch let error as CarePlanError {
                // A change the store will never take back (not resettable, or changed by another
                // program since) leaves the stack, so the next `u` reaches the changes before it.
                switch error {
                case .notResettable, .changedElsewhere, .alreadyRecorded: state.undoStack.removeLast()
                default: break
                }
                throw error
            }
            state.undoStack.removeLast()
        case .sleepTimer:
            let now = try clock()
            if try store.sleepTimer() == nil {
                let started = try store.startSleepTimer(clock: now)
                state.message = StatusMessage(text: tr("Sleep timer started at {time}; z again when you get up",
                                                       ["time": SleepText.clock(started.utc, zone: now.timeZone)]), level: .info)
            } else {
                let night = try store.stopSleepTimer(clock: now)
                let start = SleepText.clock(night.start.utc, zone: now.timeZone), end = SleepText.clock(night.end.utc, zone: now.timeZone)
                let duration = SleepText.duration(night.end.utc - night.start.utc)
                switch night.placement {
                case .night(let date):
                    // TRANSLATORS: the bedside timer stopped: {start} and {end} are clock times (23:10), {duration} how long (7 h 55 min).
                    state.message = StatusMessage(text: tr("In bed {start}–{end}, {duration} recorded for the night of {date}",
                                                           ["start": start, "end": end, "duration": duration, "date": date.shortText]), level: .info)
                case .nap(let date):
                    state.message = StatusMessage(text: tr("In bed {start}–{end}, {duration} recorded as a nap on {date}",
                                                           ["start": start, "end": end, "duration": duration, "date": date.shortText]), level: .info)
                }
            }
        case .prepareReport(let name):
            let now = try clock()
            let report = try ClinicalReport.build(store: store, period: state.insightsRange.period(containing: state.selectedDate), today: state.today,
                                                  zone: now.timeZone, for: name, version: CareplanVersion.current, generatedAt: now.now)
            let path = try DocumentFiles.write(ReportRenderer.html(report), for: name, period: state.insightsRange.period(containing: state.selectedDate),
                                               besideStore: store.path)
            state.reports[name] = path
            let email = data.plan.contacts(on: state.selectedDate).first { $0.name == name }?.email
            let written = email.map { tr("Report for {name} written to {path} · email {email} · o opens it", ["name": name, "path": path, "email": $0]) }
                ?? tr("Report for {name} written to {path} · o opens it", ["name": name, "path": path])
            state.message = StatusMessage(text: written, level: .info)
        case .open(let target):
            state.message = StatusMessage(text: try DocumentFiles.open(target), level: .info)
        case .openSurvey(let id, let date, let occurrence, let amending):
            state.survey = try SurveyLoader.open(id, date: date, occurrence: occurrence, amending: amending, plan: data.plan, store: store,
                                              drafts: data.day.date == date ? data.drafts : nil, now: try clock().now)
            if state.survey?.resumed == true {
                state.message = StatusMessage(text: tr("Your draft of {title}, from where you left it", ["title": state.survey!.activity.title]), level: .info)
            }
        case .submitSurvey(let survey):
            try submit(survey, state: &state, data: data)
        case .keepDraft(let survey):
            try store.saveDraft(survey.activity.id, response: survey.response, startedAt: survey.startedAt, date: survey.date,
                                occurrence: survey.occurrence, clock: try clock())
            state.survey = nil
            // TRANSLATORS: {key} is the Enter key's name.
            state.message = StatusMessage(text: tr("{title} kept as a draft; {key} on it goes on from there",
                                                   ["title": survey.activity.title, "key": Key.enter.description]), level: .info)
        case .discardDraft(let survey):
            if survey.resumed { try store.discardDraft(survey.activity.id, date: survey.date, occurrence: survey.occurrence) }
            state.survey = nil
            state.message = StatusMessage(text: tr("Answers discarded; nothing saved"), level: .info)
        case .startSamplePlan(let path):
            // A sample plan is written for some month; the person starts it today, so no day before
            // they chose it is scheduled, let alone missed.
            let now = try clock()
            let plan = try PlanDecoder.load(path: path).starting(on: now.today)
            try store.importPlan(plan, effective: now.today, clock: now)
            state.message = StatusMessage(text: tr("Imported {title}; press ? for keys", ["title": plan.title]), level: .info)
        }
    }

    /// Records a questionnaire's answers; an answer that needs the care team is shown first, in a
    /// box that stays until a key is pressed, then the score and its band in the status line.
    private func submit(_ survey: SurveyState, state: inout AppState, data: DashboardData) throws {
        let id = survey.activity.id
        let recorded = try store.submit(id, response: survey.response, startedAt: survey.startedAt, date: survey.date,
                                        occurrence: survey.occurrence, clock: try clock())
        state.survey = nil
        let alerts = AlertMessage.lines(for: survey.response.raisedAlerts, response: survey.response, activityId: id,
                                        contacts: data.plan.plan(on: survey.date).contacts)
        // TRANSLATORS: the title of the box shown after an answer that needs the care team.
        if !alerts.isEmpty { state.notice = AppState.Notice(title: tr("Please read this"), lines: alerts) }
        let outcome = recorded.recorded.outcome
        let filled: KeyValuePairs<String, any PlaceholderValue> = [
            "title": survey.activity.title, "reading": FormScores(form: survey.form).text(outcome.values, measure: recorded.recorded.activity.measure)]
        let text: String
        switch (recorded.response.status == "amended", outcome.values.isEmpty) {
        case (true, true): text = tr("Answered {title} again; the earlier answers are kept", filled)
        case (true, false): text = tr("Answered {title} again: {reading}; the earlier answers are kept", filled)
        case (false, true): text = tr("Answered {title}", filled)
        case (false, false): text = tr("Answered {title}: {reading}", filled)
        }
        state.message = StatusMessage(text: text, level: alerts.isEmpty ? .info : .warning)
    }

    /// "Evening tablets (20:00)" when the outcome's occurrence has a time, else the title alone.
    private func named(_ title: String, _ outcome: Outcome, _ data: DashboardData) -> String {
        Self.named(title, at: data.plan.history(outcome.activityId)?.activity(on: outcome.date).schedule.time(ofOccurrence: outcome.occurrence))
    }

    static func named(_ title: String, at time: TimeOfDay?) -> String {
        // TRANSLATORS: an activity and the time of one of its occurrences: "Evening tablets (20:00)".
        time.map { tr("{title} ({time})", ["title": title, "time": $0.description]) } ?? title
    }
}
