import Foundation
import Testing

/// A questionnaire written in the plan file itself, in the short form that maps onto FHIR's items:
/// imported, answered with its condition and its calculation right, written back the same way by
/// `plan --export` (which imports into a new store as the same form), and refused with the place
/// in the file when it is wrong.
@Suite struct InlineFormTests {
    static func plan(_ items: String) -> String {
        """
        title: Knee
        activities:
          - id: knee-check
            kind: assessment
            title: Knee check
            schedule: {start: 2026-11-01, daily: 1}
            questionnaire:
              items:
        \(items)
        """
    }

    static let items = """
                - {linkId: pain, text: Pain today, type: integer, required: true, min: 0, max: 10}
                - linkId: swelling
                  text: Swelling
                  type: choice
                  required: true
                  options: [{code: none, display: None, score: 0}, {code: some, display: Some, score: 1}, {code: lots, display: A lot, score: 2}]
                - {linkId: where, text: Where is it swollen?, type: string, enableWhen: {question: swelling, operator: "!=", answer: none}}
                - linkId: total
                  text: Knee score
                  type: integer
                  calculated: "%resource.item.where(linkId='pain').answer.value + %resource.item.where(linkId='swelling').answer.value.ordinal()"
                  bands: [{low: 0, high: 3, code: fine, display: Fine}, {low: 4, high: 12, code: call, display: Call the clinic}]

        """

    @Test func anInlineFormIsAskedCalculatedAndExportedTheSameWay() throws {
        let cli = CLI(now: "2026-11-15T09:00")
        let imported = try cli.run(["import", cli.write("plan.yaml", Self.plan(Self.items))])
        #expect(imported.status == 0, "\(imported.stderr)")
        // The follow-up shows only when there is swelling; the score is the pain plus the swelling's.
        let hidden = try cli.run(["answer", "knee-check", "--answers", "-"], input: "pain=2\nswelling=None\nwhere=inside\n")
        #expect(hidden.status != 0 && hidden.stderr.contains("where"), "\(hidden.stderr)")
        let answered = try cli.run(["answer", "knee-check", "--answers", "-"], input: "pain=3\nswelling=Some\nwhere=inside\n")
        #expect(answered.stdout == "Answered Knee check on 2026-11-15, occurrence 0: 4 (Call the clinic)\n", "\(answered.stdout)\(answered.stderr)")
        // Exported inline; into a new store it is the same form, and here it changes nothing.
        let exported = try cli.run(["plan", "--export"]).stdout
        #expect(exported.contains("  questionnaire:\n    title: Knee check\n    items:\n    - linkId: pain\n"), "\(exported)")
        #expect(try cli.run(["import", cli.write("export.yaml", exported)]).stdout.contains("Nothing changed."))
        var fresh = CLI(now: "2026-11-15T09:00")
        fresh.environment["CAREPLAN_DB"] = nil
        #expect(try fresh.run(["import", cli.write("again.yaml", exported)]).status == 0)
        #expect(try fresh.run(["plan", "--export"]).stdout == exported)
        #expect(try fresh.run(["answer", "knee-check", "--answers", "-"], input: "pain=0\nswelling=None\n").stdout.hasSuffix(": 0 (Fine)\n"))
    }

    /// A plan marks answers of its own form's questions as alerts: a lot of swelling, pain of 9 or
    /// 10. Such an answer is an alert until acknowledged, as PHQ-9's ninth question is; the mark is
    /// written back by `plan --export`; an answer the question does not offer is refused.
    @Test func aPlanMarksAnswersOfItsOwnQuestionsAsAlerts() throws {
        let items = """
                    - {linkId: pain, text: Pain today, type: integer, required: true, min: 0, max: 10, alert: [9, 10]}
                    - linkId: swelling
                      text: Swelling
                      type: choice
                      options: [{code: none, display: None}, {code: lots, display: A lot}]
                      alert: {answers: [lots], kind: swelling}

            """
        let cli = CLI(now: "2026-11-15T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.plan(items))]).status == 0)
        let calm = try cli.run(["answer", "knee-check", "--answers", "-"], input: "pain=3\nswelling=None\n")
        #expect(calm.status == 0 && !calm.stdout.contains("call"), "\(calm.stdout)")
        #expect(!(try cli.run(["status"]).stdout.contains("alert")))
        let alarming = try cli.run(["answer", "knee-check", "--answers", "-", "--date", "2026-11-14"], input: "pain=9\nswelling=A lot\n")
        #expect(alarming.status == 0, "\(alarming.stderr)")
        #expect(try cli.run(["status"]).stdout.contains("1 alert"))
        let exported = try cli.run(["plan", "--export"]).stdout
        #expect(exported.contains("alert: [9, 10]") && exported.contains("alert: {answers: [\"lots\"], kind: swelling}"), "\(exported)")
        #expect(try cli.run(["import", cli.write("export.yaml", exported)]).stdout.contains("Nothing changed."))
        #expect(try cli.run(["acknowledge", "knee-check"]).status == 0)
        #expect(!(try cli.run(["status"]).stdout.contains("alert")))

        let wrong = CLI(now: "2026-11-15T09:00")
        let refused = try wrong.run(["import", wrong.write("plan.yaml", Self.plan(items.replacingOccurrences(of: "answers: [lots]", with: "answers: [huge]")))])
        #expect(refused.status != 0 && refused.stderr.contains("alert: the item offers no answer huge"), "\(refused.stderr)")
    }

    @Test(arguments: [
        ("        - {linkId: a, type: integer, colour: red}", "plan.yaml:9:38: questionnaire: items[1]: unknown key 'colour'"),
        ("        - {linkId: a, type: number}", "plan.yaml:9:29: questionnaire: items[1]: type 'number' is not one of group, display"),
        ("        - {text: A, type: integer}", "plan.yaml:9:11: questionnaire: items[1]: missing 'linkId'"),
        ("        - {linkId: a, type: string, enableWhen: {question: b, answer: x}}", "plan.yaml:9:60: questionnaire: items[1]: enableWhen: no item has the linkId 'b'"),
        ("        - {linkId: a, type: integer}\n        - {linkId: b, type: string, enableWhen: {question: a, operator: \"~\", answer: 1}}",
         "questionnaire: items[2]: enableWhen: operator '~' is not one of exists = != > < >= <="),
        ("        - {linkId: a, type: integer}\n        - {linkId: a, type: string}", "plan.yaml:8:7: questionnaire: items: item 'a' (item[1]): the linkId is also the one of item[0]"),
    ])
    func aWrongInlineFormSaysWhereAndImportsNothing(_ items: String, _ message: String) throws {
        let cli = CLI(now: "2026-11-15T09:00")
        let refused = try cli.run(["import", cli.write("plan.yaml", Self.plan(items + "\n"))])
        #expect(refused.status != 0 && refused.stderr.contains(message), "\(refused.stderr)")
        let plan = try cli.run(["plan"])
        #expect(plan.status != 0 && plan.stderr.contains("no care plan"), "nothing was imported: \(plan.stdout)")
    }
}
