import FHIRPath
import Foundation
import Testing
@testable import Questionnaires

/// A form careplan cannot fill in right is refused whole, with the item (its linkId and place) and
/// the reason; nothing of it is kept.
@Suite struct BadFormsTests {
    /// A Questionnaire holding `items` (JSON), read as `form.json`.
    static func read(_ items: String, extra: String = "") throws -> Questionnaire {
        let text = #"{"resourceType": "Questionnaire", "status": "active", "#.appending(extra) + #""item": ["# + items + "]}"
        return try QuestionnaireReader.read(Data(text.utf8), source: "form.json")
    }

    static func refusal(_ items: String, extra: String = "") -> String {
        do {
            _ = try read(items, extra: extra)
            return "read"
        } catch {
            return "\(error)"
        }
    }

    static let mood = #"{"linkId": "mood", "type": "choice", "answerOption": [{"valueCoding": {"code": "low", "display": "Low"}}, {"valueCoding": {"code": "ok", "display": "OK"}}]}"#
    static let pain = #"{"linkId": "pain", "type": "integer"}"#

    @Test(arguments: [
        (#"{"linkId": "photo", "type": "attachment"}"#,
         "form.json: item 'photo' (item[0]): cannot be filled in: it asks for a file to attach (a photo, a document), which careplan cannot take in a terminal"),
        (#"{"linkId": "gp", "type": "reference"}"#,
         "form.json: item 'gp' (item[0]): cannot be filled in: it asks for a reference to another FHIR resource, which careplan cannot look up"),
        (#"{"linkId": "q", "type": "slider"}"#,
         "form.json: item 'q' (item[0]): type 'slider' is not one of FHIR R4's item types (group, display, boolean, decimal, integer, date, dateTime, time, string, text, url, choice, open-choice, attachment, reference, quantity)"),
        (#"{"type": "string"}"#, "form.json: item[0]: every item needs a linkId"),
        (pain + ", " + #"{"linkId": "g", "type": "group", "item": [{"linkId": "pain", "type": "string"}]}"#,
         "form.json: item 'pain' (item[1].item[0]): the linkId is also the one of item[0]; each item needs its own"),
        (#"{"linkId": "why", "type": "string", "enableWhen": [{"question": "nowhere", "operator": "exists", "answerBoolean": true}]}"#,
         "form.json: item 'why' (item[0]): enableWhen[0]: no item has the linkId 'nowhere'"),
        (pain + ", " + #"{"linkId": "why", "type": "string", "enableWhen": [{"question": "pain", "operator": "=", "answerCoding": {"code": "x"}}]}"#,
         "form.json: item 'why' (item[1]): enableWhen[0]: answerCoding cannot be compared with the answer to 'pain', whose type is integer (it takes answerDecimal, answerInteger)"),
        (mood + ", " + #"{"linkId": "why", "type": "string", "enableWhen": [{"question": "mood", "operator": ">", "answerCoding": {"code": "low"}}]}"#,
         "form.json: item 'why' (item[1]): enableWhen[0]: a Coding is equal or not, never greater or less ('>')"),
        (pain + ", " + #"{"linkId": "why", "type": "string", "enableWhen": [{"question": "pain", "operator": "~", "answerInteger": 3}]}"#,
         "form.json: item 'why' (item[1]): enableWhen[0]: operator '~' is not one of exists, =, !=, >, <, >=, <="),
        (#"{"linkId": "a", "type": "integer", "enableWhen": [{"question": "b", "operator": "exists", "answerBoolean": true}]}, "#
            + #"{"linkId": "b", "type": "integer", "enableWhen": [{"question": "a", "operator": ">", "answerInteger": 1}]}"#,
         "form.json: item 'a' (item[0]): whether it is shown depends on itself: a → b → a (each shown only when the next is answered, or inside it)"),
        (#"{"linkId": "g", "type": "group", "enableWhen": [{"question": "inner", "operator": "exists", "answerBoolean": true}], "item": [{"linkId": "inner", "type": "boolean"}]}"#,
         "form.json: item 'g' (item[0]): whether it is shown depends on itself: g → inner → g (each shown only when the next is answered, or inside it)"),
        (pain + ", " + #"{"linkId": "why", "type": "string", "enableWhen": [{"question": "pain", "operator": ">", "answerInteger": 3}, {"question": "pain", "operator": "<", "answerInteger": 9}]}"#,
         "form.json: item 'why' (item[1]): has 2 enableWhen conditions but no enableBehavior: say whether all must hold or any one"),
        (#"{"linkId": "pick", "type": "choice"}"#,
         "form.json: item 'pick' (item[0]): a choice item needs its answers: answerOption, or answerValueSet naming a value set in the file"),
        (#"{"linkId": "bmi", "type": "decimal", "extension": [{"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression", "valueExpression": {"language": "text/fhirpath", "expression": "%weight / (%height * %height"}}]}"#,
         "form.json: item 'bmi' (item[0]): calculatedExpression: line 1, column 29: expected ')' to close the parenthesis, found the end of the expression"),
        (#"{"linkId": "bmi", "type": "decimal", "extension": [{"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression", "valueExpression": {"language": "text/cql", "expression": "Weight / Height"}}]}"#,
         "form.json: item 'bmi' (item[0]): calculatedExpression: an expression in text/cql, which careplan cannot evaluate (it evaluates FHIRPath, text/fhirpath)"),
        (#"{"linkId": "kind", "type": "choice", "answerValueSet": "http://loinc.org/vs/LL358-3"}"#,
         "form.json: item 'kind' (item[0]): the value set http://loinc.org/vs/LL358-3 is not in the file, and careplan has no terminology server to expand it: put it in the form's contained resources, with its expansion or its concepts listed"),
        (#"{"linkId": "n", "type": "integer", "initial": [{"valueInteger": 2.5}]}"#,
         "form.json: item 'n' (item[0]): valueInteger: expected a whole number"),
        (#"{"linkId": "n", "type": "integer", "extension": [{"url": "urn:careplan:extension:score-band", "extension": [{"url": "low", "valueInteger": 0}, {"url": "high", "valueInteger": 4}, {"url": "band", "valueCoding": {"code": "low"}}]}, {"url": "urn:careplan:extension:score-band", "extension": [{"url": "low", "valueInteger": 3}, {"url": "band", "valueCoding": {"code": "high"}}]}]}"#,
         "form.json: item 'n' (item[0]): score band 2 starts at 3, inside the band before it; list bands lowest first, apart"),
        (#"{"linkId": "n", "type": "string", "extension": [{"url": "urn:careplan:extension:score-band", "extension": [{"url": "low", "valueInteger": 0}, {"url": "band", "valueCoding": {"code": "low"}}]}]}"#,
         "form.json: item 'n' (item[0]): score bands apply to an integer or decimal item, not a string item"),
        (mood.replacingOccurrences(of: "}]}", with: #"}], "extension": [{"url": "urn:careplan:extension:alert", "extension": [{"url": "answer", "valueCoding": {"code": "awful"}}]}]}"#),
         "form.json: item 'mood' (item[0]): alert: the item offers no answer awful"),
    ])
    func aBadItemIsRefusedWithItsPlaceAndWhy(items: String, message: String) {
        #expect(Self.refusal(items) == message)
    }

    @Test func whatIsNotAQuestionnaireSaysWhatItIs() throws {
        #expect(throws: QuestionnaireError(source: "form.json", message: "is a Patient, not a Questionnaire")) {
            try QuestionnaireReader.read(Data(#"{"resourceType": "Patient"}"#.utf8), source: "form.json")
        }
        #expect(throws: QuestionnaireError(source: "form.json", location: "line 2, column 1", message: "the text ends where a value was expected")) {
            try QuestionnaireReader.read(Data("{\"resourceType\": \n".utf8), source: "form.json")
        }
        #expect(Self.refusal("") == "form.json: has no items to fill in")
    }

    /// Conditions that are fine: on a group's question from inside another group, `exists`, and any-of.
    @Test func soundConditionsRead() throws {
        let form = try Self.read(Self.mood + ", " + Self.pain + ", " + #"""
            {"linkId": "more", "type": "group", "enableBehavior": "any",
             "enableWhen": [{"question": "mood", "operator": "=", "answerCoding": {"code": "low"}}, {"question": "pain", "operator": ">=", "answerDecimal": 7.5}],
             "item": [{"linkId": "why", "type": "text", "enableWhen": [{"question": "pain", "operator": "exists", "answerBoolean": true}]}]}
            """#)
        let more = try #require(form.item("more"))
        #expect(more.enableBehavior == .any)
        #expect(more.enableWhen.map(\.comparison) == [.equal, .greaterOrEqual])
        #expect(more.enableWhen.last?.answer == .decimal(DecimalNumber(text: "7.5")!))
        #expect(form.item("why")?.enableWhen.first?.comparison == .exists)
    }
}
