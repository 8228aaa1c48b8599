import Foundation
import Testing

/// packaging/version.sh, the one maker of careplan's version (`--version`, the manual pages, the
/// package): `git describe` made a Debian version, in a scratch git repository holding a copy of the
/// script, as it moves from no tag to a tag, past it, and to uncommitted changes.
@Suite struct VersionScriptTests {
    @Test func gitDescribeBecomesADebianVersion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-version-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("packaging"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("packaging/version.sh"),
                                         to: folder.appendingPathComponent("packaging/version.sh"))
        try "0.9.0\n".write(to: folder.appendingPathComponent("VERSION"), atomically: true, encoding: .utf8)
        let environment = ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
                           "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_COMMITTER_DATE": "2026-11-20T10:00:00Z"]
        func git(_ arguments: String...) throws {
            let result = try Tool.run("/usr/bin/git", ["-C", folder.path] + arguments,
                                      environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new }, withErrors: true)
            try #require(result.status == 0, "git \(arguments): \(result.stdout)")
        }
        func version(_ arguments: String...) throws -> String {
            try Tool.run("/bin/sh", [folder.appendingPathComponent("packaging/version.sh").path] + arguments, withErrors: true)
                .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Outside git: the VERSION file as it is.
        #expect(try version() == "0.9.0")
        try git("init", "-q")
        try git("add", "-A")
        try git("commit", "-q", "-m", "first")
        let first = try Tool.run("/usr/bin/git", ["-C", folder.path, "rev-parse", "--short", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // No tag yet: VERSION's number and every commit counted.
        #expect(try version() == "0.9.0+git1.g\(first)")
        try git("tag", "v0.5.0")
        #expect(try version() == "0.5.0")
        try "change\n".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        try git("add", "file")
        try git("commit", "-q", "-m", "second")
        let second = try Tool.run("/usr/bin/git", ["-C", folder.path, "rev-parse", "--short", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try version() == "0.5.0+git1.g\(second)")
        try "changed again\n".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        #expect(try version() == "0.5.0+git1.g\(second).dirty")
        // The pages' date is the last commit's, whatever today is.
        #expect(try version("--date") == "2026-11-20")
        // Every form is a version dpkg accepts, and later builds sort after earlier ones.
        let compare = try Tool.run("/usr/bin/dpkg", ["--compare-versions", "0.5.0+git1.g\(second)", "gt", "0.5.0"])
        #expect(compare.status == 0)
    }
}
