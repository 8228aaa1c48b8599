import Foundation

/// "Now", passed in rather than read from a global, so that commands and tests can pin it.
///
/// The clock holds an instant and the time zone it is seen from. `today` is the local calendar date
/// at that instant; outcomes store the instant in UTC plus the offset the user was at, so a reading
/// entered in Tokyo and one entered in Berlin both keep the local date they were recorded on.
public struct CareClock: Sendable {
    public let now: Date
    public let timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The local calendar date at `now`.
    public var today: LocalDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    /// Minutes after local midnight at `now`.
    public var minutesIntoDay: Int {
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        return parts.hour! * 60 + parts.minute!
    }

    /// Seconds east of UTC at `now` (3600 for Berlin in winter, 7200 in summer).
    public var utcOffsetSeconds: Int { timeZone.secondsFromGMT(for: now) }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The clock a command uses: `CAREPLAN_NOW` (local time `YYYY-MM-DDTHH:MM[:SS]`) when set, else the
    /// system clock; the time zone is `TZ` when set, else the system's.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CareClock {
        var zone = TimeZone.current
        if let tz = environment["TZ"], !tz.isEmpty {
            // glibc accepts ":Europe/Berlin" too.
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            guard let named = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else {
                throw CarePlanError.invalidEnvironment("TZ='\(tz)' is not a time zone this system knows; use an IANA name such as Europe/Berlin")
            }
            zone = named
        }
        guard let pinned = environment["CAREPLAN_NOW"], !pinned.isEmpty else {
            return CareClock(now: Date(), timeZone: zone)
        }
        guard let instant = parseLocalDateTime(pinned, in: zone) else {
            throw CarePlanError.invalidEnvironment("CAREPLAN_NOW='\(pinned)' is not a local date-time; expected YYYY-MM-DDTHH:MM, e.g. 2026-11-21T09:30")
        }
        return CareClock(now: instant, timeZone: zone)
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` read as wall-clock time in `zone`. A time skipped by a DST jump resolves
    /// forward, as Foundation does.
    static func parseLocalDateTime(_ text: String, in zone: TimeZone) -> Date? {
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso: halves[0]) else { return nil }
        var clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        var seconds = 0
        if clock.count == 3 {
            guard clock[2].count == 2, let s = Int(clock[2]), s < 60 else { return nil }
            seconds = s
            clock.removeLast()
        }
        guard let time = TimeOfDay(text: clock.joined(separator: ":")) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (y, m, d) = date.components
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: time.minutes / 60,
                                                  minute: time.minutes % 60, second: seconds))
    }
}
