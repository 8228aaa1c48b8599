import Foundation

/// Sync with a FHIR server (issue 25), against the same real server the sync tests use
/// (sekmet-fhir, Tests/FHIRServer), on loopback:
///
/// - **push**: `careplan sync --server URL` of a copy of the year's history (every reading and tick
///   of the dense plan, the Patient and the CarePlan) into a fresh server, whole process, interleaved
///   run by run with its floor: the very requests careplan sent (recorded once through
///   Tests/FHIRServer/faulty_proxy.py) replayed into another fresh server by a plain HTTP loop over
///   one kept-alive connection (Benchmarks/tools/sync_floor.py), which is the server's own speed;
/// - **nothing new**: `careplan sync` again, whole process, its requests counted, interleaved with
///   careplan's start-up (`careplan --version`) and one loopback round trip of careplan's batch of
///   searches by the plain loop.
struct SyncResult: Codable, Sendable {
    var outcomes: Int
    var requests: Int
    var push: Samples
    var floor: Samples
    var nothingNew: Samples
    var nothingNewRequests: Int
    var startUp: Samples
    var roundTrip: Samples
}

struct SyncCases {
    let history: BuiltHistory
    let folder: String
    let runs: Int
    var storePath: String { history.path }

    func run() throws -> SyncResult {
        let careplan = try ProcessCases.binary("careplan")
        let tool = try BenchmarkPlan.repositoryFile("Benchmarks/tools/sync_floor.py", for: "the sync case")
        let proxy = try BenchmarkPlan.repositoryFile("Tests/FHIRServer/faulty_proxy.py", for: "the sync case")
        let setup = try BenchmarkPlan.repositoryFile("Tests/FHIRServer/setup.sh", for: "the sync case")
        let python = try Self.output(setup, []).trimmingCharacters(in: .whitespacesAndNewlines)
        let sekmet = (python as NSString).deletingLastPathComponent + "/sekmet"
        var environment = ProcessInfo.processInfo.environment
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        let work = folder + "/sync"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }

        // Once, not timed: careplan's requests recorded on their way to a server.
        let recording = try SyncServer(sekmet: sekmet, python: python, tool: tool, folder: work + "/recording")
        let recorded = work + "/recorded.jsonl", faults = work + "/faults.json"
        try "[]".write(toFile: faults, atomically: true, encoding: .utf8)
        let proxyPort = Int.random(in: 20_000..<60_000)
        let proxyProcess = try SyncServer.start(python, [proxy, String(proxyPort), recording.base, faults, recorded], log: work + "/proxy.log")
        defer { SyncServer.stop(proxyProcess) }
        let proxyBase = "http://127.0.0.1:\(proxyPort)/fhir"
        _ = try Self.output(python, [tool, "wait", proxyBase])
        let store = work + "/store.sqlite"
        try FileManager.default.copyItem(atPath: storePath, toPath: store)
        let first = try Self.output(careplan, ["sync", "--db", store, "--server", proxyBase], environment: environment)
        let pushRequests = Self.requests(in: first)
        let lines = try String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n")
        let push = work + "/push.jsonl"
        try lines.prefix(pushRequests).joined(separator: "\n").write(toFile: push, atomically: true, encoding: .utf8)
        _ = try Self.output(careplan, ["sync", "--db", store], environment: environment)
        let search = work + "/search.jsonl"
        try (try String(contentsOfFile: recorded, encoding: .utf8)).split(separator: "\n").dropFirst(pushRequests)
            .joined(separator: "\n").write(toFile: search, atomically: true, encoding: .utf8)

        // Interleaved: careplan into a fresh server, the floor into another, run after run.
        var own: [Double] = [], floor: [Double] = [], quiet: [Double] = [], startUp: [Double] = [], roundTrip: [Double] = []
        var quietRequests = 0
        for run in 0..<runs {
            let server = try SyncServer(sekmet: sekmet, python: python, tool: tool, folder: work + "/own\(run)")
            let copy = work + "/own\(run).sqlite"
            try FileManager.default.copyItem(atPath: storePath, toPath: copy)
            own.append(try Spawn.run(careplan, ["sync", "--db", copy, "--server", server.base], environment: environment).ms)
            // Nothing new: each beside careplan's start-up and the plain loop's round trip.
            for _ in 0..<5 {
                startUp.append(try Spawn.run(careplan, ["--version"], environment: environment).ms)
                let said = work + "/quiet.txt"
                quiet.append(try Spawn.run(careplan, ["sync", "--db", copy], environment: environment, stdout: said).ms)
                quietRequests = max(quietRequests, Self.requests(in: try String(contentsOfFile: said, encoding: .utf8)))
            }
            server.stop()
            let replay = try SyncServer(sekmet: sekmet, python: python, tool: tool, folder: work + "/floor\(run)")
            let answer = try Self.output(python, [tool, "replay", replay.base, push])
            floor.append(try Self.number("ms", in: answer))
            replay.stop()
        }
        let answer = try Self.output(python, [tool, "roundtrip", recording.base, search, String(runs * 5)])
        roundTrip = (try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])?["ms"] as? [Double] ?? []
        recording.stop()
        return SyncResult(outcomes: history.outcomes, requests: pushRequests,
                          push: Samples(warmups: 0, milliseconds: own, firstCall: own.first ?? 0),
                          floor: Samples(warmups: 0, milliseconds: floor, firstCall: floor.first ?? 0),
                          nothingNew: Samples(warmups: 0, milliseconds: quiet, firstCall: quiet.first ?? 0), nothingNewRequests: quietRequests,
                          startUp: Samples(warmups: 0, milliseconds: startUp, firstCall: startUp.first ?? 0),
                          roundTrip: Samples(warmups: 0, milliseconds: roundTrip, firstCall: roundTrip.first ?? 0))
    }

    /// "16 requests" from what careplan sync said.
    static func requests(in said: String) -> Int {
        said.split(separator: "\n").last { $0.hasSuffix(" requests") || $0.hasSuffix(" request") }
            .flatMap { Int($0.split(separator: " ")[0].replacingOccurrences(of: ",", with: "")) } ?? 0
    }

    static func number(_ key: String, in json: String) throws -> Double {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], let value = object[key] as? Double else {
            throw BenchmarkError("sync_floor.py said \(json)")
        }
        return value
    }

    /// What a program printed; it must succeed.
    static func output(_ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) failed: \(String(decoding: said, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A sekmet-fhir server on a free loopback port with a data folder of its own.
struct SyncServer {
    let base: String
    let process: Process

    init(sekmet: String, python: String, tool: String, folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        let port = Int.random(in: 20_000..<60_000)
        base = "http://127.0.0.1:\(port)/fhir"
        let config = folder + "/config.yaml"
        try """
            base_url: \(base)
            host: 127.0.0.1
            port: \(port)
            data_dir: \(folder)/data
            simulator: {enabled: false}
            log_inbound: false
            """.write(toFile: config, atomically: true, encoding: .utf8)
        process = try Self.start(sekmet, ["serve", "--config", config], log: folder + "/server.log")
        _ = try SyncCases.output(python, [tool, "wait", base])
    }

    func stop() { Self.stop(process) }

    static func start(_ path: String, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        FileManager.default.createFile(atPath: log, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        return process
    }

    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
