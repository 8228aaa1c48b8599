import Foundation
import Testing

/// Every pane, the help overlay, a reading form and the welcome screen, in every language, at
/// 80×24 and 120×40, drawn by `careplan snapshot --check-layout`: nothing may be cut off at the
/// edge of its place (text that is shortened ends in "…"), and each frame matches its golden file
/// (`Expected/LANG/`, rewritten with CAREPLAN_RECORD=1). The pseudo-language, every string 40 %
/// longer and bracketed, is drawn too, so a string added later that does not fit fails here before
/// a translator meets it.
@Suite struct LanguageLayoutTests {
    /// The views of the dashboard, as `snapshot` arguments, named for their golden files.
    static func views(_ reader: Languages.Reader) -> [(name: String, arguments: [String])] {
        var views: [(String, [String])] = []
        for size in ["80x24", "120x40"] {
            let panes = size == "80x24" ? ["care", "symptoms", "insights", "connect"] : ["care", "connect"]
            for pane in panes { views.append(("\(pane)-\(size)", ["--size", size, "--focus", pane])) }
            views.append(("help-\(size)", ["--size", size, "--overlay", "help"]))
            views.append(("form-\(size)", ["--size", size, "--overlay", "form:\(reader.assessment)"]))
            views.append(("insights-year-\(size)", ["--size", size, "--focus", "insights", "--range", "year"]))
        }
        views.append(("help-page2-80x24", ["--size", "80x24", "--overlay", "help:2"]))
        return views
    }

    /// A store that is never made: snapshot shows the welcome screen for it and makes nothing.
    static let noStore = "/nonexistent/careplan/care.sqlite"

    @Test(arguments: Languages.all)
    func everyViewFitsAndMatchesItsGolden(_ reader: Languages.Reader) throws {
        let cli = try Languages.store(reader)
        var frames = Self.views(reader).map { view in (view.name, try? cli.run(["snapshot", "--check-layout"] + view.arguments)) }
        // The welcome screen: a store not made yet (the path is in the frame, so always the same one).
        for size in ["80x24", "120x40"] {
            frames.append(("welcome-\(size)", try? cli.run(["snapshot", "--check-layout", "--size", size, "--db", Self.noStore], useDB: false)))
        }
        for (name, result) in frames {
            let result = try #require(result)
            #expect(result.status == 0, "\(reader.code) \(name): \(result.stderr)")
            if let problem = Golden.compare(result.stdout, "\(reader.code)/\(name)") { Issue.record(Comment(rawValue: problem)) }
        }
    }

    /// A PHQ-9 open in the dashboard, its nine questions one table, at 80×24 and 120×40, in the
    /// reader's language and in the pseudo-language: nothing cut off, each frame its golden.
    @Test(arguments: Languages.all)
    func aQuestionnaireFitsAndMatchesItsGolden(_ reader: Languages.Reader) throws {
        let cli = CLI(now: "2026-11-16T09:30").speaking(reader)
        let imported = try cli.run(["import", CLI.repository.appendingPathComponent("sample-plans/depression-care.yaml").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        var pseudo = cli
        pseudo.environment["CAREPLAN_PSEUDO_LANGUAGE"] = "1"
        for size in ["80x24", "120x40"] {
            let arguments = ["snapshot", "--check-layout", "--size", size, "--overlay", "form:phq9"]
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(reader.code) questionnaire-\(size): \(result.stderr)")
            #expect(result.stdout.contains("Little interest or pleasure in doing things"))
            if let problem = Golden.compare(result.stdout, "\(reader.code)/questionnaire-\(size)") { Issue.record(Comment(rawValue: problem)) }
            let stretched = try pseudo.run(arguments)
            #expect(stretched.status == 0 && stretched.stdout.contains(PseudoMarks.open), "pseudo, questionnaire-\(size): \(stretched.stderr)")
        }
    }

    /// The welcome screen offers the plans written in the reader's language first.
    @Test(arguments: Languages.translated)
    func theWelcomeScreenOffersTheReadersPlansFirst(_ reader: Languages.Reader) throws {
        let cli = CLI().speaking(reader)
        let frame = try cli.run(["snapshot", "--size", "120x40", "--db", Self.noStore], useDB: false).stdout
        let title = try String(contentsOfFile: Languages.planPath(reader), encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("title: ") }!.dropFirst("title: ".count)
        let first = frame.split(separator: "\n").first { $0.contains("▸") }
        #expect(first?.contains(title) == true, "\(reader.code): the first plan offered is not '\(title)':\n\(frame)")
    }

    /// The pseudo-language on the English plan and on each language's own: no string cut off.
    @Test(arguments: Languages.all)
    func everyViewHoldsInThePseudoLanguage(_ reader: Languages.Reader) throws {
        var cli = try Languages.store(reader)
        cli.environment["CAREPLAN_PSEUDO_LANGUAGE"] = "1"
        for view in Self.views(reader) {
            let result = try cli.run(["snapshot", "--check-layout"] + view.arguments)
            #expect(result.status == 0, "pseudo, \(reader.plan), \(view.name): \(result.stderr)")
            #expect(result.stdout.contains(PseudoMarks.open), "pseudo, \(view.name): no pseudo-language text drawn")
        }
    }
}

enum PseudoMarks { static let open = "⟦" }

/// Golden frames of the command-line tests, read through #filePath (`Expected/`).
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    /// nil when `text` is `name`'s golden (or was just recorded with CAREPLAN_RECORD=1), else what differs.
    static func compare(_ text: String, _ name: String) -> String? {
        let url = folder.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["CAREPLAN_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "no golden file \(url.path); run with CAREPLAN_RECORD=1 to create it"
        }
        guard expected != text else { return nil }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false), b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        return "\(name) differs from its golden at line \(line + 1):\nexpected: \(line < a.count ? a[line] : "")\nactual:   \(line < b.count ? b[line] : "")"
    }
}
