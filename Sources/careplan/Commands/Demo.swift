import ArgumentParser
import CarePlanStore
import HealthData
import CareSamples
import Dashboard
import Foundation
import Localization

/// `careplan demo`: the dashboard on a throwaway database with weeks of history.
struct Demo: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: tr("Open the dashboard on a throwaway database: a sample plan with six weeks of realistic history (and a watch's nights when the plan keeps a sleep diary)."),
        discussion: tr("The history is generated from --seed (the same seed gives the same history). Your own database is not touched; the demo database is deleted on exit unless --keep is given."))

    @Option(name: .long, help: ArgumentHelp(tr("The plan to replay (default: sample-plans/knee-replacement.yaml)."), valueName: "plan.yaml"))
    var plan: String?
    @Option(name: .long, help: ArgumentHelp(tr("Days of history before today."))) var days = 42
    @Option(name: .long, help: ArgumentHelp(tr("Seed for the history generator."))) var seed: UInt64 = 2026
    @Flag(name: .long, help: ArgumentHelp(tr("Keep the demo database and print its path."))) var keep = false
    @ParentCommand var careplan: Careplan

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("demo") }
        guard (1...3660).contains(days) else { throw ValidationError(tr("--days must be 1 to {maximum}, got {days}", ["maximum": "3660", "days": String(days)])) }
    }

    func run() throws {
        let clock = try CareClock.fromEnvironment()
        let theme = try careplan.global.loadTheme()
        let planPath = try plan ?? defaultPlan()
        let carePlan = try PlanDecoder.load(path: planPath)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-demo-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("demo.sqlite").path
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        let store = try CareStore(path: path).fillingLinkedActivities()
        let written = try SampleHistory.seed(store, plan: carePlan, days: days + 1, seed: seed, completion: 0.85, clock: clock)
        // A watch's nights beside the diary, when the plan keeps one.
        let nights = try store.plan().sleepDiaries.isEmpty ? 0 : SampleHistory.seedSleep(store, days: days + 1, seed: seed, clock: clock)
        if keep {
            say(nights > 0 ? tr("Demo database: {path} ({outcomes}, {samples})",
                                ["path": path, "outcomes": trn("{count} outcome", "{count} outcomes", written),
                                 "samples": trn("{count} sleep sample", "{count} sleep samples", nights)])
                           : tr("Demo database: {path} ({outcomes})", ["path": path, "outcomes": trn("{count} outcome", "{count} outcomes", written)]))
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            try Today.show(store: StoreOptions(db: path), date: clock.today, json: false, clock: clock)
            return
        }
        try DashboardApp(store: store, theme: theme, chartStyle: careplan.global.charts, samples: SampleCatalog.none,
                         colors: Locations.colorPolicy, mouse: !careplan.global.noMouse, clock: { try CareClock.fromEnvironment() }).run()
    }

    func defaultPlan() throws -> String {
        let path = Locations.samples().path(named: "knee-replacement.yaml")
        guard let path else { throw ValidationError(tr("sample-plans/knee-replacement.yaml not found; give a plan with --plan FILE")) }
        return path
    }
}
