/// When an activity is due: from `start` to `end` (inclusive), in local calendar dates.
///
/// Day-granular like CareKit 1 (a count of occurrences per day), with optional times of day like
/// CareKit 2 (`times` names the occurrences and gives the order they are due in).
public struct Schedule: Hashable, Sendable {
    public enum Pattern: Hashable, Sendable {
        /// N occurrences every day.
        case daily(Int)
        /// Occurrences per weekday; days not in the map have none.
        case weekly([Weekday: Int])
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
        var text: String
        switch pattern {
        case .daily(let n): text = n == 1 ? "daily" : "\(n)× daily"
        case .weekly(let perDay):
            text = "weekly on " + perDay.keys.sorted().map { day in
                perDay[day]! == 1 ? day.key : "\(day.key) \(perDay[day]!)×"
            }.joined(separator: ", ")
        case .every(let k, let n): text = (n == 1 ? "" : "\(n)× ") + (k == 1 ? "every day" : "every \(k) days")
        case .asNeeded: text = "as needed"
        }
        if !times.isEmpty { text += " at " + times.map(\.description).joined(separator: ", ") }
        text += " from \(start)"
        if let end { text += " to \(end)" }
        return text
    }
}
