import CarePlanStore

/// What each intervention had due on each day of a span, from the version in force that day.
///
/// Pure arithmetic on the plan (no queries): each version's schedule is asked only for the days
/// that version governs, so a changed schedule changes only the days after its effective date.
struct DueTable: Sendable {
    /// One activity on one day.
    struct Day: Hashable, Sendable {
        /// Occurrences due (0 for as-needed activities and outside the schedule).
        var occurrences: Int32 = 0
        /// Whether those occurrences count in adherence that day (not optional, not as-needed).
        var counts = false
        /// As-needed and within its schedule: may be logged, never due.
        var available = false
    }

    let first: LocalDate
    let last: LocalDate
    private var days: [String: [Day]] = [:]

    init(plan: PlanSnapshot, kind: Activity.Kind = .intervention, first: LocalDate, last: LocalDate) {
        self.first = first
        self.last = last
        guard first <= last else { return }
        for history in plan.histories where history.kind == kind {
            days[history.id] = Self.days(of: history, first: first, last: last)
        }
    }

    func day(_ id: String, _ date: LocalDate) -> Day {
        guard date >= first, date <= last, let row = days[id] else { return Day() }
        return row[date.days(since: first)]
    }

    /// `id`'s days from `from` through `through` (nothing due outside the table's span).
    func days(of id: String, from: LocalDate, through: LocalDate) -> [Day] {
        guard from <= through else { return [] }
        var result = [Day](repeating: Day(), count: through.days(since: from) + 1)
        guard let row = days[id] else { return result }
        let lower = max(from, first), upper = min(through, last)
        guard lower <= upper else { return result }
        for dayNumber in lower.dayNumber...upper.dayNumber {
            result[dayNumber - from.dayNumber] = row[dayNumber - first.dayNumber]
        }
        return result
    }

    /// The days `first...last` split by the version governing them, in date order. As
    /// `ActivityHistory.version(on:)`: the latest version effective on or before a day governs it,
    /// and the first version also governs every day before its effective date.
    static func segments(of history: ActivityHistory, first: LocalDate, last: LocalDate) -> [(first: LocalDate, last: LocalDate, activity: Activity)] {
        let versions = history.versions
        return versions.indices.compactMap { index in
            let from = index == 0 ? first : max(first, versions[index].effectiveFrom)
            let until = index + 1 < versions.count ? min(last, versions[index + 1].effectiveFrom.adding(days: -1)) : last
            return from <= until ? (from, until, versions[index].activity) : nil
        }
    }

    private static func days(of history: ActivityHistory, first: LocalDate, last: LocalDate) -> [Day] {
        var row = [Day](repeating: Day(), count: last.days(since: first) + 1)
        for segment in segments(of: history, first: first, last: last) {
            let activity = segment.activity
            let schedule = activity.schedule
            for dayNumber in segment.first.dayNumber...segment.last.dayNumber {
                let date = LocalDate(dayNumber: dayNumber)
                var day = Day()
                if schedule.isAsNeeded {
                    day.available = schedule.covers(date)
                } else {
                    day.occurrences = Int32(schedule.occurrences(on: date))
                    day.counts = activity.countsInAdherence && day.occurrences > 0
                }
                row[dayNumber - first.dayNumber] = day
            }
        }
        return row
    }
}
