import Foundation
import ZIPFoundation

/// The Apple Health import (issue 9): `careplan health import` on the synthetic 1M-record export
/// that `Benchmarks/tools/gen_export.py OUT.xml 1000000 5` writes, zipped as the Health app zips it,
/// beside healthkit-to-sqlite (PyPI, in a virtualenv the benchmark makes) on the same file,
/// interleaved run by run. Whole processes: wall time and peak resident memory.
struct ImportResult: Codable, Sendable {
    var records: Int
    var zipBytes: Int
    var xmlBytes: Int
    var own: Samples
    var ownPeakKiB: Int
    var peer: Samples?
    var peerPeakKiB: Int?
    /// Why the peer was not measured, when it was not.
    var peerNote: String?
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
}

struct ImportCases {
    let folder: String
    let runs: Int
    static let records = 1_000_000, years = 5

    func run() throws -> ImportResult {
        let zip = try export()
        let careplan = try ProcessCases.binary("careplan")
        let peer = peerCommand()
        var environment = ProcessInfo.processInfo.environment
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        let scratch = folder + "/import-runs"
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        var own: [Double] = [], peers: [Double] = [], ownPeak = 0, peerPeak = 0
        var kept = ""
        for run in 0..<runs {
            let db = "\(scratch)/careplan-\(run).sqlite"
            let (ms, kib) = try Spawn.run(careplan, ["health", "import", zip, "--db", db], environment: environment)
            own.append(ms)
            ownPeak = max(ownPeak, kib)
            if run == runs - 1 { kept = db } else { Self.remove(db) }
            if let peer = peer.command {
                let peerDB = "\(scratch)/peer-\(run).db"
                let (peerMS, peerKiB) = try Spawn.run(peer, [zip, peerDB], environment: environment)
                peers.append(peerMS)
                peerPeak = max(peerPeak, peerKiB)
                Self.remove(peerDB)
            }
        }
        var again: [Double] = []
        for _ in 0..<runs {
            again.append(try Spawn.run(careplan, ["health", "import", zip, "--db", kept], environment: environment).ms)
        }
        let output = scratch + "/reread.json"
        let (rereadMS, _) = try Spawn.run(careplan, ["health", "import", zip, "--again", "--json", "--db", kept], environment: environment, stdout: output)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        let xmlBytes = (summary?["bytes"] as? Int) ?? 0
        let watch = try Self.watchSteps(into: scratch + "/watch-steps.xml")
        let (watchMS, _) = try Spawn.run(careplan, ["health", "import", watch.path, "--db", kept], environment: environment)
        func stats(_ type: String) throws -> Samples {
            let times = try (0..<max(5, runs)).map { _ in
                try Spawn.run(careplan, ["health", "stats", type, "--from", "2019-01-01", "--to", "2023-12-31", "--db", kept], environment: environment).ms
            }
            return Samples(warmups: 0, milliseconds: times, firstCall: times[0])
        }
        let statsHeartRate = try stats("HeartRate"), statsSteps = try stats("StepCount")
        let (sleepFrame, nights) = try sleepYear(careplan: careplan, db: kept, scratch: scratch, environment: environment)
        return ImportResult(records: Self.records, zipBytes: Self.size(zip), xmlBytes: xmlBytes,
                            own: Samples(warmups: 0, milliseconds: own, firstCall: own[0]), ownPeakKiB: ownPeak,
                            peer: peers.isEmpty ? nil : Samples(warmups: 0, milliseconds: peers, firstCall: peers[0]),
                            peerPeakKiB: peers.isEmpty ? nil : peerPeak, peerNote: peer.note,
                            again: Samples(warmups: 0, milliseconds: again, firstCall: again[0]),
                            reread: Samples(warmups: 0, milliseconds: [rereadMS], firstCall: rereadMS),
                            rereadAdded: (summary?["added"] as? Int) ?? -1, watchSteps: watch.count,
                            watchStepsImport: Samples(warmups: 0, milliseconds: [watchMS], firstCall: watchMS),
                            statsHeartRate: statsHeartRate, statsSteps: statsSteps, sleepYearFrame: sleepFrame, sleepNights: nights)
    }

    /// A plan with a sleep diary linked to the export's sleep analysis (every night since 2019
    /// filled), then the Insights pane of 2023 with sleep charted, as `careplan snapshot` draws it.
    func sleepYear(careplan: String, db: String, scratch: String, environment: [String: String]) throws -> (Samples, Int) {
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
    /// from 07:00 to 22:30, over the iPhone's steps of the same days.
    static func watchSteps(into path: String) throws -> (path: String, count: Int) {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        var count = 0
        let calendar = Calendar(identifier: .gregorian)
        var day = DateComponents(calendar: calendar, timeZone: TimeZone(identifier: "UTC"), year: 2019, month: 1, day: 1).date!
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        while calendar.component(.year, from: day) < 2024 {
            let date = formatter.string(from: day)
            for hour in 7...22 {
                for minute in [0, 30] {
                    let start = String(format: "%@ %02d:%02d:00 +0100", date, hour, minute)
                    let end = String(format: "%@ %02d:%02d:00 +0100", date, hour, minute + 10)
                    text += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Bench Apple Watch\" unit=\"count\""
                        + " startDate=\"\(start)\" endDate=\"\(end)\" value=\"\((hour * 37 + minute) % 900 + 20)\"/>\n"
                    count += 1
                }
            }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        try (text + "</HealthData>\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, count)
    }

    /// The zipped export, generated once and kept in the work folder (so `--cache` reuses it).
    func export() throws -> String {
        let zip = "\(folder)/apple-health-\(Self.records)-\(Self.years)y.zip"
        if FileManager.default.fileExists(atPath: zip) { return zip }
        let generator = try BenchmarkPlan.exportGenerator()
        let xml = "\(folder)/export.xml"
        _ = try Spawn.run("/usr/bin/env", ["python3", generator, xml, "\(Self.records)", "\(Self.years)"],
                          environment: ProcessInfo.processInfo.environment)
        defer { try? FileManager.default.removeItem(atPath: xml) }
        let partial = zip + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        let archive = try Archive(url: URL(fileURLWithPath: partial), accessMode: .create)
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: xml))
        defer { try? handle.close() }
        try archive.addEntry(with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(Self.size(xml)),
                             compressionMethod: .deflate, bufferSize: 1 << 16) { position, size in
            try handle.seek(toOffset: UInt64(position))
            return try handle.read(upToCount: size) ?? Data()
        }
        try FileManager.default.moveItem(atPath: partial, toPath: zip)
        return zip
    }

    /// healthkit-to-sqlite in a virtualenv in the work folder, installed from PyPI on first use;
    /// never a dependency of careplan itself.
    func peerCommand() -> (command: String?, note: String?) {
        let venv = "\(folder)/peer-venv", command = "\(venv)/bin/healthkit-to-sqlite"
        if FileManager.default.isExecutableFile(atPath: command) { return (command, nil) }
        let environment = ProcessInfo.processInfo.environment
        do {
            _ = try Spawn.run("/usr/bin/env", ["python3", "-m", "venv", venv], environment: environment)
            _ = try Spawn.run("\(venv)/bin/pip", ["install", "--quiet", "healthkit-to-sqlite"], environment: environment)
        } catch {
            return (nil, "healthkit-to-sqlite could not be installed from PyPI (\(error)); the peer was not measured")
        }
        return FileManager.default.isExecutableFile(atPath: command) ? (command, nil) : (nil, "healthkit-to-sqlite did not install")
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    static func remove(_ db: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    }
}
