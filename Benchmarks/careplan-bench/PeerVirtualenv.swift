import Foundation

/// A peer installed from PyPI into a virtualenv of its own in the work folder, from its pinned
/// requirements, so a new release of it or of anything it pulls in (DuckDB, sqlite-utils) cannot move
/// the ratios between runs. The requirements are copied into the virtualenv once installed: a
/// later run with `--cache` reuses it only while they are the same, and installs afresh otherwise.
struct InstalledPeer: Sendable {
    let peer: Peer
    /// The version the requirements pin, e.g. "1.0.1".
    let version: String
    let command: String
    /// The virtualenv's Python, which reads the peer's output for the census (vitalog's DuckDB
    /// file needs the duckdb module installed beside it).
    let python: String
}

enum PeerVirtualenv {
    /// The installed peer, or why it could not be installed.
    static func install(_ peer: Peer, in folder: String) -> Result<InstalledPeer, BenchmarkError> {
        do {
            let requirementsPath = try BenchmarkPlan.repositoryFile("Benchmarks/peers/\(peer.name).txt", for: "measuring \(peer.name)")
            let requirements = try String(contentsOfFile: requirementsPath, encoding: .utf8)
            guard let version = pinnedVersion(of: peer.name, in: requirements) else {
                throw BenchmarkError("\(requirementsPath) does not pin \(peer.name)==VERSION")
            }
            let venv = "\(folder)/peers/\(peer.name)", stamp = venv + "/careplan-requirements.txt"
            let installed = InstalledPeer(peer: peer, version: version, command: "\(venv)/bin/\(peer.script)", python: "\(venv)/bin/python")
            let manager = FileManager.default
            if manager.isExecutableFile(atPath: installed.command), (try? String(contentsOfFile: stamp, encoding: .utf8)) == requirements {
                return .success(installed)
            }
            try? manager.removeItem(atPath: venv)
            try manager.createDirectory(atPath: folder + "/peers", withIntermediateDirectories: true)
            let environment = ProcessInfo.processInfo.environment
            _ = try Spawn.run("/usr/bin/env", ["python3", "-m", "venv", venv], environment: environment)
            _ = try Spawn.run("\(venv)/bin/pip", ["install", "--quiet", "--disable-pip-version-check", "-r", requirementsPath], environment: environment)
            guard manager.isExecutableFile(atPath: installed.command) else { throw BenchmarkError("\(peer.name) installed no \(peer.script)") }
            try requirements.write(toFile: stamp, atomically: true, encoding: .utf8)
            return .success(installed)
        } catch {
            return .failure(BenchmarkError("\(peer.name) could not be installed from PyPI (\(error)); it was not measured"))
        }
    }

    /// "1.0.1" from a requirements line "healthkit-to-sqlite==1.0.1".
    static func pinnedVersion(of name: String, in requirements: String) -> String? {
        for line in requirements.split(separator: "\n") where line.lowercased().hasPrefix(name.lowercased() + "==") {
            return String(line.dropFirst(name.count + 2)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
