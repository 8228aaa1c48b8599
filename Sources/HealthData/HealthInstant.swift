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
        // 2019-06-17 23:10:00 -0400: 25 bytes.
        guard bytes.count == 25 else { return nil }
        let b = bytes.startIndex
        func digits(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for i in at..<(at + count) {
                let byte = bytes[b + i]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[b + 4] == 0x2D, bytes[b + 7] == 0x2D, bytes[b + 10] == 0x20, bytes[b + 13] == 0x3A, bytes[b + 16] == 0x3A,
              bytes[b + 19] == 0x20, bytes[b + 20] == 0x2B || bytes[b + 20] == 0x2D,
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              let offsetHours = digits(21, 2), let offsetMinutes = digits(23, 2),
              hour < 24, minute < 60, second < 61, offsetHours < 24, offsetMinutes < 60,
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        let offset = (bytes[b + 20] == 0x2D ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        let local = date.dayNumber * 86400 + hour * 3600 + minute * 60 + second
        return HealthInstant(utc: local - offset, offset: offset)
    }

    public static func parse(_ text: String) -> HealthInstant? {
        var text = text
        return text.withUTF8 { parse($0) }
    }
}
