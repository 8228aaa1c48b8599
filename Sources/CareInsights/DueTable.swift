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
    /// The first day worked out ahead; days from `first` up to it are worked out when asked for.
    private let tabled: LocalDate
    private var days: [String: [Day]] = [:]
    /// The activities, for the days worked out when asked for.
    private var histories: [String: ActivityHistory] = [:]

    /// What was due from `first` through `last`. `tabledFrom`: the first day most questions are
    /// about, when earlier days are asked for only here and there. A report's table reaches back
    /// two months for missed streaks, which look at a day or two of most activities: worked out
    /// ahead for every activity, those days were most of the table's cost.
    init(plan: PlanSnapshot, kind: Activity.Kind = .intervention, first: LocalDate, last: LocalDate, tabledFrom: LocalDate? = nil) {
        self.first = first
        self.last = last
        tabled = max(first, tabledFrom ?? first)
        guard first <= last else { return }
        for history in plan.histories where history.kind == kind {
            days[history.id] = tabled <= last ? Self.days(of: history, first: tabled, last: last) : []
            if tabled > first { histories[history.id] = history }
        }
    }

    func day(_ id: String, _ date: LocalDate) -> Day {
        guard date >= first, date <= last, let row = days[id] else { return Day() }
        guard date >= tabled else { return histories[id].map { Self.day(of: $0, on: date) } ?? Day() }
        return row[date.days(since: tabled)]
    }

    /// `id`'s days from `from` through `through` (nothing due outside the table's span).
    func days(of id: String, from: LocalDate, through: LocalDate) -> [Day] {
        guard from <= through else { return [] }
        var result = [Day](repeating: Day(), count: through.days(since: from) + 1)
        guard let row = days[id] else { return result }
        let lower = max(from, first), upper = min(through, last)
        guard lower <= upper else { return result }
        for dayNumber in lower.dayNumber...upper.dayNumber {
            result[dayNumber - from.dayNumber] = dayNumber >= tabled.dayNumber ? row[dayNumber - tabled.dayNumber]
                : day(id, LocalDate(dayNumber: dayNumber))
        }
        return result
    }

    /// The days `first...last` split by the version governing them, in date order, each with the
    /// index of its version in `history.versions`. As `ActivityHistory.version(on:)`: the latest
    /// version effective on or before a day governs it, and the first version also governs every
    /// day before its effective date.
    static func bounds(of history: ActivityHistory, first: LocalDate, last: LocalDate) -> [(first: LocalDate, last: LocalDate, version: Int)] {
        let versions = history.versions
        return versions.indices.compactMap { index in
            let from = index == 0 ? first : max(first, versions[index].effectiveFrom)
            let until = index + 1 < versions.count ? min(last, versions[index + 1].effectiveFrom.adding(days: -1)) : last
            return from <= until ? (from, until, index) : nil
        }
    }

    private static func days(of history: ActivityHistory, first: LocalDate, last: LocalDate) -> [Day] {
        var row = [Day](repeating: Day(), count: last.days(since: first) + 1)
        for segment in bounds(of: history, first: first, last: last) {
            let schedule = history.versions[segment.version].activity.schedule
            let counts = history.versions[segment.version].activity.countsInAdherence
            for dayNumber in segment.first.dayNumber...segment.last.dayNumber {
                row[dayNumber - first.dayNumber] = day(schedule, countsInAdherence: counts, on: LocalDate(dayNumber: dayNumber))
            }
        }
        return row
    }

    /// One day of `history`, by the version governing it.
    private static func day(of history: ActivityHistory, on date: LocalDate) -> Day {
        guard let segment = bounds(of: history, first: date, last: date).first else { return Day() }
        return day(history.versions[segment.version].activity.schedule,
                   countsInAdherence: history.versions[segment.version].activity.countsInAdherence, on: date)
    }

    private static func day(_ schedule: Schedule, countsInAdherence: Bool, on date: LocalDate) -> Day {
        var day = Day()
        if schedule.isAsNeeded {
            day.available = schedule.covers(date)
        } else {
            day.occurrences = Int32(schedule.occurrences(on: date))
            day.counts = countsInAdherence && day.occurrences > 0
        }
        return day
    }
}
