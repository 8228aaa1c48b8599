import Foundation

/// The time zones samples say they were recorded in (HealthKit's `HKTimeZone` metadata,
/// `America/New_York`), each looked up once.
///
/// Why: an export writes every date with the offset of the phone's zone at export time, wherever
/// the sample was lived: a night in New York exported in Berlin reads `04:30 +0100`. HealthKit
/// keeps the zone it was recorded in beside sleep, workouts and more; the offset that zone had at
/// that very instant (summer time or not) gives the day and the clock times the person lived. A
/// name Foundation does not know leaves the instant as the export wrote it.
///
/// Not shared between threads: each import's reader and each reading of nights has its own.
public final class RecordedZones {
    /// Every name asked about, with its zone or nil when Foundation does not know it.
    private var zones: [String: TimeZone?] = [:]

    public init() {}

    /// The zone called `name`, nil when there is none by that name.
    public func zone(_ name: String) -> TimeZone? {
        if let known = zones[name] { return known }
        let zone = TimeZone(identifier: name)
        zones[name] = zone
        return zone
    }

    /// `instant` with the offset `name` had at that moment; as it is when `name` is nil or unknown.
    public func instant(_ instant: HealthInstant, in name: String?) -> HealthInstant {
        guard let name, let zone = zone(name) else { return instant }
        return HealthInstant(utc: instant.utc, offset: zone.offset(at: instant.utc))
    }
}
