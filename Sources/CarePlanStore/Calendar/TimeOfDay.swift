/// A wall-clock time `HH:MM` that names a scheduled occurrence ("08:00" dose, "20:00" dose).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes after local midnight, 0..<1440.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Parses `H:MM` or `HH:MM` on a 24-hour clock.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else { return nil }
        self.minutes = h * 60 + m
    }

    public var description: String { "\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))" }
    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}
