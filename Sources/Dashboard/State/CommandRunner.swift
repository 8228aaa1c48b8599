import CarePlanStore
import CareReport
import Foundation
import HealthData

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
            state.message = StatusMessage(text: "\(people[index].name)'s plan", level: .info)
        case .markDone(let id, let date, let occurrence):
            let recorded = try store.markDone(id, date: date, occurrence: occurrence, clock: try clock())
            state.undoStack.append(.recorded(recorded.outcome, title: recorded.activity.title, replaced: nil))
            state.message = StatusMessage(text: "Done: \(recorded.activity.title)\(label(recorded.activity, recorded.outcome.occurrence))", level: .info)
        case .reset(let id, let date, let occurrence):
            let cleared = try store.reset(id, date: date, occurrence: occurrence)
            let title = data.plan.history(id)?.activity(on: date).title ?? id
            state.undoStack.append(.cleared(cleared, title: title))
            state.message = StatusMessage(text: "Unticked: \(title)\(slot(cleared, data))", level: .info)
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
            state.message = StatusMessage(text: "Saved \(form.activity.title): \(shown)", level: .info)
        case .undo(let entry):
            do {
                switch entry {
                case .recorded(let outcome, let title, let replaced):
                    try store.undoRecording(outcome, restoring: replaced)
                    state.message = StatusMessage(text: "Undone: \(title)\(slot(outcome, data)) on \(outcome.date.shortText)"
                                                  + (replaced == nil ? "" : ", previous reading restored"), level: .info)
                case .cleared(let outcome, let title):
                    try store.restore(outcome)
                    state.message = StatusMessage(text: "Undone: \(title)\(slot(outcome, data)) on \(outcome.date.shortText) is recorded again", level: .info)
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
                state.message = StatusMessage(text: "Sleep timer started at \(SleepText.clock(started.utc, zone: now.timeZone)); z again when you get up", level: .info)
            } else {
                let night = try store.stopSleepTimer(clock: now)
                let span = "\(SleepText.clock(night.start.utc, zone: now.timeZone))–\(SleepText.clock(night.end.utc, zone: now.timeZone)), \(SleepText.duration(night.end.utc - night.start.utc))"
                switch night.placement {
                case .night(let date): state.message = StatusMessage(text: "In bed \(span) recorded for the night of \(date.shortText)", level: .info)
                case .nap(let date): state.message = StatusMessage(text: "In bed \(span) recorded as a nap on \(date.shortText)", level: .info)
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
            state.message = StatusMessage(text: "Report for \(name) written to \(path)" + (email.map { " · email \($0)" } ?? "") + " · o opens it",
                                          level: .info)
        case .open(let target):
            state.message = StatusMessage(text: try DocumentFiles.open(target), level: .info)
        case .startSamplePlan(let path):
            // A sample plan is written for some month; the person starts it today, so no day before
            // they chose it is scheduled, let alone missed.
            let now = try clock()
            let plan = try PlanDecoder.load(path: path).starting(on: now.today)
            try store.importPlan(plan, effective: now.today, clock: now)
            state.message = StatusMessage(text: "Imported \(plan.title); press ? for keys", level: .info)
        }
    }

    /// " (20:00)" when the outcome's occurrence has a time, else "".
    private func slot(_ outcome: Outcome, _ data: DashboardData) -> String {
        data.plan.history(outcome.activityId)?.activity(on: outcome.date).schedule.time(ofOccurrence: outcome.occurrence).map { " (\($0))" } ?? ""
    }

    private func label(_ activity: Activity, _ occurrence: Int) -> String {
        activity.schedule.time(ofOccurrence: occurrence).map { " (\($0))" } ?? ""
    }
}
