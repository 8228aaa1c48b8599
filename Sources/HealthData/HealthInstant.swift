import CarePlanStore

/// An instant as Apple Health writes it, `2019-06-17 23:10:00 -0400`: local wall time and the
/// offset it was lived in. Kept as both, because a sample belongs to the calendar day the person
/// lived it on, and offsets change inside one export (summer time, travel).
public struct HealthInstant: Hashable, Sendable {
    /// Seconds since 1970-01-01 UTC.
    public var utc: Int
    /// Seconds east of UTC.
    public var offset: Int

    public init(utc: Int, offset: Int) {
        self.utc = utc
        self.offset = offset
    }

    /// The local calendar day, as days since 1970-01-01.
    public var day: Int { Int((Double(utc + offset) / 86400).rounded(.down)) }

    public var localDate: LocalDate { LocalDate(dayNumber: day) }

    /// Parses `YYYY-MM-DD HH:MM:SS ±HHMM` from its bytes (millions of them in a large export, so
    /// no formatter); nil for anything else.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> HealthInstant? {
        var memo = DayMemo()
        return parse(bytes, memo: &memo)
    }

    /// The day the last date named: an export's records come in time order, so most dates fall
    /// on the day the one before fell on, and the calendar is worked out once a day, not three
    /// times a record.
    public struct DayMemo {
        fileprivate var date: (UInt64, UInt16) = (0, 0)
        fileprivate var dayNumber: Int?

        public init() {}
    }

    /// As `parse(_:)`, remembering the day in `memo`.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, memo: inout DayMemo) -> HealthInstant? {
        // 2019-06-17 23:10:00 -0400: 25 bytes.
        guard bytes.count == 25, let p = bytes.baseAddress else { return nil }
        // Each digit's value; a byte that is no digit gives more than 9, caught once for all (every
        // digit position's largest value).
        func digit(_ at: Int) -> Int { Int(p[at] &- 0x30) }
        func largest(_ a: Int, _ b: Int) -> Int { max(digit(a), digit(b)) }
        let date = max(max(largest(0, 1), largest(2, 3)), max(largest(5, 6), largest(8, 9)))
        let time = max(max(largest(11, 12), largest(14, 15)), max(largest(17, 18), max(largest(21, 22), largest(23, 24))))
        guard max(date, time) <= 9, p[4] == 0x2D, p[7] == 0x2D, p[10] == 0x20, p[13] == 0x3A, p[16] == 0x3A, p[19] == 0x20,
              p[20] == 0x2B || p[20] == 0x2D else { return nil }
        let hour = digit(11) * 10 + digit(12), minute = digit(14) * 10 + digit(15), second = digit(17) * 10 + digit(18)
        let offsetHours = digit(21) * 10 + digit(22), offsetMinutes = digit(23) * 10 + digit(24)
        guard hour < 24, minute < 60, second < 61, offsetHours < 24, offsetMinutes < 60 else { return nil }
        let dateBytes = (UnsafeRawPointer(p).loadUnaligned(as: UInt64.self), UnsafeRawPointer(p + 8).loadUnaligned(as: UInt16.self))
        let dayNumber: Int
        if let known = memo.dayNumber, memo.date == dateBytes {
            dayNumber = known
        } else {
            let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
            guard let calendarDay = LocalDate(year: year, month: digit(5) * 10 + digit(6), day: digit(8) * 10 + digit(9)) else { return nil }
            dayNumber = calendarDay.dayNumber
            (memo.date, memo.dayNumber) = (dateBytes, dayNumber)
        }
        let offset = (p[20] == 0x2D ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        let local = dayNumber * 86400 + hour * 3600 + minute * 60 + second
        return HealthInstant(utc: local - offset, offset: offset)
    }

    public static func parse(_ text: String) -> HealthInstant? {
        var text = text
        return text.withUTF8 { parse($0) }
    }
}
