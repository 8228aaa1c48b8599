import CarePlanStore
import Foundation

/// The benchmark's "now": Saturday 2026-11-21 09:30 in Berlin, the date the sample plans and the
/// README's screenshots are written around. Pinned so every run measures the same days.
enum PinnedClock {
    static let timeZone = TimeZone(identifier: "Europe/Berlin")!

    static let clock: CareClock = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let now = calendar.date(from: DateComponents(year: 2026, month: 11, day: 21, hour: 9, minute: 30))!
        return CareClock(now: now, timeZone: timeZone)
    }()

    /// The same, as `CAREPLAN_NOW` and `TZ` give it to a careplan process.
    static let localTime = "2026-11-21T09:30", zone = "Europe/Berlin"
    static let description = "\(localTime) \(zone)"
}
