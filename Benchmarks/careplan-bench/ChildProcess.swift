import Foundation
import Dashboard

/// One step of the benchmark run in a fresh process of this same executable.
///
/// Why children: peak RSS (ru_maxrss) is a high-water mark that Linux carries across fork and
/// exec, so a child of a process that once held a generated history starts "peaking" at that
/// size. The parent therefore never builds or measures anything itself: one child builds each
/// history, then a fresh child per history measures the dashboard, and another insights. The
/// dashboard child's ru_maxrss is then the dashboard's own (checked against VmHWM, which Linux
/// resets on exec), and no group inherits another's caches.
struct ChildJob: Sendable {
    enum Kind: String, Sendable { case build, dashboard, insights }
    var kind: Kind
    /// The database to measure, or the folder to build in.
    var path: String
    var label: String
    var runs = 0
    var warmups = 0
    /// For builds: how many days, and whether the folder is a `--cache` to reuse files from.
    var days = 0
    var cached = false
    /// Profiling aid: one case alone (`first-frame`, `day-switch`, `week-switch`, or an insights
    /// range such as `year`), printing only its samples.
    var only: String?

    var arguments: [String] {
        var arguments = ["--child", kind.rawValue, "--path", path, "--label", label]
        switch kind {
        case .build: arguments += ["--days", String(days)] + (cached ? ["--cached"] : [])
        case .dashboard, .insights: arguments += ["--runs", String(runs), "--warmups", String(warmups)]
        }
        return arguments
    }

    /// In the child: do the job, and print its result as one JSON document on stdout.
    func runHere() throws {
        let encoder = JSONEncoder()
        let sampler = Sampler(warmups: warmups, runs: runs)
        let data: Data
        switch kind {
        case .build:
            let (plan, _) = try BenchmarkPlan.build(from: try BenchmarkPlan.samplesFolder())
            let spec = HistorySpec(label: label, days: days)
            data = try encoder.encode(try HistoryBuilder.prepare(spec, plan: plan, fingerprint: try BenchmarkPlan.fingerprint(plan),
                                                                 folder: path, cached: cached))
        case .dashboard:
            // The dashboard's process keeps the pages its frames free; so does the one timing them.
            EventLoopMemory.keepFreedPages()
            let cases = DashboardCases(path: path, theme: try DashboardCases.darkTheme())
            if let only {
                data = try encoder.encode(try cases.one(only, sampler: sampler))
            } else {
                data = try encoder.encode(try cases.run(label: label, sampler: sampler))
            }
        case .insights:
            // Insights are worked out in the dashboard's process.
            EventLoopMemory.keepFreedPages()
            if let only {
                data = try encoder.encode(try InsightsCases(path: path).one(only, sampler: sampler))
            } else {
                data = try encoder.encode(try InsightsCases(path: path).run(label: label, sampler: sampler))
            }
        }
        FileHandle.standardOutput.write(data)
    }

    /// In the parent: run this job in a child process and decode what it printed. Its stderr is
    /// passed through, so a failure in the child reads as it would have in the parent.
    func spawn<Result: Decodable>(as type: Result.Type) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read before waiting: a child blocked on a full pipe would never exit.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("the \(kind.rawValue) child for \(label) exited with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Result.self, from: data)
    }

    static var executable: URL {
        #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        #endif
    }
}
