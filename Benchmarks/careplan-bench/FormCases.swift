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

    /// What the form timings start from: the Symptom Tracker focused on the form day with its
    /// reading's row selected, and with its questionnaire's; the day's data, and what draws and
    /// runs commands as the event loop does.
    struct FormSetting {
        var reading: AppState
        var questionnaire: AppState
        let data: DashboardData
        let context: RenderContext
        let runner: CommandRunner
    }

    func formSetting(_ store: CareStore, plan: PlanSnapshot) throws -> FormSetting? {
        guard let day = try formDay(store, plan: plan) else { return nil }
        var state = AppState(today: clock.today)
        state.selectedDate = day.date
        state.focus = .symptoms
        let data = try load(store, state, plan: plan)
        var reading = state, questionnaire = state
        reading.symptomSelection = day.reading
        questionnaire.symptomSelection = day.questionnaire
        return FormSetting(reading: reading, questionnaire: questionnaire, data: data, context: context(store),
                           runner: CommandRunner(store: store, clock: { clock }))
    }

    /// Enter on a reading's row: the key reduced (nothing is read).
    func openReadingForm(_ setting: FormSetting) throws -> AppState {
        var opened = setting.reading
        _ = Reducer.handle(.enter, state: &opened, data: setting.data, samples: [])
        guard opened.form != nil else { throw BenchmarkError("Enter on a reading's row opened no form") }
        return opened
    }

    /// Enter on a questionnaire's row: the key reduced and its commands run (the form and any draft
    /// read), then back to the first page, where keys answer.
    func openQuestionnaire(_ setting: FormSetting) throws -> AppState {
        var open = setting.questionnaire
        let data = setting.data
        for command in Reducer.handle(.enter, state: &open, data: data, samples: []) { setting.runner.run(command, state: &open, data: data) }
        guard open.survey != nil else { throw BenchmarkError("Enter on a questionnaire's row opened nothing: \(open.message?.text ?? "")") }
        // An event answered before opens at the review; its first page is where keys answer.
        while open.survey?.reviewing == true || (open.survey?.page ?? 0) > 0 {
            _ = Reducer.handle(.backTab, state: &open, data: data, samples: [])
        }
        return open
    }

    /// A form opened and its frame drawn, as one run times it. The opened state is returned with
    /// the frame, so the sampler frees it after the clock stops: in the event loop, Enter on a row
    /// replaces a state that holds no form and no questionnaire. Nothing was written and the day is
    /// the same: the event loop draws from the data it had.
    func openedAndDrawn(_ setting: FormSetting, _ open: (FormSetting) throws -> AppState) throws -> (AppState, String) {
        let opened = try open(setting)
        return (opened, frame(opened, setting.data, setting.context))
    }

    func formTimings(_ store: CareStore, plan: PlanSnapshot, sampler: Sampler) throws -> FormTimings? {
        guard let setting = try formSetting(store, plan: plan) else { return nil }
        let readingForm = try sampler.measure { _ in try openedAndDrawn(setting, openReadingForm) }
        let questionnaireOpen = try sampler.measure { _ in try openedAndDrawn(setting, openQuestionnaire) }
        let open = try openQuestionnaire(setting)
        let questionnaireKey = try sampler.measure { index in
            var pressed = open
            _ = Reducer.handle(.character(index % 2 == 0 ? "1" : "2"), state: &pressed, data: setting.data, samples: [])
            guard pressed.survey?.response.given.isEmpty == false else { throw BenchmarkError("a score key answered nothing in the questionnaire") }
            return frame(pressed, setting.data, setting.context)
        }
        return FormTimings(readingForm: readingForm, questionnaireOpen: questionnaireOpen, questionnaireKey: questionnaireKey)
    }

    /// Profiling aid: a part of the form timings alone (`reading-form`, `form-open`, or its
    /// `form-open-load` and `form-open-frame`).
    func formPart(_ name: String, store: CareStore, plan: PlanSnapshot, sampler: Sampler) throws -> Samples {
        guard let setting = try formSetting(store, plan: plan) else {
            throw BenchmarkError("the plan asks no questionnaire beside a numeric reading")
        }
        switch name {
        case "reading-form": return try sampler.measure { _ in try openedAndDrawn(setting, openReadingForm) }
        case "form-open-load": return try sampler.measure { _ in try openQuestionnaire(setting) }
        case "form-open-frame":
            let open = try openQuestionnaire(setting)
            return try sampler.measure { _ in frame(open, setting.data, setting.context) }
        default: return try sampler.measure { _ in try openedAndDrawn(setting, openQuestionnaire) }
        }
    }
}
