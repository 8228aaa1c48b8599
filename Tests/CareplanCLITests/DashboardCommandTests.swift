import Foundation
import Testing

/// The dashboard's scriptable side: snapshots, themes, the demo, and the fallback when not on a terminal.
@Suite struct DashboardCommandTests {
    func importedCLI() throws -> CLI {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        return cli
    }

    @Test func snapshotPrintsOneFrameAtTheAskedSize() throws {
        let cli = try importedCLI()
        try cli.run(["done", "amlodipine"])
        let frame = try cli.run(["snapshot", "--size", "100x30"])
        #expect(frame.status == 0)
        let lines = frame.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 30)
        #expect(frame.stdout.contains("Hypertension"))
        #expect(frame.stdout.contains("[✓] 08:00"))
        let insights = try cli.run(["snapshot", "--pane", "insights", "--size", "80x24", "--charts", "ascii"]).stdout
        #expect(insights.contains("Insights · week of 16 Nov"))
        // No braille (U+2800–28FF) and no block elements (U+2580–259F) in ascii style.
        #expect(!insights.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) || (0x2580...0x259F).contains($0.value) },
                "ascii charts draw no braille or blocks")
        let ansi = try cli.run(["snapshot", "--ansi", "--size", "80x24"]).stdout
        #expect(ansi.contains("\u{1b}[0;"))
        let noColor = try cli.run(["snapshot", "--ansi", "--size", "80x24"], environment: ["NO_COLOR": "1"]).stdout
        #expect(!noColor.contains("38;5;"))
        let bad = try cli.run(["snapshot", "--size", "big"])
        #expect(bad.stderr == "careplan: --size 'big' is not WIDTHxHEIGHT, e.g. 120x40 (see careplan --help)\n")
    }

    @Test func aBrokenThemeIsReportedBeforeAnythingIsDrawn() throws {
        let cli = try importedCLI()
        let theme = cli.write("broken.yaml", "name: Broken\nroles:\n  text: {fg: grene}\n")
        let result = try cli.run(["snapshot", "--theme", theme])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("careplan: \(theme):3:14: roles: text"))
        let unknown = try cli.run(["snapshot", "--theme", "sepia"])
        #expect(unknown.stderr.hasPrefix("careplan: no theme named 'sepia'; available: dark, high-contrast, light, monochrome"))
    }

    @Test func themesListsBuiltInAndUserThemes() throws {
        let cli = CLI()
        let userThemes = cli.folder.appendingPathComponent("config/careplan/themes")
        try FileManager.default.createDirectory(at: userThemes, withIntermediateDirectories: true)
        try "name: Sepia\ndescription: Warm paper.\nroles:\n  text: {fg: 94}\n".write(to: userThemes.appendingPathComponent("sepia.yaml"), atomically: true, encoding: .utf8)
        let list = try cli.run(["themes"], useDB: false, environment: ["XDG_CONFIG_HOME": cli.folder.appendingPathComponent("config").path]).stdout
        for name in ["dark", "light", "high-contrast", "monochrome", "sepia"] { #expect(list.contains(name), "\(name) missing from:\n\(list)") }
        #expect(list.contains("Warm paper."))
        // The user's theme loads; a store not made yet shows the welcome screen, and is not made.
        let welcome = try cli.run(["snapshot", "--theme", "sepia", "--db", cli.db], useDB: false,
                                  environment: ["XDG_CONFIG_HOME": cli.folder.appendingPathComponent("config").path])
        #expect(welcome.status == 0 && welcome.stdout.contains("Welcome to careplan"), "\(welcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.db))
    }

    @Test func demoSeedsSixWeeksOfHistoryDeterministically() throws {
        let cli = CLI()
        let first = try cli.run(["demo", "--keep"], useDB: false)
        #expect(first.status == 0, "\(first.stderr)")
        let path = String(first.stdout.split(separator: "\n")[0].split(separator: " ")[2])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        // Not on a terminal, the demo prints today's plan from its own database.
        #expect(first.stdout.contains("Knee replacement recovery"))
        let history = try cli.run(["export", "--format", "csv", "--db", path], useDB: false).stdout
        let days = Set(history.split(separator: "\n").dropFirst().map { $0.prefix(10) })
        #expect(days.count >= 40, "six weeks of history, got \(days.count) days")
        let again = try cli.run(["demo", "--keep"], useDB: false)
        let second = String(again.stdout.split(separator: "\n")[0].split(separator: " ")[2])
        defer { try? FileManager.default.removeItem(atPath: (second as NSString).deletingLastPathComponent) }
        func stripTimes(_ csv: String) -> [Substring] { csv.split(separator: "\n") }
        #expect(stripTimes(try cli.run(["export", "--format", "csv", "--db", second], useDB: false).stdout) == stripTimes(history))
        #expect(!FileManager.default.fileExists(atPath: cli.environment["XDG_DATA_HOME"]! + "/careplan/careplan.sqlite"), "the demo never touches the user's database")
    }
}
