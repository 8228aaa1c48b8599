import CarePlanStore
import GRDB
import Localization

/// One bucket of a statistics collection, named by its first day.
public struct HealthStatistics: Hashable, Sendable {
    public var start: LocalDate
    /// Samples in the bucket, all sources.
    public var count: Int
    /// Cumulative types: the total, each stretch of time counted once (see `SourcePriority`).
    public var sum: Double?
    /// Discrete types: over every sample of the bucket.
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    /// The value of the bucket's latest sample.
    public var last: Double?
}

/// A quantity type's statistics per day, week or month, like HealthKit's statistics collection
/// query: cumulative types summed without counting overlapping sources twice, discrete types
/// averaged. Buckets without samples are left out.
public struct StatisticsCollection: Hashable, Sendable {
    public var type: HealthType
    public var aggregation: HealthType.Aggregation
    /// The unit values are in (the base of their dimension).
    public var unit: String
    public var buckets: [HealthStatistics]
}

/// Why statistics cannot be given for a type.
public enum HealthStatisticsError: UserFacingError, Equatable {
    case notAQuantity(HealthType)

    public var description: String {
        switch self {
        case .notAQuantity(let type):
            // TRANSLATORS: {type} is a HealthKit identifier's short name (SleepAnalysis), as the command takes it.
            return tr("{type} has no numbers to add up or average; careplan health samples {type} lists it", ["type": type.shortName])
        }
    }
}

extension CareStore {
    /// `type`'s statistics from `from` through `to` (local days, inclusive), by `bucket`.
    public func statistics(of type: HealthType, from: LocalDate, to: LocalDate, by bucket: DateBucket) throws -> StatisticsCollection {
        try read { db in
            guard let typeId = try Int64.fetchOne(db, sql: "SELECT id FROM healthType WHERE identifier = ?", arguments: [type.identifier]),
                  let unit = try String.fetchOne(db, sql: "SELECT unit FROM quantitySample WHERE personId = person() AND typeId = ? LIMIT 1", arguments: [typeId])
            else { throw HealthStatisticsError.notAQuantity(type) }
            let days = try Self.days(db, typeId: typeId, cumulative: type.aggregation == .cumulative, from: from, to: to)
            return StatisticsCollection(type: type, aggregation: type.aggregation, unit: HealthUnit.storedSymbol(unit),
                                        buckets: Self.rolledUp(days, by: bucket))
        }
    }

    /// The figures of each day from `quantityDay` (a row per day and source), sources combined;
    /// cumulative days that several sources recorded take their total from `mergedDay`, or from
    /// the samples when it has none.
    static func days(_ db: Database, typeId: Int64, cumulative: Bool, from: LocalDate, to: LocalDate) throws -> [HealthStatistics] {
        var days: [HealthStatistics] = [], sources: [Int] = [], lastStart = Int.min
        let rows = try Row.fetchCursor(db, sql: """
            SELECT day, count, sum, minimum, maximum, lastStart, lastValue FROM quantityDay
            WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ? ORDER BY day
            """, arguments: [typeId, from.dayNumber, to.dayNumber])
        while let row = try rows.next() {
            let day = LocalDate(dayNumber: row[0]), count: Int = row[1], sum: Double = row[2]
            let minimum: Double = row[3], maximum: Double = row[4], start: Int = row[5], value: Double = row[6]
            if let index = days.indices.last, days[index].start == day {
                days[index].count += count
                days[index].sum! += sum
                days[index].minimum = min(days[index].minimum!, minimum)
                days[index].maximum = max(days[index].maximum!, maximum)
                if start >= lastStart { days[index].last = value; lastStart = start }
                sources[index] += 1
            } else {
                days.append(HealthStatistics(start: day, count: count, sum: sum, minimum: minimum, maximum: maximum, last: value))
                sources.append(1)
                lastStart = start
            }
        }
        guard cumulative else {
            for index in days.indices {
                days[index].average = days[index].sum! / Double(days[index].count)
            }
            return days
        }
        var merged = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
            SELECT day, total FROM mergedDay WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ?
            """, arguments: [typeId, from.dayNumber, to.dayNumber]).map { ($0[0] as Int, $0[1] as Double) })
        let missing = days.indices.filter { sources[$0] > 1 && merged[days[$0].start.dayNumber] == nil }.map { days[$0].start.dayNumber }
        if !missing.isEmpty {
            let priority = try SourcePriority.load(db)
            for run in MergedDays.runs(of: missing) {
                for (day, total) in try mergedTotals(db, typeId: typeId, days: run, priority: priority) { merged[day] = total.sum }
            }
        }
        for index in days.indices {
            days[index].minimum = nil
            days[index].maximum = nil
            days[index].last = nil
            if sources[index] > 1, let total = merged[days[index].start.dayNumber] { days[index].sum = total }
        }
        return days
    }

    /// Cumulative totals per day from the samples, overlapping sources counted once: sources are
    /// taken in priority order, and each sample adds only the share of its interval no
    /// higher-priority sample of that day covered (a point sample adds all of itself unless
    /// covered). With each day, how many sources recorded it.
    static func mergedTotals(_ db: Database, typeId: Int64, days: ClosedRange<Int>, priority: SourcePriority,
                             sources: Set<Int64>? = nil) throws -> [(day: Int, total: (sum: Double, sources: Int))] {
        var result: [(day: Int, total: (sum: Double, sources: Int))] = []
        var day = Int.min, samples: [(rank: Int, start: Int, end: Int, value: Double)] = []
        func finish() {
            guard !samples.isEmpty else { return }
            samples.sort { ($0.rank, $0.start) < ($1.rank, $1.start) }
            var covered: [(start: Int, end: Int)] = [], total = 0.0, index = 0, sources = 0
            while index < samples.count {
                // One source's samples, against what higher-priority sources covered.
                let rank = samples[index].rank
                var mine: [(start: Int, end: Int)] = []
                while index < samples.count, samples[index].rank == rank {
                    let sample = samples[index]
                    total += sample.value * Self.uncoveredShare(sample.start, sample.end, of: covered)
                    mine.append((sample.start, sample.end))
                    index += 1
                }
                sources += 1
                covered = Self.merged(covered, mine)
            }
            result.append((day, (total, sources)))
            samples.removeAll(keepingCapacity: true)
        }
        let range = QuantityRange(typeId: typeId, days: days).clause()
        let rows = try Row.fetchCursor(db, sql: """
            SELECT day, sourceId, start, end, value FROM quantitySample WHERE \(range.sql) ORDER BY day
            """, arguments: range.arguments)
        while let row = try rows.next() {
            let rowDay: Int = row[0]
            if let sources, !sources.contains(row[1]) { continue }
            if rowDay != day { finish(); day = rowDay }
            samples.append((priority.rank(row[1]), row[2], row[3], row[4]))
        }
        finish()
        return result
    }

    /// The share of `start..<end` that no interval of `covered` (sorted, disjoint) overlaps; for
    /// an instant, 1 unless it falls inside one.
    static func uncoveredShare(_ start: Int, _ end: Int, of covered: [(start: Int, end: Int)]) -> Double {
        guard end > start else {
            return covered.contains { $0.start <= start && start < $0.end } ? 0 : 1
        }
        var overlap = 0
        for interval in covered where interval.end > start && interval.start < end {
            overlap += min(end, interval.end) - max(start, interval.start)
        }
        return Double(end - start - overlap) / Double(end - start)
    }

    /// Two interval lists as one sorted list of disjoint intervals.
    static func merged(_ a: [(start: Int, end: Int)], _ b: [(start: Int, end: Int)]) -> [(start: Int, end: Int)] {
        var all = (a + b).filter { $0.end > $0.start }
        all.sort { $0.start < $1.start }
        var result: [(start: Int, end: Int)] = []
        for interval in all {
            if let last = result.last, interval.start <= last.end {
                result[result.count - 1].end = max(last.end, interval.end)
            } else {
                result.append(interval)
            }
        }
        return result
    }

    /// Days rolled up into weeks or months: counts and sums add, minimum and maximum combine,
    /// the average is the sum over the count, the last is the last day's.
    static func rolledUp(_ days: [HealthStatistics], by bucket: DateBucket) -> [HealthStatistics] {
        guard bucket != .day else { return days }
        var result: [HealthStatistics] = []
        for day in days {
            let start = bucket.start(of: day.start)
            guard let previous = result.last, previous.start == start else {
                var first = day
                first.start = start
                result.append(first)
                continue
            }
            var combined = previous
            combined.count += day.count
            combined.sum = previous.sum.flatMap { a in day.sum.map { a + $0 } }
            combined.minimum = previous.minimum.flatMap { a in day.minimum.map { min(a, $0) } }
            combined.maximum = previous.maximum.flatMap { a in day.maximum.map { max(a, $0) } }
            combined.average = previous.average == nil ? nil : combined.sum.map { $0 / Double(combined.count) }
            combined.last = day.last ?? previous.last
            result[result.count - 1] = combined
        }
        return result
    }
}
