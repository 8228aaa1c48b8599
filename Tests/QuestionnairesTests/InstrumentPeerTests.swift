import FHIRPath
import Foundation
import FHIRPathSuite
import Testing
@testable import Questionnaires

/// The instruments' scoring against fhirpathpy (PyPI, pinned in Tests/FHIRPathPeer), which reads
/// every score from the same Questionnaire its own way (Tests/FHIRPathPeer/instrument_scores.py):
/// careplan's totals, from its reader, its form filler and the form's own calculation, must be the
/// sums of fhirpathpy's scores for every combination of GAD-7's and PHQ-2's answers, and for
/// fhirpathpy's seeded whole responses of all three.
@Suite struct InstrumentPeerTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// fhirpathpy's findings: instrument → (question → answer code → score), and its responses.
    static func peer() throws -> JSON {
        try FHIRPathPeer.run("instrument_scores.py", repository: repository)
    }

    static func number(_ json: JSON?) -> DecimalNumber? { json?.stringValue.flatMap { DecimalNumber(text: $0) } }

    @Test func totalsAreTheSumsOfTheScoresFhirpathpyReads() throws {
        let peer = try Self.peer()
        for name in ["phq-9", "gad-7", "phq-2"] {
            let form = try InstrumentTests.read(name)
            let instrument = try #require(InstrumentTests.instruments.first { $0.name == name })
            let scores = try #require(peer[name]?["scores"]?.objectValue, "\(name)")
            #expect(scores.keys == instrument.questions, "\(name): fhirpathpy finds the same scored questions")
            // Each answer's score: the one careplan's reader found, fhirpathpy's.
            var table: [String: [DecimalNumber]] = [:]
            for linkId in instrument.questions {
                let options = try #require(form.item(linkId)?.options)
                table[linkId] = try options.map { option in
                    let theirs = try #require(Self.number(scores[linkId]?[option.value.coding?.code ?? ""]?.items.first))
                    #expect(option.score == theirs, "\(name) \(linkId) \(option.value.coding?.code ?? "")")
                    return theirs
                }
            }
            var response = FormResponse(form: form)
            // Every combination, as an odometer: one answer changes at most steps.
            if name != "phq-9" {
                var digits = Array(repeating: -1, count: instrument.questions.count)
                var checked = 0
                for combination in 0..<Int(pow(4.0, Double(digits.count))) {
                    var rest = combination
                    var sum = DecimalNumber(0)
                    for (index, linkId) in instrument.questions.enumerated() {
                        let digit = rest % 4
                        rest /= 4
                        if digits[index] != digit {
                            try response.answer(linkId, [form.item(linkId)!.options[digit].value])
                            digits[index] = digit
                        }
                        sum = DecimalNumber(sum.value + table[linkId]![digit].value)
                    }
                    guard let total = response.answers(instrument.total).first, case .integer(let ours) = total,
                          Decimal(ours) == sum.value else {
                        Issue.record("\(name) \(digits): careplan \(response.answers(instrument.total)), fhirpathpy's scores sum to \(sum)")
                        return
                    }
                    checked += 1
                }
                #expect(checked == Int(pow(4.0, Double(instrument.questions.count))))
            }
            // fhirpathpy's own whole responses.
            for entry in peer[name]?["responses"]?.items ?? [] {
                for linkId in instrument.questions {
                    let code = try #require(entry["answers"]?[linkId]?.stringValue)
                    let option = try #require(form.item(linkId)?.options.first { $0.value.coding?.code == code })
                    try response.answer(linkId, [option.value])
                }
                let theirs = try #require(Self.number(entry["total"]))
                #expect(response.answers(instrument.total) == [.integer(NSDecimalNumber(decimal: theirs.value).intValue)], "\(name) \(entry)")
            }
        }
    }
}
