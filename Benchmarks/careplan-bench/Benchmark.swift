import CarePlanStore
import Foundation

/// The whole run, in the parent process: build the histories, measure each in child processes,
/// print the table, write the JSON.
struct Benchmark {
    let options: Options

    func run() throws {
        let machine = MachineFacts.current()
        print("careplan-bench · \(machine.processors) CPUs · \(machine.cpuModel) · \(machine.memoryTotal) · \(machine.swiftVersion) · SQLite \(machine.sqliteVersion) · \(machine.buildConfiguration) build")
        if MachineFacts.isDebugBuild {
            print("warning: this is a debug build; the targets are for release (swift run -c release careplan-bench)")
        }
        let loadAtStart = MachineFacts.loadAverage()
        print(String(format: "load average %.2f at start", loadAtStart) + (loadAtStart > 0.5 ? " — something else is running; timings will be noisy" : ""))
        print("now pinned at \(PinnedClock.description); 120×40 frames in the dark theme")

        _ = try DashboardCases.darkTheme()  // fail before building anything when themes/ is missing
        let folder = try BenchmarkPlan.samplesFolder()
        let (plan, sources) = try BenchmarkPlan.build(from: folder)
        let fingerprint = try BenchmarkPlan.fingerprint(plan)
        let interventions = plan.activities.filter { $0.kind == .intervention }.count
        print("plan: \(plan.activities.count) activities (\(interventions) interventions, \(plan.activities.count - interventions) assessments) from \(folder)/ \(sources.joined(separator: ", "))")

        var specs = HistorySpec.all(today: PinnedClock.clock.today)
        if options.quick { specs = specs.filter { $0.days <= 366 } }
        if options.onlyImport || options.onlyFHIRPath { specs = [] }
        if options.onlySync { specs = specs.filter { $0.label == "1y" } }
        if options.onlyEncryption { specs = specs.filter { $0.label == Targets.longest } }
        let (workFolder, cached) = try prepareFolder()
        defer {
            if !cached && !options.keep { try? FileManager.default.removeItem(atPath: workFolder) }
        }

        var histories: [BuiltHistory] = []
        for spec in specs {
            let built = try ChildJob(kind: .build, path: workFolder, label: spec.label, days: spec.days, cached: cached)
                .spawn(as: BuiltHistory.self)
            if built.reused {
                print("\(spec.label): REUSING cached history \(built.path) (\(ReportTable.grouped(built.outcomes)) outcomes), built by an earlier run; delete it or drop --cache to build fresh")
            } else {
                print("\(spec.label): built \(ReportTable.grouped(built.outcomes)) outcomes over \(spec.days) days in \(ReportTable.number(built.seedSeconds)) s (\(ReportTable.number(Double(built.fileBytes) / 1_000_000, decimals: 1)) MB)")
            }
            histories.append(built)
        }

        let runs = options.runs ?? options.defaultRuns, warmups = options.warmups ?? options.defaultWarmups
        if !histories.isEmpty { print("measuring: \(runs) runs after \(warmups) warm-up\(warmups == 1 ? "" : "s") each (fewer for cases slower than the time budget), each history in fresh child processes") }
        var dashboard: [DashboardResult] = [], insights: [InsightsResult] = []
        for history in histories where !options.onlySync {
            let job = { (kind: ChildJob.Kind) in
                ChildJob(kind: kind, path: history.path, label: history.label, runs: runs, warmups: warmups)
            }
            let frames = try job(.dashboard).spawn(as: DashboardResult.self)
            print("\(history.label): dashboard measured (first frame \(ReportTable.number(frames.firstFrame.median)) ms)")
            dashboard.append(frames)
            let report = try job(.insights).spawn(as: InsightsResult.self)
            print("\(history.label): insights measured (year \(ReportTable.number(report.ranges.last?.engine.median)) ms)")
            for range in report.ranges where !range.mismatches.isEmpty {
                print("warning: \(history.label) \(range.range): the SQL floor does not read what the engine reports:\n  " + range.mismatches.joined(separator: "\n  "))
            }
            insights.append(report)
            for (group, peak, hwm) in [("dashboard", frames.peakRSSKiB, frames.peakHWMKiB), ("insights", report.peakRSSKiB, report.peakHWMKiB)] {
                if let hwm, peak - hwm > 1024 {
                    print("warning: \(history.label) \(group): ru_maxrss \(peak) KiB but VmHWM \(hwm) KiB; the peak was inherited from the parent (\(PeakMemory.kibibytes()) KiB)")
                }
            }
        }
        // Whole processes on the longest history, beside the floor program, in this same run.
        var processes: [ProcessResult] = []
        if let longest = histories.last, !options.onlySync, !options.onlyEncryption {
            // In English and in Polish (issue 24), each beside its own floor runs.
            processes = try ReaderLanguage.allCases.flatMap { try ProcessCases(storePath: longest.path, runs: runs, language: $0).run() }
            print("\(longest.label): commands measured (careplan today \(ReportTable.number(processes.first?.samples.median)) ms, floor \(ReportTable.number(processes.first?.floor.median)) ms)")
        }
        // The FHIR export beside the JSON export of the same days; the status line beside start-up.
        var exports: [ProcessResult] = []
        var status: [ProcessResult] = []
        var installedBuild: [ProcessResult] = []
        if let longest = histories.last, !options.onlySync, !options.onlyEncryption {
            // Five times the runs: a pair takes 17 ms, and the target's margin is a few per cent,
            // which the median of 21 on a shared machine moves by.
            status = try ReaderLanguage.allCases.map { try StatusCases(storePath: longest.path, runs: runs * 5, language: $0).run() }
            // The build people install beside this one, as many runs.
            if let installed = InstalledBuildCases.installedBinary() {
                installedBuild = try InstalledBuildCases(storePath: longest.path, runs: runs * 5).run(installed: installed)
            } else {
                print("note: no installed build to time beside this one (make builds .build/install/release/careplan)")
            }
            exports = try ExportCases(storePath: longest.path, runs: runs).run()
            print("\(longest.label): FHIR export measured (30 days \(ReportTable.number(exports.first?.samples.median)) ms, JSON \(ReportTable.number(exports.first?.floor.median)) ms)")
        }
        // The Apple Health import beside its floor and its peers, on the same 1M-record export;
        // with --large, the 10M-record export too.
        var health: ImportResult?
        if options.onlyImport || (!options.quick && !options.skipImport && !options.onlySync && !options.onlyFHIRPath && !options.onlyEncryption) {
            var imports = try ImportCases(folder: workFolder, runs: options.importRuns, skipPeers: options.skipPeers,
                                          processRuns: options.runs ?? options.defaultRuns).run()
            print("health import measured (\(ReportTable.number(imports.own.median)) ms, floor \(ReportTable.number(imports.floor.median)) ms"
                  + imports.peers.map { ", \($0.name) \(ReportTable.number($0.samples.median)) ms" }.joined() + ")")
            imports.peerNotes.forEach { print("note: " + $0) }
            if options.large {
                let large = try LargeImportCase(folder: workFolder, runs: options.importRuns).run()
                print("health import of \(ReportTable.grouped(large.records)) records measured (\(ReportTable.number(large.own.median)) ms)")
                imports.large = large
            }
            health = imports
        }
        // The year's history into a real FHIR server, beside the same requests by a plain loop.
        var sync: SyncResult?
        if let year = histories.first(where: { $0.label == "1y" }), options.onlySync || (!options.skipSync && !options.onlyImport && !options.onlyFHIRPath && !options.onlyEncryption) {
            sync = try SyncCases(history: year, folder: workFolder, runs: options.quick ? 1 : 3).run()
            print("sync measured (\(ReportTable.number(sync?.push.median)) ms, floor \(ReportTable.number(sync?.floor.median)) ms)")
        }
        // The FHIRPath engine on the official suite beside fhirpathpy; a PHQ-9 re-evaluated.
        var fhirpath: FHIRPathResult?
        if options.onlyFHIRPath || (!options.skipFHIRPath && !options.onlyImport && !options.onlySync && !options.onlyEncryption) {
            fhirpath = try FHIRPathCases(runs: runs, peerRounds: options.quick ? 3 : 5).run()
            print("FHIRPath measured (suite \(ReportTable.number(fhirpath?.suite.median)) ms, fhirpathpy \(ReportTable.number(fhirpath?.peerSuite?.median)) ms)")
            fhirpath?.peerNote.map { print("note: " + $0) }
        }
        // The 10-year store encrypted and unlocked, beside the plain store's figures of this run.
        var encryption: EncryptionResult?
        if let longest = histories.last, longest.label == Targets.longest, options.onlyEncryption || (!options.skipEncryption && !options.onlySync) {
            encryption = try EncryptionCases(history: longest, folder: workFolder, runs: runs, warmups: warmups, importRuns: options.importRuns,
                                             withImport: !options.quick && !options.skipImport).run()
            print("encryption measured (first frame \(ReportTable.number(encryption?.dashboard.firstFrame.median)) ms, status \(ReportTable.number(encryption?.status.samples.median)) ms)")
        }
        if options.showFrame, let last = dashboard.last {
            print("\nfirst frame at \(last.label):\n\(last.frameText)")
        }

        let loadAtEnd = MachineFacts.loadAverage()
        let rows = Targets.rows(dashboard: dashboard, insights: insights, processes: processes, processLabel: histories.last?.label ?? "")
            + Targets.rows(exports: exports, label: histories.last?.label ?? "")
            + (status + installedBuild.prefix(1)).flatMap { Targets.rows(status: $0, label: histories.last?.label ?? "") }
            + Targets.rows(exports: Array(installedBuild.dropFirst()), label: histories.last?.label ?? "")
            + (health.map(ImportTargets.rows) ?? [])
            + (sync.map(SyncTargets.rows) ?? [])
            + (encryption.map { EncryptionTargets.rows($0) } ?? [])
        let fhirpathRows: [ResultRow] = fhirpath.map(FHIRPathTargets.rows) ?? []
        // The history targets only where histories were measured (not with --only import).
        let checks = (histories.isEmpty || options.onlySync || options.onlyEncryption ? [] : Targets.checks(rows: rows)) + (sync.map(SyncTargets.checks) ?? []) + (health.map(ImportTargets.checks) ?? [])
            + (status + installedBuild.prefix(1)).flatMap(Targets.checks(status:))
            + EncryptionTargets.checks(rows)
        let fhirpathChecks: [TargetCheck] = fhirpath.map(FHIRPathTargets.checks) ?? []
        if !histories.isEmpty { print("\n" + ReportTable.histories(histories)) }
        print("\nTimes in ms: median and p90 of n runs after warm-ups; 1st call = the first call in a fresh process.")
        if !histories.isEmpty {
            print("Insights: the engine's report; via GRDB = its reads of the day summaries through CareStore's methods; SQL floor = the same per-day figures from the raw outcomes through SQLite's C API; ratio = median / floor.")
            print("Commands: the whole process (start to exit) beside careplan-floor, a program that opens the same store with GRDB and reads one row; ratio = median / floor.")
            print("FHIR export: careplan export --format fhir of the days named, whole process, beside --format json of the same days (floor = the JSON export; no target).")
            print("Installed build: what make builds (Swift runtime linked in) beside swift build -c release's (shared Swift libraries); floor = the shared build, no target.")
        }
        if fhirpath != nil {
            print("FHIRPath: the official R4 suite parsed and evaluated in process (errors caught), beside fhirpathpy (pinned, Tests/FHIRPathPeer) timing its own rounds over the same cases (ratio = median / fhirpathpy's); a PHQ-9's 11 variables and total after one answer changes, per evaluation.")
        }
        print("Health import: careplan health import of the zipped 1M-record synthetic export, whole process, beside careplan-import-floor (inflate and parse with empty callbacks; ratio = median / floor) and each peer on the same file, interleaved (a peer's ratio = its median / careplan's: how many times faster careplan is). At 10M, floor = the same measurement at 1M.\n")
        print(ReportTable.rows(rows + fhirpathRows))
        if let health {
            print("\nThe importers on the same zip, and what each stored (rows per type; BP kept once or twice; sleep stages kept or lost):\n")
            print(ReportTable.importers(health))
        }
        if let last = dashboard.last {
            let mb = { (kib: Int) in ReportTable.number(Targets.megabytes(kib), decimals: 1) + " MB" }
            print("\nDashboard memory at \(last.label): \(mb(last.startRSSKiB)) when the process started (runtime, libraries), \(mb(last.baselineRSSKiB)) before the store opened (Foundation's calendar and time zone data, the theme), \(mb(last.peakRSSKiB)) peak.")
        }
        print("\nTargets\(options.quick ? " — --quick has no 10-year history, so the 10-year targets are not judged" : ""):")
        print(ReportTable.targets(checks + fhirpathChecks))
        // The end figure includes this run's own single-threaded load (about +0.1 to +0.2).
        print(String(format: "\nload average %.2f at start, %.2f at end (this run included)", loadAtStart, loadAtEnd)
              + (loadAtStart > 0.5 ? "; others were using the CPUs, so the timings are pessimistic" : ""))

        for index in dashboard.indices { dashboard[index].frameText = "" }
        let planFacts = BenchmarkReport.PlanFacts(title: plan.title, activities: plan.activities.count, interventions: interventions,
                                                  assessments: plan.activities.count - interventions, sources: sources, fingerprint: fingerprint)
        let report = BenchmarkReport(machine: machine, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadAtEnd, pinnedNow: PinnedClock.description, quick: options.quick, plan: planFacts,
                                     histories: histories, rows: rows + fhirpathRows, targets: checks + fhirpathChecks, dashboard: dashboard, insights: insights, processes: processes,
                                     exports: exports, status: status, installedBuild: installedBuild, healthImport: health, sync: sync,
                                     fhirpath: fhirpath, encryption: encryption)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(report).write(to: URL(fileURLWithPath: options.jsonPath))
        print("\nJSON written to \(options.jsonPath)")
        if !cached && options.keep { print("databases kept in \(workFolder)") }
    }

    /// `--cache DIR` (created if needed), else a fresh folder under the system's temporary directory.
    func prepareFolder() throws -> (path: String, cached: Bool) {
        if let cache = options.cacheDirectory {
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            return (cache, true)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder, false)
    }
}
