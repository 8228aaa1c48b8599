import FHIRPath
import Foundation
import Testing
@testable import Questionnaires

/// The instruments careplan ships (`instruments/`): PHQ-9, GAD-7 and PHQ-2 as FHIR Questionnaires
/// with their LOINC codes, the published 0–3 scores, the permission statement, and a total that
/// is the sum of the scores once every scored question is answered.
@Suite struct InstrumentTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../instruments").standardized

    static func read(_ name: String) throws -> Questionnaire {
        try QuestionnaireReader.read(try Data(contentsOf: folder.appendingPathComponent(name + ".json")), source: name)
    }

    struct Instrument: Sendable, CustomStringConvertible {
        let name: String
        let panel: String
        let questions: [String]
        let total: String
        var description: String { name }
    }

    static let instruments = [
        Instrument(name: "phq-9", panel: "44249-1",
                   questions: ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"], total: "44261-6"),
        Instrument(name: "gad-7", panel: "69737-5", questions: ["69725-0", "68509-9", "69733-4", "69734-2", "69735-9", "69689-8", "69736-7"], total: "70274-6"),
        Instrument(name: "phq-2", panel: "55757-9", questions: ["44250-9", "44255-8"], total: "55758-7"),
    ]

    /// Codes, answers and scores as published, and Pfizer's statement in `copyright`.
    @Test(arguments: instruments)
    func eachInstrumentIsAsPublished(_ instrument: Instrument) throws {
        let form = try Self.read(instrument.name)
        #expect(form.codes.map(\.code) == [instrument.panel] && form.codes.first?.system == "http://loinc.org")
        #expect(form.copyright?.contains("No permission required to reproduce, translate, display or distribute.") == true)
        #expect(form.canonical == "urn:careplan:questionnaire:\(instrument.name)|1.0.0")
        let questions = form.allItems.filter { $0.kind == .choice && $0.options.contains { $0.score != nil } }
        #expect(questions.map(\.linkId) == instrument.questions)
        for question in questions {
            #expect(question.codes.map(\.code) == [question.linkId])
            #expect(question.required)
            #expect(question.options.map { $0.value.coding?.code } == ["LA6568-5", "LA6569-3", "LA6570-1", "LA6571-9"])
            #expect(question.options.map { $0.value.coding?.display } == ["Not at all", "Several days", "More than half the days", "Nearly every day"])
            #expect(question.options.map(\.score) == (0...3).map { DecimalNumber($0) })
        }
        let total = try #require(form.item(instrument.total))
        #expect(total.readOnly && total.calculatedExpression != nil && total.codes.map(\.code) == [instrument.total])
    }

    /// The published bands of each total (PHQ-9: 5, 10, 15 and 20 start mild to severe; GAD-7: 5,
    /// 10, 15; PHQ-2: 3 and above screens positive), every score in exactly one band, and PHQ-9's
    /// ninth question raising an alert on every answer but "Not at all".
    @Test func theTotalsMeanWhatThePublishedBandsSay() throws {
        let starts = ["phq-9": [0: "minimal", 5: "mild", 10: "moderate", 15: "moderately-severe", 20: "severe"],
                      "gad-7": [0: "minimal", 5: "mild", 10: "moderate", 15: "severe"], "phq-2": [0: "negative", 3: "positive"]]
        for instrument in Self.instruments {
            let total = try #require(try Self.read(instrument.name).item(instrument.total))
            let table = try #require(starts[instrument.name])
            let top = instrument.questions.count * 3
            var expected = ""
            for score in 0...top {
                expected = table[score] ?? expected
                #expect(total.band(of: Double(score))?.code == expected, "\(instrument.name) \(score)")
            }
            #expect(total.band(of: Double(top + 1)) == nil && total.bands.first?.low == 0 && total.bands.last?.high == Double(top))
        }
        let form = try Self.read("phq-9")
        let ninth = try #require(form.item("44260-8")?.alert)
        #expect(ninth.kind == "self-harm" && ninth.answers.compactMap { $0.coding?.code } == ["LA6569-3", "LA6570-1", "LA6571-9"])
        #expect(form.allItems.filter { $0.alert != nil }.map(\.linkId) == ["44260-8"])
    }

    /// Each answer of each question moves the total by its score; nothing is totalled until every
    /// scored question is answered; and spreads of whole forms total their scores.
    @Test(arguments: instruments)
    func theTotalIsTheSumOfTheScores(_ instrument: Instrument) throws {
        let form = try Self.read(instrument.name)
        var response = FormResponse(form: form)
        let choose = { (response: inout FormResponse, linkId: String, score: Int) throws in
            try response.answer(linkId, [form.item(linkId)!.options[score].value])
        }
        for linkId in instrument.questions.dropLast() { try choose(&response, linkId, 0) }
        #expect(response.answers(instrument.total).isEmpty, "one question unanswered")
        try choose(&response, instrument.questions.last!, 0)
        #expect(response.answers(instrument.total) == [.integer(0)])
        for linkId in instrument.questions {
            for score in 0...3 {
                try choose(&response, linkId, score)
                #expect(response.answers(instrument.total) == [.integer(score)], "\(linkId) answered \(score)")
            }
            try choose(&response, linkId, 0)
        }
        var state: UInt64 = UInt64(instrument.questions.count)
        for _ in 0..<6 {
            var sum = 0
            for linkId in instrument.questions {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let score = Int(state >> 33) % 4
                sum += score
                try choose(&response, linkId, score)
            }
            #expect(response.answers(instrument.total) == [.integer(sum)])
        }
        #expect(response.problems.isEmpty, "\(response.problems)")
        #expect(response.unanswered.isEmpty)
    }

    /// PHQ-2 over every combination of its two answers.
    @Test func phq2OverEveryCombination() throws {
        let form = try Self.read("phq-2")
        var response = FormResponse(form: form)
        for first in 0...3 {
            for second in 0...3 {
                try response.answer("44250-9", [form.item("44250-9")!.options[first].value])
                try response.answer("44255-8", [form.item("44255-8")!.options[second].value])
                #expect(response.answers("55758-7") == [.integer(first + second)])
            }
        }
    }

    /// PHQ-9's question on how difficult the problems made life is asked only once a problem was
    /// checked off, as the form says.
    @Test func phq9AsksAboutDifficultyOnlyWhenAProblemWasCheckedOff() throws {
        let form = try Self.read("phq-9")
        var response = FormResponse(form: form)
        for linkId in Self.instruments[0].questions { try response.answer(linkId, [form.item(linkId)!.options[0].value]) }
        #expect(!response.isEnabled("69722-7"))
        try response.answer("44252-5", [form.item("44252-5")!.options[1].value])
        #expect(response.isEnabled("69722-7"))
        #expect(!response.unanswered.contains { $0.linkId == "69722-7" }, "it may be left unanswered")
    }
}
