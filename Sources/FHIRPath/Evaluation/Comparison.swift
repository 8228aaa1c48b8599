/// The order of two single items for `<`, `<=`, `>`, `>=` and `sort()`: numbers with numbers,
/// strings with strings, dates and times at their common precision, quantities of comparable
/// units. Nil means the order is unknown (`@2026 < @2026-11`); other pairs are an error.
enum Comparison {
    static func compare(_ a: Value, _ b: Value, at offset: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> Int? {
        guard let x = a.system, let y = b.system else {
            throw evaluator.error("\(a.type.name) and \(b.type.name) cannot be ordered", at: offset)
        }
        switch (x, y) {
        case (.integer(let l), .integer(let r)): return l < r ? -1 : (l == r ? 0 : 1)
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal):
            let l = Arithmetic.decimal(x)!, r = Arithmetic.decimal(y)!
            return l < r ? -1 : (l == r ? 0 : 1)
        case (.string(let l), .string(let r)): return l < r ? -1 : (l == r ? 0 : 1)
        case (.temporal(let l), .temporal(let r)):
            guard (l.kind == .time) == (r.kind == .time) else {
                throw evaluator.error("a time cannot be ordered against a date", at: offset)
            }
            return compare(l, r)
        case (.string(let text), .temporal(let time)), (.temporal(let time), .string(let text)):
            // A date written as a string, in data without a model.
            guard let parsed = time.kind == .time ? Temporal.parseTime(Substring(text)) : Temporal.parseDateTime(Substring(text)) else {
                throw evaluator.error("'\(text)' cannot be ordered against a date", at: offset)
            }
            let order = compare(parsed, time)
            if case .temporal = x { return order.map { -$0 } }
            return order
        case (.quantity(let l), .quantity(let r)):
            return QuantityMath.compare(l, r)
        default:
            throw evaluator.error("\(a.type.name) and \(b.type.name) cannot be ordered", at: offset)
        }
    }

    /// Dates and times compared component by component down to the precision both have
    /// (seconds and milliseconds together); nil when they agree that far but one goes further,
    /// or when only one has a time zone.
    static func compare(_ a: Temporal, _ b: Temporal) -> Int? {
        var x = a, y = b
        if x.offset != nil, y.offset != nil {
            x = x.normalized
            y = y.normalized
        } else if x.offset != nil || y.offset != nil, min(x.precision, y.precision) >= .hour {
            // One is tied to a time zone and the other is not: which instant it is stays unknown.
            return nil
        }
        let common = Swift.min(x.precision.merged, y.precision.merged)
        var precision = x.kind == .time ? Temporal.Precision.hour : .year
        while precision <= common {
            let l: Int, r: Int
            if precision == .second {
                l = x.second * 1000 + (x.precision == .millisecond ? x.millisecond : 0)
                r = y.second * 1000 + (y.precision == .millisecond ? y.millisecond : 0)
            } else {
                l = x.component(precision)
                r = y.component(precision)
            }
            if l != r { return l < r ? -1 : 1 }
            guard let next = Temporal.Precision(rawValue: precision.rawValue + 1), next != .millisecond else { break }
            precision = next
        }
        return x.precision.merged == y.precision.merged ? 0 : nil
    }
}
