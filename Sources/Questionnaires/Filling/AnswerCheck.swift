import FHIRPath
import Localization

/// Whether answers fit their item: one unless it repeats, of the item's kind, one of its options
/// for a choice, within its bounds and length; refused with what the item takes.
struct AnswerCheck {
    let item: QuestionnaireItem
    let shown: Bool

    private func fail(_ message: String) -> AnswerError { AnswerError(linkId: item.linkId, message: message) }

    private var name: String { item.text.map { "'\($0)'" } ?? "'\(item.linkId)'" }

    /// The answers as the response keeps them (a choice as the form's own option).
    func check(_ values: [AnswerValue]) throws(AnswerError) -> [AnswerValue] {
        guard item.kind.isQuestion else { throw fail(tr("{item} is not a question", ["item": name])) }
        guard item.calculatedExpression == nil, !item.readOnly else {
            throw fail(tr("{item} is filled in by the form; it cannot be answered", ["item": name]))
        }
        guard shown || values.isEmpty else { throw fail(tr("{item} is not asked, given the answers so far", ["item": name])) }
        guard values.count <= 1 || item.repeats else { throw fail(tr("{item} takes one answer", ["item": name])) }
        var taken: [AnswerValue] = []
        for value in values { taken.append(try check(value)) }
        return taken
    }

    private func check(_ value: AnswerValue) throws(AnswerError) -> AnswerValue {
        switch (item.kind, value) {
        case (.choice, _), (.openChoice, _):
            if let option = item.options.first(where: { AnswerComparison.equal($0.value, value) }) { return option.value }
            if item.kind == .openChoice, case .string = value { return try within(value) }
            let choices = item.options.map { Self.text($0.value) }.joined(separator: ", ")
            throw fail(tr("{value} is not one of the answers to {item} ({choices})", ["value": Self.text(value), "item": name, "choices": choices]))
        case (.boolean, .boolean), (.integer, .integer), (.decimal, .decimal), (.date, .date), (.dateTime, .dateTime), (.time, .time),
             (.string, .string), (.text, .string), (.url, .string):
            return try within(value)
        case (.decimal, .integer(let number)):
            return try within(.decimal(DecimalNumber(number)))
        case (.dateTime, .date(let date)):
            return try within(.dateTime(date))
        case (.quantity, .quantity(let quantity)):
            guard item.units.isEmpty || item.units.contains(where: { ($0.code ?? $0.display) == (quantity.code ?? quantity.unit) }) else {
                let units = item.units.map { $0.code ?? $0.display ?? "" }.joined(separator: ", ")
                throw fail(tr("{item} is given in {units}, not {unit}", ["item": name, "units": units, "unit": quantity.code ?? quantity.unit ?? ""]))
            }
            return try within(value)
        default:
            throw fail(tr("{item} takes a {kind}, not {value}", ["item": name, "kind": item.kind.rawValue, "value": Self.text(value)]))
        }
    }

    /// The value if it is within the item's bounds and length.
    private func within(_ value: AnswerValue) throws(AnswerError) -> AnswerValue {
        if let minimum = item.minValue, let order = AnswerComparison.order(value, minimum), order < 0 {
            throw fail(tr("{item} takes {minimum} or more, not {value}", ["item": name, "minimum": Self.text(minimum), "value": Self.text(value)]))
        }
        if let maximum = item.maxValue, let order = AnswerComparison.order(value, maximum), order > 0 {
            throw fail(tr("{item} takes {maximum} or less, not {value}", ["item": name, "maximum": Self.text(maximum), "value": Self.text(value)]))
        }
        if let limit = item.maxLength, case .string(let text) = value, text.count > limit {
            throw fail(tr("{item} takes at most {count} characters, not {length}", ["item": name, "count": limit, "length": text.count]))
        }
        return value
    }

    /// An answer as a person reads it: a coding's display (else its code), a date as FHIR writes it.
    static func text(_ value: AnswerValue) -> String {
        switch value {
        case .boolean(let flag): flag ? "true" : "false"
        case .decimal(let number): number.description
        case .integer(let number): String(number)
        case .date(let date), .dateTime(let date), .time(let date): date.text
        case .string(let text): "'\(text)'"
        case .coding(let coding): coding.display ?? coding.code ?? ""
        case .quantity(let quantity): [quantity.value.description, quantity.unit ?? quantity.code].compactMap { $0 }.joined(separator: " ")
        }
    }
}
