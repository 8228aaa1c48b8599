import Foundation

/// `toX()` and `convertsToX()` (FHIRPath §5.5): each applies to one item and yields nothing
/// (or false) where the item does not convert; more than one item is an error.
extension Evaluator {
    mutating func conversion(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        guard let item = input.first else { return [] }
        guard input.count == 1 else { throw error("\(function.rawValue)() applies to one item, not \(input.count)", at: offset) }
        let value = item.system
        var unit: String?
        if let node = arguments.first { unit = try stringArgument(node, scope, function, at: offset) }
        switch function {
        case .toBoolean: return Convert.boolean(value).map { [.boolean($0)] } ?? []
        case .convertsToBoolean: return [.boolean(Convert.boolean(value) != nil)]
        case .toInteger: return Convert.integer(value).map { [.integer($0)] } ?? []
        case .convertsToInteger: return [.boolean(Convert.integer(value) != nil)]
        case .toDecimal: return Convert.decimal(value).map { [.decimal($0)] } ?? []
        case .convertsToDecimal: return [.boolean(Convert.decimal(value) != nil)]
        case .toString: return Convert.string(value).map { [.string($0)] } ?? []
        case .convertsToString: return [.boolean(Convert.string(value) != nil)]
        case .toDate: return Convert.temporal(value, .date).map { [.temporal($0)] } ?? []
        case .convertsToDate: return [.boolean(Convert.temporal(value, .date) != nil)]
        case .toDateTime: return Convert.temporal(value, .dateTime).map { [.temporal($0)] } ?? []
        case .convertsToDateTime: return [.boolean(Convert.temporal(value, .dateTime) != nil)]
        case .toTime: return Convert.temporal(value, .time).map { [.temporal($0)] } ?? []
        case .convertsToTime: return [.boolean(Convert.temporal(value, .time) != nil)]
        case .toQuantity:
            guard let quantity = Convert.quantity(item) else { return [] }
            guard let unit, unit != quantity.unit else { return [.quantity(quantity)] }
            return QuantityMath.value(of: quantity, in: unit).map { [.quantity(Quantity(value: DecimalNumber($0), unit: unit))] } ?? []
        default:
            guard let quantity = Convert.quantity(item) else { return [.boolean(false)] }
            guard let unit else { return [.boolean(true)] }
            return [.boolean(QuantityMath.value(of: quantity, in: unit) != nil)]
        }
    }
}

/// The conversions between FHIRPath's types, as the specification's tables list them.
enum Convert {
    static func boolean(_ value: Value?) -> Bool? {
        switch value {
        case .boolean(let flag)?: return flag
        case .integer(let number)?: return number == 1 ? true : (number == 0 ? false : nil)
        case .decimal(let number)?: return number.value == 1 ? true : (number.value.isZero ? false : nil)
        case .string(let text)?:
            switch text.lowercased() {
            case "true", "t", "yes", "y", "1", "1.0": return true
            case "false", "f", "no", "n", "0", "0.0": return false
            default: return nil
            }
        default: return nil
        }
    }

    static func integer(_ value: Value?) -> Int? {
        switch value {
        case .integer(let number)?: return number
        case .boolean(let flag)?: return flag ? 1 : 0
        case .string(let text)?:
            // Digits with an optional sign, nothing else (`1.0` does not convert).
            let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text.first == "+" ? String(digits) : text),
                  number >= Int(Int32.min), number <= Int(Int32.max) else { return nil }
            return number
        default: return nil
        }
    }

    static func decimal(_ value: Value?) -> DecimalNumber? {
        switch value {
        case .decimal(let number)?: return number
        case .integer(let number)?: return DecimalNumber(number)
        case .boolean(let flag)?: return DecimalNumber(Decimal(flag ? 1 : 0), scale: 1)
        case .string(let text)?: return DecimalNumber(text: text, allowExponent: false)
        default: return nil
        }
    }

    static func string(_ value: Value?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .boolean(let flag)?: return flag ? "true" : "false"
        case .integer(let number)?: return String(number)
        case .decimal(let number)?: return number.description
        case .temporal(let time)?: return time.text
        case .quantity(let quantity)?: return quantity.description
        default: return nil
        }
    }

    static func temporal(_ value: Value?, _ kind: Temporal.Kind) -> Temporal? {
        switch value {
        case .temporal(var time)?:
            switch (time.kind, kind) {
            case (.time, .time): return time
            case (.time, _), (_, .time): return nil
            case (_, .date):
                time.kind = .date
                time.precision = min(time.precision, .day)
                time.offset = nil
                return time
            default:
                time.kind = .dateTime
                return time
            }
        case .string(let text)?:
            if kind == .time { return Temporal.parseTime(Substring(text.hasPrefix("T") ? String(text.dropFirst()) : text)) }
            guard var time = Temporal.parseDateTime(Substring(text)) else { return nil }
            if kind == .date {
                guard time.kind == .date else { return nil }
                return time
            }
            time.kind = .dateTime
            return time
        default:
            return nil
        }
    }

    /// A quantity from a Quantity, a number (unit `1`), a Boolean, a FHIR Quantity element, or a
    /// string such as `5.5 'mg'`, `4 days` or `1 day`.
    static func quantity(_ item: Value) -> Quantity? {
        if case .element(let element) = item, element.primitive == nil, case .object(let object)? = element.json {
            return quantity(object)
        }
        switch item.system {
        case .quantity(let quantity)?: return quantity
        case .integer(let number)?: return Quantity(value: DecimalNumber(number), unit: "1")
        case .decimal(let number)?: return Quantity(value: number, unit: "1")
        case .boolean(let flag)?: return Quantity(value: DecimalNumber(Decimal(flag ? 1 : 0), scale: 1), unit: "1")
        case .string(let text)?: return parseQuantity(text)
        default: return nil
        }
    }

    /// A FHIR Quantity's JSON: its value, in its UCUM code where it has one, else its unit text.
    static func quantity(_ object: JSONObject) -> Quantity? {
        guard case .number(let text)? = object["value"], let number = DecimalNumber(text: text) else { return nil }
        let system = object["system"]?.stringValue
        let code = object["code"]?.stringValue
        let unit = (system == nil || system == "http://unitsofmeasure.org") ? (code ?? object["unit"]?.stringValue) : object["unit"]?.stringValue
        return Quantity(value: number, unit: unit ?? "1")
    }

    /// `5.5 'mg'`, `5.5`, `4 days`: a number, then a quoted UCUM unit or a calendar word.
    static func parseQuantity(_ text: String) -> Quantity? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: " ", maxSplits: 1)
        guard let first = parts.first, let number = DecimalNumber(text: String(first), allowExponent: false) else { return nil }
        guard parts.count == 2 else { return Quantity(value: number, unit: "1") }
        let unit = parts[1].trimmingCharacters(in: .whitespaces)
        if unit.count >= 2, unit.hasPrefix("'"), unit.hasSuffix("'") {
            return Quantity(value: number, unit: String(unit.dropFirst().dropLast()))
        }
        return Quantity.calendarUnit(unit).map { Quantity(value: number, unit: $0) }
    }
}
