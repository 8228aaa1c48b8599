import Foundation
import Testing

/// Under umask 000, everything careplan writes that holds health data is 0600 in 0700 folders.
@Suite struct PrivacyTests {
    func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
    }

    /// `careplan ARGS` run from a shell whose umask is 000.
    func permissive(_ cli: CLI, _ arguments: [String]) throws -> CLI.Result {
        try cli.run(["-c", "umask 000; exec \"$@\"", "sh", CLI.binary.path] + arguments, useDB: false, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test func theStoreItsLogAndReportsArePrivateWhateverTheUmask() throws {
        let cli = CLI()
        let db = cli.folder.appendingPathComponent("data/care.sqlite").path
        #expect(try permissive(cli, ["import", CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path, "--db", db]).status == 0)
        #expect(try permissive(cli, ["log", "bp", "120/80", "--db", db]).status == 0)
        #expect(try mode((db as NSString).deletingLastPathComponent) == 0o700)
        for file in [db, db + "-wal", db + "-shm"] { #expect(try mode(file) == 0o600, "\(file)") }
        let html = cli.folder.appendingPathComponent("report.html").path, md = cli.folder.appendingPathComponent("report.md").path
        #expect(try permissive(cli, ["report", "--out", html, "--db", db]).status == 0)
        #expect(try permissive(cli, ["report", "--format", "md", "--out", md, "--db", db]).status == 0)
        #expect(try mode(html) == 0o600)
        #expect(try mode(md) == 0o600)
        // Written again over an existing, more open file: private all the same.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: md)
        #expect(try permissive(cli, ["report", "--format", "md", "--out", md, "--db", db]).status == 0)
        #expect(try mode(md) == 0o600)
    }

    @Test func theDemoDatabaseIsPrivate() throws {
        let cli = CLI()
        let demo = try permissive(cli, ["demo", "--keep", "--days", "3"])
        let path = try #require(demo.stdout.split(separator: "\n").first { $0.hasPrefix("Demo database: ") }
            .map { String($0.dropFirst("Demo database: ".count).prefix { $0 != " " }) })
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try mode(path) == 0o600)
        #expect(try mode((path as NSString).deletingLastPathComponent) == 0o700)
    }
}
