import Foundation
import Testing

/// The report as a clinician gets it, checked in a real browser: `careplan report --format pdf`
/// printed by headless Chromium and read back with poppler (`pdfinfo`, `pdftotext`), and the HTML
/// laid out by Chromium at A4 width with every chart inside the page.
@Suite(.serialized) struct ReportInBrowserTests {
    static let plan = CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path

    static func which(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A month of generated history on the hypertension plan, with known figures from `insights`.
    func history() throws -> CLI {
        let cli = CLI(now: "2026-11-30T21:00")
        #expect(try cli.run(["generate", "--plan", Self.plan, "--days", "30", "--seed", "7", "--db", cli.db], useDB: false).status == 0)
        return cli
    }

    @Test func thePDFHasSanePagesAndTheFigures() throws {
        let pdfinfo = try #require(Self.which("pdfinfo"), "poppler-utils is needed (.ci/run installs it)")
        let pdftotext = try #require(Self.which("pdftotext"))
        #expect(Self.which("chromium") != nil, "chromium is needed (.ci/run installs it)")
        let cli = try history()
        let pdf = cli.folder.appendingPathComponent("report.pdf").path
        let written = try cli.run(["report", "--format", "pdf", "--out", pdf, "--for", "Sam Patel"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.isEmpty, "Chromium's noise stays out of the terminal: \(written.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: pdf)[.posixPermissions] as? Int == 0o600, "the PDF is as private as the store")
        let info = try Tool.run(pdfinfo, [pdf]).stdout
        let pages = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect((1...12).contains(pages), "\(info)")
        #expect(info.contains("(A4)"))
        let text = try Tool.run(pdftotext, ["-layout", pdf, "-"]).stdout
        let insights = try #require(try cli.json(["insights", "--range", "month", "--json"]) as? [String: Any])
        let adherence = try #require(insights["adherence"] as? [String: Any])
        let total = try #require(adherence["total"] as? [String: Any])
        for expected in ["David Okafor", "November 2026", "Prepared for Sam Patel (Practice nurse)",
                         "\(total["completed"] as! Int) of \(total["total"] as! Int)", "Blood pressure (systolic)", "Care team"] {
            #expect(text.contains(expected), "\(expected) not in the PDF's text")
        }
    }

    /// The report in each language, printed by Chromium and read back: its headings are the
    /// catalogue's, the period's name CLDR's, Chinese and Japanese drawn in real glyphs (a font
    /// that has them), and the page says its language.
    @Test(arguments: Languages.translated)
    func thePDFInTheReadersLanguage(_ reader: Languages.Reader) throws {
        let pdftotext = try #require(Self.which("pdftotext"), "poppler-utils is needed (.ci/run installs it)")
        var cli = try Languages.store(reader)
        cli.environment["CAREPLAN_NOW"] = "2026-11-30T21:00"
        let pdf = cli.folder.appendingPathComponent("report.pdf").path
        let written = try cli.run(["report", "--format", "pdf", "--range", "month", "--out", pdf])
        #expect(written.status == 0, "\(written.stderr)")
        // Chromium sets runs of different fonts apart ("2   型糖尿病"), and lines break where they
        // fall: compared without spaces and line breaks.
        let text = String(try Tool.run(pdftotext, [pdf, "-"]).stdout.filter { !$0.isWhitespace })
        let month = Languages.cldrDate("2026-11-01", skeleton: "yMMMM", in: reader)
        let title = try String(contentsOfFile: Languages.planPath(reader), encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("title: ") }!.dropFirst("title: ".count)
        for expected in [String(title), month.prefix(1).uppercased() + month.dropFirst(), Languages.word("Adherence", context: "report heading", in: reader),
                         Languages.word("The plan in this period", context: "report heading", in: reader)] {
            // Read back as characters, so drawn from a font that has them (a missing glyph has no text).
            #expect(text.contains(String(expected.filter { !$0.isWhitespace })), "'\(expected)' not in the \(reader.code) PDF's text:\n\(text.prefix(800))")
        }
        let html = try cli.run(["report", "--range", "month", "--out", "-"]).stdout
        #expect(html.contains("<html lang=\"\(reader.code.replacingOccurrences(of: "_", with: "-"))\""))
    }

    @Test func noChartOverflowsThePageWidth() throws {
        let chromium = try #require(Self.which("chromium"), "chromium is needed (.ci/run installs it)")
        let cli = try history()
        let html = cli.folder.appendingPathComponent("report.html")
        #expect(try cli.run(["report", "--out", html.path]).status == 0)
        // The test's own probe, added to a copy: the report itself carries no script.
        let probe = """
            <script>window.addEventListener('load', () => {
              const width = document.documentElement.clientWidth;
              const over = [...document.querySelectorAll('svg.chart, table')].filter(e => e.getBoundingClientRect().right > width + 0.5);
              document.body.setAttribute('data-charts', document.querySelectorAll('svg.chart').length);
              document.body.setAttribute('data-overflow', over.length);
            });</script>
            """
        let probed = cli.folder.appendingPathComponent("probed.html")
        try Data(try String(contentsOf: html, encoding: .utf8).replacingOccurrences(of: "</body>", with: probe + "</body>").utf8).write(to: probed)
        // A4's printable width at 96 dpi: 210 mm less the margins is about 700 px.
        let dom = try Tool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(cli.folder.path)/profile",
                                           "--window-size=700,1000", "--virtual-time-budget=5000", "--dump-dom", probed.absoluteString]).stdout
        #expect(dom.contains("data-overflow=\"0\""), "a chart or table is wider than the page")
        #expect(dom.contains("data-charts=\"5\""), "one chart per charted value")
        // And as a picture, for a person to look at.
        let png = cli.folder.appendingPathComponent("report.png").path
        _ = try Tool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(cli.folder.path)/profile2",
                                     "--window-size=794,1123", "--screenshot=\(png)", html.absoluteString])
        #expect((try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0 > 10_000)
    }
}
