import FHIRPath
import Foundation
import Testing
@testable import Questionnaires

/// Real forms, as clinics and form tools publish them (Tests/Data/SOURCES.md), read into forms
/// careplan fills in, or refused naming the item and why.
@Suite struct RealFormsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Data/questionnaires").standardized

    static func read(_ name: String) throws -> Questionnaire {
        try QuestionnaireReader.read(try Data(contentsOf: folder.appendingPathComponent(name)), source: name)
    }

    static func refusal(_ name: String) throws -> QuestionnaireError? {
        do {
            _ = try read(name)
            return nil
        } catch let error as QuestionnaireError {
            return error
        }
    }

    /// LOINC's PHQ-9 as LHC-Forms publishes it: nine questions scored 0 to 3, shown with their
    /// scores as prefixes, the difficulty question unscored, and the total an SDC calculation.
    @Test func lformsPHQ9ReadsWithItsScoresAndTotal() throws {
        let form = try Self.read("lforms-phq9.json")
        #expect(form.codes.first?.code == "44249-1")
        let questions = form.allItems.filter { $0.kind == .choice }
        #expect(questions.map { $0.codes.first?.code } == ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8", "69722-7"])
        for question in questions.prefix(9) {
            #expect(question.options.map(\.score) == [0, 1, 2, 3].map { DecimalNumber($0) }, "\(question.linkId)")
            #expect(question.options.map(\.prefix) == ["0", "1", "2", "3"])
            #expect(question.options.map { $0.value.coding?.code }
                == ["LA6568-5", "LA6569-3", "LA6570-1", "LA6571-9"])
        }
        // As LHC-Forms publishes it, the ninth question may be left unanswered.
        #expect(questions.prefix(9).map(\.required) == Array(repeating: true, count: 8) + [false])
        #expect(questions.last?.options.allSatisfy { $0.score == nil } == true, "the difficulty question is not scored")
        let total = try #require(form.item("/44261-6"))
        #expect(total.calculatedExpression != nil && total.kind == .decimal)
        #expect(!total.variables.variables.isEmpty)
    }

    /// Every form among the real ones that a terminal can fill in reads; those it cannot are
    /// refused with the item and the reason.
    @Test func eachRealFormReadsOrIsRefusedWithTheItemAndWhy() throws {
        for name in ["lforms-phq9.json", "lforms-weight-height-bmi.json", "lforms-enablewhen-expression.json", "smartforms-cvd-risk.json",
                     "android-fhir-context-variables.json"] {
            #expect(throws: Never.self, "\(name)") { _ = try Self.read(name) }
        }
        let cardiology = try #require(try Self.refusal("sdc-cardiology-form.json"))
        #expect(cardiology.message.contains("a file to attach"), "\(cardiology)")
        #expect(cardiology.linkId != nil && cardiology.location.hasPrefix("item["), "\(cardiology)")
        let weights = try #require(try Self.refusal("weight-questionnaire-R4.json"))
        #expect(weights.description == "weight-questionnaire-R4.json: item 'link-1.1.5' (item[0].item[0].item[4]): the value set http://some-value-set-url-3 is not in the file, and careplan has no terminology server to expand it: put it in the form's contained resources, with its expansion or its concepts listed")
    }

    /// Answers from a contained value set come with the scores its concepts or its code system give.
    @Test func aContainedValueSetGivesItsConceptsAndScores() throws {
        let form = try Self.read("weight-questionnaire-R4.json", trimmedTo: ["link-1.1.1", "link-1.1.3", "link-1.1.4", "link-1.1.8"])
        let fromValueSet = try #require(form.item("link-1.1.1"))
        #expect(fromValueSet.options.map(\.score) == [DecimalNumber(2), DecimalNumber(10)])
        #expect(fromValueSet.options.map { $0.value.coding?.system } == ["http://some-system-1", "http://some-system-1"])
        #expect(form.item("link-1.1.3")?.options.first?.score == DecimalNumber(200))
        #expect(form.item("link-1.1.4")?.options.first?.value == .string("string-1"))
        #expect(form.item("link-1.1.8")?.options.first?.value == .integer(2))
    }
}

extension RealFormsTests {
    /// The file with only the named items left in its innermost group (to read the parts of a
    /// form that are fine apart from the parts that are refused).
    static func read(_ name: String, trimmedTo linkIds: Set<String>) throws -> Questionnaire {
        var json = try JSONReader.read(try Data(contentsOf: folder.appendingPathComponent(name)))
        func trim(_ value: JSON) -> JSON {
            guard case .object(var object) = value else { return value }
            if case .array(let items)? = object["item"] {
                object["item"] = .array(items.map(trim).filter { item in
                    item["item"] != nil || linkIds.contains(item["linkId"]?.stringValue ?? "")
                })
            }
            return .object(object)
        }
        json = trim(json)
        return try QuestionnaireReader.read(json, source: name)
    }
}
