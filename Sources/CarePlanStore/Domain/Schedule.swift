import Localization

/// When an activity is due: from `start` to `end` (inclusive), in local calendar dates.
///
/// Day-granular like CareKit 1 (a count of occurrences per day), with optional times of day like
/// CareKit 2 (`times` names the occurrences and gives the order they are due in).
public struct Schedule: Hashable, Sendable {
    public enum Pattern: Hashable, Sendable {
        /// N occurrences every day.
        case daily(Int)
        /// Occurrences per weekday; days without a count have none.
        case weekly(WeekdayCounts)
        /// N occurrences on every K-th day counted from `start`.
        case every(days: Int, times: Int)
        /// Never due; may be logged any number of times a day; never counts in adherence.
        case asNeeded
    }

    public var start: LocalDate
    public var end: LocalDate?
    public var pattern: Pattern
    /// Names of the occurrences in due order; when present, its count is the per-day count.
    public var times: [TimeOfDay]

    public init(start: LocalDate, end: LocalDate? = nil, pattern: Pattern, times: [TimeOfDay] = []) {
        self.start = start
        self.end = end
        self.pattern = pattern
        self.times = times
    }

    public var isAsNeeded: Bool { pattern == .asNeeded }

    /// Whether `date` lies within start...end.
    public func covers(_ date: LocalDate) -> Bool {
        date >= start && (end.map { date <= $0 } ?? true)
    }

    /// Whether anything can be recorded on `date`: a scheduled day, or any day of an as-needed one.
    public func isOpen(on date: LocalDate) -> Bool {
        covers(date) && (isAsNeeded || occurrences(on: date) > 0)
    }

    /// Whether occurrence `index` on `date` is an event an outcome may belong to: a due occurrence
    /// of a scheduled day, or any entry of an as-needed activity within its dates. The one rule the
    /// store checks for every outcome it writes, one by one, in bulk, or under a changed version.
    public func hasEvent(on date: LocalDate, occurrence index: Int) -> Bool {
        index >= 0 && covers(date) && (isAsNeeded || index < occurrences(on: date))
    }

    /// How many occurrences are due on `date` (0 outside the schedule and for as-needed activities).
    public func occurrences(on date: LocalDate) -> Int {
        guard covers(date) else { return 0 }
        switch pattern {
        case .daily(let n): return n
        case .weekly(let perDay): return perDay[date.weekday] ?? 0
        case .every(let k, let n): return date.days(since: start) % k == 0 ? n : 0
        case .asNeeded: return 0
        }
    }

    /// The label of occurrence `index` on a scheduled day: its time when the schedule has times.
    public func time(ofOccurrence index: Int) -> TimeOfDay? {
        times.indices.contains(index) ? times[index] : nil
    }

    /// A short human description: "2× daily at 08:00, 20:00 from 2026-11-01".
    public var summary: String {
        let times = ListText.joined(self.times.map(\.description))
        let start = self.start.iso
        switch (times.isEmpty, end) {
        // TRANSLATORS: {schedule} says how often ("daily", "2× daily", "weekly on Mon, Thu", "every 3 days", "as needed"),
        // {times} lists times of day ("08:00, 20:00"), {start} and {end} are the first and last days (2026-11-01).
        case (true, nil): return tr("{schedule} from {start}", ["schedule": frequency, "start": start])
        case (true, let end?): return tr("{schedule} from {start} to {end}", ["schedule": frequency, "start": start, "end": end.iso])
        case (false, nil): return tr("{schedule} at {times} from {start}", ["schedule": frequency, "times": times, "start": start])
        case (false, let end?):
            return tr("{schedule} at {times} from {start} to {end}", ["schedule": frequency, "times": times, "start": start, "end": end.iso])
        }
    }

    /// How often: "daily", "2× daily", "weekly on Mon, Thu 2×", "every 3 days", "as needed".
    var frequency: String {
        switch pattern {
        // TRANSLATORS: how often an activity is due, as the start of its schedule's summary ({schedule}).
        case .daily(let n): return n == 1 ? tr("daily") : trn("{count}× daily", "{count}× daily", n)
        case .weekly(let perDay):
            let days = perDay.pairs.map { day, count in
                // TRANSLATORS: a weekday of a weekly schedule with its number of occurrences: "Thu 2×".
                count == 1 ? day.shortName : trn("{weekday} {count}×", "{weekday} {count}×", count, ["weekday": day.shortName])
            }
            // TRANSLATORS: {weekdays} lists abbreviated weekdays, each with its count when above one: "Mon, Thu 2×".
            return tr("weekly on {weekdays}", ["weekdays": ListText.joined(days)])
        case .every(1, 1): return tr("every day")
        case .every(1, let n): return trn("{count}× every day", "{count}× every day", n)
        case .every(let k, 1): return trn("every {count} day", "every {count} days", k)
        case .every(let k, let n): return trn("{times}× every {count} day", "{times}× every {count} days", k, ["times": n])
        case .asNeeded: return tr("as needed")
        }
    }
}
