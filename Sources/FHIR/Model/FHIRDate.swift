import CarePlanStore
import Foundation

/// FHIR's date and dateTime values: `2013`, `2013-01`, `2013-01-01`, `2013-01-01T10:30:00+01:00`
/// (seconds optional in files people write; fractions allowed).
public enum FHIRDate {
    /// The calendar date as written (a dateTime's date in its own offset); nil for a partial date
    /// or anything else.
    public static func localDate(_ text: String) -> LocalDate? {
        guard text.count >= 10 else { return nil }
        return LocalDate(iso: text.prefix(10))
    }

    /// An instant with the offset it was written in. A dateTime without an offset, or a bare
    /// date (taken at noon), is read on the clocks of `zone`. Nil for anything else.
    public static func instant(_ text: String, zone: TimeZone) -> (date: Date, offset: Int, hasTime: Bool)? {
        guard let day = localDate(text) else { return nil }
        let rest = text.dropFirst(10)
        if rest.isEmpty {
            let date = Date(timeIntervalSince1970: TimeInterval(day.instant(minutes: 12 * 60, in: zone)))
            return (date, zone.secondsFromGMT(for: date), false)
        }
        guard rest.first == "T" else { return nil }
        var clock = rest.dropFirst()
        var offset: Int?
        if clock.hasSuffix("Z") {
            offset = 0
            clock = clock.dropLast()
        } else if clock.count > 6, let sign = clock.dropLast(5).last, sign == "+" || sign == "-" {
            let zoneText = clock.suffix(5)
            guard zoneText.dropFirst(2).first == ":", let hours = Int(zoneText.prefix(2)), let minutes = Int(zoneText.suffix(2)),
                  hours <= 14, minutes < 60 else { return nil }
            offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            clock = clock.dropLast(6)
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hours = Int(parts[0]), let minutes = Int(parts[1]), parts[0].count == 2, parts[1].count == 2,
              hours < 24, minutes < 60 else { return nil }
        var seconds = 0.0
        if parts.count == 3 {
            guard let value = Double(parts[2]), value >= 0, value < 61, parts[2].prefix(2).allSatisfy(\.isNumber) else { return nil }
            seconds = value
        }
        let wall = TimeInterval(day.dayNumber * 86_400 + hours * 3600 + minutes * 60) + seconds.rounded(.down)
        if let offset { return (Date(timeIntervalSince1970: wall - TimeInterval(offset)), offset, true) }
        let inZone = Date(timeIntervalSince1970: TimeInterval(day.instant(minutes: hours * 60 + minutes, in: zone)) + seconds.rounded(.down))
        return (inZone, zone.secondsFromGMT(for: inZone), true)
    }
}
