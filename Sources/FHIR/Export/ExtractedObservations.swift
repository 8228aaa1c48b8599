import CarePlanStore
import FHIRPath
import Questionnaires

/// SDC's observation extraction: each answer to a question the form marks `observationExtract`
/// becomes an Observation of the question's code, derived from the response, so a clinic's
/// software that reads Observations (a weight, a smoking status) sees what the form collected.
extension BundleBuilder {
    /// One answer to extract: the question, which of its answers in the response (counted in the
    /// response's order), and the answer's `value[x]`.
    struct ExtractedAnswer {
        var linkId: String
        var index: Int
        var codes: [AnswerCoding]
        var value: (key: String, value: JSON)
    }

    /// The answers of `response` that `scores` says are extracted.
    static func extractedAnswers(_ response: StoredResponse, scores: FormScores?) -> [ExtractedAnswer] {
        guard let extracted = scores?.extracted, !extracted.isEmpty, let items = try? JSONReader.read(response.items) else { return [] }
        var found: [ExtractedAnswer] = [], counts: [String: Int] = [:]
        func walk(_ items: [JSON]) {
            for item in items {
                let linkId = item["linkId"]?.stringValue ?? ""
                for answer in item["answer"]?.items ?? [] {
                    if let codes = extracted[linkId], let value = answer.objectValue?.members.first(where: { $0.key.hasPrefix("value") }) {
                        found.append(ExtractedAnswer(linkId: linkId, index: counts[linkId, default: 0], codes: codes, value: value))
                        counts[linkId, default: 0] += 1
                    }
                    walk(answer["item"]?.items ?? [])
                }
                walk(item["item"]?.items ?? [])
            }
        }
        walk(items.items)
        return found
    }

    /// What the identifier of an Observation extracted from a response starts with.
    public static let extractKeyPrefix = "extract/"

    /// The key of an extracted answer's Observation: what its identifier and id are made from.
    static func extractKey(_ response: StoredResponse, linkId: String, index: Int) -> String {
        extractKeyPrefix + "\(response.activityId)/\(response.date.iso)/\(response.occurrence)/\(linkId)/\(index)"
    }

    /// The Observations `response`'s extracted answers make, each derived from `derivedFrom` (the
    /// response's reference). An answer of a kind an Observation cannot hold (an attachment, a
    /// reference) is not extracted.
    func extractedObservations(_ response: StoredResponse, scores: FormScores?, derivedFrom: Reference) -> [Observation] {
        Self.extractedAnswers(response, scores: scores).compactMap { answer in
            let key = Self.extractKey(response, linkId: answer.linkId, index: answer.index)
            let code = CodeableConcept(coding: answer.codes.map { Coding(system: $0.system, code: $0.code, display: $0.display) })
            var observation = Observation(id: uuid(key), identifier: [Identifier(system: system, value: key)], status: "final", code: code)
            guard Self.apply(answer.value, to: &observation) else { return nil }
            observation.subject = patientReference
            let authored = response.completedAt?.localISO8601(offset: response.utcOffset)
            observation.effectiveDateTime = authored
            observation.issued = authored
            observation.performer = response.author == nil ? [patientReference] : nil
            observation.derivedFrom = [derivedFrom]
            return observation
        }
    }

    /// The withdrawal of what `extractedObservations` made for `response`: the same ids, `entered-in-error`.
    func withdrawnExtractions(_ response: StoredResponse, scores: FormScores?) -> [Observation] {
        Self.extractedAnswers(response, scores: scores).map { answer in
            let key = Self.extractKey(response, linkId: answer.linkId, index: answer.index)
            let code = CodeableConcept(coding: answer.codes.map { Coding(system: $0.system, code: $0.code, display: $0.display) })
            var observation = Observation(id: uuid(key), identifier: [Identifier(system: system, value: key)], status: "entered-in-error", code: code)
            observation.subject = patientReference
            return observation
        }
    }

    /// An answer's `value[x]` as the Observation's value; false for a kind it has no value for.
    static func apply(_ answer: (key: String, value: JSON), to observation: inout Observation) -> Bool {
        switch (answer.key, answer.value) {
        case ("valueBoolean", .bool(let flag)): observation.valueBoolean = flag
        case ("valueInteger", .number(let text)):
            guard let number = Int(text) else { return false }
            observation.valueInteger = number
        case ("valueDecimal", .number(let text)):
            guard let number = Double(text) else { return false }
            observation.valueQuantity = Quantity(value: number)
        case ("valueString", .string(let text)): observation.valueString = text
        case ("valueDate", .string(let text)), ("valueDateTime", .string(let text)): observation.valueDateTime = text
        case ("valueTime", .string(let text)): observation.valueTime = text
        case ("valueCoding", .object(let coding)):
            observation.valueCodeableConcept = CodeableConcept(coding: [Coding(system: coding["system"]?.stringValue, code: coding["code"]?.stringValue,
                                                                               display: coding["display"]?.stringValue)])
        case ("valueQuantity", .object(let quantity)):
            guard case .number(let text)? = quantity["value"], let number = Double(text) else { return false }
            observation.valueQuantity = Quantity(value: number, unit: quantity["unit"]?.stringValue, system: quantity["system"]?.stringValue,
                                                 code: quantity["code"]?.stringValue)
        default: return false
        }
        return true
    }
}
