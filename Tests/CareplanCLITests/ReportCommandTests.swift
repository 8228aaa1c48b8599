import Foundation
import Testing

/// `careplan report` from the shell: periods, formats, where it is written, and what it refuses.
@Suite struct ReportCommandTests {
    static let plan = CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path

    @Test func periodsFormatsAndRefusals() throws {
        let cli = CLI(now: "2026-11-30T21:00")
        #expect(try cli.run(["generate", "--plan", Self.plan, "--days", "30", "--seed", "3", "--db", cli.db], useDB: false).status == 0)
        let markdown = try cli.run(["report", "--from", "2026-11-05", "--to", "2026-11-20", "--format", "md"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("Patient: **David Okafor** · Period: Thursday 5 Nov 2026 to Friday 20 Nov 2026"))
        #expect(markdown.stdout.contains("- Week from Thursday 5 Nov:"))

        let html = cli.folder.appendingPathComponent("month.html").path
        let written = try cli.run(["report", "--range", "month", "--out", html])
        #expect(written.stdout == "Report of November 2026 written to \(html)\n")
        #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

        for (arguments, message) in [
            (["--from", "2026-11-05"], "--from and --to go together"),
            (["--from", "2026-11-20", "--to", "2026-11-05"], "--to 2026-11-05 is before --from 2026-11-20"),
            (["--range", "week", "--from", "2026-11-01", "--to", "2026-11-02"], "give one of them"),
            (["--format", "pdf", "--out", "-"], "a PDF does not go to standard output"),
            (["--for", "Nobody"], "no contact called 'Nobody' in the plan; contacts: Dr Amira Haddad, Sam Patel, Riverside Pharmacy, Grace Okafor"),
            (["--out", "/nonexistent/report.html"], "the folder /nonexistent does not exist"),
            (["--format", "docx"], "docx"),
        ] {
            let refused = try cli.run(["report"] + arguments)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
    }
}

/// A questionnaire in the report: each score of the period with its band, how it moved, and the
/// answers given last, in Markdown and in HTML (each escaped as it escapes: `&lt;` renders `<`).
@Suite struct ReportQuestionnaireTests {
    @Test func scoresBandsTrendAndTheLatestAnswers() throws {
        let cli = CLI(now: "2026-11-01T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", AnswerCommandTests.plan)]).status == 0)
        let questions = ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"]
        let first = questions.dropLast().map { $0 + "=2" }.joined(separator: "\n") + "\n44260-8=0\n69722-7=Very difficult\n"
        #expect(try cli.run(["answer", "phq9", "--answers", "-"], input: first).status == 0)
        var later = cli
        later.environment["CAREPLAN_NOW"] = "2026-11-15T09:00"
        let second = "44250-9=Several days\n" + questions.dropFirst().map { $0 + "=0" }.joined(separator: "\n") + "\n"
        #expect(try later.run(["answer", "phq9", "--answers", "-", "--by", "Anna <daughter>"], input: second).status == 0)
        let markdown = try later.run(["report", "--format", "md"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("""
            ## Questionnaires

            - **PHQ-9**: 1 Nov: 16 (moderately severe) · 15 Nov: 1 (minimal). From 16 (moderately severe) on 1 Nov to 1 (minimal) on 15 Nov
              Answers of Sunday 15 Nov 2026, by Anna &lt;daughter&gt;:
              - Little interest or pleasure in doing things: Several days
              - Feeling down, depressed, or hopeless: Not at all
            """), "\(markdown.stdout)")
        let html = try later.run(["report", "--out", "-"]).stdout
        #expect(html.contains("<h2>Questionnaires</h2>") && html.contains("<h3>PHQ-9</h3>"))
        #expect(html.contains("by Anna &lt;daughter&gt;") && !html.contains("Anna <daughter>"), "the person's name is escaped")
        #expect(html.contains("<td>Little interest or pleasure in doing things</td><td>Several days</td>"))
    }
}

/// Health data the store holds goes into the report beside the plan's readings.
@Suite struct ReportHealthDataTests {
    @Test func importedQuantitiesAreSummarisedByDay() throws {
        let cli = CLI(now: "2024-01-20T09:00", zone: "Europe/Amsterdam")
        #expect(try cli.run(["import", cli.write("plan.yaml", """
            title: Sleep
            activities:
              - id: sleep
                kind: assessment
                title: Sleep diary
                schedule: {start: 2024-01-01, daily: 1}
                measure: {type: sleep, healthkit: HKCategoryTypeIdentifierSleepAnalysis}

            """), "--effective", "2024-01-01"]).status == 0)
        #expect(try cli.run(["health", "import", HealthCommandTests.zip]).status == 0)
        let markdown = try cli.run(["report", "--format", "md"]).stdout
        #expect(markdown.contains("## Health data (Apple Health)"), "\(markdown)")
        #expect(markdown.contains("- Heart rate:"))
        // The night in the export, 1 January 2024, is in the sleep section.
        #expect(markdown.contains("## Sleep"))
        #expect(markdown.contains("- 1 night, 1 with sleep measured"))
    }
}
