import FHIRPath
import Foundation

/// Runs one case of the suite and judges it as the suite's schema says: an `invalid` case must
/// raise an error (of any kind: the suite's syntax, semantic and execution classes differ
/// between engines that check types before running and those that do not); otherwise the
/// result must have the outputs' count, values and types, in order.
extension OfficialSuite {
    public enum Verdict: Sendable, Equatable {
        case pass
        case fail(String)
    }

    public func run(_ test: Case) -> Verdict {
        let resource = test.inputFile.flatMap { inputs[$0] }
        do {
            let expression = try FHIRPathExpression(test.expression)
            var result = try expression.evaluate(on: resource, environment: environment(for: test))
            if test.invalid != nil { return .fail("expected an error (\(test.invalid!)), got \(OfficialSuite.describe(result))") }
            if test.predicate { result = [.boolean(!result.isEmpty)] }
            guard result.count == test.outputs.count else {
                return .fail("expected \(test.outputs.count) item(s), got \(OfficialSuite.describe(result))")
            }
            for (value, output) in zip(result, test.outputs) where !OfficialSuite.matches(value, output) {
                return .fail("expected \(output.type ?? "")(\(output.text)), got \(OfficialSuite.describe(result))")
            }
            return .pass
        } catch {
            return test.invalid != nil ? .pass : .fail("error: \(error)")
        }
    }

    static func describe(_ values: [Value]) -> String {
        "[" + values.map { "\($0.type.name)(\(FHIRPathText.display($0)))" }.joined(separator: ", ") + "]"
    }

    /// Whether a value is the expected output: its type's family and its value.
    static func matches(_ value: Value, _ output: Output) -> Bool {
        let text = output.text
        let type = output.type ?? inferredType(text)
        let system = value.system
        switch type {
        case "boolean":
            guard case .boolean(let flag)? = system else { return false }
            return String(flag) == text
        case "integer":
            guard case .integer(let number)? = system else { return false }
            return String(number) == text
        case "decimal":
            guard let number = system.flatMap(numberOf), let expected = Decimal(string: text) else { return false }
            return number == expected
        case "date", "dateTime", "time":
            guard case .temporal(let time)? = system else { return false }
            let written = text.hasPrefix("@") ? String(text.dropFirst()) : text
            let expected = written.hasPrefix("T") ? Temporal.parseTime(written.dropFirst()) : Temporal.parseDateTime(Substring(written))
            guard let expected else { return false }
            return expected.precision == time.precision && expected.literal == time.literal
                || (expected.kind == time.kind && expected.precision == time.precision && sameInstant(expected, time))
        case "Quantity":
            guard case .quantity(let quantity)? = system else { return false }
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let number = Decimal(string: String(parts[0])) else { return false }
            let unit = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            return quantity.value.value == number && (quantity.unit == unit || Quantity.calendarUnit(unit) == quantity.unit)
        default:
            // string, code, id, uri… : a text.
            guard case .string(let string)? = system else { return false }
            return string == text
        }
    }

    private static func numberOf(_ value: Value) -> Decimal? {
        switch value {
        case .decimal(let number): number.value
        case .integer(let number): Decimal(number)
        default: nil
        }
    }

    /// The type of an output written without one (the boundary and comparable groups).
    private static func inferredType(_ text: String) -> String {
        if text == "true" || text == "false" { return "boolean" }
        if text.hasPrefix("@T") { return "time" }
        if text.hasPrefix("@") { return text.contains("T") ? "dateTime" : "date" }
        if text.contains("'") { return "Quantity" }
        // A number without a type is compared as a number, Integer or Decimal.
        if Decimal(string: text) != nil, text.first.map({ $0.isNumber || $0 == "-" }) ?? false { return "decimal" }
        return "string"
    }

    /// Two dates or times that are the same instant at the same precision (`Z` and `+00:00` alike).
    private static func sameInstant(_ a: Temporal, _ b: Temporal) -> Bool {
        (try? FHIRPathExpression("%a = %b").evaluate(on: nil, environment: Environment(variables: ["a": [.temporal(a)], "b": [.temporal(b)]])))
            .map { if case .boolean(true)? = $0.first { true } else { false } } ?? false
    }
}
