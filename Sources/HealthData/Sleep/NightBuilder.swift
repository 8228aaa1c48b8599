import CarePlanStore
import Foundation

/// One sleep sample as the night builder takes it: an interval, what it says, and who said it.
public struct SleepInterval: Hashable, Sendable {
    /// Seconds since 1970, UTC; `end` after `start`.
    public var start: Int
    public var end: Int
    public var stage: SleepStage
    public var source: String
    /// The source's place in the priority order (lower first): which staged sample wins when two
    /// sources stage the same minutes differently.
    public var rank: Int
    /// Where it was recorded, when the sample says (HKTimeZone).
    public var zone: TimeZone?

    public init(start: Int, end: Int, stage: SleepStage, source: String, rank: Int = 0, zone: TimeZone? = nil) {
        self.start = start
        self.end = end
        self.stage = stage
        self.source = source
        self.rank = rank
        self.zone = zone
    }
}

/// A stretch of a night in one state, for drawing it: nil stage is a gap no sample covers.
public struct SleepSegment: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public var stage: SleepStage?
}

/// Turns a night's device samples, from any number of sources, into its figures. Pure: the
/// arithmetic the tests check by hand.
///
/// The samples are cut at every start and end into stretches, each in one state; time is never
/// counted twice however many sources overlap. In a stretch a staged sample (core, deep, REM,
/// awake) beats an unspecified "asleep", the higher-priority source wins between staged ones,
/// and "in bed" alone means in bed and not known to be asleep.
///
/// - Time in bed is the union of the in-bed intervals with every asleep and awake one (real
///   exports hold asleep samples outside the in-bed ones); with no in-bed sample at all, it runs
///   from the first to the last sample.
/// - Total sleep is the asleep stretches (unspecified, core, deep, REM); a night with none has no
///   total sleep ("not measured"), never 0 % efficiency.
/// - Latency runs from the start of time in bed to the first asleep second; wake after sleep
///   onset is the time not asleep between the first and the last asleep second, and an awakening
///   is such a stretch of at least `awakeningMinutes`.
public enum NightBuilder {
    public static func figures(_ samples: [SleepInterval], awakeningMinutes: Int) -> SleepFigures? {
        figures(samples, segments: segments(samples), awakeningMinutes: awakeningMinutes)
    }

    /// As `figures(_:awakeningMinutes:)`, with the samples' `segments` already cut. The night is
    /// lived where its earliest sample that says so was recorded.
    static func figures(_ samples: [SleepInterval], segments: [SleepSegment], awakeningMinutes: Int) -> SleepFigures? {
        let samples = samples.allSatisfy { $0.end > $0.start } ? samples : samples.filter { $0.end > $0.start }
        guard !samples.isEmpty else { return nil }
        var figures = unzoned(samples, segments: segments, awakeningMinutes: awakeningMinutes)
        // By index: a sample carries its source's name and zone, and copying each to compare
        // starts was a tenth of reading a year of nights.
        var earliest: Int?
        for index in samples.indices where samples[index].zone != nil {
            if earliest.map({ samples[index].start < samples[$0].start }) ?? true { earliest = index }
        }
        figures.zone = earliest.flatMap { samples[$0].zone }
        return figures
    }

    private static func unzoned(_ samples: [SleepInterval], segments: [SleepSegment], awakeningMinutes: Int) -> SleepFigures {
        let hasInBed = samples.contains { $0.stage == .inBed }
        let covered = segments.filter { $0.stage != nil }
        let bedStart = hasInBed ? covered.first!.start : samples.map(\.start).min()!
        let bedEnd = hasInBed ? covered.last!.end : samples.map(\.end).max()!
        let timeInBed = hasInBed ? covered.reduce(0) { $0 + $1.end - $1.start } : bedEnd - bedStart

        var stages: [SleepStage: Int] = [:]
        for segment in covered where segment.stage != .inBed { stages[segment.stage!, default: 0] += segment.end - segment.start }
        let asleep = segments.filter { $0.stage?.isAsleep == true }
        let sources = Array(Set(samples.map(\.source))).sorted()
        guard let onset = asleep.first?.start, let finalWake = asleep.last?.end else {
            return SleepFigures(bedStart: bedStart, bedEnd: bedEnd, timeInBed: timeInBed, totalSleep: nil, latency: nil, wakeAfterOnset: nil,
                                awakenings: nil, onset: nil, finalWake: nil, stages: stages, sources: sources)
        }
        let totalSleep = asleep.reduce(0) { $0 + $1.end - $1.start }
        // Stretches not asleep between onset and the final awakening, gaps between samples included.
        var awakenings = 0, run = 0
        for segment in segments where segment.start >= onset && segment.end <= finalWake {
            if segment.stage?.isAsleep == true {
                if run >= awakeningMinutes * 60 { awakenings += 1 }
                run = 0
            } else {
                run += segment.end - segment.start
            }
        }
        return SleepFigures(bedStart: bedStart, bedEnd: bedEnd, timeInBed: timeInBed, totalSleep: totalSleep, latency: onset - bedStart,
                            wakeAfterOnset: finalWake - onset - totalSleep, awakenings: awakenings, onset: onset, finalWake: finalWake,
                            stages: stages, sources: sources)
    }

    /// The samples cut into stretches between consecutive starts and ends, each in the state that
    /// wins there (nil where no sample covers it), neighbours in the same state joined.
    public static func segments(_ samples: [SleepInterval]) -> [SleepSegment] {
        let sorted = samples.filter { $0.end > $0.start }.sorted { $0.start < $1.start }
        var edges: [Int] = []
        edges.reserveCapacity(sorted.count * 2)
        for sample in sorted { edges.append(sample.start); edges.append(sample.end) }
        edges.sort()
        var result: [SleepSegment] = []
        // The samples covering the current stretch, by their place in `sorted` (a sample carries
        // its source's name and zone, which copying would retain): a night holds a few dozen, so
        // a plain array scanned per stretch beats any structure.
        var active: [Int] = [], next = 0, previous = Int.min
        for index in edges.indices.dropLast() {
            let a = edges[index], b = edges[index + 1]
            guard a != previous, b > a else { continue }
            previous = a
            active.removeAll { sorted[$0].end <= a }
            while next < sorted.count, sorted[next].start <= a {
                active.append(next)
                next += 1
            }
            var staged: Int?, asleep = false
            for sample in active {
                let stage = sorted[sample].stage
                if stage.isStaged {
                    if let best = staged, (sorted[best].rank, sorted[best].stage) <= (sorted[sample].rank, stage) { continue }
                    staged = sample
                } else if stage == .asleep {
                    asleep = true
                }
            }
            let stage = staged.map { sorted[$0].stage } ?? (asleep ? .asleep : active.isEmpty ? nil : .inBed)
            if let last = result.last, last.stage == stage, last.end == a {
                result[result.count - 1].end = b
            } else {
                result.append(SleepSegment(start: a, end: b, stage: stage))
            }
        }
        return result
    }

    /// The samples in episodes: runs separated by at least `gap` seconds that no sample covers.
    /// The night's main sleep is one of them; the others are naps.
    public static func episodes(_ samples: [SleepInterval], gap: Int = SleepSettings.episodeGapMinutes * 60) -> [[SleepInterval]] {
        var result: [[SleepInterval]] = [], reach = Int.min
        for sample in samples.sorted(by: { $0.start < $1.start }) {
            if result.isEmpty || sample.start >= reach + gap {
                result.append([sample])
            } else {
                result[result.count - 1].append(sample)
            }
            reach = max(reach, sample.end)
        }
        return result
    }
}
