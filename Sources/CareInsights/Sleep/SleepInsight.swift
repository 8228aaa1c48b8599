import CarePlanStore
import Foundation
import HealthData

/// One bucket's nights for the bars and the sparkline: how many had headline figures, and the
/// average total sleep (minutes) and efficiency (percent) of those whose sleep was measured.
public struct SleepBucket: Hashable, Sendable {
    public var nights: Int
    public var totalSleep: Double?
    public var efficiency: Double?

    /// Each bucket of `period`, in one pass over the nights (in date order).
    static func of(_ nights: [SleepNight], in period: InsightPeriod) -> [SleepBucket] {
        var next = nights.startIndex
        return period.buckets.map { bucket in
            var count = 0, measured = 0, total = 0, efficiency = 0.0
            while next < nights.endIndex, nights[next].date < bucket.first { next += 1 }
            while next < nights.endIndex, nights[next].date <= bucket.last {
                if let head = nights[next].headline {
                    count += 1
                    if let asleep = head.totalSleep, let share = head.efficiency {
                        measured += 1
                        total += asleep
                        efficiency += share
                    }
                }
                next += 1
            }
            return SleepBucket(nights: count, totalSleep: measured == 0 ? nil : Double(total) / 60 / Double(measured),
                               efficiency: measured == 0 ? nil : efficiency * 100 / Double(measured))
        }
    }
}

/// Sleep over one Insights period: every night up to today, the period's statistics beside the
/// previous period's, each bucket's (for the bars of longer ranges), the trend of total sleep,
/// and the messages. `careplan sleep --range` prints it; the Insights pane draws it.
public struct SleepInsight: Hashable, Sendable {
    public var period: InsightPeriod
    public var settings: SleepSettings
    /// The period's nights up to today, one per date, empty ones included.
    public var nights: [SleepNight]
    public var statistics: SleepStatistics
    public var previous: SleepStatistics
    /// One per bucket of the period (nights for a week or month, weeks for a quarter, months for a year).
    public var buckets: [SleepBucket]
    /// Total sleep, minutes per week; nil with fewer than 3 measured nights.
    public var trend: Trend?
    /// The diary the messages are about, when the plan keeps one.
    public var diaryId: String?
    public var messages: [InsightMessage]

    public static let efficiencyGoal = SleepFigures.efficiencyGoal
    /// Nights of the last 7 under the goal that make a message.
    public static let lowEfficiencyNights = 3
    /// A fall in average total sleep against the previous period worth saying, in minutes, when
    /// each period has at least `minimumNights` measured nights.
    public static let dropMinutes = 15.0, minimumNights = 3
    /// A standard deviation of bedtime or wake time above this many minutes, over at least
    /// `regularityNights` nights, is irregular.
    public static let irregularMinutes = 60.0, regularityNights = 5

    /// Whether a plan or store has anything of sleep to show: a diary in the plan, or nights.
    public var isEmpty: Bool { diaryId == nil && nights.allSatisfy(\.isEmpty) && previous.nights == 0 }

    /// The sleep of `period` as seen on `today`, with the period before it for comparison.
    public static func load(_ reader: StoreReader, period: InsightPeriod, today: LocalDate, plan: PlanSnapshot, zone: TimeZone) throws -> SleepInsight {
        let end = min(period.last, today)
        let before = period.previous
        let settings = plan.sleepSettings(on: max(end, period.first))
        let all = try SleepNights.load(reader, from: before.first, through: max(end, before.last), settings: settings, zone: zone, plan: plan)
        let nights = all.filter { period.contains($0.date) && $0.date <= end }
        let earlier = all.filter { before.contains($0.date) }
        let statistics = SleepStatistics(nights, zone: zone)
        let previous = SleepStatistics(earlier, zone: zone)
        let buckets = SleepBucket.of(nights, in: period)
        let points = nights.compactMap { night in
            night.headline?.totalSleep.map { (x: Double(night.date.days(since: period.first)), y: Double($0) / 60) }
        }
        let field = SleepDiary.fields.first { $0.name == SleepDiary.Field.totalSleep.rawValue }!
        let trend = Trend.fit(points, scale: Trend.scale(field, values: points.map(\.y)))
        var insight = SleepInsight(period: period, settings: settings, nights: nights, statistics: statistics, previous: previous,
                                   buckets: buckets, trend: trend, diaryId: plan.sleepDiaries.first?.id, messages: [])
        insight.messages = insight.rules(end: end, today: today)
        return insight
    }

    /// The period's last 7 nights up to `end`.
    func lastWeek(end: LocalDate) -> [SleepNight] {
        nights.filter { $0.date > end.adding(days: -7) && $0.date <= end }
    }

    /// Observations with the numbers behind them: low efficiency, less sleep than before, an
    /// irregular bedtime or wake time.
    func rules(end: LocalDate, today: LocalDate) -> [InsightMessage] {
        var messages: [InsightMessage] = []
        let week = lastWeek(end: end).compactMap(\.headline).filter(\.sleepMeasured)
        let low = week.filter(\.isBelowEfficiencyGoal)
        if low.count >= Self.lowEfficiencyNights {
            let window = end == today ? "the last 7 nights" : "the 7 nights to \(end)"
            let mean = low.compactMap(\.efficiency).reduce(0, +) / Double(low.count)
            messages.append(InsightMessage(level: .warning, kind: .sleepEfficiency, activityId: diaryId,
                                           text: "Sleep efficiency under \(SleepText.percent(Self.efficiencyGoal)) on \(low.count) of \(window) (those nights averaged \(SleepText.percent(mean)))",
                                           numbers: ["nights": Double(low.count), "window": 7, "goal": Self.efficiencyGoal * 100, "average": mean * 100]))
        }
        if let now = statistics.totalSleep, let then = previous.totalSleep, now.count >= Self.minimumNights, then.count >= Self.minimumNights,
           then.mean - now.mean >= Self.dropMinutes {
            let drop = then.mean - now.mean
            messages.append(InsightMessage(level: .warning, kind: .sleepDrop, activityId: diaryId,
                                           text: "Average total sleep \(SleepText.duration(Int(now.mean * 60))) this \(period.range.rawValue), \(SleepText.duration(Int(drop * 60))) less than the \(period.range.rawValue) before (\(SleepText.duration(Int(then.mean * 60))); \(now.count) vs \(then.count) nights)",
                                           numbers: ["average": now.mean, "previous": then.mean, "difference": -drop,
                                                     "nights": Double(now.count), "previousNights": Double(then.count)]))
        }
        for (name, spread) in [("Bedtime", statistics.bedtime), ("Wake time", statistics.wakeTime)] {
            guard let spread, spread.count >= Self.regularityNights, spread.deviation > Self.irregularMinutes else { continue }
            let average = TimeOfDay(wrapping: spread.mean)
            messages.append(InsightMessage(level: .tip, kind: .sleepRegularity, activityId: diaryId,
                                           text: "\(name) irregular: it varied by ±\(Int(spread.deviation.rounded())) min around \(average) (standard deviation over \(spread.count) nights)",
                                           numbers: ["deviation": spread.deviation, "nights": Double(spread.count), "average": spread.mean]))
        }
        return messages
    }

    /// Total sleep per evening, for the associations engine: the night that ends on day D+1
    /// follows the evening of D, so day D carries that night's minutes ("on days you did the
    /// evening walk you slept 25 min longer").
    func followingNights() -> DailyReadings {
        var days: [Int: ReadingStatistics] = [:]
        for night in nights {
            guard let total = night.headline?.totalSleep else { continue }
            let minutes = Double(total) / 60
            days[night.date.dayNumber - 1] = ReadingStatistics(count: 1, min: minutes, max: minutes, sum: minutes, average: minutes, last: minutes)
        }
        // No normal band: out-of-normal messages are the sleep rules' business, not this series'.
        let field = Measure.Field(name: SleepDiary.Field.totalSleep.rawValue, unit: "min", normal: nil)
        return DailyReadings(activityId: diaryId ?? "sleep", title: "Total sleep", field: field, aggregate: .last, measureType: .sleep, days: days)
    }
}
