import CareInsights
import CarePlanStore
import CareReport
import Foundation
import Testing

/// The report of a history whose numbers are known: the same figures as the insights engine, every
/// piece of user text escaped, and the plan's changes inside the period shown.
@Suite struct ClinicalReportTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func clock(_ local: String) -> CareClock {
        try! CareClock.fromEnvironment(["CAREPLAN_NOW": local, "TZ": "Europe/Berlin"])
    }

    static let plan = """
        title: Blood pressure
        patient: David Okafor
        activities:
          - id: ramipril
            kind: intervention
            title: Ramipril 5 mg
            instructions: One capsule each morning.
            schedule: {start: 2026-11-01, daily: 1, times: ["08:00"]}
          - id: weight
            kind: assessment
            title: Weight
            schedule: {start: 2026-11-01, daily: 1}
            measure: {type: number, unit: kg, normal: [70, 80], decimals: 1}
        contacts:
          - name: Sam Patel
            role: Practice nurse
            group: care-team
            phone: "+44 20 7946 0959"
            activities: [weight]

        """

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-report-\(UUID().uuidString)")
    let store: CareStore

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try CareStore(path: folder.appendingPathComponent("care.sqlite").path)
    }

    func importPlan(_ yaml: String, effective: String = "2026-11-01") throws {
        try store.importPlan(try PlanDecoder(file: "plan.yaml").decode(yaml), effective: LocalDate(iso: effective)!, clock: Self.clock("\(effective)T07:00"))
    }

    func report(for contact: String? = nil) throws -> ClinicalReport {
        try ClinicalReport.build(store: store, period: InsightRange.month.period(containing: LocalDate(iso: "2026-11-15")!), today: LocalDate(iso: "2026-12-01")!,
                                 zone: Self.zone, for: contact, version: "test", generatedAt: Date(timeIntervalSince1970: 1_796_000_000))
    }

    @Test func theFiguresAreTheInsightsEnginesForTheSamePeriod() throws {
        try importPlan(Self.plan)
        // Ramipril on 20 of November's 30 days; weight 75 kg, and 82 kg on the 10th and the 20th.
        for day in 1...30 {
            let date = LocalDate(year: 2026, month: 11, day: day)!
            let clock = Self.clock("\(date.iso)T09:00")
            if day <= 20 { try store.markDone("ramipril", date: date, clock: clock) }
            try store.log("weight", inputs: [day == 10 || day == 20 ? "82" : "75"], date: date, clock: clock)
        }
        let report = try report(for: "sam patel")
        let insights = try InsightsEngine(store: store).report(range: .month, date: LocalDate(iso: "2026-11-15")!, today: LocalDate(iso: "2026-12-01")!,
                                                               zone: Self.zone)
        #expect(report.periodAdherence == insights.adherence.total.summary)
        #expect(report.periodAdherence == "20 of 30 (67 %)")
        let weight = try #require(report.assessments.first)
        #expect(weight.count == 30 && weight.average == "75.5" && weight.minimum == "75.0" && weight.maximum == "82.0" && weight.outOfNormalDays == 2)
        #expect(report.preparedFor?.name == "Sam Patel")
        #expect(report.activities.first?.activityAdherence == "20 of 30 (67 %)")
        #expect(report.activities.last?.activityAdherence == nil, "an assessment does not count in adherence")

        let html = ReportRenderer.html(report)
        for text in ["David Okafor", "November 2026", "20 of 30 (67 %)", "75.5", "Prepared for Sam Patel (Practice nurse)", "<svg", "@page",
                     "<h2>All readings</h2>", "<td>10 Nov 2026</td>", "82.0 kg", "<h2>Care team</h2>", "Made by careplan test"] {
            #expect(html.contains(text), "\(text)")
        }
        // One file: nothing loaded from elsewhere.
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("@import"))
        let markdown = ReportRenderer.markdown(report)
        #expect(markdown.contains("Over the period: **20 of 30 (67 %)**"))
        #expect(markdown.contains("- **Weight** (kg): 30 readings, average 75.5, lowest 75.0, highest 82.0, normal 70–80, out of normal on 2 days"))
    }

    @Test func everyPieceOfUserTextIsEscaped() throws {
        let hostile = #"<script>alert("x")</script> & 'quotes' مرحبا‮"#
        let yaml = """
            title: '\(hostile.replacingOccurrences(of: "'", with: "''"))'
            patient: '\(hostile.replacingOccurrences(of: "'", with: "''"))'
            activities:
              - id: note
                kind: assessment
                title: '\(hostile.replacingOccurrences(of: "'", with: "''"))'
                instructions: '\(hostile.replacingOccurrences(of: "'", with: "''"))'
                schedule: {start: 2026-11-01, daily: 1}
                measure: {type: text}
            contacts:
              - name: '\(hostile.replacingOccurrences(of: "'", with: "''"))'
                role: '\(hostile.replacingOccurrences(of: "'", with: "''"))'
                group: care-team
                email: nurse@example.org
                notes: '\(hostile.replacingOccurrences(of: "'", with: "''"))'

            """
        try importPlan(yaml)
        try store.log("note", inputs: [hostile], date: LocalDate(iso: "2026-11-05")!, note: hostile, clock: Self.clock("2026-11-05T09:00"))
        let report = try report(for: hostile)
        let html = ReportRenderer.html(report)
        #expect(!html.contains("<script>"))
        #expect(!html.contains(#"alert("x")"#))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; مرحبا‮"))
        // Title, patient, activity, instructions, contact name, role, notes, reading and its note.
        #expect(html.components(separatedBy: "&lt;script&gt;").count - 1 >= 9)
        let markdown = ReportRenderer.markdown(report)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains("&lt;script&gt;"))
    }

    @Test func aVersionThatChangedInsideThePeriodShows() throws {
        try importPlan(Self.plan)
        try importPlan(Self.plan.replacingOccurrences(of: "times: [\"08:00\"]", with: "times: [\"09:00\"]"), effective: "2026-11-12")
        let ramipril = try #require(try report().activities.first)
        #expect(ramipril.changes == ["Changed on 12 Nov 2026 (version 2)"])
        #expect(ReportRenderer.html(try report()).contains("Changed on 12 Nov 2026 (version 2)"))
    }

    @Test func aContactThePlanDoesNotListIsRefused() throws {
        try importPlan(Self.plan)
        #expect(throws: ReportError.unknownContact("Dr Who", known: ["Sam Patel"])) { try report(for: "Dr Who") }
    }
}
