import Foundation
import Testing

/// Runs the built `careplan` binary as a user would, with a pinned clock and a private database.
struct CLI {
    let folder: URL
    var environment: [String: String]

    /// The `careplan` executable SwiftPM built next to this test bundle.
    static let binary: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The test runner may sit inside `careplanPackageTests.xctest/`; the binary sits in the build folder.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("careplan").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("careplan")
    }()

    /// The repository's folder, for sample plans.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init(now: String = "2026-11-21T09:30", zone: String = "Europe/Berlin") {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "CAREPLAN_DB")
        environment["CAREPLAN_NOW"] = now
        environment["TZ"] = zone
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg").path
        environment["CAREPLAN_BUSY_TIMEOUT"] = "5"
        // English, whatever language the machine running the tests speaks; a test that wants
        // another says so (LanguageTests).
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "CAREPLAN_PSEUDO_LANGUAGE", "CAREPLAN_LOCALEDIR"] { environment.removeValue(forKey: name) }
        environment["LANG"] = "C.UTF-8"
        self.environment = environment
    }

    var db: String { folder.appendingPathComponent("care.sqlite").path }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// Runs `careplan ARGS --db <private db>` (unless `useDB` is false) and waits for it, in the
    /// repository unless `folder` says where.
    @discardableResult
    func run(_ arguments: [String], useDB: Bool = true, environment extra: [String: String] = [:], executable: URL = CLI.binary,
             in folder: URL = CLI.repository, input: String? = nil) throws -> Result {
        let process = try start(arguments, useDB: useDB, environment: extra, executable: executable, in: folder, input: input)
        let out = process.standardOutput as! Pipe, err = process.standardError as! Pipe
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    func start(_ arguments: [String], useDB: Bool = true, environment extra: [String: String] = [:], executable: URL = CLI.binary,
               in folder: URL = CLI.repository, input: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + (useDB ? ["--db", db] : [])
        process.environment = environment.merging(extra) { _, new in new }
        process.currentDirectoryURL = folder
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        // What a person types, through a pipe, all at once and then the end of input.
        let typed = input.map { _ in Pipe() }
        process.standardInput = typed ?? FileHandle.nullDevice
        try process.run()
        if let typed, let input {
            typed.fileHandleForWriting.write(Data(input.utf8))
            try typed.fileHandleForWriting.close()
        }
        return process
    }

    func write(_ name: String, _ text: String) -> String {
        let path = folder.appendingPathComponent(name).path
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments)
        guard result.status == 0 else { throw CLIError.failed(arguments, result.stderr) }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    enum CLIError: Error { case failed([String], String) }
}

/// A tool other than careplan (gettext's, poppler's, Chromium), run to completion.
enum Tool {
    /// Its exit status and standard output; standard error is dropped, or with `withErrors` mixed
    /// into the output (make's messages are on both).
    @discardableResult
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil, withErrors: Bool = false,
                    in folder: URL? = nil) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = withErrors ? out : FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// `sqlite3` on a store, left running in the middle of what it was sent: another program holding
/// a lock or a read transaction on the store while careplan works.
struct SQLiteShell {
    let process = Process()
    private let input = Pipe(), output = Pipe()

    /// Starts it and sends `sql`, whose last statement prints something: once that is printed,
    /// the statements before it have run.
    init(_ database: String, running sql: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        send(sql)
        _ = output.fileHandleForReading.availableData
    }

    func send(_ sql: String) { input.fileHandleForWriting.write(Data(sql.utf8)) }

    /// Ends it with `.quit`, as a person would: its close folds the store's write-ahead log.
    func quit() {
        send(".quit\n")
        process.waitUntilExit()
    }

    /// Ends it with SIGKILL: its locks go with it, and its close does nothing.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// An as-needed count: every `careplan log tally N` adds an entry of its own, so each write is one value.
let tallyPlanYAML = """
title: Tally
activities:
  - id: tally
    kind: assessment
    title: Tally
    schedule: {start: 2026-11-01, as-needed: true}
    measure: {type: integer, range: [0, 1000000]}
"""

extension CLI {
    /// The values of every tally entry the store holds, in the order `history` lists them.
    func tallyValues() throws -> [Int] {
        let outcomes = try #require(try json(["history", "tally", "--json"]) as? [[String: Any]])
        return outcomes.compactMap { (($0["values"] as? [[String: Any]])?.first?["value"] as? Double).map { Int($0) } }
    }
}

/// The plan the command-line tests import.
let cliPlanYAML = """
title: Hypertension
activities:
  - id: amlodipine
    kind: intervention
    title: Amlodipine 5 mg
    schedule: {start: 2026-11-01, daily: 2, times: ["08:00", "20:00"]}
  - id: insulin
    kind: intervention
    title: Basal insulin
    resettable: false
    schedule: {start: 2026-11-01, daily: 1}
  - id: weigh
    kind: intervention
    title: Weigh in
    schedule: {start: 2026-11-01, weekly: {sat: 1}}
  - id: rescue
    kind: intervention
    title: Rescue inhaler
    schedule: {start: 2026-11-01, as-needed: true}
  - id: bp
    kind: assessment
    title: Blood pressure
    schedule: {start: 2026-11-01, daily: 1}
    measure:
      type: integer
      fields:
        - {name: systolic, unit: mmHg, range: [60, 250], normal: [90, 130]}
        - {name: diastolic, unit: mmHg, range: [30, 150], normal: [60, 85]}
  - id: temp
    kind: assessment
    title: Temperature
    schedule: {start: 2026-11-01, daily: 1}
    measure: {type: number, unit: degC, range: [34, 43], normal: [36.1, 37.5], decimals: 1}
"""

extension CLI {
    /// A fake notify-send on PATH that writes down what it was asked to show.
    func fakeNotifySend() throws -> (environment: [String: String], notified: () -> [String]) {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("notified.txt").path
        let fake = bin.appendingPathComponent("notify-send").path
        try "#!/bin/sh\nprintf '%s|' \"$@\" >> '\(log)'\necho >> '\(log)'\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let path = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        return (path, { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) })
    }
}
