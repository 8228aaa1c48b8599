import CarePlanStore
import Foundation
import HealthData

/// Nights as an iPhone and an Apple Watch record them since iOS 16, for the demo: the phone's
/// "in bed" from bedtime to rising, the watch's stages in roughly 90-minute cycles (more deep
/// sleep early, longer REM towards morning, a few short awakenings). Deterministic from the seed.
public struct SleepSampleGenerator: Sendable {
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    static let phone = SampleSource(name: "iPhone", device: "<<HKDevice>, name:iPhone, manufacturer:Apple Inc., model:iPhone>")
    static let watch = SampleSource(name: "Apple Watch", device: "<<HKDevice>, name:Apple Watch, manufacturer:Apple Inc., model:Watch>")

    /// The samples of the nights ending on `from` through `through`, on clocks in `zone`.
    public func samples(from: LocalDate, through: LocalDate, zone: TimeZone) -> [CategorySample] {
        var random = SeededRandom(seed: SeededRandom.seed(seed, stream: "sleep"))
        var result: [CategorySample] = []
        guard from <= through else { return [] }
        for day in from.dayNumber...through.dayNumber {
            let date = LocalDate(dayNumber: day)
            func instant(_ minutes: Int) -> HealthInstant {
                let utc = date.instant(minutes: minutes, in: zone)
                return HealthInstant(utc: utc, offset: zone.offset(at: utc))
            }
            func sample(_ stage: SleepStage, _ start: Int, _ end: Int, _ source: SampleSource) -> CategorySample {
                CategorySample(type: .sleepAnalysis, source: source, start: instant(start), end: instant(end), created: instant(end),
                               value: stage.healthKitValue, timeZone: zone.identifier)
            }
            let bed = -75 + Int((random.gaussian() * 25).rounded())
            let wake = 6 * 60 + 35 + Int((random.gaussian() * 20).rounded())
            let up = wake + 5 + random.below(20)
            result.append(sample(.inBed, bed, up, Self.phone))
            var t = bed + 8 + random.below(25)
            var cycle = 0
            while t < wake - 15 {
                let early = cycle < 2
                var parts: [(SleepStage, Int)] = [(.core, 25 + random.below(25)), (.deep, early ? 20 + random.below(25) : 3 + random.below(12)),
                                                  (.core, 10 + random.below(15)), (.rem, early ? 8 + random.below(8) : 18 + random.below(20))]
                if random.chance(0.35) { parts.append((.awake, 2 + random.below(10))) }
                for (stage, minutes) in parts where t < wake {
                    let end = min(t + minutes, wake)
                    result.append(sample(stage, t, end, Self.watch))
                    t = end
                }
                cycle += 1
            }
        }
        return result
    }
}

extension SampleHistory {
    /// Writes `days` nights of phone and watch sleep ending this morning, in one transaction,
    /// and fills the plan's linked sleep diaries from them. Returns the samples written.
    @discardableResult
    public static func seedSleep(_ store: CareStore, days: Int, seed: UInt64, clock: CareClock) throws -> Int {
        let samples = SleepSampleGenerator(seed: seed).samples(from: clock.today.adding(days: -(max(days, 1) - 1)), through: clock.today,
                                                               zone: clock.timeZone)
        return try store.write { db in
            let writer = try SampleWriter(db)
            var added = 0
            for sample in samples where try writer.add(sample) { added += 1 }
            try PlanLinkage.sync(db, through: clock.today, zone: clock.timeZone)
            return added
        }
    }
}
