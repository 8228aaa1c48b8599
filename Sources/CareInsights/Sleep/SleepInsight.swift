import CarePlanStore
import Foundation
import HealthData
import Localization

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
            let mean = low.compactMap(\.efficiency).reduce(0, +) / Double(low.count)
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "goal": SleepText.percent(Self.efficiencyGoal), "nights": 7, "date": end.iso, "average": SleepText.percent(mean)]
            let text = end == today
                // TRANSLATORS: nights under the sleep efficiency goal ({goal}, 85 %): {count} of the last {nights} nights, or of
                // the {nights} nights to {date} (2026-11-14); {average} is those nights' average efficiency.
                ? trn("Sleep efficiency under {goal} on {count} of the last {nights} nights (those nights averaged {average})",
                      "Sleep efficiency under {goal} on {count} of the last {nights} nights (those nights averaged {average})", low.count, values)
                : trn("Sleep efficiency under {goal} on {count} of the {nights} nights to {date} (those nights averaged {average})",
                      "Sleep efficiency under {goal} on {count} of the {nights} nights to {date} (those nights averaged {average})", low.count, values)
            messages.append(InsightMessage(level: .warning, kind: .sleepEfficiency, activityId: diaryId,
                                           text: text,
                                           numbers: ["nights": Double(low.count), "window": 7, "goal": Self.efficiencyGoal * 100, "average": mean * 100]))
        }
        if let now = statistics.totalSleep, let then = previous.totalSleep, now.count >= Self.minimumNights, then.count >= Self.minimumNights,
           then.mean - now.mean >= Self.dropMinutes {
            let drop = then.mean - now.mean
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "average": SleepText.duration(Int(now.mean * 60)), "difference": SleepText.duration(Int(drop * 60)),
                "previous": SleepText.duration(Int(then.mean * 60)), "nights": now.count]
            let text = switch period.range {
            // TRANSLATORS: less sleep than in the period before: {average} a night this period, {difference} less than
            // {previous} before; {nights} and {count} are the nights measured in each.
            case .week: trn("Average total sleep {average} this week, {difference} less than the week before ({previous}; {nights} vs {count} night)",
                            "Average total sleep {average} this week, {difference} less than the week before ({previous}; {nights} vs {count} nights)", then.count, values)
            case .month: trn("Average total sleep {average} this month, {difference} less than the month before ({previous}; {nights} vs {count} night)",
                             "Average total sleep {average} this month, {difference} less than the month before ({previous}; {nights} vs {count} nights)", then.count, values)
            case .quarter: trn("Average total sleep {average} this quarter, {difference} less than the quarter before ({previous}; {nights} vs {count} night)",
                               "Average total sleep {average} this quarter, {difference} less than the quarter before ({previous}; {nights} vs {count} nights)", then.count, values)
            case .year: trn("Average total sleep {average} this year, {difference} less than the year before ({previous}; {nights} vs {count} night)",
                            "Average total sleep {average} this year, {difference} less than the year before ({previous}; {nights} vs {count} nights)", then.count, values)
            }
            messages.append(InsightMessage(level: .warning, kind: .sleepDrop, activityId: diaryId,
                                           text: text,
                                           numbers: ["average": now.mean, "previous": then.mean, "difference": -drop,
                                                     "nights": Double(now.count), "previousNights": Double(then.count)]))
        }
        for (isBedtime, spread) in [(true, statistics.bedtime), (false, statistics.wakeTime)] {
            guard let spread, spread.count >= Self.regularityNights, spread.deviation > Self.irregularMinutes else { continue }
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "deviation": Int(spread.deviation.rounded()), "time": TimeOfDay(wrapping: spread.mean).description]
            let text = isBedtime
                // TRANSLATORS: an irregular bedtime or wake time: {deviation} is its standard deviation in minutes, {time}
                // the average clock time (23:40), {count} the nights.
                ? trn("Bedtime irregular: it varied by ±{deviation} min around {time} (standard deviation over {count} night)",
                      "Bedtime irregular: it varied by ±{deviation} min around {time} (standard deviation over {count} nights)", spread.count, values)
                : trn("Wake time irregular: it varied by ±{deviation} min around {time} (standard deviation over {count} night)",
                      "Wake time irregular: it varied by ±{deviation} min around {time} (standard deviation over {count} nights)", spread.count, values)
            messages.append(InsightMessage(level: .tip, kind: .sleepRegularity, activityId: diaryId,
                                           text: text,
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
