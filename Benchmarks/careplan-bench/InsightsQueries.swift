import CareInsights
import CarePlanStore

/// What one insights report reads, worked out from the plan the way `InsightsEngine.report` works
/// it out (Sources/CareInsights/InsightsReport.swift, Adherence.swift, Statistics.swift), and the
/// SQL that computes the same per-day figures from the *raw outcomes*: the floor the engine, which
/// reads the day summaries instead, is compared with (docs/performance.md).
///
/// A copy, because the engine keeps its query plan private. Keep it in step: `InsightsCases`
/// checks that the floor reads the same readings and completions the report counts.
struct InsightsQueries {
    /// Copies of the engine's internal constants (`MessageRules.streakLookBack`, `.readingWindow`).
    static let streakLookBack = 60
    static let readingWindow = 7

    struct Span { let activityId: String; let from: LocalDate; let through: LocalDate }
    struct Statistics { let activityId: String; let field: String; let from: LocalDate; let through: LocalDate }

    let period: InsightPeriod
    /// `CareStore.completedCounts`: per intervention, completions per day (one GROUP BY each).
    var dailyCounts: [Span] = []
    /// `CareStore.outcomeCounts`: completions over the days before the period (one COUNT each).
    var spanCounts: [Span] = []
    /// `CareStore.statistics(by: .day)`: per numeric field, per-day statistics.
    var statistics: [Statistics] = []

    var statementCount: Int { dailyCounts.count + spanCounts.count + statistics.count }

    init(plan: PlanSnapshot, range: InsightRange, date: LocalDate, today: LocalDate) {
        period = range.period(containing: date)
        let end = min(period.last, today)
        let reference = max(end, period.first)

        let lastFinished = end == today ? end.adding(days: -1) : end
        let finished = max(lastFinished.days(since: period.first) + 1, 0)
        let countsFrom = min(period.first, end.adding(days: -(Self.streakLookBack - 1)))
        let previousFrom = period.first.adding(days: -finished)
        if countsFrom <= end {
            var seen = Set<String>()
            for history in plan.histories where history.kind == .intervention && seen.insert(history.id).inserted {
                dailyCounts.append(Span(activityId: history.id, from: countsFrom, through: end))
            }
        }
        let previousLast = period.first.adding(days: -1)
        if previousFrom <= previousLast {
            let counted = plan.histories.filter { $0.kind == .intervention && $0.versions.contains { $0.activity.countsInAdherence } }
            for history in counted {
                for segment in Self.segments(of: history, first: previousFrom, last: previousLast) where segment.activity.countsInAdherence {
                    spanCounts.append(Span(activityId: history.id, from: segment.first, through: segment.last))
                }
            }
        }
        let dailyFrom = min(end.adding(days: -(Self.readingWindow - 1)), period.first)
        let quantities: Set<Measure.ValueType> = [.number, .integer, .scale]
        for history in plan.histories where history.kind == .assessment {
            guard let measure = history.activity(on: reference).measure, quantities.contains(measure.type) else { continue }
            for field in measure.fields where dailyFrom <= period.last {
                statistics.append(Statistics(activityId: history.id, field: field.name, from: dailyFrom, through: period.last))
            }
        }
    }

    /// `DueTable.segments`: the days split by the version governing them.
    static func segments(of history: ActivityHistory, first: LocalDate, last: LocalDate) -> [(first: LocalDate, last: LocalDate, activity: Activity)] {
        let versions = history.versions
        return versions.indices.compactMap { index in
            let from = index == 0 ? first : max(first, versions[index].effectiveFrom)
            let until = index + 1 < versions.count ? min(last, versions[index + 1].effectiveFrom.adding(days: -1)) : last
            return from <= until ? (from, until, versions[index].activity) : nil
        }
    }

    // MARK: The same figures from the raw outcomes (the store computed them this way before day summaries)
    // The benchmark's store holds one person, the first (`personId = 1`): each query seeks the
    // outcome key (personId, activityId, date, occurrence) as careplan's own do.

    static let dailyCountsSQL = """
        SELECT CAST(julianday(date) - 2440587.5 AS INTEGER), COUNT(*) FROM outcome
        WHERE personId = 1 AND activityId = ? AND date >= ? AND date <= ? GROUP BY date
        """

    static let spanCountSQL = "SELECT COUNT(*) FROM outcome WHERE personId = 1 AND activityId = ? AND date >= ? AND date <= ?"

    /// The day number of an outcome's date.
    static let dayNumber = "CAST(julianday(o.date) - 2440587.5 AS INTEGER)"

    static let dailyStatisticsSQL = """
        SELECT bucket, COUNT(*), MIN(value), MAX(value), SUM(value), AVG(value), MAX(CASE WHEN nextBucket IS NOT bucket THEN value END)
        FROM (
            SELECT \(dayNumber) AS bucket, v.value AS value,
                   LEAD(\(dayNumber)) OVER (ORDER BY o.date, o.occurrence) AS nextBucket
            FROM outcome o JOIN outcomeValue v ON v.outcomeId = o.id AND v.name = ?
            WHERE o.personId = 1 AND o.activityId = ? AND o.date >= ? AND o.date <= ? AND v.value IS NOT NULL
        )
        GROUP BY bucket ORDER BY bucket
        """
}
