/// When a plan's occurrences are due and overdue, and when nobody should be woken for them
/// (`reminders:` in the plan file; an activity may set its own `grace`).
public struct Reminders: Hashable, Sendable {
    /// Minutes after its time that an open occurrence stays "due" before it is "overdue".
    public var graceMinutes: Int
    /// No notifications from `start` to `end` (across midnight when `end` is earlier).
    public var quiet: (start: TimeOfDay, end: TimeOfDay)?

    public static let standard = Reminders(graceMinutes: 60, quiet: nil)
    public static let graceRange = 0...720

    public init(graceMinutes: Int, quiet: (start: TimeOfDay, end: TimeOfDay)?) {
        self.graceMinutes = graceMinutes
        self.quiet = quiet
    }

    public static func == (a: Reminders, b: Reminders) -> Bool {
        a.graceMinutes == b.graceMinutes && a.quiet?.start == b.quiet?.start && a.quiet?.end == b.quiet?.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(graceMinutes)
        hasher.combine(quiet?.start)
        hasher.combine(quiet?.end)
    }

    /// Whether `minutes` after midnight fall in the quiet hours.
    public func isQuiet(at minutes: Int) -> Bool {
        guard let quiet else { return false }
        let start = quiet.start.minutes, end = quiet.end.minutes
        return start <= end ? (start..<end).contains(minutes) : minutes >= start || minutes < end
    }

    /// `22:00-07:00` as written in a plan file.
    public var quietText: String? { quiet.map { "\($0.start)-\($0.end)" } }

    /// Reads `22:00-07:00`.
    public static func quiet(_ text: String) -> (start: TimeOfDay, end: TimeOfDay)? {
        let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = TimeOfDay(text: parts[0]), let end = TimeOfDay(text: parts[1]), start != end else { return nil }
        return (start, end)
    }
}
