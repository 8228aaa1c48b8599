import FHIRPath
import Foundation

/// fhirpathpy, the second FHIRPath engine careplan is checked against (Tests/FHIRPathPeer: pinned
/// from PyPI into a virtualenv of its own by setup.sh). Runs one of its scripts, which writes JSON
/// to a file, and reads that JSON; throws with what failed.
public enum FHIRPathPeer {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `Tests/FHIRPathPeer/<script> --out FILE` in the peer's virtualenv, from `repository`.
    public static func run(_ script: String, repository: URL) throws -> JSON {
        let setup = Process()
        setup.executableURL = repository.appendingPathComponent("Tests/FHIRPathPeer/setup.sh")
        let pipe = Pipe()
        setup.standardOutput = pipe
        try setup.run()
        let python = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        setup.waitUntilExit()
        guard setup.terminationStatus == 0 else { throw Failure(description: "Tests/FHIRPathPeer/setup.sh failed") }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("fhirpath-peer-\(getpid())-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: python)
        run.arguments = [repository.appendingPathComponent("Tests/FHIRPathPeer/\(script)").path, "--out", output.path]
        try run.run()
        run.waitUntilExit()
        guard run.terminationStatus == 0 else { throw Failure(description: "Tests/FHIRPathPeer/\(script) failed") }
        return try JSONReader.read(try Data(contentsOf: output))
    }
}
