import CareInsights
import CarePlanStore
import Foundation

/// One insights range at one history length: the engine, its reads through the store's public
/// methods (GRDB), and the floor: the same figures from the raw outcomes through SQLite's C API.
struct InsightsRangeResult: Codable, Sendable {
    var range: String
    var period: String
    var statements: Int
    var engine: Samples
    /// `CareStore.completedCounts` + `statistics`: the engine's reads of the day summaries through GRDB, without its Swift.
    var store: Samples
    var floor: Samples
    /// Empty when the floor read exactly what the engine reported.
    var mismatches: [String]
}

struct InsightsResult: Codable, Sendable {
    var label: String
    var ranges: [InsightsRangeResult]
    var startRSSKiB: Int
    var baselineRSSKiB: Int
    var peakRSSKiB: Int
    /// VmHWM at the end, the cross-check of `peakRSSKiB`.
    var peakHWMKiB: Int?
}

/// The Insights pane's reports for week, month, quarter and year at the pinned date, as the
/// dashboard asks for them: store open, plan already loaded.
struct InsightsCases {
    let path: String
    let clock = PinnedClock.clock

    func run(label: String, sampler: Sampler) throws -> InsightsResult {
        let baseline = PeakMemory.highWaterMarkKiB() ?? PeakMemory.kibibytes()
        let store = try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false)
        let plan = try store.plan()
        let engine = InsightsEngine(store: store)
        let floor = SQLFloor(connection: try SQLiteConnection(path: path))
        let today = clock.today
        var results: [InsightsRangeResult] = []
        for range in InsightRange.allCases {
            let queries = InsightsQueries(plan: plan, range: range, date: today, today: today)
            let report = try engine.report(range: range, date: today, today: today, plan: plan)
            let mismatches = try crossCheck(report, floor: floor.run(queries), queries: queries, store: store)

            let engineSamples = try sampler.measure { _ in try engine.report(range: range, date: today, today: today, plan: plan) }
            let storeSamples = try sampler.measure { _ in try viaStore(store, queries) }
            let floorSamples = try sampler.measure { _ in try floor.run(queries) }
            results.append(InsightsRangeResult(range: range.rawValue, period: queries.period.description,
                                               statements: queries.statementCount,
                                               engine: engineSamples, store: storeSamples, floor: floorSamples, mismatches: mismatches))
        }
        return InsightsResult(label: label, ranges: results, startRSSKiB: PeakMemory.atStart, baselineRSSKiB: baseline,
                              peakRSSKiB: PeakMemory.kibibytes(), peakHWMKiB: PeakMemory.highWaterMarkKiB())
    }

    /// The engine's queries through the store's public API, one call per query as the engine makes them.
    func viaStore(_ store: CareStore, _ queries: InsightsQueries) throws -> [Any] {
        var kept: [Any] = []
        if let first = queries.dailyCounts.first {
            kept.append(try store.completedCounts(of: queries.dailyCounts.map(\.activityId), from: first.from, through: first.through))
        }
        if !queries.spanCounts.isEmpty {
            kept.append(try store.outcomeCounts(queries.spanCounts.map { ActivitySpan(activityId: $0.activityId, from: $0.from, through: $0.through) }))
        }
        for query in queries.statistics {
            kept.append(try store.statistics(of: query.activityId, field: query.field, from: query.from, through: query.through, by: .day))
        }
        return kept
    }

    /// A floor that runs other queries than the engine would be no floor: compare what both read.
    /// Reading counts per field must agree with the report; completion counts with the store.
    func crossCheck(_ report: InsightsReport, floor: SQLFloor.Result, queries: InsightsQueries, store: CareStore) throws -> [String] {
        var problems: [String] = []
        let period = queries.period
        let fields = Dictionary(report.assessments.map { ("\($0.activityId)/\($0.field.name)", $0) }, uniquingKeysWith: { a, _ in a })
        var checked = Set<String>()
        for (query, rows) in zip(queries.statistics, floor.days) {
            let key = "\(query.activityId)/\(query.field)"
            checked.insert(key)
            guard let insight = fields[key] else { problems.append("\(key): the floor reads it, the report has no such field"); continue }
            let floorCount = rows.filter { period.contains(LocalDate(dayNumber: $0.0)) }.reduce(0) { $0 + $1.1 }
            let engineCount = insight.overall?.count ?? 0
            if floorCount != engineCount { problems.append("\(key): the floor read \(floorCount) readings in the period, the report counts \(engineCount)") }
        }
        for key in Set(fields.keys).subtracting(checked) { problems.append("\(key): in the report, not in the floor's queries") }
        if let first = queries.dailyCounts.first {
            let counts = try store.completedCounts(of: queries.dailyCounts.map(\.activityId), from: first.from, through: first.through)
            for (query, total) in zip(queries.dailyCounts, floor.completed) {
                let stored = counts.counts(of: query.activityId, from: query.from, through: query.through).reduce(0, +)
                if stored != total { problems.append("\(query.activityId): the floor read \(total) completions, the store \(stored)") }
            }
        }
        let spans = try store.outcomeCounts(queries.spanCounts.map { ActivitySpan(activityId: $0.activityId, from: $0.from, through: $0.through) })
        if spans != floor.spans { problems.append("span counts differ between the floor and the store") }
        return problems
    }
}
