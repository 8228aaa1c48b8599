import Foundation

/// Utility functions (FHIRPath §5.9 and 2.0's additions): `trace()`, the clock, precision and
/// boundaries, `comparable()`, and tree navigation's `descendants()`.
extension Evaluator {
    mutating func utility(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch function {
        case .trace:
            let name = try stringArgument(arguments[0], scope, function, at: offset) ?? ""
            if let trace = environment.trace {
                var shown = input
                if arguments.count > 1 {
                    shown = []
                    for (index, item) in input.enumerated() { shown += try evaluate(arguments[1], itemScope(item, index: index, scope)) }
                }
                trace(name, shown)
            }
            return input
        case .now:
            return [.temporal(clock())]
        case .today:
            var day = clock()
            day.kind = .date
            day.precision = .day
            day.offset = nil
            return [.temporal(day)]
        case .timeOfDay:
            var time = clock()
            time.kind = .time
            time.offset = nil
            return [.temporal(time)]
        case .precision:
            guard let item = try single(input, "precision()", at: offset) else { return [] }
            switch item.system {
            case .decimal(let number)?: return [.integer(number.scale)]
            case .integer?: return [.integer(0)]
            case .temporal(let time)?: return [.integer(time.precisionDigits)]
            default: throw error("precision() applies to a decimal, a date or a time", at: offset)
            }
        case .lowBoundary, .highBoundary:
            guard let item = try single(input, function.rawValue + "()", at: offset) else { return [] }
            let digits = try arguments.first.map { node throws(FHIRPathError) in try integerArgument(node, scope, function, at: offset) } ?? nil
            return try boundary(item, high: function == .highBoundary, digits: digits, at: offset)
        case .comparable:
            guard case .quantity(let a)? = try single(input, "comparable()", at: offset)?.system,
                  case .quantity(let b)? = try singleArgument(arguments[0], scope, function, at: offset) else { return [] }
            guard let l = QuantityMath.ucum(a.unit), let r = QuantityMath.ucum(b.unit) else { return [.boolean(a.unit == b.unit)] }
            return [.boolean(UCUM.areComparable(l, r))]
        default:
            return input
        }
    }

    /// The moment of this evaluation, the same for every call in it, in the environment's offset.
    private mutating func clock() -> Temporal {
        if let now { return now }
        let offset = environment.offsetMinutes
        let milliseconds = Int((environment.now.timeIntervalSince1970 * 1000).rounded(.down)) + offset * 60_000
        let epoch = Temporal(kind: .dateTime, precision: .millisecond, year: 1970, month: 1, day: 1, offset: offset)
        let value = epoch.adding(milliseconds: milliseconds)
        now = value
        return value
    }

    /// `descendants()`: children, their children and so on, depth first in the JSON's order.
    mutating func descendants(of items: [Value], at offset: Int) throws(FHIRPathError) -> [Value] {
        var result: [Value] = []
        var frontier = items
        while !frontier.isEmpty {
            try step(offset)
            let children = allChildren(of: frontier)
            result += children
            frontier = children
        }
        return result
    }

    /// The least or greatest value a decimal, date or time could stand for at its precision,
    /// written to `digits` digits (8 for a decimal, the most a date or time has, by default).
    private func boundary(_ item: Value, high: Bool, digits: Int?, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch item.system {
        case .integer(let number)?:
            return decimalBoundary(DecimalNumber(number), high: high, digits: digits)
        case .decimal(let number)?:
            return decimalBoundary(number, high: high, digits: digits)
        case .quantity(let quantity)?:
            return decimalBoundary(quantity.value, high: high, digits: digits).compactMap { value in
                if case .decimal(let number) = value { return .quantity(Quantity(value: number, unit: quantity.unit)) }
                return nil
            }
        case .temporal(let time)?:
            return time.boundary(high: high, digits: digits).map { [.temporal($0)] } ?? []
        default:
            throw error("\(high ? "highBoundary" : "lowBoundary")() applies to a number, a quantity, a date or a time", at: offset)
        }
    }

    /// Half a unit in the last written place either side (1.587 lies in [1.5865, 1.5875]), written
    /// to `digits` places as FHIR's reference implementation does: the low edge of a positive
    /// number cut, the high edge rounded, and a negative number's edges mirrored from its magnitude's.
    private func decimalBoundary(_ number: DecimalNumber, high: Bool, digits: Int?) -> [Value] {
        let places = digits ?? 8
        guard places >= 0, places <= 28 else { return [] }
        var half = Decimal(5)
        for _ in 0...number.scale { half /= 10 }
        let magnitude = Swift.abs(number.value)
        let towardsHigh = high == (number.value >= 0)
        let edge = towardsHigh
            ? DecimalNumber(magnitude + half).rounded(places, .plain)
            : DecimalNumber(magnitude - half).rounded(places, .down)
        guard number.value < 0 else { return [.decimal(edge)] }
        return [.decimal(DecimalNumber(-edge.value, scale: edge.scale))]
    }
}

extension Temporal {
    /// The digits of its precision, as `precision()` counts them: `@2014` 4, `@2014-01-05T10:30:00.000` 17, `@T10:30` 4.
    var precisionDigits: Int {
        let dates: [Precision: Int] = [.year: 4, .month: 6, .day: 8, .hour: 10, .minute: 12, .second: 14, .millisecond: 17]
        let times: [Precision: Int] = [.hour: 2, .minute: 4, .second: 6, .millisecond: 9]
        return (kind == .time ? times : dates)[precision] ?? 0
    }

    /// The earliest or latest value this one could be, to `digits` of precision; a date-time
    /// without an offset takes the widest (+14:00 earliest, -12:00 latest).
    func boundary(high: Bool, digits: Int?) -> Temporal? {
        let table: [Int: Precision] = kind == .time
            ? [2: .hour, 4: .minute, 6: .second, 9: .millisecond]
            : [4: .year, 6: .month, 8: .day, 10: .hour, 12: .minute, 14: .second, 17: .millisecond]
        let target: Precision
        if let digits {
            guard let found = table[digits] else { return nil }
            target = found
        } else {
            target = .millisecond
        }
        var result = self
        if target > precision {
            var component = Precision(rawValue: precision.rawValue + 1)!
            while component <= target {
                switch component {
                case .month: result.month = high ? 12 : 1
                case .day: result.day = high ? Temporal.daysIn(month: result.month, year: result.year) : 1
                case .hour: result.hour = high ? 23 : 0
                case .minute: result.minute = high ? 59 : 0
                case .second: result.second = high ? 59 : 0
                case .millisecond: result.millisecond = high ? 999 : 0
                case .year: break
                }
                guard let next = Precision(rawValue: component.rawValue + 1) else { break }
                component = next
            }
        }
        result.precision = target
        if kind != .time {
            if target >= .hour {
                result.kind = .dateTime
                if result.offset == nil { result.offset = high ? -12 * 60 : 14 * 60 }
            } else if kind == .dateTime, target <= .day {
                // A date-time cut to the day or above is a date (`@2014-01-01T08.lowBoundary(8)` is `@2014-01-01`).
                result.kind = .date
                result.offset = nil
            }
        }
        return result
    }
}
