import Foundation

/// Turns what a user typed for an assessment into validated values in the measure's units.
///
/// One input per field (`128 84` for blood pressure). A number may carry its unit (`99.1 degF`,
/// `99.1degF`) or take it from `--unit`; a compatible unit is converted and both forms are kept.
/// Every rejection says what would have been accepted.
public enum ReadingParser {
    public static func values(for activity: Activity, inputs: [String], unit: String? = nil) throws -> [ReadingValue] {
        guard let measure = activity.measure else { throw CarePlanError.wrongKind(id: activity.id, kind: activity.kind) }
        if measure.type == .sleep {
            throw CarePlanError.invalidValue(id: activity.id, field: "value", message: "a sleep diary takes its times as options, not values, e.g. careplan log \(activity.id) --bed 23:10 --lights-out 23:30 --latency 20 --awakenings 2 --awake 25 --wake 06:40 --up 07:00 --quality 3")
        }
        if measure.type == .text {
            if unit != nil { throw CarePlanError.unitNotAllowed(id: activity.id) }
            let text = inputs.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw CarePlanError.invalidValue(id: activity.id, field: "value", message: "enter some text") }
            if let problem = InputLimits.check(text, InputLimits.longText, "the text") {
                throw CarePlanError.invalidValue(id: activity.id, field: "value", message: problem)
            }
            return [ReadingValue(name: "value", text: text)]
        }
        // `99.1 °F` typed as two words is one value and its unit.
        if measure.fields.count == 1, inputs.count == 2, unit == nil, UnitRegistry.unit(inputs[1]) != nil, Double(inputs[0]) != nil {
            return [try value(inputs[0] + " " + inputs[1], field: measure.fields[0], type: measure.type, unit: nil, id: activity.id)]
        }
        var inputs = inputs, unit = unit
        // `128/84`, as careplan prints a blood pressure, is the two readings; `128/84 mmHg` too.
        if measure.fields.count > 1, inputs.first?.contains("/") == true,
           inputs.count == 1 || (inputs.count == 2 && unit == nil && UnitRegistry.unit(inputs[1]) != nil) {
            let parts = inputs[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == measure.fields.count else {
                throw CarePlanError.invalidValue(id: activity.id, field: "value", message: "give the \(measure.fields.count) values (\(measure.fields.map(\.name).joined(separator: ", "))) separated by / or spaces, e.g. careplan log \(activity.id) \(Self.example(measure))")
            }
            if inputs.count == 2 { unit = inputs[1] }
            inputs = parts
        }
        guard inputs.count == measure.fields.count else {
            throw CarePlanError.wrongValueCount(id: activity.id, expected: measure.fields.map(\.name), got: inputs.count)
        }
        return try zip(measure.fields, inputs).map { field, input in
            try value(input, field: field, type: measure.type, unit: unit, id: activity.id)
        }
    }

    /// A reading inside each field's normal band (or its range), as an example to type.
    static func example(_ measure: Measure) -> String {
        measure.fields.map { field in
            let band = field.normal ?? field.range ?? 0...0
            return NumberText.string(((band.lowerBound + band.upperBound) / 2).rounded())
        }.joined(separator: "/")
    }

    static func value(_ input: String, field: Measure.Field, type: Measure.ValueType, unit: String?, id: String) throws -> ReadingValue {
        let text = input.trimmingCharacters(in: .whitespaces)
        func invalid(_ message: String) -> CarePlanError { .invalidValue(id: id, field: field.name, message: message) }
        switch type {
        case .boolean:
            if unit != nil { throw CarePlanError.unitNotAllowed(id: id) }
            switch text.lowercased() {
            case "yes", "y", "true", "1": return ReadingValue(name: field.name, value: 1, text: "yes")
            case "no", "n", "false", "0": return ReadingValue(name: field.name, value: 0, text: "no")
            default: throw invalid("'\(text)' is not yes or no; enter yes or no")
            }
        case .choice:
            if unit != nil { throw CarePlanError.unitNotAllowed(id: id) }
            guard let index = field.options.firstIndex(where: { $0.lowercased() == text.lowercased() }) else {
                throw invalid("'\(text)' is not an option; choose one of: \(field.options.joined(separator: ", "))")
            }
            return ReadingValue(name: field.name, value: Double(index), text: field.options[index])
        case .scale:
            if unit != nil { throw CarePlanError.unitNotAllowed(id: id) }
            let range = field.range ?? 0...10
            let bounds = "\(NumberText.string(range.lowerBound)) to \(NumberText.string(range.upperBound))"
            guard let number = Int(text) else { throw invalid("'\(text)' is not a whole number; enter a whole number from \(bounds)") }
            guard range.contains(Double(number)) else { throw invalid("\(number) is outside the scale; enter a whole number from \(bounds)") }
            return ReadingValue(name: field.name, value: Double(number))
        case .number, .integer:
            return try quantity(text, field: field, wholeNumber: type == .integer, unit: unit, id: id)
        case .text:
            return ReadingValue(name: field.name, text: text)
        case .sleep:
            throw invalid("a sleep diary's values come from SleepDiary.values")
        }
    }

    static func quantity(_ text: String, field: Measure.Field, wholeNumber: Bool, unit: String?, id: String) throws -> ReadingValue {
        func invalid(_ message: String) -> CarePlanError { .invalidValue(id: id, field: field.name, message: message) }
        let (numberText, inlineUnit) = splitNumber(text)
        let bounds = field.range.map { " from \(NumberText.string($0.lowerBound)) to \(NumberText.string($0.upperBound))" } ?? ""
        let example = (wholeNumber ? "a whole number" : "a number") + bounds
        guard let entered = Double(numberText), entered.isFinite, !numberText.isEmpty else {
            throw invalid("'\(text)' is not a number; enter \(example)\(field.unit.map { " (in \(UnitRegistry.display($0)))" } ?? "")")
        }
        let measureUnit = field.unit.flatMap(UnitRegistry.unit)
        var value = entered
        var enteredUnit: String?
        if let symbol = inlineUnit ?? unit, !symbol.isEmpty {
            guard let measureUnit else { throw CarePlanError.unitNotAllowed(id: id) }
            let accepted = UnitRegistry.compatible(with: measureUnit).map(\.display)
            guard let given = UnitRegistry.unit(symbol) else { throw CarePlanError.unknownUnit(symbol, accepted: accepted) }
            guard let converted = UnitRegistry.convert(entered, from: given, to: measureUnit) else {
                throw CarePlanError.incompatibleUnit(symbol, measureUnit: measureUnit.display, accepted: accepted)
            }
            if given != measureUnit {
                value = converted
                enteredUnit = given.symbol
            }
        }
        if wholeNumber {
            if enteredUnit == nil, entered != entered.rounded() { throw invalid("'\(text)' is not a whole number; enter \(example)") }
            value = value.rounded()
        } else if let decimals = field.decimals ?? (enteredUnit == nil ? nil : 2) {
            // A converted value carries no more precision than was typed; without `decimals`, two.
            let scale = pow(10, Double(decimals))
            value = (value * scale).rounded() / scale
        }
        if let range = field.range, !range.contains(value) {
            let unitSuffix = ReadingText.unitSuffix(field.unit)
            let shown = enteredUnit.map { "\(NumberText.string(entered))\(ReadingText.unitSuffix($0)) (\(NumberText.string(value))\(unitSuffix))" } ?? "\(NumberText.string(value))\(unitSuffix)"
            throw invalid("\(shown) is outside the accepted range \(NumberText.string(range.lowerBound))–\(NumberText.string(range.upperBound))\(unitSuffix)")
        }
        return ReadingValue(name: field.name, value: value, unit: field.unit,
                            enteredValue: enteredUnit == nil ? nil : entered, enteredUnit: enteredUnit)
    }

    /// "99.1 degF" → ("99.1", "degF"); "72" → ("72", nil).
    static func splitNumber(_ text: String) -> (String, String?) {
        let numeric = text.prefix { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        // An `e` that starts a unit is not an exponent; keep only what parses as a number.
        var number = String(numeric)
        while !number.isEmpty, Double(number) == nil { number.removeLast() }
        let rest = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        // "37,2" is not 37 in a unit called ",2": units start with a letter, %, ° or /.
        if let first = rest.first, !(first.isLetter || "%°/".contains(first)) { return (text, nil) }
        return (number.isEmpty ? text : number, rest.isEmpty ? nil : rest)
    }
}
