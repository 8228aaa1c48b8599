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
    /// Per activity: element k is the total over the days before `first + k`.
    private var due: [String: [Int]] = [:]
    private var completed: [String: [Int]] = [:]

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
            due[id] = dueSums
            completed[id] = doneSums
        }
    }

    /// Totals of `id` over `from...through`, clipped to the ledger's days.
    func totals(_ id: String, from: LocalDate, through: LocalDate) -> (completed: Int, due: Int) {
        let lower = max(from, first), upper = min(through, last)
        guard lower <= upper, let dueSums = due[id], let doneSums = completed[id] else { return (0, 0) }
        let a = lower.days(since: first), b = upper.days(since: first) + 1
        return (doneSums[b] - doneSums[a], dueSums[b] - dueSums[a])
    }

    /// The state of `ids` together over `first...last`; `start` is when the plan or activity starts.
    func state(_ ids: [String], first: LocalDate, last: LocalDate, start: LocalDate?, today: LocalDate) -> AdherenceState {
        guard let start, last >= start else { return .notStarted }
        guard first <= today else { return .future }
        var completed = 0, total = 0
        for id in ids {
            let sums = totals(id, from: first, through: min(last, today))
            completed += sums.completed
            total += sums.due
        }
        return total == 0 ? .nothingDue : .due(completed: completed, total: total)
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

    init(store: StoreReader, plan: PlanSnapshot, ids: [String], due table: DueTable, first: LocalDate, last: LocalDate) throws {
        self.first = first
        self.last = last
        guard first <= last else { return }
        var spans: [ActivitySpan] = [], owners: [String] = []
        for id in ids {
            guard let history = plan.history(id) else { continue }
            for segment in DueTable.segments(of: history, first: first, last: last) where segment.activity.countsInAdherence {
                spans.append(ActivitySpan(activityId: id, from: segment.first, through: segment.last))
                owners.append(id)
            }
        }
        var completed: [String: Int] = [:]
        for (id, count) in zip(owners, try store.outcomeCounts(spans)) { completed[id, default: 0] += count }
        for id in ids {
            let due = table.days(of: id, from: first, through: last).reduce(0) { $0 + ($1.counts ? Int($1.occurrences) : 0) }
            totals[id] = (min(completed[id] ?? 0, due), due)
        }
    }

    func totals(_ id: String) -> (completed: Int, due: Int) { totals[id] ?? (0, 0) }
}

extension AdherenceSeries {
    /// The plan's series, then one per intervention that counts in adherence in some version, in display order.
    static func all(plan: PlanSnapshot, period: InsightPeriod, ledger: AdherenceLedger, today: LocalDate) -> (plan: AdherenceSeries, activities: [AdherenceSeries]) {
        let counted = plan.histories.filter(\.countsInAdherence)
        func series(_ ids: [String], activityId: String?, title: String, start: LocalDate?) -> AdherenceSeries {
            AdherenceSeries(activityId: activityId, title: title,
                            buckets: period.buckets.map { ledger.state(ids, first: $0.first, last: $0.last, start: start, today: today) },
                            total: ledger.state(ids, first: period.first, last: period.last, start: start, today: today))
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
