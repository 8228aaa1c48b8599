/// A FHIRPath Date, DateTime or Time with the precision it was written to: `@2026-11` is a date
/// of month precision, not the first of November. Seconds and milliseconds are one precision for
/// comparison, as the specification says; the offset is kept as written (`Z` is +00:00).
public struct Temporal: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case date, dateTime, time }

    /// The components in order of precision; a value has the first `precision + 1` of them.
    public enum Precision: Int, Sendable, Comparable {
        case year, month, day, hour, minute, second, millisecond
        public static func < (a: Precision, b: Precision) -> Bool { a.rawValue < b.rawValue }
    }

    public var kind: Kind
    public var precision: Precision
    public var year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, millisecond = 0
    /// Minutes east of UTC; nil when none was written (a date never has one).
    public var offset: Int?

    public init(kind: Kind, precision: Precision, year: Int = 0, month: Int = 1, day: Int = 1, hour: Int = 0, minute: Int = 0,
                second: Int = 0, millisecond: Int = 0, offset: Int? = nil) {
        self.kind = kind
        self.precision = precision
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
        self.offset = offset
    }

    /// The lowest precision a value of this kind can have.
    var lowestPrecision: Precision { kind == .time ? .hour : .year }

    /// The value of one component; components past the precision are not meaningful.
    func component(_ precision: Precision) -> Int {
        switch precision {
        case .year: year
        case .month: month
        case .day: day
        case .hour: hour
        case .minute: minute
        case .second: second
        case .millisecond: millisecond
        }
    }

    // MARK: Calendar arithmetic

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 0000-03-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra
    }

    static func civil(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
        let era = (number >= 0 ? number : number - 146_096) / 146_097
        let dayOfEra = number - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Milliseconds since the day number's epoch, for the components present.
    var instantMilliseconds: Int {
        let days = kind == .time ? 0 : Temporal.dayNumber(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }

    /// The same value with its components moved by `milliseconds` (carrying into days, months
    /// and years for a date-time; a time wraps around midnight).
    func adding(milliseconds: Int) -> Temporal {
        var result = self
        if kind == .time {
            let day = 86_400_000
            let total = ((hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond + milliseconds) % day + day) % day
            result.hour = total / 3_600_000
            result.minute = total / 60_000 % 60
            result.second = total / 1000 % 60
            result.millisecond = total % 1000
            return result
        }
        let total = instantMilliseconds + milliseconds
        let dayLength = 86_400_000
        let days = total >= 0 ? total / dayLength : (total - dayLength + 1) / dayLength
        let rest = total - days * dayLength
        let date = Temporal.civil(fromDayNumber: days)
        result.year = date.year
        result.month = date.month
        result.day = date.day
        result.hour = rest / 3_600_000
        result.minute = rest / 60_000 % 60
        result.second = rest / 1000 % 60
        result.millisecond = rest % 1000
        return result
    }

    /// The same value with `months` added, the day kept within the new month (Jan 31 + 1 month
    /// is Feb 28 or 29), as the specification asks.
    func adding(months: Int) -> Temporal {
        var result = self
        let index = year * 12 + (month - 1) + months
        result.year = index >= 0 ? index / 12 : (index - 11) / 12
        result.month = index - result.year * 12 + 1
        if precision >= .day { result.day = min(day, Temporal.daysIn(month: result.month, year: result.year)) }
        return result
    }

    /// In UTC when an offset is known and the value reaches the hour; otherwise as written.
    var normalized: Temporal {
        guard let offset, offset != 0, precision >= .hour else { return self }
        var shifted = adding(milliseconds: -offset * 60_000)
        shifted.offset = 0
        return shifted
    }
}
