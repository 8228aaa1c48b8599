import CareInsights
import CarePlanStore
import CareSamples
import Foundation
import Testing
import TerminalUI
@testable import Dashboard

/// Sleep in the dashboard: a plan with a sleep diary, the diary kept and a watch's nights
/// imported, drawn as a person sees it.
@Suite struct SleepRenderTests {
    static let plan = """
        title: Better sleep
        patient: Tom Becker
        activities:
          - id: sleep-diary
            kind: assessment
            title: Sleep diary
            schedule: {start: 2026-10-01, daily: 1, times: ["07:00"]}
            measure: {type: sleep, healthkit: HKCategoryTypeIdentifierSleepAnalysis}
          - id: walk
            kind: intervention
            title: Evening walk
            schedule: {start: 2026-10-01, daily: 1, times: ["19:00"]}
        """

    let fixture: DashboardFixture

    init() throws {
        fixture = try DashboardFixture(withHistory: false, plan: nil)
        let plan = try PlanDecoder(file: "plan.yaml").decode(Self.plan)
        try SampleHistory.seed(fixture.store, plan: plan, days: 60, seed: 7, completion: 0.9, clock: fixture.clock)
        try SampleHistory.seedSleep(fixture.store, days: 60, seed: 7, clock: fixture.clock)
    }

    @Test func theWeekAsAStripPerNightAndLongerRangesAsBars() throws {
        for range in [InsightRange.week, .quarter] {
            var state = AppState(today: fixture.today)
            state.focus = .insights
            state.insightsRange = range
            let text = try fixture.render(state, width: 120, height: 40)
            if let problem = expectMatchesGolden(text, "sleep-insights-\(range)-120x40") { Issue.record(Comment(rawValue: problem)) }
            #expect(text.contains("▸ Sleep (asleep)"))
        }
        var ascii = AppState(today: fixture.today)
        ascii.focus = .insights
        let text = try fixture.render(ascii, width: 120, height: 40, charts: .ascii)
        #expect(text.contains("# deep") && text.contains("= core / asleep"))
    }

    @Test func theSymptomTrackerShowsLastNight() throws {
        var state = AppState(today: fixture.today)
        state.focus = .symptoms
        let text = try fixture.render(state, width: 100, height: 30, only: .symptoms)
        if let problem = expectMatchesGolden(text, "sleep-symptoms-100x30") { Issue.record(Comment(rawValue: problem)) }
        #expect(text.contains("Device (Apple Watch, iPhone): in bed"))
    }
}

/// The sleep diary's form and the bedside timer, through the reducer and the command runner
/// against a real store.
@Suite struct SleepDashboardCommandTests {
    let fixture: DashboardFixture

    init() throws {
        fixture = try DashboardFixture(withHistory: false, plan: SleepRenderTests.plan)
    }

    func type(_ text: String, into state: inout AppState) {
        for character in text { _ = FormReducer.handle(.character(character), state: &state) }
    }

    @Test func theDiaryFormAsksForTheNightAndSaysWhatIsMissing() throws {
        let clock = fixture.clock
        let runner = CommandRunner(store: fixture.store, clock: { clock })
        let diary = try fixture.store.plan().history("sleep-diary")!.activity(on: fixture.today)
        var state = AppState(today: fixture.today)
        state.form = EntryForm(activity: diary, date: fixture.today, occurrence: 0, editing: nil)
        #expect(state.form?.fields.map(\.label) == ["Into bed", "Lights out", "Minutes to fall asleep", "Awakenings",
                                                    "Minutes awake in the night", "Final wake time", "Out of bed", "Quality (1–5)"])
        type("11:10pm", into: &state)
        for _ in 0..<5 { _ = FormReducer.handle(.tab, state: &state) }
        type("6.40", into: &state)
        var commands = FormReducer.handle(.enter, state: &state)
        #expect(commands.isEmpty)
        #expect(state.form?.error == "Out of bed: enter a value (a time: 23:10, 11:10pm or 23.10)")
        type("0700", into: &state)
        commands = FormReducer.handle(.enter, state: &state)
        #expect(commands.count == 1)
        runner.run(commands[0], state: &state, data: try fixture.data())
        #expect(state.form == nil)
        #expect(state.message?.text == "Saved Sleep diary: 23:10–07:00 · asleep 7 h 30 min · 96 %")
        #expect(try fixture.store.outcomes(activityId: "sleep-diary").count == 1)
    }

    @Test func zStartsAndStopsTheBedsideTimer() throws {
        var state = AppState(today: fixture.today)
        let evening = try CareClock.fromEnvironment(["CAREPLAN_NOW": "2026-11-20T23:05", "TZ": "Europe/Berlin"])
        let morning = try CareClock.fromEnvironment(["CAREPLAN_NOW": "2026-11-21T07:02", "TZ": "Europe/Berlin"])
        let commands = Reducer.handle(.character("z"), state: &state, data: try fixture.data(), samples: [])
        #expect(commands == [.sleepTimer])
        CommandRunner(store: fixture.store, clock: { evening }).run(.sleepTimer, state: &state, data: try fixture.data())
        #expect(state.message?.text == "Sleep timer started at 23:05; z again when you get up")
        let frame = try fixture.render(state, width: 120, height: 40)
        #expect(frame.contains("zzz in bed since 23:05"))
        CommandRunner(store: fixture.store, clock: { morning }).run(.sleepTimer, state: &state, data: try fixture.data())
        #expect(state.message?.text == "In bed 23:05–07:02, 7 h 57 min recorded for the night of 21 Nov")
        #expect(try fixture.data().night?.device?.timeInBed == (7 * 60 + 57) * 60)
    }
}
