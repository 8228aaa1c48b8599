import FHIRPath
import Localization

/// Reading FHIR's `value[x]` (and `answer[x]`) into an `AnswerValue`, and the few primitives a
/// form's elements hold, refusing with what was expected.
struct ValueReading {
    let fail: (_ message: String) -> QuestionnaireError

    /// The `prefix[x]` member of `object` (`valueCoding`, `answerInteger`), nil when there is none.
    func value(in object: JSONObject, prefix: String) throws(QuestionnaireError) -> AnswerValue? {
        guard let member = object.members.first(where: { $0.key.hasPrefix(prefix) && $0.key.count > prefix.count
            && $0.key.dropFirst(prefix.count).first?.isUppercase == true }) else { return nil }
        let type = String(member.key.dropFirst(prefix.count))
        let json = member.value
        switch type {
        case "Boolean":
            guard case .bool(let flag) = json else { throw expected(member.key, tr("true or false")) }
            return .boolean(flag)
        case "Decimal":
            guard case .number(let text) = json, let number = DecimalNumber(text: text) else { throw expected(member.key, tr("a number")) }
            return .decimal(number)
        case "Integer":
            guard case .number(let text) = json, let number = Int(text) else { throw expected(member.key, tr("a whole number")) }
            return .integer(number)
        case "Date", "DateTime":
            guard let text = json.stringValue, let date = Temporal.parseDateTime(Substring(text)) else {
                throw expected(member.key, tr("a date such as 2026-11-28"))
            }
            return type == "Date" ? .date(date) : .dateTime(date)
        case "Time":
            guard let text = json.stringValue, let time = Temporal.parseTime(Substring(text)) else { throw expected(member.key, tr("a time such as 09:30")) }
            return .time(time)
        case "String", "Uri", "Url", "Code", "Markdown":
            guard let text = json.stringValue else { throw expected(member.key, tr("text")) }
            return .string(text)
        case "Coding":
            guard let coding = self.coding(json) else { throw expected(member.key, tr("a coding (system, code, display)")) }
            return .coding(coding)
        case "Quantity":
            guard case .number(let text)? = json["value"], let number = DecimalNumber(text: text) else {
                throw expected(member.key, tr("a quantity with a value"))
            }
            return .quantity(AnswerQuantity(value: number, unit: json["unit"]?.stringValue, system: json["system"]?.stringValue,
                                            code: json["code"]?.stringValue))
        default:
            throw fail(tr("{member}: careplan cannot ask for or compare a {type}", ["member": member.key, "type": type]))
        }
    }

    func coding(_ json: JSON) -> AnswerCoding? {
        guard case .object(let object) = json else { return nil }
        let coding = AnswerCoding(system: object["system"]?.stringValue, code: object["code"]?.stringValue, display: object["display"]?.stringValue)
        return coding.code == nil && coding.display == nil ? nil : coding
    }

    func bool(_ json: JSON?, _ name: String) throws(QuestionnaireError) -> Bool? {
        guard let json else { return nil }
        guard case .bool(let flag) = json else { throw expected(name, tr("true or false")) }
        return flag
    }

    func string(_ json: JSON?, _ name: String) throws(QuestionnaireError) -> String? {
        guard let json else { return nil }
        guard let text = json.stringValue else { throw expected(name, tr("text")) }
        return text
    }

    func integer(_ json: JSON?, _ name: String) throws(QuestionnaireError) -> Int? {
        guard let json else { return nil }
        guard case .number(let text) = json, let number = Int(text) else { throw expected(name, tr("a whole number")) }
        return number
    }

    func expected(_ name: String, _ what: String) -> QuestionnaireError {
        fail(tr("{name}: expected {what}", ["name": name, "what": what]))
    }
}
