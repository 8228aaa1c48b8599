import FHIRPath
import Localization

/// An expression's result as an item's answers: a number for a decimal item, a Coding (or an
/// option's code or text) for a choice, and so on; anything else is a problem named, not a guess.
enum ExpressionAnswers {
    struct Mismatch: Error { let message: String }

    static func convert(_ values: [Value], for item: QuestionnaireItem) -> Result<[AnswerValue], Mismatch> {
        var answers: [AnswerValue] = []
        for value in values {
            guard let answer = answer(value, for: item) else {
                return .failure(Mismatch(message: tr("its expression gave {value} ({type}), which a {kind} item cannot hold",
                                                     ["value": FHIRPathText.display(value), "type": FHIRPathText.typeName(value), "kind": item.kind.rawValue])))
            }
            answers.append(answer)
        }
        if answers.count > 1, !item.repeats {
            return .failure(Mismatch(message: tr("its expression gave {count} values for an item that takes one", ["count": answers.count])))
        }
        return .success(answers)
    }

    private static func answer(_ value: Value, for item: QuestionnaireItem) -> AnswerValue? {
        let system = value.system
        switch (item.kind, system) {
        case (.boolean, .boolean(let flag)?): return .boolean(flag)
        case (.decimal, .decimal(let number)?): return .decimal(number)
        case (.decimal, .integer(let number)?): return .decimal(DecimalNumber(number))
        case (.integer, .integer(let number)?): return .integer(number)
        case (.integer, .decimal(let number)?) where number.isInteger: return Int("\(number.rounded(0, .plain))").map(AnswerValue.integer)
        case (.string, .string(let text)?), (.text, .string(let text)?), (.url, .string(let text)?): return .string(text)
        case (.date, .temporal(let date)?) where date.kind == .date: return .date(date)
        case (.dateTime, .temporal(let date)?) where date.kind != .time: return .dateTime(date)
        case (.time, .temporal(let time)?) where time.kind == .time: return .time(time)
        case (.quantity, .quantity(let quantity)?):
            return .quantity(AnswerQuantity(value: quantity.value, unit: quantity.unit, system: "http://unitsofmeasure.org", code: quantity.unit))
        case (.choice, _), (.openChoice, _):
            // A Coding element, or a value matching one of the options.
            if case .element(let element) = value, let json = element.json, case .object = json,
               let coding = ValueReading(fail: { QuestionnaireError(source: "", message: $0) }).coding(json) {
                return item.options.first { $0.value == .coding(coding) }?.value ?? .coding(coding)
            }
            let simple: AnswerValue? = switch system {
            case .string(let text)?: .string(text)
            case .integer(let number)?: .integer(number)
            default: nil
            }
            guard let simple else { return nil }
            if let option = item.options.first(where: { AnswerComparison.equal($0.value, simple) }) { return option.value }
            return item.kind == .openChoice ? simple : nil
        default:
            return nil
        }
    }
}
