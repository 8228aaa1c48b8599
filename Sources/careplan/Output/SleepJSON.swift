import CareInsights
import CarePlanStore
import Foundation
import HealthData

/// `careplan sleep --json`: the nights with both sets of figures, and for a range the statistics.
/// Durations are minutes, efficiency and shares percent, times local `HH:MM` and ISO 8601 instants.
struct SleepJSON: Encodable {
    struct Figures: Encodable {
        var bedStart: String
        var bedEnd: String
        var timeInBed: Double
        @Null var totalSleep: Double?
        @Null var latency: Double?
        @Null var wakeAfterOnset: Double?
        @Null var awakenings: Int?
        @Null var efficiency: Double?
        @Null var midpoint: String?
        var stages: [String: Double]
        var sources: [String]

        init(_ f: SleepFigures, zone: TimeZone) {
            let zone = f.clockZone(zone)
            func iso(_ instant: Int) -> String {
                let date = Date(timeIntervalSince1970: TimeInterval(instant))
                return date.localISO8601(offset: zone.secondsFromGMT(for: date))
            }
            func minutes(_ seconds: Int?) -> Double? { seconds.map { (Double($0) / 6).rounded() / 10 } }
            bedStart = iso(f.bedStart)
            bedEnd = iso(f.bedEnd)
            timeInBed = minutes(f.timeInBed)!
            totalSleep = minutes(f.totalSleep)
            latency = minutes(f.latency)
            wakeAfterOnset = minutes(f.wakeAfterOnset)
            awakenings = f.awakenings
            efficiency = f.efficiency.map { ($0 * 1000).rounded() / 10 }
            midpoint = f.midpoint.map { SleepText.clock($0, zone: zone) }
            stages = Dictionary(uniqueKeysWithValues: f.stages.map { ($0.key.rawValue, minutes($0.value)!) })
            sources = f.sources
        }
    }

    struct Night: Encodable {
        var date: String
        @Null var headline: String?
        @Null var device: Figures?
        @Null var diary: Figures?
        @Null var quality: Int?
        @Null var note: String?
        var naps: [Figures]
    }

    struct SpreadJSON: Encodable {
        var mean: Double, deviation: Double, minimum: Double, maximum: Double, nights: Int
        init?(_ spread: Spread?) {
            guard let spread else { return nil }
            func round(_ x: Double) -> Double { (x * 10).rounded() / 10 }
            (mean, deviation, minimum, maximum, nights) = (round(spread.mean), round(spread.deviation), round(spread.minimum),
                                                           round(spread.maximum), spread.count)
        }
    }

    struct Statistics: Encodable {
        var nights: Int, measured: Int
        @Null var timeInBed: SpreadJSON?
        @Null var totalSleep: SpreadJSON?
        @Null var latency: SpreadJSON?
        @Null var wakeAfterOnset: SpreadJSON?
        @Null var awakenings: SpreadJSON?
        @Null var efficiency: SpreadJSON?
        /// Minutes from the night's midnight (negative: the evening before).
        @Null var bedtime: SpreadJSON?
        @Null var wakeTime: SpreadJSON?
        var stageShares: [String: Double]

        init(_ s: SleepStatistics) {
            (nights, measured) = (s.nights, s.measured)
            timeInBed = SpreadJSON(s.timeInBed)
            totalSleep = SpreadJSON(s.totalSleep)
            latency = SpreadJSON(s.latency)
            wakeAfterOnset = SpreadJSON(s.wakeAfterOnset)
            awakenings = SpreadJSON(s.awakenings)
            efficiency = SpreadJSON(s.efficiency)
            bedtime = SpreadJSON(s.bedtime)
            wakeTime = SpreadJSON(s.wakeTime)
            stageShares = Dictionary(uniqueKeysWithValues: s.stageShares.map { ($0.key.rawValue, ($0.value * 1000).rounded() / 10) })
        }
    }

    struct Message: Encodable {
        var level: String, kind: String, text: String, numbers: [String: Double]
    }

    @Null var range: String?
    var from: String
    var to: String
    var settings: [String: String]
    var nights: [Night]
    @Null var statistics: Statistics?
    @Null var previous: Statistics?
    @Null var trendPerWeek: Double?
    var messages: [Message]
    @Null var timerSince: String?

    /// One night.
    init(night: SleepNight, settings: SleepSettings, zone: TimeZone, timer: HealthInstant?) {
        from = night.date.iso
        to = night.date.iso
        self.settings = Self.settings(settings)
        nights = [Self.night(night, zone: zone)]
        messages = []
        timerSince = timer?.localText
    }

    /// A period's nights and statistics.
    init(_ insight: SleepInsight, range: InsightRange, zone: TimeZone, timer: HealthInstant?) {
        self.range = range.rawValue
        from = insight.period.first.iso
        to = insight.period.last.iso
        settings = Self.settings(insight.settings)
        nights = insight.nights.map { Self.night($0, zone: zone) }
        statistics = Statistics(insight.statistics)
        previous = Statistics(insight.previous)
        trendPerWeek = insight.trend.map { ($0.slopePerWeek * 10).rounded() / 10 }
        messages = insight.messages.map { Message(level: $0.level.name, kind: $0.kind.rawValue, text: $0.text, numbers: $0.numbers) }
        timerSince = timer?.localText
    }

    static func settings(_ settings: SleepSettings) -> [String: String] {
        ["window": settings.windowText, "awakening": String(settings.awakeningMinutes), "headline": settings.headline.rawValue]
    }

    static func night(_ night: SleepNight, zone: TimeZone) -> Night {
        Night(date: night.date.iso, headline: night.headlineSource?.rawValue, device: night.device.map { Figures($0, zone: zone) },
              diary: night.diary.map { Figures($0, zone: zone) }, quality: night.quality, note: night.note,
              naps: night.naps.map { Figures($0, zone: zone) })
    }
}
