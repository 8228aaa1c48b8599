import CarePlanStore

/// Adherence of a bucket or a period: the store's one adherence figure.
public typealias AdherenceState = Adherence

/// Adherence per bucket for the whole plan (`activityId` nil) or one intervention.
public struct AdherenceSeries: Hashable, Sendable {
    public var activityId: String?
    public var title: String
    /// One state per bucket of the period, in order.
    public var buckets: [AdherenceState]
    /// The whole period up to today.
    public var total: AdherenceState
}

/// Completed and due occurrences that count in adherence (non-optional, non-as-needed
/// interventions), per activity per day, kept as prefix sums so any span's totals cost O(1).
///
/// Due counts come from the schedules of the versions in force (`DueTable`), completed counts from
/// one indexed GROUP BY per activity (`CareStore.completedCounts`). The ledger ends at today:
/// later days are never counted, so a week containing today counts Monday to today.
struct AdherenceLedger {
    let first: LocalDate
    let last: LocalDate
    /// Per activity: element k of each is the total over the days before `first + k`.
    private var sums: [String: (due: [Int], done: [Int])] = [:]

    init(ids: [String], due table: DueTable, done: DailyCounts, first: LocalDate, last: LocalDate) {
        self.first = first
        self.last = last
        guard first <= last else { return }
        for id in ids {
            let days = table.days(of: id, from: first, through: last)
            let counts = done.counts(of: id, from: first, through: last)
            var dueSums = [0], doneSums = [0]
            dueSums.reserveCapacity(days.count + 1)
            doneSums.reserveCapacity(days.count + 1)
            for (day, count) in zip(days, counts) {
                let owed = day.counts ? Int(day.occurrences) : 0
                dueSums.append(dueSums.last! + owed)
                // Never more than was due, should a version have changed what counts that day.
                doneSums.append(doneSums.last! + min(count, owed))
            }
            sums[id] = (dueSums, doneSums)
        }
    }

    /// Totals of `id` over `from...through`, clipped to the ledger's days.
    func totals(_ id: String, from: LocalDate, through: LocalDate) -> (completed: Int, due: Int) {
        guard let row = sums[id] else { return (0, 0) }
        return totals(row, from: from, through: through)
    }

    private func totals(_ row: (due: [Int], done: [Int]), from: LocalDate, through: LocalDate) -> (completed: Int, due: Int) {
        let lower = max(from, first), upper = min(through, last)
        guard lower <= upper else { return (0, 0) }
        let a = lower.days(since: first), b = upper.days(since: first) + 1
        return (row.done[b] - row.done[a], row.due[b] - row.due[a])
    }

    /// The state of `ids` together over each of `spans`; `start` is when the plan or activity
    /// starts. Each activity is looked up once for all the spans (a period's series asks for eight
    /// spans of every intervention, and looking each up per span was most of the series' time).
    func states(_ ids: [String], over spans: [(first: LocalDate, last: LocalDate)], start: LocalDate?, today: LocalDate) -> [AdherenceState] {
        var completed = [Int](repeating: 0, count: spans.count), due = completed
        for id in ids {
            guard let row = sums[id] else { continue }
            for (index, span) in spans.enumerated() where span.first <= today {
                let spanTotals = totals(row, from: span.first, through: min(span.last, today))
                completed[index] += spanTotals.completed
                due[index] += spanTotals.due
            }
        }
        return spans.indices.map { index in
            guard let start, spans[index].last >= start else { return .notStarted }
            guard spans[index].first <= today else { return .future }
            return due[index] == 0 ? .nothingDue : .due(completed: completed[index], total: due[index])
        }
    }
}

/// Completed and due occurrences that count, per activity, over one span of days: totals only,
/// for comparing a period with the one before it without reading that one day by day.
///
/// Completed counts are index-only COUNTs over the days whose version counts in adherence. That
/// equals the per-day sum because the store only accepts an outcome for an occurrence due that
/// day; the total is still capped at what was due.
struct SpanTotals {
    let first: LocalDate
    let last: LocalDate
    private var totals: [String: (completed: Int, due: Int)] = [:]

    /// `known`: daily counts that cover `first...last`, when the caller has them (a week's or a
    /// month's report reads the days before it with its own); else the totals are asked for.
    init(store: StoreReader, histories: [ActivityHistory], due table: DueTable, first: LocalDate, last: LocalDate,
         known: DailyCounts? = nil) throws {
        self.first = first
        self.last = last
        guard first <= last else { return }
        let spans = ActivitySpan.counted(histories, first: first, last: last)
        let counts: [Int]
        if let known, known.first <= first, known.last >= last {
            counts = spans.map { known.counts(of: $0.activityId, from: $0.from, through: $0.through).reduce(0, +) }
        } else {
            counts = try store.outcomeCounts(spans)
        }
        var completed: [String: Int] = [:]
        for (span, count) in zip(spans, counts) { completed[span.activityId, default: 0] += count }
        for id in histories.map(\.id) {
            let due = table.days(of: id, from: first, through: last).reduce(0) { $0 + ($1.counts ? Int($1.occurrences) : 0) }
            totals[id] = (min(completed[id] ?? 0, due), due)
        }
    }

    func totals(_ id: String) -> (completed: Int, due: Int) { totals[id] ?? (0, 0) }
}

/// Each activity's latest day, in a span, on which a version that counts in adherence had
/// something done: where a run of missed days ends. One index seek per activity and version
/// instead of reading every day of a two-month look-back, and none where the period's own daily
/// counts (`known`) already show a day done.
///
/// An outcome on a counted version's day means something due was done (the store only accepts
/// outcomes for occurrences due that day), so that day ends a run of misses.
struct LastDone {
    private var days: [String: LocalDate] = [:]

    init(store: StoreReader, histories: [ActivityHistory], first: LocalDate, last: LocalDate, known: DailyCounts? = nil) throws {
        var asked: [ActivitySpan] = []
        for span in ActivitySpan.counted(histories, first: first, last: last) {
            // A span ending inside the known days: its latest day done there, if any, is the
            // answer (a count is there exactly when the store has a summary row for the day);
            // only the days before them are asked for when none is.
            guard let known, span.through >= known.first, span.through <= known.last else {
                asked.append(span)
                continue
            }
            let from = max(span.from, known.first)
            if let offset = known.counts(of: span.activityId, from: from, through: span.through).lastIndex(where: { $0 > 0 }) {
                note(span.activityId, from.adding(days: offset))
            } else if span.from < known.first {
                asked.append(ActivitySpan(activityId: span.activityId, from: span.from, through: known.first.adding(days: -1)))
            }
        }
        for (span, day) in zip(asked, try store.latestOutcomeDays(asked)) {
            guard let day else { continue }
            note(span.activityId, day)
        }
    }

    private mutating func note(_ id: String, _ day: LocalDate) {
        days[id] = max(days[id] ?? day, day)
    }

    /// The latest such day of `id`, if any in the span.
    func day(_ id: String) -> LocalDate? { days[id] }
}

extension ActivitySpan {
    /// The stretches of `first...last` in which each history's version in force counts in adherence.
    static func counted(_ histories: [ActivityHistory], first: LocalDate, last: LocalDate) -> [ActivitySpan] {
        var spans: [ActivitySpan] = []
        // By index: copying each version's activity to ask one flag of it was most of this.
        for index in histories.indices {
            for bound in DueTable.bounds(of: histories[index], first: first, last: last)
            where histories[index].versions[bound.version].activity.countsInAdherence {
                spans.append(ActivitySpan(activityId: histories[index].id, from: bound.first, through: bound.last))
            }
        }
        return spans
    }
}

extension AdherenceSeries {
    /// The plan's series, then one per intervention that counts in adherence in some version, in display order.
    static func all(plan: PlanSnapshot, period: InsightPeriod, ledger: AdherenceLedger, today: LocalDate) -> (plan: AdherenceSeries, activities: [AdherenceSeries]) {
        let counted = plan.histories.filter(\.countsInAdherence)
        // The buckets, then the whole period.
        let spans = period.buckets.map { (first: $0.first, last: $0.last) } + [(first: period.first, last: period.last)]
        func series(_ ids: [String], activityId: String?, title: String, start: LocalDate?) -> AdherenceSeries {
            var states = ledger.states(ids, over: spans, start: start, today: today)
            let total = states.removeLast()
            return AdherenceSeries(activityId: activityId, title: title, buckets: states, total: total)
        }
        let whole = series(counted.map(\.id), activityId: nil, title: "Adherence", start: plan.start)
        let each = counted.map { history in
            series([history.id], activityId: history.id, title: history.activity(on: min(period.last, today)).title, start: history.start)
        }
        return (whole, each)
    }
}

extension ActivityHistory {
    /// Whether any version of it counts in adherence.
    var countsInAdherence: Bool { kind == .intervention && versions.contains { $0.activity.countsInAdherence } }
}

extension InsightsEngine {
    /// Each day's adherence from `first` through `last` as seen on `today`, counted as a report's
    /// day buckets count it (the week strip draws these): due from the schedules, done from the
    /// day summaries, without reading a single outcome.
    public static func dailyAdherence(using store: StoreReader, plan: PlanSnapshot, from first: LocalDate, through last: LocalDate,
                                      today: LocalDate) throws -> [AdherenceState] {
        guard first <= last else { return [] }
        let counted = plan.histories.filter(\.countsInAdherence).map(\.id)
        let end = min(last, today)
        let done = try store.completedCounts(of: counted, from: first, through: end)
        let ledger = AdherenceLedger(ids: counted, due: DueTable(plan: plan, first: first, last: end), done: done, first: first, last: end)
        let days = (0...last.days(since: first)).map { first.adding(days: $0) }
        return ledger.states(counted, over: days.map { (first: $0, last: $0) }, start: plan.start, today: today)
    }
}
