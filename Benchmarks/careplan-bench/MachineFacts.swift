import Foundation

/// The machine a run was made on, recorded beside its numbers: timings mean little without it.
struct MachineFacts: Codable, Sendable {
    var processors: Int
    var cpuModel: String
    var memoryTotal: String
    var kernel: String
    var swiftVersion: String
    var sqliteVersion: String
    var buildConfiguration: String

    static func current() -> MachineFacts {
        MachineFacts(processors: ProcessInfo.processInfo.activeProcessorCount,
                     cpuModel: procLine("/proc/cpuinfo", key: "model name") ?? "unknown",
                     memoryTotal: procLine("/proc/meminfo", key: "MemTotal") ?? "unknown",
                     kernel: ProcessInfo.processInfo.operatingSystemVersionString,
                     swiftVersion: swiftVersion(),
                     sqliteVersion: SQLiteConnection.libraryVersion,
                     buildConfiguration: isDebugBuild ? "debug" : "release")
    }

    /// The 1-minute load average: on a 2-core machine, anything else running (a build, a test
    /// suite) shows here and in the timings, so the run records it at its start and end.
    static func loadAverage() -> Double {
        var loads = [0.0, 0.0, 0.0]
        return getloadavg(&loads, 3) > 0 ? loads[0] : -1
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// "model name : AMD EPYC" → "AMD EPYC".
    static func procLine(_ path: String, key: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// The toolchain on PATH, which is what `swift run` built this with; the first line of `swift --version`.
    static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? "unknown"
    }
}
