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
        // The 24 bytes before the last as three words: every digit checked at once per word (a
        // byte that is no digit gives more than 9 once '0' is taken from it; "Bit Twiddling
        // Hacks"' has-byte-greater-than), every separator compared at once.
        let raw = UnsafeRawPointer(p)
        let words = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                     raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        func notDigits(_ word: UInt64, _ digits: UInt64) -> Bool {
            let values = word ^ 0x3030_3030_3030_3030
            return (((values & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080 & digits != 0
        }
        // YYYY-MM- / DD HH:MM / :SS ±HHM (little-endian: the first byte lowest).
        let digits: (UInt64, UInt64, UInt64) = (0x00FF_FF00_FFFF_FFFF, 0xFFFF_00FF_FF00_FFFF, 0xFFFF_FF00_00FF_FF00)
        func digit(_ at: Int) -> Int { Int(p[at] &- 0x30) }
        guard !notDigits(words.0, digits.0), !notDigits(words.1, digits.1), !notDigits(words.2, digits.2), digit(24) <= 9,
              words.0 & ~digits.0 == 0x2D00_002D_0000_0000, words.1 & ~digits.1 == 0x0000_3A00_0020_0000,
              words.2 & ~digits.2 & ~0xFF_0000_0000 == 0x2000_003A, p[20] == 0x2B || p[20] == 0x2D else { return nil }
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
