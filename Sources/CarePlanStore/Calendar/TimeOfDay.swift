/// A wall-clock time `HH:MM` that names a scheduled occurrence ("08:00" dose, "20:00" dose).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes after local midnight, 0..<1440.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Parses `H:MM` or `HH:MM` on a 24-hour clock. Byte by byte, as `LocalDate(iso:)`: every
    /// plan load reads each scheduled time.
    public init?(text: some StringProtocol) {
        var hours = 0, minutes = 0, hourDigits = 0, minuteDigits = 0, colons = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ":") {
                colons += 1
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), colons < 2 else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            if colons == 0 { (hours, hourDigits) = (hours * 10 + digit, hourDigits + 1) } else { (minutes, minuteDigits) = (minutes * 10 + digit, minuteDigits + 1) }
        }
        guard colons == 1, (1...2).contains(hourDigits), minuteDigits == 2, hours < 24, minutes < 60 else { return nil }
        self.minutes = hours * 60 + minutes
    }

    public var description: String { "\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))" }
    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}
