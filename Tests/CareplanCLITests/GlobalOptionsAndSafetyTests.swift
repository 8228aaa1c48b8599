import Foundation
import Testing

/// Options where users type them, read-only commands that leave the store alone, and text that
/// cannot drive the terminal.
@Suite struct GlobalOptionsAndSafetyTests {
    @Test func globalOptionsGoBeforeOrAfterTheCommandAndVersionPrints() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let before = try cli.run(["--db", cli.db, "--json", "today"], useDB: false)
        let after = try cli.run(["today", "--json"])
        #expect(before.status == 0 && after.status == 0)
        #expect(before.stdout == after.stdout)
        #expect(before.stdout.contains("\"adherence\""))

        let version = try cli.run(["--version"], useDB: false)
        #expect(version.status == 0)
        // The release's number, then what git says (packaging/version.sh): a Debian version as it is.
        let printed = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+(\+[0-9A-Za-z.]+)?/) != nil, "\(printed)")

        // --help names each global option once.
        let help = try cli.run(["--help"], useDB: false).stdout
        #expect(help.split(separator: "\n").filter { $0.hasPrefix("  --db <path>") }.count == 1)
        // A command that prints no JSON says so rather than ignoring --json.
        let refused = try cli.run(["--json", "done", "amlodipine"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("prints no JSON"))
    }

    /// Names, sizes and modification times of the store's folder and files, the folder's own
    /// included. The `-shm` index, where every SQLite WAL reader takes a read mark, is only named.
    func listing(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let files = FileManager.default
        for name in try files.contentsOfDirectory(atPath: folder.path) + ["."] {
            let attributes = try files.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            result[name] = name.hasSuffix("-shm") ? "present"
                : "\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        return result
    }

    @Test func readOnlyCommandsLeaveTheStoreAndItsFolderUntouched() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        #expect(try cli.run(["log", "bp", "128", "84"]).status == 0)
        #expect(try cli.run(["done", "amlodipine"]).status == 0)
        #expect(try cli.run(["health", "import", HealthCommandTests.zip]).status == 0)
        // The store in a folder of its own, so the plan file beside it does not count.
        let storeFolder = cli.folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: storeFolder, withIntermediateDirectories: true)
        let path = storeFolder.appendingPathComponent("care.sqlite").path
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: cli.db + suffix) {
            try FileManager.default.moveItem(atPath: cli.db + suffix, toPath: path + suffix)
        }
        Thread.sleep(forTimeInterval: 0.05)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try listing(storeFolder)
        let commands: [[String]] = [["today"], ["today", "--json"], ["history", "bp"], ["insights", "--range", "year"], ["plan"],
                                    ["plan", "--export"], ["export", "--format", "csv"], ["snapshot"], ["dashboard"], ["doctor"],
                                    ["health", "types"], ["health", "samples", "HeartRate"], ["health", "workouts"],
                                    // The same export again is recognised from what the store remembers: nothing is written.
                                    ["health", "import", HealthCommandTests.zip]]
        for command in commands {
            let result = try cli.run(command + ["--db", path], useDB: false)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try listing(storeFolder) == before)
    }

    @Test func escapeSequencesInTitlesAndNotesAreShownNotObeyed() throws {
        let cli = CLI()
        let hostile = cliPlanYAML.replacingOccurrences(of: "title: Amlodipine 5 mg", with: "title: \"Amlodipine\\e]0;pwned\\a\\e[2J\"")
        try #require(hostile != cliPlanYAML)
        #expect(try cli.run(["import", cli.write("plan.yaml", hostile)]).status == 0)
        let done = try cli.run(["done", "amlodipine", "--note", "\u{1b}]52;c;ZXZpbA==\u{07} ok"])
        #expect(done.status == 0)
        let log = try cli.run(["log", "bp", "128", "84", "--note", "=HYPERLINK(\"http://x\",\"y\")"])
        #expect(log.status == 0)
        for command in [["today"], ["history", "amlodipine"], ["plan"], ["insights"], ["export", "--format", "csv"], ["done", "amlodipine"]] {
            let result = try cli.run(command)
            #expect(!result.stdout.contains("\u{1b}") && !result.stdout.contains("\u{07}"), "\(command) printed a raw control character")
            #expect(!result.stderr.contains("\u{1b}"), "\(command) printed a raw control character on stderr")
        }
        #expect(try cli.run(["today"]).stdout.contains("Amlodipine␛]0;pwned␇␛[2J"))
        let csv = try cli.run(["export", "--format", "csv"]).stdout
        #expect(csv.contains("'=HYPERLINK("), "a formula in a note is quoted for spreadsheets")
        #expect(csv.contains("␛]52;c;ZXZpbA==␇ ok"))
        // JSON keeps the text exactly, escaped as JSON does.
        let json = try cli.run(["history", "amlodipine", "--json"]).stdout
        #expect(json.contains("\\u001b]52;c;ZXZpbA==\\u0007 ok"))
    }

    /// Through the headless renderer, every pane of a store full of escape sequences (a title, a
    /// group, a contact's name and role, a note) shows them as symbols; with --ansi, the only
    /// escapes are careplan's own colour codes.
    @Test func theRenderedPanesCarryNoEscapeFromTheStore() throws {
        let cli = CLI()
        var hostile = try String(contentsOfFile: CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path, encoding: .utf8)
        hostile = hostile.replacingOccurrences(of: "title: Blood pressure\n", with: "title: \"Blood\\e]0;pwned\\a pressure\"\n")
            .replacingOccurrences(of: "group: Medication", with: "group: \"Medi\\e[2Jcation\"")
            .replacingOccurrences(of: "name: Dr Amira Haddad", with: "name: \"Dr Amira\\e]52;c;ZXZpbA==\\a Haddad\"")
            .replacingOccurrences(of: "role: GP", with: "role: \"G\\e[31mP\"")
        #expect(try cli.run(["import", cli.write("plan.yaml", hostile)]).status == 0)
        #expect(try cli.run(["log", "bp", "128/84", "--note", "\u{1b}[8mhidden\u{1b}[0m"]).status == 0)
        for pane in ["all", "care", "symptoms", "insights", "connect"] {
            let plain = try cli.run(["snapshot", "--pane", pane, "--size", "140x45"])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(!plain.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(pane): a control character reached the screen")
            let ansi = try cli.run(["snapshot", "--pane", pane, "--size", "140x45", "--ansi"]).stdout
            let escapes = ansi.components(separatedBy: "\u{1b}").dropFirst()
            #expect(escapes.allSatisfy { $0.wholeMatch(of: /\[[0-9;]*m.*/.dotMatchesNewlines()) != nil }, "\(pane): an escape other than a colour code")
        }
        let connect = try cli.run(["snapshot", "--pane", "connect", "--size", "140x45"]).stdout
        #expect(connect.contains("Dr Amira␛]52;c;ZXZpbA==␇ Haddad"), "\(connect)")
    }
}
