import CarePlanStore
import Dashboard
import Foundation
import TerminalUI

/// A questionnaire in the dashboard beside the plain reading form, each timed as the event loop
/// does it at 120×40: Enter on a numeric assessment opens its reading form (the key reduced, the
/// frame drawn: nothing is read); Enter on a PHQ-9 opens it (the key reduced, the form and any
/// draft read from the store, the frame drawn from what was loaded, since nothing was written); a
/// score key in its table answers a row (the form settling, its total worked out again, the frame
/// drawn). The target: opening and each key ≤ 1.5 × the reading form's frame.
struct FormTimings: Codable, Sendable {
    var readingForm: Samples
    var questionnaireOpen: Samples
    var questionnaireKey: Samples
}

extension DashboardCases {
    /// The latest day up to today when a questionnaire and a plain numeric assessment are both
    /// scheduled, with their Symptom Tracker rows; nil when the plan asks no questionnaire.
    func formDay(_ store: CareStore, plan: PlanSnapshot) throws -> (date: LocalDate, reading: Int, questionnaire: Int)? {
        // A day whose questionnaire is still to answer, as most openings are; else one answered.
        var answered: (date: LocalDate, reading: Int, questionnaire: Int)?
        for back in 0..<90 {
            let date = clock.today.adding(days: -back)
            let rows = PaneRows.symptoms(try dayAgenda(store, plan: plan, date: date))
            guard let questionnaire = rows.firstIndex(where: { $0.activity.questionnaire != nil }),
                  let reading = rows.firstIndex(where: { [.number, .integer].contains($0.activity.measure?.type) && $0.activity.questionnaire == nil }) else { continue }
            if rows[questionnaire].events.contains(where: { !$0.isDone }) { return (date, reading, questionnaire) }
            if answered == nil { answered = (date, reading, questionnaire) }
        }
        return answered
    }

    func dayAgenda(_ store: CareStore, plan: PlanSnapshot, date: LocalDate) throws -> DayAgenda {
        var state = AppState(today: clock.today)
        state.selectedDate = date
        return try load(store, state, plan: plan).day
    }

    func formTimings(_ store: CareStore, plan: PlanSnapshot, sampler: Sampler) throws -> FormTimings? {
        guard let day = try formDay(store, plan: plan) else { return nil }
        let context = context(store)
        let runner = CommandRunner(store: store, clock: { clock })
        var state = AppState(today: clock.today)
        state.selectedDate = day.date
        state.focus = .symptoms
        let data = try load(store, state, plan: plan)
        state.symptomSelection = day.reading
        let readingForm = try sampler.measure { _ in
            var opened = state
            _ = Reducer.handle(.enter, state: &opened, data: data, samples: [])
            guard opened.form != nil else { throw BenchmarkError("Enter on a reading's row opened no form") }
            return frame(opened, data, context)
        }
        state.symptomSelection = day.questionnaire
        var open = state
        let questionnaireOpen = try sampler.measure { _ in
            open = state
            for command in Reducer.handle(.enter, state: &open, data: data, samples: []) { runner.run(command, state: &open, data: data) }
            guard open.survey != nil else { throw BenchmarkError("Enter on a questionnaire's row opened nothing: \(open.message?.text ?? "")") }
            // An event answered before opens at the review; its first page is where keys answer.
            while open.survey?.reviewing == true || (open.survey?.page ?? 0) > 0 {
                _ = Reducer.handle(.backTab, state: &open, data: data, samples: [])
            }
            // Nothing was written and the day is the same: the event loop draws from what it had.
            return frame(open, data, context)
        }
        let questionnaireKey = try sampler.measure { index in
            var pressed = open
            _ = Reducer.handle(.character(index % 2 == 0 ? "1" : "2"), state: &pressed, data: data, samples: [])
            guard pressed.survey?.response.given.isEmpty == false else { throw BenchmarkError("a score key answered nothing in the questionnaire") }
            return frame(pressed, data, context)
        }
        return FormTimings(readingForm: readingForm, questionnaireOpen: questionnaireOpen, questionnaireKey: questionnaireKey)
    }
}
