import Foundation
import Localization

/// "Now", passed in rather than read from a global, so that commands and tests can pin it.
///
/// The clock holds an instant and the time zone it is seen from. `today` is the local calendar date
/// at that instant; outcomes store the instant in UTC plus the offset the user was at, so a reading
/// entered in Tokyo and one entered in Berlin both keep the local date they were recorded on.
public struct CareClock: Sendable {
    public let now: Date
    /// Seconds east of UTC at `now` (3600 for Berlin in winter, 7200 in summer).
    public let utcOffsetSeconds: Int
    let zone: ClockZone

    /// The time zone `now` is seen from. On the system's zone, Foundation's is made on first use
    /// (`SystemZone`): a command that only needs today's date never pays for ICU.
    public var timeZone: TimeZone { zone.timeZone }

    public init(now: Date, timeZone: TimeZone) {
        self.init(now: now, zone: ClockZone(timeZone))
    }

    init(now: Date, zone: ClockZone) {
        self.now = now
        self.zone = zone
        utcOffsetSeconds = zone.offset(at: Int(now.timeIntervalSince1970.rounded(.down)))
    }

    /// The local calendar date at `now`.
    public var today: LocalDate { LocalDate(dayNumber: localSeconds.dayNumber) }

    /// Minutes after local midnight at `now`.
    public var minutesIntoDay: Int { localSeconds.secondsIntoDay / 60 }

    /// Wall-clock seconds since 1970-01-01 00:00 local, split into day and time of day. Read from the
    /// zone's offset at `now` rather than through a Foundation `Calendar`, whose first use loads ICU's
    /// calendar data: a few milliseconds every command would pay just to learn today's date.
    private var localSeconds: (dayNumber: Int, secondsIntoDay: Int) {
        let local = Int(now.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (day, local - day * 86_400)
    }

    /// The time zone commands see (`TZ`, else the system's), for code that has no clock passed
    /// in: health data filling a linked sleep diary cuts nights on it.
    public static var environmentZone: TimeZone { (try? fromEnvironment().timeZone) ?? .current }

    /// The clock a command uses: `CAREPLAN_NOW` (local time `YYYY-MM-DDTHH:MM[:SS]`) when set, else the
    /// system clock; the time zone is `TZ` when set, else the system's.
    public static func fromEnvironment(_ environment: [String: String] = ProcessEnvironment.values) throws -> CareClock {
        let zone = try ClockZone.from(environment)
        guard let pinned = environment["CAREPLAN_NOW"], !pinned.isEmpty else {
            return CareClock(now: Date(), zone: zone)
        }
        guard let instant = parseLocalDateTime(pinned, offsets: zone.offset(at:)) else {
            throw CarePlanError.invalidEnvironment(tr("CAREPLAN_NOW='{value}' is not a local date-time; expected YYYY-MM-DDTHH:MM, e.g. 2026-11-21T09:30", ["value": pinned]))
        }
        return CareClock(now: instant, zone: zone)
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` read as wall-clock time in `zone`: a time clocks skip lands after the
    /// jump, a repeated one is its first showing (`LocalDate.instant(minutes:in:)`).
    static func parseLocalDateTime(_ text: String, in zone: TimeZone) -> Date? {
        parseLocalDateTime(text, offsets: zone.offset(at:))
    }

    /// As above, with the zone's offset at an instant (seconds since 1970) given by `offsets`.
    static func parseLocalDateTime(_ text: String, offsets: (Int) -> Int) -> Date? {
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso: halves[0]) else { return nil }
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        var seconds = 0
        if clock.count == 3 {
            guard clock[2].count == 2, let s = Int(clock[2]), s < 60 else { return nil }
            seconds = s
        }
        guard clock.count == 2 || clock.count == 3, let time = TimeOfDay(text: String(clock[0]) + ":" + String(clock[1])) else { return nil }
        // The zone's offsets rather than a Foundation `Calendar`, whose first use loads ICU's
        // calendar data: a quarter of a millisecond every pinned command paid.
        return Date(timeIntervalSince1970: TimeInterval(date.instant(minutes: time.minutes, offsets: offsets) + seconds))
    }
}
