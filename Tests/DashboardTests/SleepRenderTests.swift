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
