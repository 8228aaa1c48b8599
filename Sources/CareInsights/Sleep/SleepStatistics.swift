import Foundation
import CarePlanStore
import HealthData
import Localization

/// The mean and spread of one night figure over a range of nights.
public struct Spread: Hashable, Sendable {
    public var mean: Double
    /// Sample standard deviation; 0 for one night.
    public var deviation: Double
    public var minimum: Double
    public var maximum: Double
    public var count: Int

    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        count = values.count
        let mean = values.reduce(0, +) / Double(values.count)
        self.mean = mean
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        deviation = count > 1 ? (squares / Double(count - 1)).squareRoot() : 0
        minimum = values.min()!
        maximum = values.max()!
    }
}

/// A range of nights summarised from their headline figures: averages and spread (durations in
/// minutes, efficiency in percent), and regularity, the spread of bedtime and of wake time (in
/// minutes from the night's midnight, so 23:30 and 00:30 are an hour apart, not 23).
public struct SleepStatistics: Hashable, Sendable {
    /// Nights with headline figures; of those, nights whose sleep was measured.
    public var nights: Int
    public var measured: Int
    public var timeInBed: Spread?
    public var totalSleep: Spread?
    public var latency: Spread?
    public var wakeAfterOnset: Spread?
    public var awakenings: Spread?
    public var efficiency: Spread?
    public var bedtime: Spread?
    public var wakeTime: Spread?
    public var midpoint: Spread?
    /// Minutes in core, deep and REM on staged nights, and their shares of staged sleep.
    public var stageMinutes: [SleepStage: Spread]
    public var stageShares: [SleepStage: Double]

    public init(_ nights: [SleepNight], zone: TimeZone) {
        let heads = nights.compactMap { night in night.headline.map { (night.date, $0) } }
        let asleep = heads.filter { $0.1.sleepMeasured }
        func minutes(_ seconds: Int?) -> Double? { seconds.map { Double($0) / 60 } }
        self.nights = heads.count
        measured = asleep.count
        timeInBed = Spread(heads.map { Double($0.1.timeInBed) / 60 })
        totalSleep = Spread(asleep.compactMap { minutes($0.1.totalSleep) })
        latency = Spread(asleep.compactMap { minutes($0.1.latency) })
        wakeAfterOnset = Spread(asleep.compactMap { minutes($0.1.wakeAfterOnset) })
        awakenings = Spread(asleep.compactMap { $0.1.awakenings.map(Double.init) })
        efficiency = Spread(asleep.compactMap { $0.1.efficiency.map { $0 * 100 } })
        // Clock times where each night was lived: a bedtime of 23:00 in New York is 23:00.
        bedtime = Spread(heads.map { date, figures in Double(date.minutes(at: figures.bedStart, in: figures.clockZone(zone))) })
        wakeTime = Spread(asleep.compactMap { date, figures in figures.finalWake.map { Double(date.minutes(at: $0, in: figures.clockZone(zone))) } })
        midpoint = Spread(asleep.compactMap { date, figures in figures.midpoint.map { Double(date.minutes(at: $0, in: figures.clockZone(zone))) } })
        var stageMinutes: [SleepStage: Spread] = [:], stageShares: [SleepStage: Double] = [:]
        let staged = asleep.filter { $0.1.stagedSleep > 0 }
        let stagedTotal = staged.reduce(0) { $0 + $1.1.stagedSleep }
        for stage in SleepStage.staged {
            stageMinutes[stage] = Spread(staged.map { Double($0.1.stages[stage] ?? 0) / 60 })
            if stagedTotal > 0 { stageShares[stage] = Double(staged.reduce(0) { $0 + ($1.1.stages[stage] ?? 0) }) / Double(stagedTotal) }
        }
        self.stageMinutes = stageMinutes
        self.stageShares = stageShares
    }
}

extension SleepStatistics {
    /// The figures in words, for `careplan sleep --range`, `careplan insights` and the report:
    /// averages with their spread, the night's waking, regularity and stages.
    public var summaryLines: [String] {
        let s = self
        func duration(_ spread: Spread?) -> String? {
            // TRANSLATORS: an average and its spread: "6 h 58 min (± 32 min)".
            spread.map { tr("{value} (± {deviation})", ["value": SleepText.duration(Int($0.mean * 60)), "deviation": SleepText.duration(Int($0.deviation * 60))]) }
        }
        var lines: [String] = []
        var parts: [String] = []
        // TRANSLATORS: the lines of a period's sleep summary: a heading, then {figures}, a list of items such
        // as "asleep 6 h 58 min (± 32 min)" joined with ", "; each item has a duration, a percentage or a
        // clock time (23:40) with its spread (± 25 min).
        if let value = duration(s.totalSleep) { parts.append(tr("asleep {duration}", ["duration": value])) }
        if let value = duration(s.timeInBed) { parts.append(tr("in bed {duration}", ["duration": value])) }
        if let e = s.efficiency {
            parts.append(tr("efficiency {percent} % (± {deviation})", ["percent": Int(e.mean.rounded()), "deviation": Int(e.deviation.rounded())]))
        }
        if !parts.isEmpty { lines.append(tr("Average: {figures}", ["figures": ListText.joined(parts)])) }
        parts = []
        if let value = duration(s.latency) { parts.append(tr("to fall asleep {duration}", ["duration": value])) }
        if let value = duration(s.wakeAfterOnset) { parts.append(tr("awake after onset {duration}", ["duration": value])) }
        if let a = s.awakenings { parts.append(tr("awakenings {average} a night", ["average": NumberText.string((a.mean * 10).rounded() / 10)])) }
        if !parts.isEmpty { lines.append(tr("In the night: {figures}", ["figures": ListText.joined(parts)])) }
        parts = []
        func clock(_ spread: Spread) -> KeyValuePairs<String, any PlaceholderValue> {
            ["time": TimeOfDay(wrapping: spread.mean).description, "deviation": Int(spread.deviation.rounded())]
        }
        if let spread = s.bedtime { parts.append(tr("bedtime {time} ± {deviation} min", clock(spread))) }
        if let spread = s.wakeTime { parts.append(tr("wake time {time} ± {deviation} min", clock(spread))) }
        if let spread = s.midpoint { parts.append(tr("midpoint {time} ± {deviation} min", clock(spread))) }
        if !parts.isEmpty { lines.append(tr("Regularity: {figures}", ["figures": ListText.joined(parts)])) }
        if !s.stageShares.isEmpty {
            let stages = ListText.joined(SleepStage.staged.map { "\($0.title) \(SleepText.percent(s.stageShares[$0] ?? 0))" })
            lines.append(tr("Stages: {figures}", ["figures": stages]))
        }
        return lines
    }
}
