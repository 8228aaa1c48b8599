/// Who wrote a sample: the app or device's name as the Health app lists it, its version, and the
/// device description HealthKit exports (`<<HKDevice: 0x…>, name:Apple Watch, …>`).
///
/// A class, shared by the thousands of samples one source writes in a row: a sample passed from
/// the reading thread to the writing one then carries one reference, not three strings.
public final class SampleSource: Hashable, Sendable {
    public let name: String
    public let version: String?
    public let device: String?

    public init(name: String, version: String? = nil, device: String? = nil) {
        self.name = name
        self.version = version
        self.device = device
    }

    public static func == (a: SampleSource, b: SampleSource) -> Bool {
        a === b || (a.name == b.name && a.version == b.version && a.device == b.device)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(version)
        hasher.combine(device)
    }
}

/// One HKQuantitySample: a number with a unit over an interval (a heart rate at an instant, the
/// steps of a few minutes).
public struct QuantitySample: Hashable, Sendable {
    public var type: HealthType
    public var source: SampleSource
    public var start: HealthInstant
    public var end: HealthInstant
    public var created: HealthInstant?
    /// As exported, in `unit`.
    public var value: Double
    public var unit: String
    public var wasUserEntered: Bool?
    public var timeZone: String?
    public var motionContext: Int?

    public init(type: HealthType, source: SampleSource, start: HealthInstant, end: HealthInstant, created: HealthInstant? = nil,
                value: Double, unit: String, wasUserEntered: Bool? = nil, timeZone: String? = nil, motionContext: Int? = nil) {
        self.type = type
        self.source = source
        self.start = start
        self.end = end
        self.created = created
        self.value = value
        self.unit = unit
        self.wasUserEntered = wasUserEntered
        self.timeZone = timeZone
        self.motionContext = motionContext
    }
}

/// One HKCategorySample: a named state over an interval (in bed, asleep in REM, a mindful session).
public struct CategorySample: Hashable, Sendable {
    public var type: HealthType
    public var source: SampleSource
    public var start: HealthInstant
    public var end: HealthInstant
    public var created: HealthInstant?
    /// `HKCategoryValueSleepAnalysisAsleepREM`; empty when the record has no value.
    public var value: String
    public var timeZone: String?

    public init(type: HealthType, source: SampleSource, start: HealthInstant, end: HealthInstant, created: HealthInstant? = nil,
                value: String, timeZone: String? = nil) {
        self.type = type
        self.source = source
        self.start = start
        self.end = end
        self.created = created
        self.value = value
        self.timeZone = timeZone
    }
}

/// One blood-pressure reading: HealthKit's BloodPressure correlation of a systolic and a diastolic
/// sample, in mmHg.
public struct BloodPressureReading: Hashable, Sendable {
    public var source: SampleSource
    public var start: HealthInstant
    public var end: HealthInstant
    public var created: HealthInstant?
    public var systolic: Double
    public var diastolic: Double
    public var wasUserEntered: Bool?

    public init(source: SampleSource, start: HealthInstant, end: HealthInstant, created: HealthInstant? = nil,
                systolic: Double, diastolic: Double, wasUserEntered: Bool? = nil) {
        self.source = source
        self.start = start
        self.end = end
        self.created = created
        self.systolic = systolic
        self.diastolic = diastolic
        self.wasUserEntered = wasUserEntered
    }
}

/// One HKWorkout with what happened during it.
public struct Workout: Hashable, Sendable {
    public var activityType: String
    public var source: SampleSource
    public var start: HealthInstant
    public var end: HealthInstant
    public var created: HealthInstant?
    /// Seconds, metres and kilocalories, converted from the units the export states.
    public var duration: Double?
    public var distance: Double?
    public var energy: Double?
    public var events: [WorkoutEvent]
    public var statistics: [WorkoutStatistic]

    public init(activityType: String, source: SampleSource, start: HealthInstant, end: HealthInstant, created: HealthInstant? = nil,
                duration: Double? = nil, distance: Double? = nil, energy: Double? = nil, events: [WorkoutEvent] = [],
                statistics: [WorkoutStatistic] = []) {
        self.activityType = activityType
        self.source = source
        self.start = start
        self.end = end
        self.created = created
        self.duration = duration
        self.distance = distance
        self.energy = energy
        self.events = events
        self.statistics = statistics
    }

    /// The span minus its pauses: each pause runs to the next resume (or the end).
    public var activeSeconds: Int {
        var paused = 0, pausedAt: Int?
        for event in events.sorted(by: { $0.date.utc < $1.date.utc }) {
            switch event.kind {
            case .pause: if pausedAt == nil { pausedAt = event.date.utc }
            case .resume:
                if let since = pausedAt { paused += max(0, event.date.utc - since) }
                pausedAt = nil
            default: break
            }
        }
        if let since = pausedAt { paused += max(0, end.utc - since) }
        return max(0, end.utc - start.utc - paused)
    }
}

/// A pause, resume, lap, segment or marker inside a workout.
public struct WorkoutEvent: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case pause, resume, lap, segment, marker, other
    }

    /// As exported: `HKWorkoutEventTypePause`.
    public var type: String
    public var date: HealthInstant
    /// Seconds (segments and laps have one).
    public var duration: Double?

    public init(type: String, date: HealthInstant, duration: Double? = nil) {
        self.type = type
        self.date = date
        self.duration = duration
    }

    public var kind: Kind {
        switch type {
        case "HKWorkoutEventTypePause", "HKWorkoutEventTypeMotionPaused": return .pause
        case "HKWorkoutEventTypeResume", "HKWorkoutEventTypeMotionResumed": return .resume
        case "HKWorkoutEventTypeLap": return .lap
        case "HKWorkoutEventTypeSegment": return .segment
        case "HKWorkoutEventTypeMarker": return .marker
        default: return .other
        }
    }
}

/// A workout's figure for one quantity type, e.g. its average heart rate.
public struct WorkoutStatistic: Hashable, Sendable {
    public var type: HealthType
    /// As exported, in `unit`.
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var sum: Double?
    public var unit: String?

    public init(type: HealthType, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil, sum: Double? = nil, unit: String? = nil) {
        self.type = type
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.sum = sum
        self.unit = unit
    }
}
