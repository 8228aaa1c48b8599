import Foundation
import Localization

/// Turns what a user typed for an assessment into validated values in the measure's units.
///
/// One input per field (`128 84` for blood pressure). A number may carry its unit (`99.1 degF`,
/// `99.1degF`) or take it from `--unit`; a compatible unit is converted and both forms are kept.
/// A decimal is typed with a point in every language, and with a comma too in a language that
/// writes one (`37,2` in Polish): `number(_:decimalSeparator:)`. Every rejection says what would
/// have been accepted.
public enum ReadingParser {
    public static func values(for activity: Activity, inputs: [String], unit: String? = nil) throws -> [ReadingValue] {
        guard let measure = activity.measure else { throw CarePlanError.wrongKind(id: activity.id, kind: activity.kind) }
        if measure.type == .sleep {
            let message = tr("a sleep diary takes its times as options, not values, e.g. careplan log {id} --bed 23:10 --lights-out 23:30 --latency 20 --awakenings 2 --awake 25 --wake 06:40 --up 07:00 --quality 3",
                             ["id": activity.id])
            throw CarePlanError.invalidValue(id: activity.id, field: "value", message: message)
        }
        if measure.type == .text {
            if unit != nil { throw CarePlanError.unitNotAllowed(id: activity.id) }
            let text = String(inputs.joined(separator: " ").trimmingWhitespace)
            guard !text.isEmpty else { throw CarePlanError.invalidValue(id: activity.id, field: "value", message: tr("enter some text")) }
            if let problem = InputLimits.check(text, InputLimits.longText, .text) {
                throw CarePlanError.invalidValue(id: activity.id, field: "value", message: problem)
            }
            return [ReadingValue(name: "value", text: text)]
        }
        // `99.1 °F` typed as two words is one value and its unit.
        if measure.fields.count == 1, inputs.count == 2, unit == nil, UnitRegistry.unit(inputs[1]) != nil, number(inputs[0]) != nil {
            return [try value(inputs[0] + " " + inputs[1], field: measure.fields[0], type: measure.type, unit: nil, id: activity.id)]
        }
        var inputs = inputs, unit = unit
        // `128/84`, as careplan prints a blood pressure, is the two readings; `128/84 mmHg` too.
        if measure.fields.count > 1, inputs.first?.contains("/") == true,
           inputs.count == 1 || (inputs.count == 2 && unit == nil && UnitRegistry.unit(inputs[1]) != nil) {
            let parts = inputs[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == measure.fields.count else {
                // TRANSLATORS: {names} are the plan file's names of the values (systolic, diastolic); {example} a reading to type (110/73).
                let message = trn("give the {count} value ({names}) separated by / or spaces, e.g. careplan log {id} {example}",
                                  "give the {count} values ({names}) separated by / or spaces, e.g. careplan log {id} {example}",
                                  measure.fields.count, ["names": measure.fields.map(\.name).joined(separator: ", "), "id": activity.id, "example": Self.example(measure)])
                throw CarePlanError.invalidValue(id: activity.id, field: "value", message: message)
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
        let text = String(input.trimmingSpaces)
        func invalid(_ message: String) -> CarePlanError { .invalidValue(id: id, field: field.name, message: message) }
        switch type {
        case .boolean:
            if unit != nil { throw CarePlanError.unitNotAllowed(id: id) }
            // Stored as English yes or no, which files and FHIR read, whatever the language typed.
            switch Answer.read(text) {
            case true?: return ReadingValue(name: field.name, value: 1, text: "yes")
            case false?: return ReadingValue(name: field.name, value: 0, text: "no")
            // TRANSLATORS: {yes} and {no} are the answers in your language (English is accepted too).
            case nil: throw invalid(tr("'{text}' is not {yes} or {no}; enter {yes} or {no}", ["text": text, "yes": Answer.yes, "no": Answer.no]))
            }
        case .choice:
            if unit != nil { throw CarePlanError.unitNotAllowed(id: id) }
            guard let index = field.options.firstIndex(where: { $0.lowercased() == text.lowercased() }) else {
                throw invalid(tr("'{text}' is not an option; choose one of: {options}", ["text": text, "options": field.options.joined(separator: ", ")]))
            }
            return ReadingValue(name: field.name, value: Double(index), text: field.options[index])
        case .scale:
            if unit != nil { throw CarePlanError.unitNotAllowed(id: id) }
            let range = field.range ?? 0...10
            guard let number = Int(text) else { throw invalid(notAWholeNumber(text, hint: whatToEnter(wholeNumber: true, range: range, unit: nil))) }
            guard range.contains(Double(number)) else {
                // TRANSLATORS: {number} is what was typed; {hint} says what to type instead: "enter a whole number from 0 to 10".
                throw invalid(tr("{number} is outside the scale; {hint}", ["number": String(number), "hint": whatToEnter(wholeNumber: true, range: range, unit: nil)]))
            }
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
        let separator = Language.current.numbers.decimalSeparator
        let (numberText, inlineUnit) = splitNumber(text, decimalSeparator: separator)
        guard let entered = number(numberText, decimalSeparator: separator) else {
            let hint = whatToEnter(wholeNumber: wholeNumber, range: field.range, unit: field.unit.map(UnitRegistry.display), decimalSeparator: separator)
            // TRANSLATORS: {hint} says what to type instead: "enter a number from 34 to 43 (in °C)".
            throw invalid(tr("'{text}' is not a number; {hint}", ["text": text, "hint": hint]))
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
            if enteredUnit == nil, entered != entered.rounded() {
                throw invalid(notAWholeNumber(text, hint: whatToEnter(wholeNumber: true, range: field.range, unit: nil)))
            }
            value = value.rounded()
        } else if let decimals = field.decimals ?? (enteredUnit == nil ? nil : 2) {
            // A converted value carries no more precision than was typed; without `decimals`, two.
            let scale = pow(10, Double(decimals))
            value = (value * scale).rounded() / scale
        }
        if let range = field.range, !range.contains(value) {
            let unitSuffix = ReadingText.unitSuffix(field.unit)
            let shown = NumberText.string(value) + unitSuffix
            let low = NumberText.string(range.lowerBound), high = NumberText.string(range.upperBound) + unitSuffix
            guard let enteredUnit else { throw invalid(outsideRange(shown, low: low, high: high)) }
            // TRANSLATORS: a reading typed in another unit, then as converted: "113 °F (45 °C) is outside the accepted range 34–43 °C".
            throw invalid(tr("{entered} ({value}) is outside the accepted range {low}–{high}",
                             ["entered": NumberText.string(entered) + ReadingText.unitSuffix(enteredUnit), "value": shown, "low": low, "high": high]))
        }
        return ReadingValue(name: field.name, value: value, unit: field.unit,
                            enteredValue: enteredUnit == nil ? nil : entered, enteredUnit: enteredUnit)
    }

    /// "'128.5' is not a whole number; enter a whole number from 60 to 250".
    static func notAWholeNumber(_ text: String, hint: String) -> String {
        // TRANSLATORS: {hint} says what to type instead: "enter a whole number from 60 to 250".
        tr("'{text}' is not a whole number; {hint}", ["text": text, "hint": hint])
    }

    /// "45 °C is outside the accepted range 34–43 °C"; `high` carries the unit when there is one.
    static func outsideRange(_ value: String, low: String, high: String) -> String {
        // TRANSLATORS: {value} and {high} carry the unit when there is one: "45 °C is outside the accepted range 34–43 °C".
        tr("{value} is outside the accepted range {low}–{high}", ["value": value, "low": low, "high": high])
    }

    /// What to type instead of a refused number, as the second half of the message: "enter a
    /// whole number from 60 to 250", "enter a number from 34 to 43 (in °C)", and where the
    /// language writes a decimal comma, that a decimal may be typed with either.
    static func whatToEnter(wholeNumber: Bool, range: ClosedRange<Double>?, unit: String?,
                            decimalSeparator: String = Language.current.numbers.decimalSeparator) -> String {
        let values: KeyValuePairs<String, any PlaceholderValue> = [
            "low": range.map { NumberText.string($0.lowerBound) } ?? "", "high": range.map { NumberText.string($0.upperBound) } ?? "", "unit": unit ?? "",
        ]
        if wholeNumber {
            switch (range != nil, unit != nil) {
            // TRANSLATORS: what to type instead of a refused reading; {unit} is a unit's symbol (°C, mmHg).
            case (true, true): return tr("enter a whole number from {low} to {high} (in {unit})", values)
            case (true, false): return tr("enter a whole number from {low} to {high}", values)
            case (false, true): return tr("enter a whole number (in {unit})", values)
            case (false, false): return tr("enter a whole number")
            }
        }
        if decimalSeparator == "." {
            switch (range != nil, unit != nil) {
            case (true, true): return tr("enter a number from {low} to {high} (in {unit})", values)
            case (true, false): return tr("enter a number from {low} to {high}", values)
            case (false, true): return tr("enter a number (in {unit})", values)
            case (false, false): return tr("enter a number")
            }
        }
        switch (range != nil, unit != nil) {
        // TRANSLATORS: what to type instead of a refused reading, in a language that writes a decimal comma: 37,2 and 37.2
        // are both accepted. {unit} is a unit's symbol (°C, mmHg).
        case (true, true): return tr("enter a number from {low} to {high} (in {unit}), with a decimal comma or point", values)
        case (true, false): return tr("enter a number from {low} to {high}, with a decimal comma or point", values)
        case (false, true): return tr("enter a number (in {unit}), with a decimal comma or point", values)
        case (false, false): return tr("enter a number, with a decimal comma or point")
        }
    }

    /// A number as a reading is typed: `37.2` in every language, and `37,2` too in a language
    /// whose `decimalSeparator` is a comma; nil for anything else, digit groups included
    /// (`1,234` is no thousand). The one rule for the numbers of every reading.
    public static func number(_ text: some StringProtocol,
                              decimalSeparator: String = Language.current.numbers.decimalSeparator) -> Double? {
        let typed = decimalSeparator == "." ? String(text) : text.replacingOccurrences(of: decimalSeparator, with: ".")
        guard let value = Double(typed), value.isFinite else { return nil }
        return value
    }

    /// "99.1 degF" → ("99.1", "degF"); "72" → ("72", nil); "37,2 degC" → ("37,2", "degC") where
    /// the decimal separator is a comma.
    static func splitNumber(_ text: String, decimalSeparator: String) -> (String, String?) {
        let numeric = text.prefix { $0.isASCII && ($0.isNumber || "+-.eE".contains($0) || decimalSeparator.contains($0)) }
        // An `e` that starts a unit is not an exponent; keep only what parses as a number.
        var number = String(numeric)
        while !number.isEmpty, Self.number(number, decimalSeparator: decimalSeparator) == nil { number.removeLast() }
        let rest = String(text.dropFirst(number.count).trimmingSpaces)
        // "37,2" (in a language that writes a decimal point) is not 37 in a unit called ",2":
        // units start with a letter, %, ° or /.
        if let first = rest.first, !(first.isLetter || "%°/".contains(first)) { return (text, nil) }
        return (number.isEmpty ? text : number, rest.isEmpty ? nil : rest)
    }
}
