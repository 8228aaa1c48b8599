import FHIRPath
import Foundation
import Testing

/// SDC's `weight()` and `ordinal()`: an answer's score, found the ways real Questionnaires write
/// it (fhirpath.js's test forms, Tests/Data/questionnaires), and a PHQ-9's total computed two
/// ways that must agree.
@Suite struct AnswerScoreTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Data/questionnaires")

    static func read(_ name: String) throws -> JSON {
        try JSONReader.read(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func evaluate(_ expression: String, on resource: JSON, questionnaire: JSON) throws -> [String] {
        let environment = Environment(variables: ["questionnaire": [.element(Element(resource: questionnaire))]])
        return try FHIRPathExpression(expression).evaluate(on: resource, environment: environment).map(FHIRPathText.display)
    }

    /// Each answer of fhirpath.js's response scored from where its form puts the score: the
    /// answer's own Coding (1), a contained ValueSet's concept (10), the answer option (200; 2000
    /// for a string; 5000000 for an integer), a contained CodeSystem's concept (30000), the
    /// answer's own primitive extension over its option's (60000000, not 70000000); nothing for a
    /// code system the form does not hold.
    @Test(arguments: [("link-1.1.1", "1"), ("link-1.1.2", "10"), ("link-1.1.3", "200"), ("link-1.1.4", "2000"), ("link-1.1.5", "30000"),
                      ("link-1.1.6", nil), ("link-1.1.7", "60000000"), ("link-1.1.8", "5000000")])
    func eachWayAFormWritesAScore(linkId: String, score: String?) throws {
        let form = try AnswerScoreTests.read("weight-questionnaire-R4.json")
        let response = try AnswerScoreTests.read("weight-questionnaire-response-R4.json")
        let path = "%resource.repeat(item).where(linkId = '\(linkId)').answer"
        #expect(try AnswerScoreTests.evaluate("\(path).weight()", on: response, questionnaire: form) == (score.map { [$0] } ?? []))
        #expect(try AnswerScoreTests.evaluate("\(path).value.ordinal()", on: response, questionnaire: form) == (score.map { [$0] } ?? []))
    }

    /// Without the Questionnaire only the scores written in the response itself are found.
    @Test func withoutTheQuestionnaireOnlyTheResponsesOwnScoresCount() throws {
        let response = try AnswerScoreTests.read("weight-questionnaire-response-R4.json")
        let scores = try FHIRPathExpression("%resource.repeat(item).answer.weight()").evaluate(on: response).map(FHIRPathText.display)
        #expect(scores == ["1", "60000000"])
    }

    /// LHC-Forms' PHQ-9 totals its answers through eleven variables (evaluated in order by
    /// DeclaredVariables) that look each answer's score up in %questionnaire; `weight().sum()` must give the same total for every combination
    /// tried (each item's four answers in turn, and a fixed pseudo-random spread).
    @Test func aPHQ9TotalByWeightAgreesWithTheFormsOwnCalculation() throws {
        let form = try AnswerScoreTests.read("lforms-phq9.json")
        let items = try #require(form["item"]?.items)
        let questions = items.prefix(9)
        let total = try #require(items.first { $0["linkId"]?.stringValue == "/44261-6" })
        let variables = try DeclaredVariables(declaredOn: total)
        #expect(variables.variables.count == 11)
        let calculation = try #require((total["extension"]?.items ?? []).first { $0["url"]?.stringValue?.hasSuffix("calculatedExpression") == true }?["valueExpression"]?["expression"]?.stringValue)
        var choices: [[Int]] = (0..<4).map { Array(repeating: $0, count: 9) }
        var state: UInt64 = 2026
        for _ in 0..<12 {
            choices.append((0..<9).map { _ in state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % 4 })
        }
        for choice in choices {
            let answers: [JSON] = zip(questions, choice).map { question, index in
                let option = question["answerOption"]!.items[index]
                return .object(JSONObject([("linkId", question["linkId"]!), ("answer", .array([.object(JSONObject([("valueCoding", option["valueCoding"]!)]))]))]))
            }
            let response = JSON.object(JSONObject([("resourceType", .string("QuestionnaireResponse")), ("status", .string("completed")), ("item", .array(answers))]))
            var environment = Environment(variables: ["questionnaire": [.element(Element(resource: form))], "resource": [.element(Element(resource: response))]])
            try variables.evaluate(into: &environment, context: [.element(Element(resource: response))])
            let formsTotal = try FHIRPathExpression(calculation).evaluate(on: response, environment: environment).map(FHIRPathText.display)
            let byWeight = try FHIRPathExpression("%resource.item.answer.weight().sum()").evaluate(on: response, environment: environment).map(FHIRPathText.display)
            #expect(formsTotal.count == 1)
            #expect(formsTotal == byWeight, "answers \(choice)")
        }
    }
}
