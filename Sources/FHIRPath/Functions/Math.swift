import Foundation

/// Math functions (FHIRPath §5.7) and the aggregates `sum()`, `min()`, `max()`, `avg()`.
/// What can be exact is (`abs`, `round`, an integer `power`); `exp`, `ln`, `log`, `sqrt` and a
/// fractional `power` go through `Double`, whose shortest digits become the Decimal.
extension Evaluator {
    mutating func math(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        guard let item = input.first else { return [] }
        guard input.count == 1 else { throw error("\(function.rawValue)() applies to one number, not \(input.count)", at: offset) }
        let value = item.system
        if function == .abs, case .quantity(var quantity)? = value {
            quantity.value.value = Swift.abs(quantity.value.value)
            return [.quantity(quantity)]
        }
        if function == .power, case .quantity(let quantity)? = value {
            return try quantityPower(quantity, arguments[0], scope, at: offset)
        }
        guard let value, let number = Arithmetic.decimal(value) else {
            throw error("\(function.rawValue)() applies to a number, not \(item.type.name)", at: offset)
        }
        let isInteger: Bool = if case .integer = value { true } else { false }
        switch function {
        case .abs:
            if case .integer(let integer) = value { return [.integer(Swift.abs(integer))] }
            return [.decimal(DecimalNumber(Swift.abs(number.value), scale: number.scale))]
        case .ceiling: return integerResult(number.rounded(0, .up))
        case .floor: return integerResult(number.rounded(0, .down))
        case .truncate: return integerResult(number.rounded(0, number.value < 0 ? .up : .down))
        case .round:
            let places = try arguments.first.map { node throws(FHIRPathError) in try integerArgument(node, scope, function, at: offset) } ?? 0
            guard let places, places >= 0 else { throw error("round()'s precision must be 0 or more", at: offset) }
            return [.decimal(number.rounded(places, .plain))]
        case .exp: return fromDouble(Foundation.exp(number.double))
        case .ln:
            guard number.value > 0 else { return [] }
            return fromDouble(Foundation.log(number.double))
        case .log:
            guard let base = try singleArgument(arguments[0], scope, function, at: offset).flatMap(Arithmetic.decimal) else { return [] }
            guard number.value > 0, base.value > 0, base.value != 1 else { return [] }
            return fromDouble(Foundation.log(number.double) / Foundation.log(base.double))
        case .sqrt:
            guard number.value >= 0 else { return [] }
            return fromDouble(Foundation.sqrt(number.double))
        case .power:
            guard let exponentValue = try singleArgument(arguments[0], scope, function, at: offset),
                  let exponent = Arithmetic.decimal(exponentValue) else { return [] }
            if case .integer(let power) = exponentValue, power >= 0 {
                let result = Foundation.pow(number.value, power)
                if isInteger {
                    guard let integer = Int(exactly: NSDecimalNumber(decimal: result).doubleValue), integer <= Int(Int32.max), integer >= Int(Int32.min) else { return [] }
                    return [.integer(integer)]
                }
                return [.decimal(DecimalNumber(result))]
            }
            let result = Foundation.pow(number.double, exponent.double)
            guard result.isFinite else { return [] }
            return fromDouble(result)
        default:
            return []
        }
    }

    /// A quantity to a whole power, its unit multiplied out (`(1.75 'm').power(2)` is
    /// `3.0625 'm.m'`, which equals `3.0625 'm2'`): what a BMI over a height quantity needs.
    /// The specification defines power() on numbers only; other exponents are an error.
    private mutating func quantityPower(_ quantity: Quantity, _ node: Node, _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        guard let exponent = try singleArgument(node, scope, .power, at: offset) else { return [] }
        guard case .integer(let power) = exponent, power >= 1, power <= 16 else {
            throw error("power() of a quantity takes a whole exponent from 1 to 16", at: offset)
        }
        var result = quantity
        for _ in 1..<power {
            guard case .quantity(let product)? = try QuantityMath.apply(.multiply, result, quantity, at: offset, self) else { return [] }
            result = product
        }
        return [.quantity(result)]
    }

    private func integerResult(_ number: DecimalNumber) -> [Value] {
        let double = NSDecimalNumber(decimal: number.value).doubleValue
        guard let integer = Int(exactly: double), integer <= Int(Int32.max), integer >= Int(Int32.min) else { return [.decimal(number)] }
        return [.integer(integer)]
    }

    private func fromDouble(_ double: Double) -> [Value] {
        guard double.isFinite, let number = DecimalNumber(text: "\(double)") else { return [] }
        return [.decimal(number)]
    }

    /// `sum()`, `min()`, `max()`, `avg()` over numbers (or, for min and max, anything ordered).
    mutating func aggregates(_ function: Function, _ input: [Value], at offset: Int) throws(FHIRPathError) -> [Value] {
        guard !input.isEmpty else { return function == .sum ? [.integer(0)] : [] }
        switch function {
        case .min, .max:
            var best = input[0]
            for item in input.dropFirst() {
                guard let order = try Comparison.compare(item, best, at: offset, self) else { return [] }
                if function == .min ? order < 0 : order > 0 { best = item }
            }
            return [best.system ?? best]
        default:
            var total: Value = .integer(0)
            for item in input {
                guard let value = item.system else { throw error("\(function.rawValue)() applies to numbers, not \(item.type.name)", at: offset) }
                guard let sum = try Arithmetic.apply(.add, total, value, at: offset, self) else { return [] }
                total = sum
            }
            guard function == .avg else { return [total] }
            return try Arithmetic.apply(.divide, total, .integer(input.count), at: offset, self).map { [$0] } ?? []
        }
    }
}
