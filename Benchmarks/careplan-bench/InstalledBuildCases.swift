import Foundation

/// The build people install (issue 26): `make` links the Swift runtime in (`--static-swift-stdlib`,
/// in `.build/install`), while the benchmark's own careplan, `swift build -c release`'s, loads it
/// as shared libraries. Start-up (`careplan --version`) and the status line (`careplan status`) of
/// both, interleaved run by run on the same store, so docs/install.md's choice is measured beside
/// everything else; and the status line's target (≤ 1.5× start-up) judged on the installed build.
struct InstalledBuildCases {
    let storePath: String
    let runs: Int

    /// What `make` built, found in the repository the benchmark runs from; nil when `make` has not run.
    static func installedBinary() -> String? {
        guard let path = try? BenchmarkPlan.repositoryFile(".build/install/release/careplan", for: "the installed build's case"),
              FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return path
    }

    /// The installed build's status line beside its own start-up; then its start-up and status line
    /// beside the shared build's (floor = the shared build: a ratio under 1 is the static build faster).
    func run(installed: String) throws -> [ProcessResult] {
        let shared = try ProcessCases.binary("careplan")
        var environment = ReaderLanguage.english.environment(ProcessInfo.processInfo.environment)
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        let status = ["status", "--db", storePath]
        // Four series: the installed build's --version and status, the shared build's.
        var times: [[Double]] = Array(repeating: [], count: 4), first: [Double] = Array(repeating: 0, count: 4)
        for run in 0..<(runs + 3) {
            let round = [try Spawn.run(installed, ["--version"], environment: environment).ms,
                         try Spawn.run(installed, status, environment: environment).ms,
                         try Spawn.run(shared, ["--version"], environment: environment).ms,
                         try Spawn.run(shared, status, environment: environment).ms]
            if run == 0 { first = round }
            if run >= 3 { for index in round.indices { times[index].append(round[index]) } }
        }
        let samples = times.indices.map { Samples(warmups: 3, milliseconds: times[$0], firstCall: first[$0]) }
        return [
            ProcessResult(command: "careplan status, installed build (floor: its careplan --version)", samples: samples[1], floor: samples[0]),
            ProcessResult(command: "careplan --version, installed build (floor: shared build)", samples: samples[0], floor: samples[2]),
            ProcessResult(command: "careplan status, installed build (floor: shared build)", samples: samples[1], floor: samples[3]),
        ]
    }
}
