import Foundation

/// `+ - * / div mod` on single items: Integers stay Integers (but `/` gives a Decimal),
/// Decimals are exact, strings join with `+`, quantities convert their units, and dates and
/// times move by calendar durations. An empty result stands for what has no answer (division by
/// zero, an Integer past its range); a pair of types that cannot be combined is an error.
enum Arithmetic {
    static func apply(_ op: BinaryOperator, _ a: Value, _ b: Value, at offset: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> Value? {
        guard let x = a.system, let y = b.system else {
            throw evaluator.error("'\(op.rawValue)' cannot combine \(a.type.name) and \(b.type.name)", at: offset)
        }
        switch (x, y) {
        case (.integer(let l), .integer(let r)):
            return integer(op, l, r)
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal):
            return decimal(op, decimal(x)!, decimal(y)!)
        case (.string(let l), .string(let r)) where op == .add:
            return .string(l + r)
        case (.quantity(let l), .quantity(let r)):
            return try QuantityMath.apply(op, l, r, at: offset, evaluator)
        case (.quantity(let l), .integer), (.quantity(let l), .decimal):
            guard op == .multiply || op == .divide else { break }
            return try QuantityMath.apply(op, l, Quantity(value: decimal(y)!, unit: "1"), at: offset, evaluator)
        case (.integer, .quantity(let r)), (.decimal, .quantity(let r)):
            guard op == .multiply else { break }
            return try QuantityMath.apply(op, Quantity(value: decimal(x)!, unit: "1"), r, at: offset, evaluator)
        case (.temporal(let time), .quantity(let duration)) where op == .add || op == .subtract:
            return .temporal(try move(time, by: duration, negative: op == .subtract, at: offset, evaluator))
        default:
            break
        }
        throw evaluator.error("'\(op.rawValue)' cannot combine \(a.type.name) and \(b.type.name)", at: offset)
    }

    static func decimal(_ value: Value) -> DecimalNumber? {
        switch value {
        case .integer(let integer): DecimalNumber(integer)
        case .decimal(let decimal): decimal
        default: nil
        }
    }

    private static func integer(_ op: BinaryOperator, _ l: Int, _ r: Int) -> Value? {
        let result: (Int, Bool)
        switch op {
        case .add: result = l.addingReportingOverflow(r)
        case .subtract: result = l.subtractingReportingOverflow(r)
        case .multiply: result = l.multipliedReportingOverflow(by: r)
        case .divide: return decimal(.divide, DecimalNumber(l), DecimalNumber(r))
        case .div:
            guard r != 0 else { return nil }
            result = l.dividedReportingOverflow(by: r)
        case .mod:
            guard r != 0 else { return nil }
            result = l.remainderReportingOverflow(dividingBy: r)
        default: return nil
        }
        guard !result.1, result.0 >= Int(Int32.min), result.0 <= Int(Int32.max) else { return nil }
        return .integer(result.0)
    }

    static func decimal(_ op: BinaryOperator, _ l: DecimalNumber, _ r: DecimalNumber) -> Value? {
        switch op {
        case .add: return .decimal(DecimalNumber(l.value + r.value, scale: max(l.scale, r.scale)))
        case .subtract: return .decimal(DecimalNumber(l.value - r.value, scale: max(l.scale, r.scale)))
        case .multiply: return .decimal(DecimalNumber(l.value * r.value))
        case .divide:
            guard !r.value.isZero else { return nil }
            return .decimal(DecimalNumber(l.value / r.value))
        case .div:
            guard !r.value.isZero else { return nil }
            let quotient = DecimalNumber(l.value / r.value).rounded(0, l.value / r.value < 0 ? .up : .down)
            return .integer(NSDecimalNumber(decimal: quotient.value).intValue)
        case .mod:
            guard !r.value.isZero else { return nil }
            let quotient = DecimalNumber(l.value / r.value).rounded(0, l.value / r.value < 0 ? .up : .down)
            return .decimal(DecimalNumber(l.value - quotient.value * r.value, scale: max(l.scale, r.scale)))
        default: return nil
        }
    }

    /// A date, date-time or time moved by a calendar duration (or the UCUM unit of one, except
    /// `a` and `mo`, whose lengths are averages); fractions are cut, as the specification says.
    static func move(_ time: Temporal, by duration: Quantity, negative: Bool, at offset: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> Temporal {
        let units: [String: String] = ["wk": "week", "d": "day", "h": "hour", "min": "minute", "s": "second", "ms": "millisecond"]
        guard let unit = duration.isCalendarDuration ? duration.unit : units[duration.unit] else {
            throw evaluator.error("a date or time moves by a calendar duration (year, month, week, day, hour, minute, second, millisecond, or 'wk', 'd', 'h', 'min', 's', 'ms'), not '\(duration.unit)'", at: offset)
        }
        let truncated = duration.value.rounded(0, duration.value.value < 0 ? .up : .down)
        var amount = NSDecimalNumber(decimal: truncated.value).intValue
        if negative { amount = -amount }
        switch unit {
        case "year", "month":
            guard time.kind != .time else { throw evaluator.error("a time cannot move by \(unit)s", at: offset) }
            return time.adding(months: unit == "year" ? amount * 12 : amount)
        case "week", "day":
            guard time.kind != .time else { throw evaluator.error("a time cannot move by \(unit)s", at: offset) }
            return time.adding(milliseconds: amount * (unit == "week" ? 7 : 1) * 86_400_000)
        default:
            let size = ["hour": 3_600_000, "minute": 60_000, "second": 1000, "millisecond": 1][unit]!
            return time.adding(milliseconds: amount * size)
        }
    }
}
