import Foundation
import Localization

/// One night's secondary sleep statistics, the figures clinicians and CBT-I use, however they were
/// obtained: from a sleep diary (what the person felt) or from device samples (what a watch measured).
///
/// Durations are whole seconds and instants are seconds since 1970 (UTC): the night is computed on
/// instants, so a night across a change to or from summer time lasts its real 23 or 25 hours.
/// `efficiency` and `midpoint` are derived here and nowhere else.
public struct SleepFigures: Hashable, Sendable {
    /// Where time in bed began and ended (the first and last instants of it).
    public var bedStart: Int
    public var bedEnd: Int
    /// Time in bed, seconds: bed → up for a diary; for devices the union of in-bed, asleep and
    /// awake intervals (or first to last sample when no source said "in bed").
    public var timeInBed: Int
    /// Seconds asleep; nil when sleep was not measured (only "in bed" is known).
    public var totalSleep: Int?
    /// Seconds from the start of time in bed (lights out, for a diary) to sleep onset.
    public var latency: Int?
    /// Seconds awake between sleep onset and the final awakening.
    public var wakeAfterOnset: Int?
    /// Stretches awake of at least the awakening threshold (as entered, for a diary).
    public var awakenings: Int?
    /// The first and last asleep instants (sleep onset and the final awakening).
    public var onset: Int?
    public var finalWake: Int?
    /// Seconds in each stage, when a device staged the night.
    public var stages: [SleepStage: Int]
    /// The apps and devices whose samples made the night, or `diarySource`.
    public var sources: [String]
    /// The source of a night the diary made (JSON says it as it is; text in the reader's language).
    public static let diarySource = "diary"
    /// Where the night was lived, when its samples say (HealthKit's HKTimeZone): its clock times
    /// are read there, so a night in New York reads 23:10–07:00 on a computer in Berlin. nil: on
    /// the reader's clock.
    public var zone: TimeZone?

    /// The zone the night's clock times are read in: its own, else `reader`'s.
    public func clockZone(_ reader: TimeZone) -> TimeZone { zone ?? reader }

    /// The sources as a person reads them: the diary in the reader's language, device names as they are.
    public var shownSources: [String] {
        sources.map { $0 == Self.diarySource ? trc("sleep figures from", "diary") : $0 }
    }

    public init(bedStart: Int, bedEnd: Int, timeInBed: Int, totalSleep: Int?, latency: Int?, wakeAfterOnset: Int?, awakenings: Int?,
                onset: Int?, finalWake: Int?, stages: [SleepStage: Int] = [:], sources: [String] = []) {
        self.bedStart = bedStart
        self.bedEnd = bedEnd
        self.timeInBed = timeInBed
        self.totalSleep = totalSleep
        self.latency = latency
        self.wakeAfterOnset = wakeAfterOnset
        self.awakenings = awakenings
        self.onset = onset
        self.finalWake = finalWake
        self.stages = stages
        self.sources = sources
    }

    /// Whether anything says the person was asleep (a night with only "in bed" says nothing).
    public var sleepMeasured: Bool { totalSleep != nil }

    /// Total sleep over time in bed, 0...1; nil when sleep was not measured (never 0 %).
    public var efficiency: Double? {
        guard let totalSleep, timeInBed > 0 else { return nil }
        return min(1, Double(totalSleep) / Double(timeInBed))
    }

    /// The efficiency CBT-I aims for: under it is worth working on.
    public static let efficiencyGoal = 0.85

    /// Whether sleep was measured and its efficiency is under the goal.
    public var isBelowEfficiencyGoal: Bool { (efficiency ?? 1) < Self.efficiencyGoal }

    /// Halfway between sleep onset and the final awakening: the body clock's marker.
    public var midpoint: Int? {
        guard let onset, let finalWake else { return nil }
        return onset + (finalWake - onset) / 2
    }

    /// Seconds staged as core, deep or REM; the share of each is of this total.
    public var stagedSleep: Int { SleepStage.staged.reduce(0) { $0 + (stages[$1] ?? 0) } }

    /// A stage's share of the staged sleep, 0...1; nil for an unstaged night.
    public func share(of stage: SleepStage) -> Double? {
        let staged = stagedSleep
        guard staged > 0, SleepStage.staged.contains(stage) else { return nil }
        return Double(stages[stage] ?? 0) / Double(staged)
    }
}

/// What a stretch of a night was, as HealthKit's sleep analysis names it (since iOS 16: core, deep,
/// REM and awake; before it only "asleep"; "in bed" from any source).
public enum SleepStage: String, Hashable, Sendable, CaseIterable, Comparable {
    case inBed, awake, asleep, core, deep, rem

    /// The stages a device reports within sleep.
    public static let staged: [SleepStage] = [.core, .deep, .rem]

    /// Whether this stretch counts as sleep: unspecified, core, deep or REM.
    public var isAsleep: Bool { self == .asleep || self == .core || self == .deep || self == .rem }

    /// A staged value (core, deep, REM, awake) beats an unspecified one for the same minutes.
    public var isStaged: Bool { self == .core || self == .deep || self == .rem || self == .awake }

    /// HealthKit's category value (`HKCategoryValueSleepAnalysisAsleepREM`), as exported.
    public init?(healthKitValue value: String) {
        switch value {
        case "HKCategoryValueSleepAnalysisInBed": self = .inBed
        case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified": self = .asleep
        case "HKCategoryValueSleepAnalysisAsleepCore": self = .core
        case "HKCategoryValueSleepAnalysisAsleepDeep": self = .deep
        case "HKCategoryValueSleepAnalysisAsleepREM": self = .rem
        case "HKCategoryValueSleepAnalysisAwake": self = .awake
        default: return nil
        }
    }

    public var healthKitValue: String {
        switch self {
        case .inBed: return "HKCategoryValueSleepAnalysisInBed"
        case .asleep: return "HKCategoryValueSleepAnalysisAsleepUnspecified"
        case .core: return "HKCategoryValueSleepAnalysisAsleepCore"
        case .deep: return "HKCategoryValueSleepAnalysisAsleepDeep"
        case .rem: return "HKCategoryValueSleepAnalysisAsleepREM"
        case .awake: return "HKCategoryValueSleepAnalysisAwake"
        }
    }

    /// How the reader reads it: "deep", "REM"; `rawValue` names it in files.
    public var title: String {
        switch self {
        // TRANSLATORS: stages of sleep as a watch reports them (HealthKit's sleep analysis).
        case .inBed: return trc("sleep stage", "in bed")
        case .awake: return trc("sleep stage", "awake")
        case .asleep: return trc("sleep stage", "asleep")
        case .core: return trc("sleep stage", "core")
        case .deep: return trc("sleep stage", "deep")
        case .rem: return trc("sleep stage", "REM")
        }
    }

    public static func < (a: SleepStage, b: SleepStage) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
