import Foundation

/// Quantities compared and combined through UCUM: `4 'g' = 4000 'mg'`, `2 'cm' * 2 'm'` is
/// `4 'cm.m'`, which equals `0.04 'm2'`. A calendar duration compares with UCUM's definite units
/// from a week down (`7 days = 1 'wk'`); years and months only with themselves, since UCUM's `a`
/// and `mo` are averages.
enum QuantityMath {
    /// The UCUM unit a quantity's unit stands for, or nil for a year or a month.
    static func ucum(_ unit: String) -> String? {
        if let calendar = Quantity.calendarUnits[unit] { return calendar }
        return unit
    }

    /// `b`'s value in `a`'s unit; nil when the units do not convert.
    static func value(of b: Quantity, in unit: String) -> Decimal? {
        if b.unit == unit { return b.value.value }
        guard let from = ucum(b.unit), let to = ucum(unit) else { return nil }
        if from == to { return b.value.value }
        return UCUM.convert(b.value.value, from: from, to: to)
    }

    static func compare(_ a: Quantity, _ b: Quantity) -> Int? {
        guard let other = value(of: b, in: a.unit) else { return nil }
        let mine = a.value.value
        return mine < other ? -1 : (mine == other ? 0 : 1)
    }

    /// Equal once both are rounded to the lesser precision of the two.
    static func equivalent(_ a: Quantity, _ b: Quantity) -> Bool {
        guard let other = value(of: b, in: a.unit) else { return false }
        let places = min(a.value.scale, b.value.scale)
        return a.value.rounded(places, .plain) == DecimalNumber(other).rounded(places, .plain)
    }

    static func apply(_ op: BinaryOperator, _ a: Quantity, _ b: Quantity, at offset: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> Value? {
        switch op {
        case .add, .subtract:
            guard let other = value(of: b, in: a.unit) else {
                throw evaluator.error("'\(op.rawValue)' needs quantities of comparable units, not '\(a.unit)' and '\(b.unit)'", at: offset)
            }
            let sum = op == .add ? a.value.value + other : a.value.value - other
            return .quantity(Quantity(value: DecimalNumber(sum, scale: max(a.value.scale, b.value.scale)), unit: a.unit))
        case .multiply:
            guard let l = ucum(a.unit), let r = ucum(b.unit) else {
                throw evaluator.error("years and months cannot be multiplied (their length varies)", at: offset)
            }
            return .quantity(Quantity(value: DecimalNumber(a.value.value * b.value.value), unit: product(l, r)))
        case .divide:
            guard !b.value.value.isZero else { return nil }
            guard let l = ucum(a.unit), let r = ucum(b.unit) else {
                throw evaluator.error("years and months cannot be divided (their length varies)", at: offset)
            }
            if l == r { return .quantity(Quantity(value: DecimalNumber(a.value.value / b.value.value), unit: "1")) }
            return .quantity(Quantity(value: DecimalNumber(a.value.value / b.value.value), unit: quotient(l, r)))
        default:
            throw evaluator.error("'\(op.rawValue)' does not apply to quantities", at: offset)
        }
    }

    /// A UCUM term as one operand of `.` or `/`: in parentheses unless it is a single unit.
    private static func operand(_ unit: String) -> String {
        unit.contains(where: { $0 == "." || $0 == "/" }) ? "(\(unit))" : unit
    }

    static func product(_ a: String, _ b: String) -> String {
        if a == "1" { return b }
        if b == "1" { return a }
        return "\(operand(a)).\(operand(b))"
    }

    static func quotient(_ a: String, _ b: String) -> String {
        if b == "1" { return a }
        return "\(operand(a))/\(operand(b))"
    }
}
