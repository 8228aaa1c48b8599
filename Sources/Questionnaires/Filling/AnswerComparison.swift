import FHIRPath

/// How two answers compare, as `enableWhen` asks: numbers by value (an integer against a decimal
/// too), codings by system and code, dates and times only at the same precision (an answer of
/// "2026-11" is neither before nor after "2026-11-28"), quantities only in the same unit.
public enum AnswerComparison {
    public static func equal(_ a: AnswerValue, _ b: AnswerValue) -> Bool {
        if let order = order(a, b) { return order == 0 }
        switch (a, b) {
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.coding(let x), .coding(let y)): return x == y
        default: return false
        }
    }

    /// -1, 0 or 1; nil when the two have no order (different kinds, precisions or units).
    static func order(_ a: AnswerValue, _ b: AnswerValue) -> Int? {
        switch (number(a), number(b)) {
        case (let x?, let y?): return x < y ? -1 : (x == y ? 0 : 1)
        default: break
        }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.date(let x), .date(let y)), (.dateTime(let x), .dateTime(let y)), (.time(let x), .time(let y)),
             (.date(let x), .dateTime(let y)), (.dateTime(let x), .date(let y)):
            return order(x, y)
        case (.quantity(let x), .quantity(let y)):
            guard (x.code ?? x.unit) == (y.code ?? y.unit) else { return nil }
            return x.value < y.value ? -1 : (x.value == y.value ? 0 : 1)
        default: return nil
        }
    }

    private static func number(_ value: AnswerValue) -> DecimalNumber? {
        switch value {
        case .integer(let number): DecimalNumber(number)
        case .decimal(let number): number
        default: nil
        }
    }

    /// Two dates or times written to the same precision, component by component; a time of day
    /// with an offset is not compared with one without, and two offsets compare as instants.
    private static func order(_ a: Temporal, _ b: Temporal) -> Int? {
        guard a.precision == b.precision, (a.offset == nil) == (b.offset == nil) else { return nil }
        if let offsetA = a.offset, let offsetB = b.offset, offsetA != offsetB, a.precision >= .minute {
            let (m, n) = (minutes(a) - offsetA, minutes(b) - offsetB)
            if m != n { return m < n ? -1 : 1 }
            return compare([a.second, a.millisecond], [b.second, b.millisecond], count: a.precision.rawValue - Temporal.Precision.minute.rawValue)
        }
        // A time has no year, month or day: they are 0 in both and compare equal.
        return compare([a.year, a.month, a.day, a.hour, a.minute, a.second, a.millisecond],
                       [b.year, b.month, b.day, b.hour, b.minute, b.second, b.millisecond], count: a.precision.rawValue + 1)
    }

    private static func compare(_ x: [Int], _ y: [Int], count: Int) -> Int {
        for index in 0..<min(count, x.count) where x[index] != y[index] { return x[index] < y[index] ? -1 : 1 }
        return 0
    }

    /// Minutes since 1970-01-01 00:00 of a date-time's written clock time (its offset not applied).
    private static func minutes(_ t: Temporal) -> Int {
        // Days from the civil date (Howard Hinnant's days_from_civil).
        let year = t.month <= 2 ? t.year - 1 : t.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * ((t.month + 9) % 12) + 2) / 5 + t.day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        return (days * 24 + t.hour) * 60 + t.minute
    }
}
