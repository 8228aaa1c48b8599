import CarePlanStore
import TerminalUI
import Testing
@testable import Dashboard

/// A plan file may list its activities in any order; the panes show each group under one heading,
/// groups in the order they first appear, and the file's order within a group.
@Suite struct PaneRowsTests {
    static let interleaved = """
    title: Mixed groups
    activities:
      - {id: stretch, kind: intervention, title: Stretches, group: Exercises, schedule: {start: 2026-11-09, daily: 1}}
      - {id: tablet, kind: intervention, title: Tablet, group: Medication, schedule: {start: 2026-11-09, daily: 1}}
      - {id: mood, kind: assessment, title: Mood, group: Feelings, schedule: {start: 2026-11-09, daily: 1}, measure: {type: scale, min: 0, max: 10}}
      - {id: water, kind: intervention, title: Drink water, schedule: {start: 2026-11-09, daily: 1}}
      - {id: walk, kind: intervention, title: Walk, group: Exercises, schedule: {start: 2026-11-09, daily: 1}}
      - {id: pain, kind: assessment, title: Pain, schedule: {start: 2026-11-09, daily: 1}, measure: {type: scale, min: 0, max: 10}}
      - {id: inhaler, kind: intervention, title: Inhaler, group: Medication, schedule: {start: 2026-11-09, daily: 1}}
      - {id: sleep, kind: assessment, title: Sleep quality, group: Feelings, schedule: {start: 2026-11-09, daily: 1}, measure: {type: scale, min: 0, max: 10}}
    """

    @Test func eachGroupIsShownOnceInTheOrderGroupsFirstAppear() throws {
        let fixture = try DashboardFixture(withHistory: false, plan: Self.interleaved)
        let data = try fixture.data(insights: nil)
        #expect(PaneRows.care(data.day).map(\.activity.id) == ["stretch", "walk", "tablet", "inhaler", "water"])
        #expect(PaneRows.symptoms(data.day).map(\.activity.id) == ["mood", "sleep", "pain"])
        #expect(PaneRows.careCount(data.day) == 5)
        #expect(PaneRows.symptomsCount(data.day) == 3)

        // On screen: one heading per group, its rows under it, and the selection on the row drawn.
        var state = AppState(today: fixture.today)
        state.careSelection = 1
        let frame = HeadlessRenderer.plainText(Screen.render(state: state, data: data, samples: [], context: fixture.context(),
                                                             width: 120, height: 40))
        let lines = frame.split(separator: "\n").map(String.init)
        func line(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        // A heading is the group's name alone at the pane's left edge (the focused pane's is ┃).
        #expect(lines.filter { $0.contains("┃ Exercises ") }.count == 1, "\(frame)")
        let order = ["┃ Exercises ", "Stretches", "Walk", "┃ Medication ", "Tablet", "Inhaler", "Drink water"].map(line)
        #expect(!order.contains(nil) && order == order.sorted { $0! < $1! }, "\(frame)")
        #expect(lines[line("Walk")!].contains("▸"), "the second row drawn is the selected one")
    }
}
