import CareInsights
import CarePlanStore
import Testing
import TerminalUI
@testable import Dashboard

/// Clicks resolved against a real frame: the panes mark what they draw, the reducer acts on it.
@Suite struct MouseTests {
    let fixture: DashboardFixture
    let data: DashboardData

    init() throws {
        fixture = try DashboardFixture()
        data = try fixture.data()
    }

    func frame(_ state: AppState, width: Int = 120, height: Int = 40) -> Buffer {
        Screen.render(state: state, data: data, samples: [], context: fixture.context(), width: width, height: height)
    }

    /// The first cell of the frame whose hotspot is `target`.
    func cell(of target: MouseTarget, in buffer: Buffer) -> (x: Int, y: Int)? {
        for hotspot in buffer.hotspots.reversed() where hotspot.tag == target.tag {
            let (x, y) = (hotspot.rect.x, hotspot.rect.y)
            if buffer.hotspot(x: x, y: y) == target.tag { return (x, y) }
        }
        return nil
    }

    /// Clicks (or turns the wheel) where `target` is drawn, as the event loop does.
    func click(_ target: MouseTarget, _ state: inout AppState, kind: MouseEvent.Kind = .click) throws -> [Command] {
        let buffer = frame(state)
        let (x, y) = try #require(cell(of: target, in: buffer), "\(target) is not on screen")
        let found = buffer.hotspot(x: x, y: y).flatMap(MouseTarget.init(tag:))
        return Reducer.handle(.mouse(MouseEvent(kind, x: x, y: y)), state: &state, data: data, samples: [], target: found)
    }

    @Test func tagsRoundTrip() {
        let targets: [MouseTarget] = [.pane(.insights), .careRow(3), .careBox(2), .symptomRow(1), .day(fixture.today), .range(.quarter),
                                      .chart(4), .sample(0), .overlay]
        for target in targets { #expect(MouseTarget(tag: target.tag) == target) }
        #expect(MouseTarget(tag: "range:decade") == nil)
    }

    @Test func clickingABoxTicksThatIntervention() throws {
        var state = AppState(today: fixture.today)
        let rows = PaneRows.care(data.day)
        let ice = try #require(rows.firstIndex { $0.activity.id == "ice" })
        let commands = try click(.careBox(ice), &state)
        #expect(state.careSelection == ice)
        #expect(commands.count == 1)
        guard case .markDone(let id, _, _)? = commands.first else { Issue.record("expected a tick, got \(commands)"); return }
        #expect(id == "ice")
    }

    @Test func clickingSelectsPanesRowsDaysRangesAndCharts() throws {
        var state = AppState(today: fixture.today)
        #expect(try click(.symptomRow(1), &state).isEmpty)
        #expect(state.focus == .symptoms && state.symptomSelection == 1)
        // A second click on the selected assessment opens its form.
        _ = try click(.symptomRow(1), &state)
        #expect(state.form?.activity.id == PaneRows.symptoms(data.day)[1].activity.id)
        state.form = nil

        let monday = fixture.today.adding(days: -(fixture.today.weekday.rawValue - 1))
        _ = try click(.day(monday), &state)
        #expect(state.selectedDate == monday)
        state.selectedDate = fixture.today

        _ = try click(.range(.month), &state)
        #expect(state.focus == .insights && state.insightsRange == .month)
        _ = try click(.chart(1), &state)
        #expect(state.insightsAssessment == 1)
        _ = try click(.careRow(0), &state)
        #expect(state.focus == .care && state.careSelection == 0)
    }

    @Test func theWheelMovesThroughTheListUnderThePointer() throws {
        var state = AppState(today: fixture.today)
        _ = try click(.symptomRow(0), &state, kind: .wheelDown)
        #expect(state.focus == .symptoms && state.symptomSelection == 1)
        _ = try click(.symptomRow(0), &state, kind: .wheelUp)
        #expect(state.symptomSelection == 0)
    }

    @Test func overlaysCoverWhatIsBelowThemAndAFormIgnoresClicks() throws {
        var state = AppState(today: fixture.today)
        state.showHelp = true
        let buffer = frame(state)
        #expect(buffer.hotspot(x: 60, y: 20) == MouseTarget.overlay.tag)
        _ = Reducer.handle(.mouse(MouseEvent(.click, x: 60, y: 20)), state: &state, data: data, samples: [], target: .overlay)
        #expect(!state.showHelp, "a click closes help, like any key")

        state.focus = .symptoms
        _ = Reducer.handle(.enter, state: &state, data: data, samples: [])
        let form = try #require(state.form)
        _ = Reducer.handle(.mouse(MouseEvent(.click, x: 2, y: 2)), state: &state, data: data, samples: [], target: .careBox(0))
        #expect(state.form == form, "a stray click must not lose what was typed")
    }

    @Test func theFirstRunPickerTakesClicks() {
        var state = AppState(today: fixture.today)
        let samples = [SamplePlan(path: "/x/a.yaml", title: "A", activityCount: 3), SamplePlan(path: "/x/b.yaml", title: "B", activityCount: 4)]
        let empty = DashboardData(plan: PlanSnapshot(title: "", histories: []), week: data.week, day: data.day, latest: [:])
        let buffer = Screen.render(state: state, data: empty, samples: samples, context: fixture.context(), width: 100, height: 30)
        #expect(buffer.hotspots.contains { $0.tag == MouseTarget.sample(1).tag })
        #expect(Reducer.handle(.mouse(MouseEvent(.click, x: 0, y: 0)), state: &state, data: empty, samples: samples, target: .sample(0)).isEmpty,
                "one click on the highlighted plan only selects it")
        #expect(Reducer.handle(.mouse(MouseEvent(.click, x: 0, y: 0)), state: &state, data: empty, samples: samples, target: .sample(1)).isEmpty)
        #expect(state.welcomeSelection == 1)
        #expect(Reducer.handle(.mouse(MouseEvent(.click, x: 0, y: 0)), state: &state, data: empty, samples: samples, target: .sample(1))
                == [.startSamplePlan(path: "/x/b.yaml")])
    }
}
