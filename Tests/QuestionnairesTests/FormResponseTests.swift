import FHIRPath
import Foundation
import Testing
@testable import Questionnaires

/// Filling a form in: what is shown as answers change, what the form's own calculations give, what
/// an answer must be, and the QuestionnaireResponse that comes out.
@Suite struct FormResponseTests {
    static func decimal(_ text: String) -> AnswerValue { .decimal(DecimalNumber(text: text)!) }

    static func phq9Choice(_ form: Questionnaire, _ linkId: String, score: Int) -> AnswerValue {
        form.item(linkId)!.options[score].value
    }

    /// A file's answers given all at once (`init(form:answering:)`, which settles once) leave the
    /// form as opening it and answering them together does: shown items, calculations, problems
    /// and the response sent; on LHC-Forms' PHQ-9 (variables and a total), its BMI form (a
    /// calculation from a quantity) and its enableWhenExpression form.
    @Test func answersGivenAllAtOnceLeaveTheFormAsOpeningItAndAnsweringThemDoes() throws {
        let phq9 = try RealFormsTests.read("lforms-phq9.json")
        let bmi = try RealFormsTests.read("lforms-weight-height-bmi.json")
        let shown = try RealFormsTests.read("lforms-enablewhen-expression.json")
        var cases: [(Questionnaire, [(linkId: String, values: [AnswerValue])])] = []
        let questions = phq9.allItems.filter { $0.kind == .choice }.prefix(9).map(\.linkId)
        for score in 0..<4 { cases.append((phq9, questions.map { ($0, [Self.phq9Choice(phq9, $0, score: score)]) })) }
        cases.append((phq9, Array(questions.prefix(4).map { ($0, [Self.phq9Choice(phq9, $0, score: 2)]) })))
        cases.append((bmi, [("/29463-7", [Self.decimal("70")]), ("/8302-2", [Self.decimal("70")])]))
        cases.append((bmi, [("/29463-7", [Self.decimal("70")])]))
        cases.append((shown, []))
        let numbers = shown.allItems.filter { $0.kind == .integer || $0.kind == .decimal }.prefix(3).map(\.linkId)
        cases.append((shown, numbers.map { ($0, [AnswerValue.integer(2)]) }))
        for (form, answers) in cases {
            var opened = FormResponse(form: form)
            try opened.answer(all: answers)
            let atOnce = try FormResponse(form: form, answering: answers)
            #expect(atOnce.enabled == opened.enabled && atOnce.calculated == opened.calculated && atOnce.problems == opened.problems,
                    "\(form.title ?? "")")
            #expect(atOnce.questionnaireResponse(status: "completed").text == opened.questionnaireResponse(status: "completed").text)
        }
    }

    /// LHC-Forms' PHQ-9 totals its answers with its own eleven variables and calculation: for every
    /// answer tried on every question, and a spread of whole forms, the total is the sum of the
    /// chosen options' scores, and it travels in the response.
    @Test func thePHQ9sOwnCalculationTotalsTheScores() throws {
        let form = try RealFormsTests.read("lforms-phq9.json")
        let questions = form.allItems.filter { $0.kind == .choice }.prefix(9).map(\.linkId)
        var response = FormResponse(form: form)
        #expect(response.answers("/44261-6").isEmpty, "no answer, no total")
        var state: UInt64 = 36
        var spreads: [[Int]] = (0..<4).map { Array(repeating: $0, count: 9) }
        for _ in 0..<8 {
            spreads.append((0..<9).map { _ in state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % 4 })
        }
        for scores in spreads {
            for (linkId, score) in zip(questions, scores) { try response.answer(linkId, [Self.phq9Choice(form, linkId, score: score)]) }
            #expect(response.answers("/44261-6") == [.decimal(DecimalNumber(scores.reduce(0, +)))], "\(scores)")
            #expect(response.problems.isEmpty, "\(response.problems)")
        }
        let sent = response.questionnaireResponse(status: "completed")
        let total = try FHIRPathExpression("item.where(linkId = '/44261-6').answer.value").evaluate(on: sent)
        #expect(total.map(FHIRPathText.display) == ["\(spreads.last!.reduce(0, +))"])
        // Cleared again, the question's score leaves the total.
        try response.answer(questions[0], [])
        #expect(response.answers("/44261-6") == [.decimal(DecimalNumber(spreads.last!.dropFirst().reduce(0, +)))])
    }

    /// LHC-Forms' BMI from a weight in kilograms and a height in inches, through the form's root
    /// variables, rounded as the form says; changing an answer changes it.
    @Test func theBMIFormCalculatesFromItsVariables() throws {
        let form = try RealFormsTests.read("lforms-weight-height-bmi.json")
        var response = FormResponse(form: form)
        try response.answer("/29463-7", [Self.decimal("70")])
        #expect(response.answers("/39156-5").isEmpty, "no height, no BMI")
        try response.answer("/8302-2", [Self.decimal("70")])
        #expect(response.answers("/39156-5") == [Self.decimal("22.1")])
        try response.answer("/29463-7", [.integer(90)])
        #expect(response.answers("/39156-5") == [Self.decimal("28.5")])
        #expect(throws: AnswerError.self) { try response.answer("/39156-5", [Self.decimal("20")]) }
    }

    /// An `enableWhenExpression` over the form's variables: the fourth question shows once the
    /// three numbers add up to 5 or more.
    @Test func anEnableWhenExpressionShowsTheItemWhenItHolds() throws {
        let form = try RealFormsTests.read("lforms-enablewhen-expression.json")
        var response = FormResponse(form: form)
        #expect(!response.isEnabled("q4"))
        try response.answer("n1", [.integer(2)])
        try response.answer("n2", [Self.decimal("2.5")])
        #expect(!response.isEnabled("q4"))
        try response.answer("n3", [.integer(1)])
        #expect(response.isEnabled("q4"), "\(response.problems) \(response.expressionShows)")
        try response.answer("q4", [.string("shown")])
        try response.answer("n1", [])
        #expect(!response.isEnabled("q4") && response.answers("q4").isEmpty, "hidden again, its answer no longer counts")
    }

    static let conditions = #"""
        {"resourceType": "Questionnaire", "url": "http://example.org/q", "version": "2", "status": "active", "item": [
          {"linkId": "pain", "type": "integer", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueInteger": 0},
                                                            {"url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 10}]},
          {"linkId": "eq", "type": "boolean", "enableWhen": [{"question": "pain", "operator": "=", "answerInteger": 5}]},
          {"linkId": "ne", "type": "boolean", "enableWhen": [{"question": "pain", "operator": "!=", "answerInteger": 5}]},
          {"linkId": "gt", "type": "boolean", "enableWhen": [{"question": "pain", "operator": ">", "answerDecimal": 4.5}]},
          {"linkId": "lt", "type": "boolean", "enableWhen": [{"question": "pain", "operator": "<", "answerInteger": 5}]},
          {"linkId": "ge", "type": "boolean", "enableWhen": [{"question": "pain", "operator": ">=", "answerInteger": 5}]},
          {"linkId": "le", "type": "boolean", "enableWhen": [{"question": "pain", "operator": "<=", "answerInteger": 4}]},
          {"linkId": "has", "type": "boolean", "enableWhen": [{"question": "pain", "operator": "exists", "answerBoolean": true}]},
          {"linkId": "none", "type": "boolean", "enableWhen": [{"question": "pain", "operator": "exists", "answerBoolean": false}]},
          {"linkId": "since", "type": "date"},
          {"linkId": "recent", "type": "string", "enableWhen": [{"question": "since", "operator": ">=", "answerDate": "2026-11-01"}]},
          {"linkId": "mood", "type": "choice", "repeats": true, "answerOption": [
            {"valueCoding": {"system": "http://example.org/mood", "code": "low", "display": "Low"}},
            {"valueCoding": {"system": "http://example.org/mood", "code": "ok", "display": "OK"}}]},
          {"linkId": "why", "type": "group", "enableBehavior": "any", "enableWhen": [
              {"question": "mood", "operator": "=", "answerCoding": {"system": "http://example.org/mood", "code": "low"}},
              {"question": "pain", "operator": ">", "answerInteger": 7}],
           "item": [{"linkId": "note", "type": "text", "maxLength": 12}]}
        ]}
        """#

    /// Every `enableWhen` operator as FHIR defines it, `enableBehavior` any, a group's items
    /// hidden with it, and a date compared only at the precision both are written to.
    @Test func everyOperatorShowsWhatFHIRSays() throws {
        let form = try QuestionnaireReader.read(Data(Self.conditions.utf8), source: "conditions.json")
        var response = FormResponse(form: form)
        let shown = { (response: FormResponse) in ["eq", "ne", "gt", "lt", "ge", "le", "has", "none"].filter(response.isEnabled) }
        #expect(shown(response) == ["ne", "none"], "no answer: only != and exists false hold")
        try response.answer("pain", [.integer(5)])
        #expect(shown(response) == ["eq", "gt", "ge", "has"])
        try response.answer("pain", [.integer(4)])
        #expect(shown(response) == ["ne", "lt", "le", "has"])
        #expect(!response.isEnabled("note"))
        try response.answer("mood", [.coding(AnswerCoding(system: "http://example.org/mood", code: "ok")),
                                     .coding(AnswerCoding(system: "http://example.org/mood", code: "low"))])
        #expect(response.isEnabled("why") && response.isEnabled("note"))
        #expect(response.answers("mood").compactMap(\.coding?.display) == ["OK", "Low"], "taken as the form's own options")
        try response.answer("since", [.date(Temporal.parseDateTime("2026-11-28")!)])
        #expect(response.isEnabled("recent"))
        try response.answer("since", [.date(Temporal.parseDateTime("2026-11")!)])
        #expect(!response.isEnabled("recent"), "a month is neither before nor after a day")
    }

    /// An answer the item does not take is refused with what it takes, and changes nothing.
    @Test func aWrongAnswerIsRefusedAndChangesNothing() throws {
        let form = try QuestionnaireReader.read(Data(Self.conditions.utf8), source: "conditions.json")
        var response = FormResponse(form: form)
        try response.answer("pain", [.integer(8)])
        let before = response.given
        let refusals: [(String, [AnswerValue], String)] = [
            ("pain", [.integer(11)], "'pain' takes 10 or less, not 11"),
            ("pain", [.integer(-1)], "'pain' takes 0 or more, not -1"),
            ("pain", [.string("bad")], "'pain' takes a integer, not 'bad'"),
            ("pain", [.integer(1), .integer(2)], "'pain' takes one answer"),
            ("mood", [.coding(AnswerCoding(system: "http://example.org/mood", code: "great"))], "great is not one of the answers to 'mood' (Low, OK)"),
            ("note", [.string("more than twelve")], "'note' takes at most 12 characters, not 16"),
            ("recent", [.string("x")], "'recent' is not asked, given the answers so far"),
            ("why", [.string("x")], "'why' is not a question"),
            ("nowhere", [.string("x")], "the form has no item 'nowhere'"),
        ]
        for (linkId, values, message) in refusals {
            #expect(throws: AnswerError(linkId: linkId, message: message)) { try response.answer(linkId, values) }
        }
        #expect(response.given == before)
    }

    /// The response nests as the form does, names the form's url and version, and leaves out
    /// what is hidden and what is unanswered.
    @Test func theResponseNestsAsTheFormAndLeavesOutWhatIsHidden() throws {
        let form = try QuestionnaireReader.read(Data(Self.conditions.utf8), source: "conditions.json")
        var response = FormResponse(form: form)
        try response.answer("pain", [.integer(5)])
        try response.answer("eq", [.boolean(true)])
        try response.answer("pain", [.integer(9)])
        try response.answer("note", [.string("knee")])
        #expect(!response.isEnabled("eq") && response.given["eq"] == [.boolean(true)], "kept while hidden, should pain be 5 again")
        let json = response.questionnaireResponse(status: "completed", authored: "2026-11-28T09:30:00+01:00")
        let linkIds = try FHIRPathExpression("repeat(item).linkId").evaluate(on: json).map(FHIRPathText.display)
        #expect(linkIds == ["pain", "why", "note"], "hidden and unanswered items are left out")
        #expect(json["questionnaire"] == .string("http://example.org/q|2"))
        #expect(try FHIRPathExpression("item.where(linkId = 'why').item.answer.value").evaluate(on: json).map(FHIRPathText.display) == ["knee"])
        #expect(response.unanswered.isEmpty)
    }

    /// A follow-up's variables read its own place in the response, which is inside its
    /// question's answer (`answer.item`), not beside it: packs a day, asked under "smoker", gives
    /// the cigarettes under it through `%context`; a question in a group finds its own the same.
    @Test func aFollowUpsVariablesReadItsPlaceInsideItsQuestionsAnswer() throws {
        let variable = "http://hl7.org/fhir/StructureDefinition/variable"
        let calculated = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression"
        func counted(_ linkId: String, from source: String) -> String {
            #"{"linkId": "\#(linkId)", "type": "integer", "readOnly": true, "extension": [{"url": "\#(calculated)", "valueExpression": {"language": "text/fhirpath", "expression": "%\#(source) * 20"}}]}"#
        }
        func counting(_ linkId: String, name: String, child: String) -> String {
            #"{"linkId": "\#(linkId)", "type": "integer", "extension": [{"url": "\#(variable)", "valueExpression": {"name": "\#(name)", "language": "text/fhirpath", "expression": "%context.answer.value"}}], "item": [\#(child)]}"#
        }
        let json = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkId": "smoker", "type": "boolean", "item": [\#(counting("packs", name: "packs", child: counted("cigarettes", from: "packs")))]},
              {"linkId": "history", "type": "group", "item": [\#(counting("years", name: "years", child: counted("weeks", from: "years")))]}
            ]}
            """#
        let form = try QuestionnaireReader.read(text: json, source: "smoking.json")
        var response = FormResponse(form: form)
        try response.answer("smoker", [.boolean(true)])
        try response.answer("packs", [.integer(2)])
        try response.answer("years", [.integer(3)])
        #expect(response.answers("cigarettes") == [.integer(40)], "\(response.problems)")
        #expect(response.answers("weeks") == [.integer(60)], "\(response.problems)")
        let sent = response.questionnaireResponse(status: "completed", authored: "2026-11-29T09:30:00+01:00")
        #expect(try FHIRPathExpression("item.where(linkId = 'smoker').answer.item.where(linkId = 'packs').answer.item.answer.value")
            .evaluate(on: sent).map(FHIRPathText.display) == ["40"], "cigarettes sit in the answer to packs, inside the answer to smoker")
    }

    /// An expression that fails while the form is filled in leaves its item without a value and
    /// says why; the rest of the form goes on.
    @Test func anExpressionThatFailsIsNamedAndTheFormGoesOn() throws {
        let text = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkId": "a", "type": "integer", "repeats": true},
              {"linkId": "one", "type": "integer", "readOnly": true, "extension": [{"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                "valueExpression": {"language": "text/fhirpath", "expression": "%resource.item.where(linkId = 'a').answer.value.single() + 1"}}]},
              {"linkId": "b", "type": "string", "enableWhen": [{"question": "a", "operator": "exists", "answerBoolean": true}]}
            ]}
            """#
        let form = try QuestionnaireReader.read(Data(text.utf8), source: "failing.json")
        var response = FormResponse(form: form)
        try response.answer("a", [.integer(1)])
        #expect(response.answers("one") == [.integer(2)])
        try response.answer("a", [.integer(1), .integer(2)])
        #expect(response.answers("one").isEmpty)
        #expect(response.problems["one"]?.contains("single()") == true, "\(response.problems)")
        #expect(response.isEnabled("b"))
        try response.answer("b", [.string("still works")])
    }
}
