import FHIRPath
import Localization

/// careplan's own extensions, which FHIR and SDC have no word for: a score's bands and the answers
/// that need the care team. Read as strictly as FHIR's: a band or an alert that does not read is
/// refused with the form, never ignored.
enum CareplanExtensions {
    /// `{"url": "urn:careplan:extension:score-band", "extension": [{"url": "low", "valueInteger": 5},
    /// {"url": "high", "valueInteger": 9}, {"url": "band", "valueCoding": {"code": "mild", "display": "Mild"}}]}`.
    static func bands(_ extensions: Extensions, kind: ItemKind, values: ValueReading) throws(QuestionnaireError) -> [ScoreBand] {
        let entries = extensions.all(FormExtensions.scoreBand)
        guard !entries.isEmpty else { return [] }
        guard kind == .integer || kind == .decimal else {
            throw values.fail(tr("score bands apply to an integer or decimal item, not a {type} item", ["type": kind.rawValue]))
        }
        var bands: [ScoreBand] = []
        for (index, entry) in entries.enumerated() {
            let parts = Extensions(entry)
            // The bound as a number, and as the file wrote it (for a message).
            func bound(_ name: String) throws(QuestionnaireError) -> (number: Double, written: AnswerValue)? {
                guard let part = parts.first(name) else { return nil }
                switch try values.value(in: part, prefix: "value") {
                case .integer(let n)?: return (Double(n), .integer(n))
                case .decimal(let d)?: return (d.double, .decimal(d))
                default: throw values.fail(tr("score band {index}: {bound} takes a number", ["index": index + 1, "bound": name]))
                }
            }
            let lowBound = try bound("low"), low = lowBound?.number, high = try bound("high")?.number
            guard let coding = parts.first("band")?["valueCoding"].flatMap(values.coding), let code = coding.code ?? coding.display else {
                throw values.fail(tr("score band {index}: needs its band as a valueCoding with a code and display", ["index": index + 1]))
            }
            guard low != nil || high != nil, (low ?? -.infinity) <= (high ?? .infinity) else {
                throw values.fail(tr("score band {index}: needs low, high or both, low no higher than high", ["index": index + 1]))
            }
            if let last = bands.last, let lastHigh = last.high, let lowBound, lowBound.number <= lastHigh {
                throw values.fail(tr("score band {index} starts at {low}, inside the band before it; list bands lowest first, apart",
                                     ["index": index + 1, "low": AnswerCheck.text(lowBound.written)]))
            }
            bands.append(ScoreBand(low: low, high: high, code: code, display: coding.display ?? code))
        }
        return bands
    }

    /// `{"url": "urn:careplan:extension:alert", "extension": [{"url": "kind", "valueCode": "self-harm"},
    /// {"url": "answer", "valueCoding": {...}}, …]}`: each answer given must be one the item offers.
    static func alert(_ extensions: Extensions, item: QuestionnaireItem, values: ValueReading) throws(QuestionnaireError) -> ItemAlert? {
        guard let entry = extensions.first(FormExtensions.alert) else { return nil }
        let parts = Extensions(entry)
        var answers: [AnswerValue] = []
        for part in parts.all("answer") {
            guard let answer = try values.value(in: part, prefix: "value") else { throw values.fail(tr("alert: each answer needs a value[x]")) }
            if !item.options.isEmpty, !item.options.contains(where: { AnswerComparison.equal($0.value, answer) }) {
                throw values.fail(tr("alert: the item offers no answer {answer}", ["answer": answer.coding?.code ?? "\(answer)"]))
            }
            answers.append(answer)
        }
        guard !answers.isEmpty else { throw values.fail(tr("alert: name the answers that raise it (answer)")) }
        return ItemAlert(answers: answers, kind: parts.first("kind")?["valueCode"]?.stringValue)
    }
}
