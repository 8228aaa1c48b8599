import Foundation

/// A real FHIR R4 server (sekmet-fhir from PyPI, Tests/FHIRServer) started on 127.0.0.1 for the
/// sync tests, in a fresh data folder each time, and stopped when the test is done.
final class FHIRServerProcess {
    let base: String
    let process: Process
    let folder: URL

    /// The virtualenv's `sekmet`, made once by Tests/FHIRServer/setup.sh.
    static let sekmet: Result<String, Error> = Result {
        URL(fileURLWithPath: try PythonTool.setup("Tests/FHIRServer/setup.sh")).deletingLastPathComponent().appendingPathComponent("sekmet").path
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-fhir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        var lastError: Error = CLI.CLIError.failed(["sekmet"], "did not start")
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<60_000)
            let base = "http://127.0.0.1:\(port)/fhir"
            let config = folder.appendingPathComponent("config.yaml")
            try """
                base_url: \(base)
                host: 127.0.0.1
                port: \(port)
                data_dir: \(folder.appendingPathComponent("data").path)
                simulator: {enabled: false}
                log_inbound: false
                """.write(to: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try Self.sekmet.get())
            process.arguments = ["serve", "--config", config.path]
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("server.log").creatingFile())
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning {
                if (try? Self.request("GET", base + "/metadata"))?.status == 200 {
                    self.base = base
                    self.process = process
                    return
                }
                usleep(200_000)
            }
            process.terminate()
            process.waitUntilExit()
            lastError = CLI.CLIError.failed(["sekmet serve"], (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? "")
        }
        throw lastError
    }

    deinit {
        // SIGTERM first, as a service manager would; a server still running after three seconds
        // (a child of the test runner may not act on SIGTERM) is killed.
        process.terminate()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// One plain HTTP request, as the clinic's own software would make it (not careplan's client):
    /// Python's standard library (Tests/FHIRServer/client.py).
    static func request(_ method: String, _ url: String, json: Any? = nil) throws -> (status: Int, body: Any?) {
        var arguments = [CLI.repository.appendingPathComponent("Tests/FHIRServer/client.py").path, method, url]
        if let json {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-fhir-body-\(UUID().uuidString).json")
            try JSONSerialization.data(withJSONObject: json).write(to: file)
            arguments.append(file.path)
        }
        defer { if arguments.count == 4 { try? FileManager.default.removeItem(atPath: arguments[3]) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let newline = data.firstIndex(of: 0x0A), let status = Int(String(decoding: data[..<newline], as: UTF8.self)) else { return (0, nil) }
        return (status, try? JSONSerialization.jsonObject(with: data[(newline + 1)...]))
    }

    /// Every resource a search finds, following its pages.
    func search(_ query: String) throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        var url: String? = base + "/" + query
        while let next = url {
            let page = try require(try Self.request("GET", next).body as? [String: Any])
            found += (page["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
            url = (page["link"] as? [[String: Any]])?.first { $0["relation"] as? String == "next" }?["url"] as? String
            if (page["entry"] as? [Any])?.isEmpty ?? true { url = nil }
        }
        return found
    }
}

private extension URL {
    func creatingFile() -> URL {
        FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}

private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw CLI.CLIError.failed(["FHIR server"], "unexpected answer") }
    return value
}

/// A proxy between careplan and the server that fails on purpose (Tests/FHIRServer/faulty_proxy.py):
/// the faults it is given are used once each, in order, on the requests they match.
final class FaultyProxy {
    let base: String
    let process: Process
    let faults: URL

    /// `record`: a file the proxy writes every request it passes on to, a JSON line each
    /// (`method`, `path`, `body`, `response`).
    init(before server: FHIRServerProcess, record: URL? = nil) throws {
        faults = server.folder.appendingPathComponent("faults.json")
        try Data("[]".utf8).write(to: faults)
        var lastError: Error = CLI.CLIError.failed(["faulty_proxy.py"], "did not start")
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<60_000)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [CLI.repository.appendingPathComponent("Tests/FHIRServer/faulty_proxy.py").path, String(port), server.base, faults.path]
                + (record.map { [$0.path] } ?? [])
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            let base = "http://127.0.0.1:\(port)/fhir"
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, process.isRunning {
                if (try? FHIRServerProcess.request("GET", base + "/metadata"))?.status == 200 {
                    self.base = base
                    self.process = process
                    return
                }
                usleep(100_000)
            }
            process.terminate()
            process.waitUntilExit()
            lastError = CLI.CLIError.failed(["faulty_proxy.py"], "no answer on port \(port)")
        }
        throw lastError
    }

    deinit {
        // Nothing to save: stopped at once (a child of the test runner may not hear SIGTERM).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The faults for the next requests: (on: "transaction" | "batch" | "GET" | "any", do: ...).
    func fail(_ list: [(on: String, do: String)]) throws {
        try JSONSerialization.data(withJSONObject: list.map { ["on": $0.on, "do": $0.do] }).write(to: faults)
    }

    /// What the proxy saw: a line a request, `METHOD PATH BUNDLE-TYPE OUTCOME`.
    var log: [String] {
        ((try? String(contentsOf: faults.appendingPathExtension("log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
