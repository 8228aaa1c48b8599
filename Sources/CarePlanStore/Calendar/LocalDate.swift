/// A calendar date in the user's local calendar, with no time and no time zone.
///
/// Care plans are day-granular: "take it twice on Tuesday" means the Tuesday on the wall calendar,
/// whatever the clocks did that night. So dates are plain proleptic-Gregorian day numbers and all
/// arithmetic on them is integer arithmetic: a DST change, a leap day or a flight across time zones
/// cannot shift a date, because no instant or offset is ever involved.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// Returns nil when the fields do not name a real date (2027-02-29, month 13...).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        dayNumber = LocalDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; anything else (including impossible dates) is nil. Byte by
    /// byte: every outcome read back has its date parsed, so this is on a frame's hot path.
    /// Inlinable, so that other modules' calls are specialised for their String: the generic body
    /// took seven times as long (a sleep diary's week read 4,400 instructions a date).
    @inlinable
    public init?(iso text: some StringProtocol) {
        var fields = (0, 0, 0)
        var count = 0
        for byte in text.utf8 {
            switch count {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if count < 4 { fields.0 = fields.0 * 10 + digit } else if count < 7 { fields.1 = fields.1 * 10 + digit } else { fields.2 = fields.2 * 10 + digit }
            default: return nil
            }
            count += 1
        }
        guard count == 10 else { return nil }
        self.init(year: fields.0, month: fields.1, day: fields.2)
    }

    public var components: (year: Int, month: Int, day: Int) { LocalDate.civil(fromDays: dayNumber) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO weekday: 1970-01-01 was a Thursday.
    public var weekday: Weekday { Weekday(isoNumber: ((dayNumber % 7 + 7 + 3) % 7) + 1)! }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }
    public func days(since other: LocalDate) -> Int { dayNumber - other.dayNumber }

    /// `YYYY-MM-DD`, the form stored in SQLite: it sorts as text in date order.
    public var iso: String {
        let (y, m, d) = components
        guard (0...9999).contains(y) else { return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))" }
        // Ten bytes written in place, not three padded strings interpolated: every listing, export
        // and query names its days this way (2,500 instructions a day before).
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func digits(_ value: Int, _ width: Int, at start: Int) {
                var rest = value
                for index in (start..<start + width).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            digits(y, 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            digits(m, 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            digits(d, 2, at: 8)
            return 10
        }
    }
    public var description: String { iso }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days: exact for every Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

/// Days of the week, ISO numbered (Monday 1 ... Sunday 7), with the short keys plan files use.
public enum Weekday: Int, CaseIterable, Sendable, Comparable {
    case mon = 1, tue, wed, thu, fri, sat, sun

    public init?(isoNumber: Int) { self.init(rawValue: isoNumber) }

    /// Plan-file keys, spelled out rather than reflected (`String(describing:)` costs a runtime
    /// type lookup, and every plan load reads weekly schedules).
    private static let keys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Plan-file key: `mon` ... `sun`.
    public var key: String { Self.keys[rawValue - 1] }
    public init?(key: String) {
        guard let index = Self.keys.firstIndex(of: key) else { return nil }
        self.init(rawValue: index + 1)
    }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}
