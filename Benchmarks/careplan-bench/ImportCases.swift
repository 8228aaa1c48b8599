import Foundation

/// The Apple Health import (issues 9 and 27): `careplan health import` of the synthetic 1M-record
/// export (`SyntheticExport`: five years, zipped as the Health app zips it), interleaved run by run
/// with its floor (`careplan-import-floor`: the zip inflated and parsed with empty callbacks) and
/// with each peer (`Peer.all`, from PyPI) on the same file. Whole processes: wall time, peak resident
/// memory and CPU time; then what each stored (`ImportCensus`). Then careplan alone: the same file
/// again, a watch's steps on top, `health stats` and the Insights sleep view on the store it made.
struct ImportResult: Codable, Sendable {
    var records: Int
    var zipBytes: Int
    var xmlBytes: Int
    var own: Samples
    var ownPeakKiB: Int
    /// CPU time (user and system, both threads) of each run: above the wall time, both cores worked.
    var ownCPU: Samples
    var ownCensus: ImportCensus?
    /// `careplan-import-floor`: inflated and parsed; and inflated alone (`--inflate-only`).
    var floor: Samples
    var floorPeakKiB: Int
    /// The benchmark's own peak memory once the imports were run: a peak at or under it is the
    /// benchmark's, not the child's (see `Spawn`).
    var benchmarkPeakKiB: Int
    var inflateOnly: Samples
    var peers: [PeerResult]
    /// Peers that could not be installed or failed a run, and why.
    var peerNotes: [String]
    /// The same file again: recognised, nothing read.
    var again: Samples
    /// The same file read anyway (`--again`): every sample looked up.
    var reread: Samples
    /// Samples the re-read added (0 expected).
    var rereadAdded: Int
    /// A watch's steps over the same five years imported on top (the synthetic export's steps
    /// are all the iPhone's): how many, and the import, which merges every day both counted.
    var watchSteps: Int
    var watchStepsImport: Samples
    /// `careplan health stats` over the export's five years by day, whole process: a discrete type
    /// (heart rate) and a cumulative one merged across two sources (steps).
    var statsHeartRate: Samples
    var statsSteps: Samples
    /// The Insights sleep view over the export's last year (issue 10): `careplan snapshot` of the
    /// year with a linked sleep diary, whole process, and how many nights it drew on (the year
    /// and the year before, which the comparison reads).
    var sleepYearFrame: Samples?
    var sleepNights: Int?
    /// The 10M-record export (`--large`), careplan and its floor alone.
    var large: LargeImportResult?

    /// The peer issue 9's target names, when it was measured.
    var firstPeer: PeerResult? { peers.first { $0.name == Peer.firstPeer } }
    var fastestPeer: PeerResult? { peers.min { $0.samples.median < $1.samples.median } }
    var leanestPeer: PeerResult? { peers.min { $0.peakKiB < $1.peakKiB } }
}

/// One peer's runs on the export, and what it stored.
struct PeerResult: Codable, Sendable {
    var name: String
    var version: String
    var samples: Samples
    var peakKiB: Int
    var cpu: Samples
    var census: ImportCensus?
    /// Why there is no census, when there is none.
    var censusNote: String?
}

struct ImportCases {
    let folder: String
    let runs: Int
    /// `--skip-peers`: careplan and its floor alone.
    var skipPeers = false
    /// Runs of the processes of tens of milliseconds on the imported store (`health stats`, the
    /// sleep view), as many as the other commands get: a median of five moved by a third from
    /// one run to the next on this machine.
    var processRuns = 21
    static let records = 1_000_000, years = 5

    func run() throws -> ImportResult {
        let zip = try SyntheticExport.zip(records: Self.records, years: Self.years, in: folder)
        let careplan = try ProcessCases.binary("careplan"), floor = try ProcessCases.binary("careplan-import-floor")
        var peers: [InstalledPeer] = [], notes: [String] = []
        if skipPeers { notes.append("the peers were left out (--skip-peers)") }
        for peer in Peer.all where !skipPeers {
            switch PeerVirtualenv.install(peer, in: folder) {
            case .success(let installed): peers.append(installed)
            case .failure(let error): notes.append(error.description)
            }
        }
        let environment = Self.environment
        let scratch = folder + "/import-runs"
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        var own = Runs(), floorRuns = Runs(), inflate = Runs()
        var peerRuns = [String: Runs](), censuses = [String: ImportCensus](), censusNotes = [String: String]()
        var kept = ""
        for run in 0..<runs {
            let db = "\(scratch)/careplan-\(run).sqlite"
            own.add(try Spawn.run(careplan, ["health", "import", zip, "--db", db], environment: environment))
            if run == runs - 1 { kept = db } else { Self.remove(db) }
            floorRuns.add(try Spawn.run(floor, [zip], environment: environment))
            inflate.add(try Spawn.run(floor, [zip, "--inflate-only"], environment: environment))
            for peer in peers {
                let output = "\(scratch)/\(peer.peer.output)"
                Self.remove(output)
                do {
                    peerRuns[peer.peer.name, default: Runs()].add(try Spawn.run(peer.command, peer.peer.arguments(zip, output), environment: environment))
                } catch {
                    notes.append("\(peer.peer.name) \(peer.version) failed and was left out: \(error)")
                    peers.removeAll { $0.peer.name == peer.peer.name }
                    peerRuns[peer.peer.name] = nil
                }
                if run == runs - 1, peerRuns[peer.peer.name] != nil {
                    do {
                        censuses[peer.peer.name] = try ImportCensus.read(schema: peer.peer.name, database: output, python: peer.python, scratch: scratch)
                    } catch {
                        censusNotes[peer.peer.name] = "\(error)"
                    }
                }
                Self.remove(output)
            }
        }
        let benchmarkPeak = PeakMemory.highWaterMarkKiB() ?? 0
        let ownCensus = try? ImportCensus.read(schema: "careplan", database: kept, scratch: scratch)
        var again: [Double] = []
        for _ in 0..<runs {
            again.append(try Spawn.run(careplan, ["health", "import", zip, "--db", kept], environment: environment).ms)
        }
        let output = scratch + "/reread.json"
        let reread = try Spawn.run(careplan, ["health", "import", zip, "--again", "--json", "--db", kept], environment: environment, stdout: output)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        let watch = try Self.watchSteps(into: scratch + "/watch-steps.xml")
        let watchMS = try Spawn.run(careplan, ["health", "import", watch.path, "--db", kept], environment: environment).ms
        let statsHeartRate = try Self.stats("HeartRate", careplan: careplan, db: kept, runs: processRuns)
        let statsSteps = try Self.stats("StepCount", careplan: careplan, db: kept, runs: processRuns)
        let (sleepFrame, nights) = try Self.sleepYear(careplan: careplan, db: kept, scratch: scratch, runs: processRuns)
        let measuredPeers = peers.compactMap { peer in
            peerRuns[peer.peer.name].map { runs in
                PeerResult(name: peer.peer.name, version: peer.version, samples: runs.wall, peakKiB: runs.peakKiB, cpu: runs.cpu,
                           census: censuses[peer.peer.name], censusNote: censusNotes[peer.peer.name])
            }
        }
        return ImportResult(records: Self.records, zipBytes: SyntheticExport.size(zip), xmlBytes: (summary?["bytes"] as? Int) ?? 0,
                            own: own.wall, ownPeakKiB: own.peakKiB, ownCPU: own.cpu, ownCensus: ownCensus,
                            floor: floorRuns.wall, floorPeakKiB: floorRuns.peakKiB,
                            benchmarkPeakKiB: benchmarkPeak, inflateOnly: inflate.wall,
                            peers: measuredPeers, peerNotes: notes,
                            again: Samples(warmups: 0, milliseconds: again, firstCall: again[0]),
                            reread: Samples(warmups: 0, milliseconds: [reread.ms], firstCall: reread.ms),
                            rereadAdded: (summary?["added"] as? Int) ?? -1, watchSteps: watch.count,
                            watchStepsImport: Samples(warmups: 0, milliseconds: [watchMS], firstCall: watchMS),
                            statsHeartRate: statsHeartRate, statsSteps: statsSteps, sleepYearFrame: sleepFrame, sleepNights: nights)
    }

    /// Every import runs with "now" pinned where the rest of the benchmark pins it, in its zone.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        return environment
    }

    /// `careplan health stats TYPE` by day over the export's five years, whole process.
    static func stats(_ type: String, careplan: String, db: String, runs: Int) throws -> Samples {
        let times = try (0..<max(5, runs)).map { _ in
            try Spawn.run(careplan, ["health", "stats", type, "--from", "2019-01-01", "--to", "2023-12-31", "--db", db], environment: environment).ms
        }
        return Samples(warmups: 0, milliseconds: times, firstCall: times[0])
    }

    /// A plan with a sleep diary linked to the export's sleep analysis (every night since 2019
    /// filled), then the Insights pane of 2023 with sleep charted, as `careplan snapshot` draws it.
    static func sleepYear(careplan: String, db: String, scratch: String, runs: Int) throws -> (Samples, Int) {
        let plan = scratch + "/sleep-plan.yaml"
        try Data("""
            title: Sleep
            activities:
              - id: sleep
                kind: assessment
                title: Sleep diary
                schedule: {start: 2019-01-01, daily: 1, times: ["07:00"]}
                measure: {type: sleep, healthkit: HKCategoryTypeIdentifierSleepAnalysis}

            """.utf8).write(to: URL(fileURLWithPath: plan))
        var yearEnd = environment
        yearEnd["CAREPLAN_NOW"] = "2023-12-31T09:30"
        _ = try Spawn.run(careplan, ["import", plan, "--effective", "2019-01-01", "--db", db], environment: yearEnd)
        let arguments = ["snapshot", "--pane", "insights", "--range", "year", "--size", "120x40", "--db", db]
        let frame = scratch + "/sleep-frame.txt"
        var times: [Double] = []
        for _ in 0..<max(5, runs) { times.append(try Spawn.run(careplan, arguments, environment: yearEnd, stdout: frame).ms) }
        let text = (try? String(contentsOfFile: frame, encoding: .utf8)) ?? ""
        guard text.contains("Sleep (asleep)"), text.contains("Sleep, 365 nights") else {
            throw BenchmarkError("the sleep frame does not show a year of nights:\n\(text)")
        }
        return (Samples(warmups: 0, milliseconds: times, firstCall: times[0]), 365 + 365)
    }

    /// An export of a watch's steps, 2019 through 2023: ten-minute walks on the hour and half hour
    /// from 07:00 to 22:30, over the iPhone's steps of the same days. Written a day at a time: held
    /// whole (12 MB, copied as it grew) it raised this process's peak memory, which every child
    /// spawned afterwards reports as its own (see `Spawn`).
    static func watchSteps(into path: String) throws -> (path: String, count: Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw BenchmarkError("cannot write \(path)")
        }
        defer { try? file.close() }
        try file.write(contentsOf: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n".utf8))
        var count = 0
        let calendar = Calendar(identifier: .gregorian)
        var day = DateComponents(calendar: calendar, timeZone: TimeZone(identifier: "UTC"), year: 2019, month: 1, day: 1).date!
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        while calendar.component(.year, from: day) < 2024 {
            let date = formatter.string(from: day)
            var text = ""
            for hour in 7...22 {
                for minute in [0, 30] {
                    let start = String(format: "%@ %02d:%02d:00 +0100", date, hour, minute)
                    let end = String(format: "%@ %02d:%02d:00 +0100", date, hour, minute + 10)
                    text += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Bench Apple Watch\" unit=\"count\""
                        + " startDate=\"\(start)\" endDate=\"\(end)\" value=\"\((hour * 37 + minute) % 900 + 20)\"/>\n"
                    count += 1
                }
            }
            try file.write(contentsOf: Data(text.utf8))
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        try file.write(contentsOf: Data("</HealthData>\n".utf8))
        return (path, count)
    }

    static func remove(_ db: String) {
        // SQLite's companions, and DuckDB's write-ahead log.
        for suffix in ["", "-wal", "-shm", "-journal", ".wal"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    }
}

/// One process's runs: wall times, the highest peak resident memory, CPU times.
struct Runs {
    private var wallTimes: [Double] = [], cpuTimes: [Double] = []
    private(set) var peakKiB = 0

    mutating func add(_ run: (ms: Double, kib: Int, cpuMS: Double)) {
        wallTimes.append(run.ms)
        cpuTimes.append(run.cpuMS)
        peakKiB = max(peakKiB, run.kib)
    }

    var wall: Samples { Samples(warmups: 0, milliseconds: wallTimes, firstCall: wallTimes[0]) }
    var cpu: Samples { Samples(warmups: 0, milliseconds: cpuTimes, firstCall: cpuTimes[0]) }
}
