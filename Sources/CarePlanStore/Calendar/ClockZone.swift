import Foundation
import Localization

/// The zone a clock sees its instants from: a Foundation `TimeZone`, or the system's zone
/// (`SystemZone`), whose offsets come from the C library and whose Foundation `TimeZone` is made
/// only when something asks for it.
final class ClockZone: @unchecked Sendable {
    /// The system zone's IANA name; nil for a zone Foundation made.
    private let systemName: String?
    private let lock = NSLock()
    private var made: TimeZone?

    init(_ zone: TimeZone) {
        systemName = nil
        made = zone
    }

    private init(system name: String) {
        systemName = name
    }

    /// The zone `TZ` names (`:Europe/Berlin` as the C library also takes it; empty is unset), else
    /// the system's. The C library reads the process's own `TZ`, so only a clock on this process's
    /// environment asks it; another environment (tests) and any `TZ` the C library and Foundation
    /// would read differently go to Foundation, which also refuses what it does not know.
    static func from(_ environment: [String: String]) throws -> ClockZone {
        if environment["TZ"] == ProcessEnvironment.values["TZ"], let name = SystemZone.name {
            return ClockZone(system: name)
        }
        guard let tz = environment["TZ"], !tz.isEmpty else { return ClockZone(.current) }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        guard let named = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else {
            throw CarePlanError.invalidEnvironment(tr("TZ='{value}' is not a time zone this system knows; use an IANA name such as Europe/Berlin", ["value": tz]))
        }
        return ClockZone(named)
    }

    /// Seconds east of UTC at `instant` (seconds since 1970).
    func offset(at instant: Int) -> Int {
        guard systemName == nil else { return SystemZone.offset(at: instant) }
        return timeZone.offset(at: instant)
    }

    /// Foundation's zone, made on first use for the system's zone. Should ICU's copy of the tz
    /// database not know a zone the system's newer one has, the offset in force now stands in.
    var timeZone: TimeZone {
        lock.withLock {
            if let made { return made }
            let zone = systemName.flatMap(TimeZone.init(identifier:))
                ?? TimeZone(secondsFromGMT: SystemZone.offset(at: Int(Date().timeIntervalSince1970))) ?? .gmt
            made = zone
            return zone
        }
    }
}
