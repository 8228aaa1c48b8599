import CareInsights
import CarePlanStore
import Foundation
import Localization
import TerminalUI

/// The interactive dashboard: draws a frame, waits for a key (or half a second), reduces the key
/// into commands, runs them against the store, reloads what is visible, and draws again.
///
/// Between keys it watches the database for commits by other processes (a `careplan log` in
/// another terminal shows up within a second) and rolls over to the new day at midnight.
public final class DashboardApp {
    let store: CareStore
    let theme: Theme
    let chartStyle: ChartStyle
    let clock: () throws -> CareClock
    let samples: SampleCatalog
    let colors: ColorPolicy
    let mouse: Bool

    public init(store: CareStore, theme: Theme, chartStyle: ChartStyle, samples: SampleCatalog, colors: ColorPolicy, mouse: Bool,
                clock: @escaping () throws -> CareClock) {
        self.store = store
        self.theme = theme
        self.chartStyle = chartStyle
        self.samples = samples
        self.colors = colors
        self.mouse = mouse
        self.clock = clock
    }

    public func run() throws {
        EventLoopMemory.keepFreedPages()
        let backend = NcursesBackend()
        backend.start(mouse: mouse)
        defer { backend.stop() }
        let resolved = ThemeFile.resolve(theme, colors: colors.colors(terminalColors: backend.colorCount))
        let watcher = try? ChangeWatcher(path: store.path, key: store.key)
        _ = watcher?.hasChanged()
        let runner = CommandRunner(store: store, clock: clock)
        store.lockWaitNotice = { backend.showStatus(" " + tr("Waiting for another program's write to the store to finish (up to a few seconds)…")) }
        defer { store.lockWaitNotice = nil }
        var now = try clock()
        var state = AppState(today: now.today)
        state.minutesIntoDay = now.minutesIntoDay
        state.people = try store.people()
        state.person = store.person
        var plan = try store.plan()
        var loader = FrameLoader(store: store, size: backend.size)
        loader.zone = now.timeZone
        var data = try loader.load(state, plan: plan)
        // The picker's plans are decoded only when the picker shows.
        var pickerPlans: [SamplePlan]?
        func samplePlans() -> [SamplePlan] {
            guard data.isEmpty else { return [] }
            if pickerPlans == nil { pickerPlans = samples.plans() }
            return pickerPlans!
        }

        while !state.quit {
            let (width, height) = backend.size
            if (width, height) != loader.size {
                // A resize can bring Insights on screen (or take it off): load what now shows.
                loader.size = (width, height)
                data = try loader.load(state, plan: plan)
            }
            let context = RenderContext(theme: resolved, chartStyle: chartStyle, minutesIntoDay: now.minutesIntoDay, databasePath: store.path,
                                        timeZone: now.timeZone)
            let frame = Screen.render(state: state, data: data, samples: samplePlans(), context: context, width: width, height: height)
            backend.draw(frame)

            var reloadPlan = false
            var moved = false
            let shown = (state.selectedDate, state.focus, state.insightsRange)
            if let key = backend.readKey(timeout: 500) {
                if key == .resize {
                    backend.invalidate()
                    continue
                }
                // With a form open too: the form is still there after fg.
                if Keymap.action(for: key) == .suspend {
                    backend.suspend()
                    continue
                }
                var target: MouseTarget?
                if case .mouse(let event) = key { target = frame.hotspot(x: event.x, y: event.y).flatMap(MouseTarget.init(tag:)) }
                let commands = Reducer.handle(key, state: &state, data: data, samples: samplePlans(), target: target,
                                              tooSmall: Screen.isTooSmall(width: width, height: height),
                                              helpPages: state.showHelp ? HelpOverlay.pageCount(width: width, height: height) : 1)
                for command in commands {
                    runner.run(command, state: &state, data: data)
                    if case .startSamplePlan = command { reloadPlan = true }
                    if case .nextPerson = command { reloadPlan = true }
                }
                // Nothing written and the same day, pane and range: what was loaded still holds (a
                // questionnaire opened reads only its form); the next frame draws from it.
                let wrote = commands.contains(where: \.writes)
                if !wrote, shown == (state.selectedDate, state.focus, state.insightsRange) { continue }
                moved = !wrote
            } else {
                now = try clock()
                state.minutesIntoDay = now.minutesIntoDay
                if !state.rollOver(to: now.today), watcher?.hasChanged() != true {
                    continue
                }
                reloadPlan = true
            }
            if reloadPlan {
                plan = try store.plan()
                // Someone added or renamed elsewhere (careplan import --person) shows up too.
                state.people = try store.people()
                state.person = store.person
            }
            data = try loader.load(state, plan: plan, reusing: moved ? data : nil)
            state.clampSelections(to: data)
        }
    }
}

extension AppState {
    /// At midnight the new day becomes "today"; a user looking at today follows it, one looking
    /// at another day stays there. Returns whether the day changed.
    public mutating func rollOver(to newToday: LocalDate) -> Bool {
        guard newToday != today else { return false }
        if selectedDate == today { selectedDate = newToday }
        today = newToday
        return true
    }

    /// Keeps selections on existing rows after the day or the data changed.
    public mutating func clampSelections(to data: DashboardData) {
        careSelection = max(0, min(careSelection, PaneRows.careCount(data.day) - 1))
        symptomSelection = max(0, min(symptomSelection, PaneRows.symptomsCount(data.day) - 1))
        let charts = data.chartCount
        if charts > 0 { insightsAssessment %= charts }
    }
}
