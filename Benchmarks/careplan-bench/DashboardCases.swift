import CareInsights
import CarePlanStore
import Dashboard
import Foundation
import TerminalUI

/// What the dashboard child reports: the three dashboard timings and the process's peak memory.
struct DashboardResult: Codable, Sendable {
    var label: String
    var firstFrame: Samples
    var daySwitch: Samples
    var weekSwitch: Samples
    /// The peak when the process started and before the first store was opened (with Foundation's
    /// calendar and time zone data and the theme loaded), both VmHWM; and after every case ran:
    /// the dashboard's peak (ru_maxrss), in a process that never held a generated history.
    var startRSSKiB: Int
    var baselineRSSKiB: Int
    var peakRSSKiB: Int
    /// VmHWM at the end, the cross-check of `peakRSSKiB`.
    var peakHWMKiB: Int?
    var frameText: String
    /// A questionnaire opened and answered beside the reading form (nil: the plan asks none).
    var forms: FormTimings?
}

/// The dashboard as a user meets it, headless at 120×40 in the dark theme: open the store, load
/// the visible week, render all three panes, turn the cells into text.
struct DashboardCases {
    static let size = (width: 120, height: 40)
    let path: String
    let theme: Theme
    let clock = PinnedClock.clock

    /// The dark theme from the repository's themes/, resolved for a 256-colour terminal as the
    /// dashboard resolves it on start. Loaded once, outside the timings: it does not depend on the
    /// history, and the dashboard loads it before it opens the store.
    static func darkTheme() throws -> Theme {
        let catalog = ThemeCatalog(environment: ProcessInfo.processInfo.environment, executablePath: CommandLine.arguments[0],
                                   currentDirectory: FileManager.default.currentDirectoryPath)
        guard catalog.path(for: "dark") != nil else {
            throw BenchmarkError("no themes/dark.yaml found; run from the repository so the benchmark renders the shipped theme")
        }
        return ThemeFile.resolve(try catalog.load("dark"), colors: 256)
    }

    func context(_ store: CareStore) -> RenderContext {
        RenderContext(theme: theme, chartStyle: .braille, minutesIntoDay: clock.minutesIntoDay, databasePath: store.path)
    }

    /// What the event loop loads for a state: the one `FrameLoader` (at 120×40 Insights shows).
    /// `previous`: the data on screen before a key that only moved the selection, handed over for
    /// reuse as the event loop does.
    func load(_ store: CareStore, _ state: AppState, plan: PlanSnapshot?, reusing previous: DashboardData? = nil) throws -> DashboardData {
        try FrameLoader(store: store, size: Self.size).load(state, plan: plan, reusing: previous)
    }

    func frame(_ state: AppState, _ data: DashboardData, _ context: RenderContext) -> String {
        let buffer = Screen.render(state: state, data: data, samples: [], context: context,
                                   width: Self.size.width, height: Self.size.height)
        return HeadlessRenderer.plainText(buffer)
    }

    /// Cold start as far as careplan is concerned (a new store object, a new connection pool, the
    /// schema check, the plan decoded from its YAML); the OS file cache is warm after the first run.
    func openAndRender() throws -> (store: CareStore, text: String) {
        let store = try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false)
        let state = AppState(today: clock.today)
        let data = try load(store, state, plan: nil)
        return (store, frame(state, data, context(store)))
    }

    /// What the event loop does after ←/→ or [/]: set the date, reload the visible week (and the
    /// insights for it) with the plan it already holds, keep selections in range, render. `dates` alternate so no run sees
    /// the date the one before it drew.
    func switching(_ store: CareStore, plan: PlanSnapshot, dates: [LocalDate], sampler: Sampler) throws -> Samples {
        var state = AppState(today: clock.today)
        let context = context(store)
        var data = try load(store, state, plan: plan)
        return try sampler.measure { index in
            state.selectedDate = dates[index % dates.count]
            data = try load(store, state, plan: plan, reusing: data)
            state.clampSelections(to: data)
            return frame(state, data, context)
        }
    }

    func run(label: String, sampler: Sampler) throws -> DashboardResult {
        let baseline = PeakMemory.highWaterMarkKiB() ?? PeakMemory.kibibytes()
        var text = ""
        let firstFrame = try sampler.measure { _ in
            let (store, frame) = try openAndRender()
            text = frame
            return store
        }
        // A frame of the welcome screen or of "too small" would time the wrong thing.
        guard text.contains("Care Card"), text.contains("Symptom Tracker"), text.contains("Insights") else {
            throw BenchmarkError("the first frame at \(label) is not the three-pane dashboard:\n\(text)")
        }
        let store = try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false)
        let plan = try store.plan()
        let today = clock.today
        guard try load(store, AppState(today: today), plan: plan).insights != nil else {
            throw BenchmarkError("at 120×40 the Insights pane shows, but no insights report was loaded for it; the benchmark no longer loads what DashboardApp loads")
        }
        // Saturday ↔ Friday: the same week, as most ←/→ presses are; this week ↔ last week for [/].
        let daySwitch = try switching(store, plan: plan, dates: [today.adding(days: -1), today], sampler: sampler)
        let weekSwitch = try switching(store, plan: plan, dates: [today.adding(days: -7), today], sampler: sampler)
        let forms = try formTimings(store, plan: plan, sampler: sampler)
        return DashboardResult(label: label, firstFrame: firstFrame, daySwitch: daySwitch, weekSwitch: weekSwitch,
                               startRSSKiB: PeakMemory.atStart, baselineRSSKiB: baseline, peakRSSKiB: PeakMemory.kibibytes(),
                               peakHWMKiB: PeakMemory.highWaterMarkKiB(), frameText: text, forms: forms)
    }
}
