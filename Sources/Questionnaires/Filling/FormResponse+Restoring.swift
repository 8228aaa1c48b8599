import FHIRPath
import Localization

/// A response read back: a QuestionnaireResponse's items (a draft the store kept, a file given to
/// `careplan answer --answers`) answered into a new response to the same form, each answer checked
/// as if typed. Calculated and read-only items are worked out again, never taken from the file.
extension FormResponse {
    /// Settled once, with every answer given together, as `init(form:answering:)` does (opening
    /// the form first only when it has an `initialExpression`), not opened and then settled again.
    public init(form: Questionnaire, restoring items: JSON, context: FormContext = FormContext()) throws(AnswerError) {
        var found: [(linkId: String, values: [AnswerValue])] = []
        try Self.collect(items, into: &found)
        var answers: [(linkId: String, values: [AnswerValue])] = []
        for (linkId, values) in found {
            guard let item = form.item(linkId) else {
                throw AnswerError(linkId: linkId, message: tr("the form has no item '{linkId}'", ["linkId": linkId]))
            }
            if item.readOnly || item.calculatedExpression != nil || !item.kind.isQuestion { continue }
            answers.append((linkId, values))
        }
        try self.init(form: form, answering: answers, context: context)
    }

    /// The answers of `items` (a QuestionnaireResponse's `item` list, or the whole resource), in
    /// document order, follow-ups under an answer included.
    private static func collect(_ json: JSON, into found: inout [(linkId: String, values: [AnswerValue])]) throws(AnswerError) {
        let list: [JSON]
        switch json {
        case .array(let items): list = items
        case .object(let object) where object["item"] != nil: return try collect(object["item"]!, into: &found)
        default: list = []
        }
        for entry in list {
            guard case .object(let item) = entry, let linkId = item["linkId"]?.stringValue else {
                throw AnswerError(linkId: "", message: tr("each item needs a linkId"))
            }
            var values: [AnswerValue] = []
            if case .array(let answers)? = item["answer"] {
                for answer in answers {
                    guard case .object(let object) = answer else { continue }
                    let reading = ValueReading { message in QuestionnaireError(source: "", linkId: linkId, message: message) }
                    do {
                        if let value = try reading.value(in: object, prefix: "value") { values.append(value) }
                    } catch {
                        throw AnswerError(linkId: linkId, message: error.message)
                    }
                    if let nested = object["item"] { try collect(nested, into: &found) }
                }
            }
            if !values.isEmpty { found.append((linkId, values)) }
            if let nested = item["item"] { try collect(nested, into: &found) }
        }
    }
}
