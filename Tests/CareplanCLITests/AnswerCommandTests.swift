import Foundation
import Testing

/// `careplan answer`: a questionnaire asked line by line through a pipe, as a screen reader or ssh
/// from a phone drives it, and from a file for scripts; `careplan history` with the answers.
@Suite struct AnswerCommandTests {
    static let plan = """
        title: Depression care
        activities:
          - id: phq9
            kind: assessment
            title: PHQ-9
            questionnaire: phq-9
            schedule: {start: 2026-11-01, every: {days: 14}}
          - id: walk
            kind: intervention
            title: Walk
            schedule: {start: 2026-11-01, daily: 1}

        """

    func cli() throws -> CLI {
        let cli = CLI(now: "2026-11-15T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.plan)]).status == 0)
        return cli
    }

    @Test func aPHQ9AnsweredLineByLineWithHelpBackAndAChangeAtTheReview() throws {
        let cli = try cli()
        // Scores as PHQ-9 prints them (0 to 3): help, a refused answer, back, and the review's change.
        let keys = ["?", "1", "7", "2", "b", "0", "2", "1", "0", "0", "0", "0", "0", "Somewhat difficult", "1", "3", ""]
        let run = try cli.run(["answer", "phq9"], input: keys.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[1 of 9] Little interest or pleasure in doing things *\n  0  Not at all\n  1  Several days"), "\(run.stdout)")
        #expect(run.stdout.contains("Type the number of an answer or its words; b goes back"))
        #expect(run.stdout.contains("'7' is not one of the answers: 0 Not at all, 1 Several days, 2 More than half the days, 3 Nearly every day"))
        // The difficulty question appears once a problem is checked off: 10 questions from then on.
        #expect(run.stdout.contains("[10 of 10] If you checked off any problems"))
        #expect(run.stdout.contains("Your answers:\n  1  Little interest or pleasure in doing things: Nearly every day"))
        #expect(run.stdout.hasSuffix("Answered PHQ-9 on 2026-11-15, occurrence 0: 6 (mild)\n"), "\(run.stdout)")

        let history = try #require(try cli.json(["history", "phq9", "--json"]) as? [[String: Any]])
        #expect(history.count == 1 && (history[0]["values"] as? [[String: Any]])?.first?["value"] as? Double == 6)
        let response = try #require((history[0]["responses"] as? [[String: Any]])?.first)
        #expect(response["questionnaire"] as? String == "urn:careplan:questionnaire:phq-9|1.0.0" && response["status"] as? String == "completed")
        let text = String(decoding: try JSONSerialization.data(withJSONObject: response), as: UTF8.self)
        #expect(text.contains("LA6571-9") && text.contains("\"valueInteger\":6"), "\(text)")
    }

    @Test func answersFromAFileForScriptsAndAnsweringAgainKeepsTheFirst() throws {
        let cli = try cli()
        // The follow-up may come first: the file is taken whole.
        let scores = ["69722-7=Somewhat difficult", "44250-9=3", "44255-8=Several days", "44259-0=LA6570-1", "44254-1=0", "44251-7=0", "44258-2=0", "44252-5=0", "44253-3=0", "44260-8=0"]
        let answered = try cli.run(["answer", "phq9", "--answers", cli.write("answers.txt", (["# PHQ-9"] + scores).joined(separator: "\n") + "\n")])
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout == "Answered PHQ-9 on 2026-11-15, occurrence 0: 6 (mild)\n")

        // The response as history gives it is itself an answers file, for another day.
        let history = try #require(try cli.json(["history", "phq9", "--json"]) as? [[String: Any]])
        let response = try #require((history[0]["responses"] as? [[String: Any]])?.first)
        let json = cli.write("response.json", String(decoding: try JSONSerialization.data(withJSONObject: response), as: UTF8.self))
        let again = try cli.run(["answer", "phq9", "--answers", json, "--date", "2026-11-15", "--by", "Anna (daughter)"])
        #expect(again.stdout == "Answered PHQ-9 again on 2026-11-15, occurrence 0: 6 (mild); the earlier answers are kept\n", "\(again.stderr)")
        let text = try cli.run(["history", "phq9"]).stdout
        #expect(text.contains("answered by Anna (daughter)") && text.contains("answered 2 times; the earlier answers are kept"), "\(text)")
    }

    /// Any answer above "Not at all" to PHQ-9's ninth question says whom to call before the score:
    /// the GP responsible for it and the plan's crisis line. A 0 there says nothing of the kind.
    @Test func theNinthQuestionSaysWhomToCallBeforeTheScore() throws {
        let cli = CLI(now: "2026-11-15T09:00")
        let plan = Self.plan + """
            contacts:
              - {name: Dr Okafor, role: GP, group: care-team, phone: "+44 20 7946 0958", activities: [phq9]}
              - {name: Pat Lee, role: Nurse, group: care-team, email: pat@example.org}
              - {name: Samaritans, role: helpline, group: care-team, phone: "116 123", crisis-line: true}

            """
        #expect(try cli.run(["import", cli.write("plan.yaml", plan)]).status == 0)
        let questions = ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3"]
        let answers = questions.map { $0 + "=0" }.joined(separator: "\n") + "\n44260-8=Several days\n69722-7=Somewhat difficult\n"
        let run = try cli.run(["answer", "phq9", "--answers", "-"], input: answers)
        #expect(run.stdout == """
            ⚠ You answered that you have had thoughts that you would be better off dead, or of hurting yourself. Please talk to someone about it today; you do not have to wait for your next appointment.
            Call:
              Dr Okafor (GP): +44 20 7946 0958
              Samaritans (crisis line): 116 123
            If you might act on these thoughts, call your emergency number now.

            Answered PHQ-9 on 2026-11-15, occurrence 0: 1 (minimal)

            """, "\(run.stdout)\(run.stderr)")
        // It stays in due and status, even once the day is answered again, until acknowledged.
        let calm = try cli.run(["answer", "phq9", "--answers", "-"], input: questions.map { $0 + "=0" }.joined(separator: "\n") + "\n44260-8=0\n")
        #expect(calm.stdout == "Answered PHQ-9 again on 2026-11-15, occurrence 0: 0 (minimal); the earlier answers are kept\n", "\(calm.stderr)")
        #expect(try cli.run(["status"]).stdout == "⚠ 1 alert · 1 due · 0 overdue\n")
        let status = try #require(try cli.json(["status", "--json"]) as? [String: Any])
        #expect(status["class"] as? String == "alert")
        #expect(try cli.run(["due"]).stdout.hasPrefix("⚠ Needs attention\n  PHQ-9 on 2026-11-15: an answer needs your care team (careplan acknowledge phq9)\n"))
        let due = try #require(try cli.json(["due", "--json"]) as? [String: Any])
        #expect((due["alerts"] as? [[String: Any]])?.first?["activity"] as? String == "phq9")
        // Insights leads with it, saying whom to call, whatever the period shown.
        for range in ["week", "year"] {
            let insights = try #require(try cli.json(["insights", "--range", range, "--json"]) as? [String: Any])
            let first = (insights["messages"] as? [[String: Any]])?.first
            #expect(first?["kind"] as? String == "answer-alert" && first?["level"] as? String == "alert", "\(range): \(String(describing: first))")
            #expect((first?["text"] as? String)?.contains("call Dr Okafor (GP) on +44 20 7946 0958") == true)
        }
        #expect(try cli.run(["acknowledge", "phq9"]).stdout == "Acknowledged: PHQ-9 on 2026-11-15\n")
        #expect(try cli.run(["status"]).stdout == "1 due · 0 overdue\n")
        let after = try #require(try cli.json(["insights", "--json"]) as? [String: Any])
        #expect((after["messages"] as? [[String: Any]])?.contains { $0["kind"] as? String == "answer-alert" } == false, "acknowledged: no longer an alert")
        #expect(try cli.run(["acknowledge", "phq9"]).stderr == "careplan: phq9: no alert to acknowledge\n")
    }

    @Test func badAnswersNameTheLineAndRecordNothing() throws {
        let cli = try cli()
        let cases: [(String, String)] = [
            ("44250-9=4\n", "careplan: standard input:1:9: '44250-9': '4' is not one of the answers: 0 Not at all, 1 Several days, 2 More than half the days, 3 Nearly every day\n"),
            ("# fine\nmood=3\n", "careplan: standard input:2:1: the form has no question 'mood'; its questions: 44250-9, 44255-8, 44259-0, 44254-1, 44251-7, 44258-2, 44252-5, 44253-3, 44260-8, 69722-7\n"),
            ("44250-9=0\n44250-9=1\n", "careplan: standard input:2:1: '44250-9' takes one answer and was given one on line 1\n"),
            ("44250-9=0\n", "careplan: phq9: 8 required questions are not answered: 44255-8, 44259-0, 44254-1, 44251-7, 44258-2, 44252-5, 44253-3, 44260-8 (Feeling down, depressed, or hopeless)\n"),
            // The difficulty question is asked only once a problem is checked off.
            ("69722-7=Very difficult\n" + (["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"].map { $0 + "=0" }).joined(separator: "\n"),
             "careplan: standard input:1:1: '69722-7': 'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?' is not asked, given the answers so far\n"),
            ("{\"resourceType\": \"Observation\"}", "careplan: standard input:1:1: expected a QuestionnaireResponse (resourceType), or linkId=value lines\n"),
        ]
        for (input, message) in cases {
            let run = try cli.run(["answer", "phq9", "--answers", "-"], input: input)
            #expect(run.status != 0 && run.stderr == message, "\(run.stderr)")
        }
        let ended = try cli.run(["answer", "phq9"], input: "1\n2\n")
        #expect(ended.status != 0 && ended.stderr == "careplan: the answers ended before they were recorded; nothing was recorded\n", "\(ended.stderr)")
        #expect(try cli.run(["answer", "walk"]).stderr.hasPrefix("careplan: 'walk' is an intervention"))
        // A score typed in place of the answers, or a tick, is refused with what to type instead.
        for command in [["log", "phq9", "5"], ["done", "phq9"]] {
            #expect(try cli.run(command).stderr == "careplan: 'phq9' is a questionnaire: its reading is the score of its answers; answer it with careplan answer phq9\n")
        }
        #expect(try cli.run(["history", "phq9"]).stdout == "PHQ-9 (phq9): 0 outcomes\n")
    }
}
