import CarePlanStore
import Foundation
import Questionnaires
import Testing
import TerminalUI
@testable import Dashboard

/// A questionnaire answered in the dashboard with keys, against a real store: PHQ-9's table
/// answered by score, a clinic's BMI form typed and calculated, required answers enforced, the
/// review, a draft kept and resumed, the answers recorded in one transaction, and an alarming
/// answer shown with whom to call before its score.
@Suite struct SurveyTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let plan = """
    title: Depression care
    patient: Jordan Ellis
    activities:
      - id: phq9
        kind: assessment
        title: PHQ-9
        questionnaire: phq-9
        schedule: {start: 2026-11-09, daily: 1}
      - id: bmi
        kind: assessment
        title: Weight and BMI
        questionnaire: bmi.json
        schedule: {start: 2026-11-09, daily: 1}
    contacts:
      - {name: Dr Amira Haddad, role: GP, group: care-team, phone: "+44 20 7946 0958", activities: [phq9]}
      - {name: Samaritans, role: Helpline, group: care-team, phone: "116 123", crisis-line: true}
    """

    let fixture: DashboardFixture
    let runner: CommandRunner

    init() throws {
        fixture = try DashboardFixture(withHistory: false, plan: nil)
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Tests/Data/questionnaires/lforms-weight-height-bmi.json"),
                                         to: fixture.folder.appendingPathComponent("bmi.json"))
        try fixture.store.importPlan(try PlanDecoder(file: "plan.yaml", folder: fixture.folder.path).decode(Self.plan),
                                     effective: LocalDate(iso: "2026-11-09")!, clock: fixture.clock)
        let clock = fixture.clock
        runner = CommandRunner(store: fixture.store, clock: { clock })
    }

    /// Presses `keys` in turn, running what they ask against the store, as the event loop does.
    func press(_ keys: [Key], _ state: inout AppState) throws {
        for key in keys {
            let data = try fixture.data(insights: nil)
            for command in Reducer.handle(key, state: &state, data: data, samples: []) { runner.run(command, state: &state, data: data) }
        }
    }

    func typed(_ text: String) -> [Key] { text.map { .character($0) } }

    /// The dashboard on the Symptom Tracker, `id`'s row selected.
    func opened(_ id: String) throws -> AppState {
        var state = AppState(today: fixture.today)
        state.focus = .symptoms
        state.symptomSelection = PaneRows.symptoms(try fixture.data(insights: nil).day).firstIndex { $0.activity.id == id }!
        try press([.enter], &state)
        return state
    }

    func frame(_ state: AppState, width: Int = 80, height: Int = 24) throws -> String { try fixture.render(state, width: width, height: height) }

    @Test func aPHQ9IsAnsweredByScoreAndRecordedWithItsBand() throws {
        var state = try opened("phq9")
        let survey = try #require(state.survey)
        #expect(survey.current == .table(group: "phq-9-questions", rows: survey.pages.first!.linkIds))
        #expect(survey.progress == (1, 1), "the difficulty question shows only once a problem is checked")
        // Going on with rows unanswered is refused, at the first of them.
        try press([.tab], &state)
        #expect(state.survey?.error == "This question needs an answer." && state.survey?.page == 0)
        // A key answers the focused row and moves to the next; ↑ and → change an answer.
        try press(typed("1120100"), &state)
        #expect(state.survey?.row == 7)
        try press([.up, .right], &state)
        #expect(state.survey?.response.answers("44252-5").first?.coding?.code == "LA6569-3", "row 7 moved from 0 to 1")
        try press([.down], &state)
        try press(typed("00"), &state)
        var shown = try frame(state)
        #expect(shown.contains("2 of 2"), "a problem checked brings the difficulty question:\n\(shown)")
        #expect(shown.contains("Total score: 6 (mild)"), "the total as it stands, with its band:\n\(shown)")
        #expect(shown.contains("Not difficult at all"))
        // Back to the table: the answers are there.
        try press([.backTab], &state)
        #expect(try frame(state).contains("[2]"))
        try press([.tab], &state)
        // A letter moves to the answer it starts; Enter chooses it and goes to the review.
        try press([.character("s"), .enter], &state)
        #expect(state.survey?.reviewing == true)
        shown = try frame(state)
        #expect(shown.contains("Your answers:") && shown.contains("Somewhat difficult") && shown.contains("Record these answers"), "\(shown)")
        #expect(try fixture.store.outcomes(activityId: "phq9", from: fixture.today, to: fixture.today).isEmpty, "nothing is recorded before the review's button")
        try press([.enter], &state)
        #expect(state.survey == nil && state.notice == nil, "no alert: question 9 was answered Not at all")
        #expect(state.message?.text == "Answered PHQ-9: 6 (mild)")
        let outcome = try #require(try fixture.store.outcomes(activityId: "phq9", from: fixture.today, to: fixture.today).first)
        #expect(outcome.values.first?.value == 6)
        let response = try #require(try fixture.store.responses(activityId: "phq9").last)
        #expect(response.status == "completed" && response.items.contains("LA6573-5"))
    }

    @Test func anAnswerToQuestionNineShowsWhomToCallBeforeTheScore() throws {
        var state = try opened("phq9")
        try press(typed("000000002") + [.character("1"), .tab, .enter], &state)
        let notice = try #require(state.notice)
        #expect(notice.lines.first?.contains("better off dead") == true)
        #expect(notice.lines.contains { $0.contains("Dr Amira Haddad") } && notice.lines.contains { $0.contains("Samaritans") && $0.contains("116 123") })
        #expect(state.message?.level == .warning && state.message?.text == "Answered PHQ-9: 2 (minimal)")
        let shown = try frame(state)
        #expect(shown.contains("Please read this") && shown.contains("Any key closes this."), "\(shown)")
        // Any key closes it and does nothing else; the alert stays open until acknowledged.
        try press([.character("q")], &state)
        #expect(state.notice == nil && !state.quit)
        #expect(try fixture.store.reading { try $0.openAlerts() }.count == 1)
    }

    @Test func aDraftIsKeptResumedAndDiscarded() throws {
        var state = try opened("phq9")
        // Esc with nothing answered closes at once.
        try press([.escape], &state)
        #expect(state.survey == nil && state.message?.text == "Cancelled; nothing saved")
        try press([.enter], &state)
        try press(typed("123"), &state)
        try press([.escape], &state)
        #expect(state.survey?.confirmingLeave == true)
        #expect(try frame(state).contains("Keep your answers as a draft"))
        // Esc goes back to the answers; Esc and Enter keep them.
        try press([.escape], &state)
        #expect(state.survey?.confirmingLeave == false && state.survey?.row == 3)
        try press([.escape, .enter], &state)
        #expect(state.survey == nil && state.message?.text.contains("kept as a draft") == true)
        #expect(try fixture.store.draft("phq9", date: fixture.today, occurrence: 0) != nil)
        #expect(try fixture.store.outcomes(activityId: "phq9", from: fixture.today, to: fixture.today).isEmpty, "a draft is not a reading")
        #expect(try frame(state).contains("started, not finished"))
        // Enter on it goes on from the first question not answered.
        try press([.enter], &state)
        #expect(state.survey?.resumed == true && state.survey?.row == 3)
        #expect(state.survey?.response.answers("44255-8").first?.coding?.code == "LA6570-1")
        // d discards it.
        try press([.character("0"), .escape, .character("d")], &state)
        #expect(state.survey == nil && state.message?.text == "Answers discarded; nothing saved")
        #expect(try fixture.store.draft("phq9", date: fixture.today, occurrence: 0) == nil)
        // Ctrl-C in a questionnaire keeps what was answered, and quits.
        try press([.enter], &state)
        try press(typed("2"), &state)
        try press([.control("c")], &state)
        #expect(state.quit)
        #expect(try fixture.store.draft("phq9", date: fixture.today, occurrence: 0) != nil)
    }

    @Test func aClinicsFormIsTypedCheckedAndCalculated() throws {
        var state = try opened("bmi")
        #expect(state.survey?.current == .question("/29463-7"))
        // A number that is not one is refused, saying what the question takes; the page stays.
        try press(typed("heavy") + [.enter], &state)
        #expect(state.survey?.error?.contains("'heavy' is not") == true && state.survey?.current == .question("/29463-7"))
        try press([.control("u")] + typed("70") + [.enter], &state)
        // A choice page: ↓ and Enter.
        #expect(state.survey?.current == .question("/8352-7"))
        try press([.down, .enter], &state)
        try press(typed("175 cm") + [.enter], &state)
        let shown = try frame(state)
        #expect(shown.contains("BMI: 22.9"), "the BMI calculated from the answers:\n\(shown)")
        // Back to the weight: the answer is there to edit.
        try press([.backTab, .backTab, .backTab], &state)
        #expect(state.survey?.typed == "70")
        try press([.tab, .tab, .tab, .enter], &state)
        #expect(state.survey?.reviewing == true)
        // Enter on an answer opens it; answering goes back to the review.
        try press([.up, .up, .up, .up, .up, .up], &state)
        try press([.enter], &state)
        #expect(state.survey?.current == .question("/29463-7") && state.survey?.returnToReview == true)
        try press([.control("u")] + typed("80") + [.enter], &state)
        #expect(state.survey?.reviewing == true)
        try press([.down, .down, .down, .down, .down, .down, .enter], &state)
        #expect(state.survey == nil)
        let response = try #require(try fixture.store.responses(activityId: "bmi").last)
        #expect(response.items.contains("26.1"), "80 kg at 1.75 m: \(response.items)")
    }

    @Test func answeringAgainStartsFromTheAnswersRecordedAndAmends() throws {
        var state = try opened("phq9")
        try press(typed("000000000") + [.enter], &state)
        #expect(state.survey == nil)
        try press([.enter], &state)
        let survey = try #require(state.survey)
        #expect(survey.amending && survey.reviewing, "every answer is there: the review")
        #expect(try frame(state).contains("Record these answers again"))
        try press([.up, .up, .enter, .character("3"), .enter], &state)
        #expect(state.message?.text == "Answered PHQ-9 again: 3 (minimal); the earlier answers are kept")
        #expect(try fixture.store.responses(activityId: "phq9").map(\.status) == ["completed", "amended"])
    }
}
