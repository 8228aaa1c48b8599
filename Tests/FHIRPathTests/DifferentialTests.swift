import FHIRPath
import FHIRPathSuite
import Foundation
import Testing

/// careplan's engine against fhirpathpy (PyPI, pinned in Tests/FHIRPathPeer) on the expressions of
/// real SDC Questionnaires (Tests/Data/questionnaires) over responses generated with a fixed seed:
/// Tests/FHIRPathPeer/cases.py builds the cases, evaluates them in fhirpathpy and writes both; this
/// test evaluates the same cases here, in the same SDC context, and compares. Where the two
/// disagree because fhirpathpy departs from the specification, the case is named below with the
/// rule that decides, and must come out as the specification says.
@Suite struct DifferentialTests {
    struct Case {
        let id: String
        let questionnaire: String
        let expression: String
        let context: String
        let variables: [(name: String, expression: String, context: String)]
        let response: JSON
        let expected: [JSON]?
        let peerError: String?
        let volatile: Bool
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// Runs the peer once: its virtualenv (made by setup.sh) and cases.py.
    static func peerCases() throws -> [Case] {
        let document = try FHIRPathPeer.run("cases.py", repository: repository)
        return (document["cases"]?.items ?? []).map { item in
            Case(id: item["id"]?.stringValue ?? "", questionnaire: item["questionnaire"]?.stringValue ?? "",
                 expression: item["expression"]?.stringValue ?? "", context: item["context"]?.stringValue ?? "resource",
                 variables: (item["variables"]?.items ?? []).map { ($0["name"]?.stringValue ?? "", $0["expression"]?.stringValue ?? "", $0["context"]?.stringValue ?? "resource") },
                 response: item["response"] ?? .null, expected: item["expected"]?.items, peerError: item["error"]?.stringValue,
                 volatile: item["volatile"] == .bool(true))
        }
    }

    /// The SDC context of an expression: the response, or its items with the linkId (at any depth).
    static func focus(_ context: String, _ environment: Environment) throws -> [Value] {
        if context == "resource" { return environment.variables["resource"] ?? [] }
        var inner = environment
        inner.variables["id"] = [.string(context)]
        return try FHIRPathExpression("%resource.repeat(item | answer.item).where(linkId = %id)").evaluate(on: [], environment: inner)
    }

    /// Evaluates a case as an SDC form filler does: %resource, %questionnaire, %qitem, then the
    /// variables in order, each on its own context, then the expression.
    static func evaluate(_ test: Case, questionnaire: JSON) throws -> [Value] {
        var environment = Environment()
        environment.variables["resource"] = [.element(Element(resource: test.response))]
        environment.variables["questionnaire"] = [.element(Element(resource: questionnaire))]
        for variable in test.variables {
            let focus = try focus(variable.context, environment)
            environment.variables["context"] = focus
            environment.variables[variable.name] = try FHIRPathExpression(variable.expression).evaluate(on: focus, environment: environment)
        }
        let focus = try focus(test.context, environment)
        environment.variables["context"] = focus
        if test.context != "resource" {
            var inner = environment
            inner.variables["id"] = [.string(test.context)]
            environment.variables["qitem"] = try FHIRPathExpression("%questionnaire.repeat(item).where(linkId = %id)").evaluate(on: [], environment: inner)
        }
        return try FHIRPathExpression(test.expression).evaluate(on: focus, environment: environment)
    }

    /// Whether one of our values is what fhirpathpy wrote: numbers by value (to 1e-20 relative for
    /// the logarithms and exponentials, which go through floating point in both), the rest as JSON.
    static func same(_ value: Value, _ expected: JSON) -> Bool {
        switch (FHIRPathText.json(value), expected) {
        case (.number(let ours), .string(let theirs)), (.number(let ours), .number(let theirs)):
            guard let a = Decimal(string: ours), let b = Decimal(string: theirs) else { return false }
            if a == b { return true }
            let difference = abs(NSDecimalNumber(decimal: a - b).doubleValue), size = max(abs(NSDecimalNumber(decimal: b).doubleValue), 1e-300)
            return difference / size < 1e-12
        case (.object(let ours), .object(let theirs)) where ours["value"] != nil && theirs.keys == ["value", "unit"]:
            return same(.decimal(DecimalNumber(text: ours["value"].map { if case .number(let d) = $0 { d } else { "" } } ?? "") ?? DecimalNumber(0)),
                        theirs["value"]!) && ours["unit"] == theirs["unit"]
        case (let ours, let theirs):
            return ours == theirs || (ours.text == theirs.text)
        }
    }

    @Test func sdcQuestionnairesGiveTheSameResultsAsFhirpathpy() throws {
        let cases = try DifferentialTests.peerCases()
        #expect(cases.count >= 1000)
        let folder = DifferentialTests.repository.appendingPathComponent("Tests/Data/questionnaires")
        var forms: [String: JSON] = [:]
        var agreed = 0, bothFailed = 0
        var disagreements: [String] = []
        for test in cases where !test.volatile {
            if forms[test.questionnaire] == nil {
                forms[test.questionnaire] = try JSONReader.read(try Data(contentsOf: folder.appendingPathComponent(test.questionnaire)))
            }
            let ours = Result { try DifferentialTests.evaluate(test, questionnaire: forms[test.questionnaire]!) }
            switch (ours, test.expected) {
            case (.failure, nil):
                bothFailed += 1
            case (.success(let values), let expected?) where values.count == expected.count && zip(values, expected).allSatisfy(DifferentialTests.same):
                agreed += 1
            case (.success(let values), _):
                disagreements.append("\(test.id): \(test.expression) — careplan \(values.map(FHIRPathText.display)), fhirpathpy \(test.expected.map { $0.map(\.text) } ?? [test.peerError ?? "error"])")
            case (.failure(let error), _):
                disagreements.append("\(test.id): \(test.expression) — careplan error \(error), fhirpathpy \(test.expected.map { $0.map(\.text) } ?? [])")
            }
        }
        print("FHIRPath differential: \(cases.count) cases, \(agreed) agree, \(bothFailed) fail in both, \(disagreements.count) disagree")
        for line in disagreements.prefix(40) { print("  DIFFER \(line)") }
        #expect(disagreements.isEmpty)
    }
}
