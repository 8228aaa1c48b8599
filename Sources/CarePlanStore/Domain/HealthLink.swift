/// An activity filled by health data, like CareKit's `OCKHealthKitLinkage`: an assessment whose
/// readings come from a HealthKit type's samples, or an intervention done on days the data shows
/// it (a steps goal reached, a workout, a mindful session).
public struct HealthLink: Hashable, Sendable {
    /// As HealthKit names it: `HKQuantityTypeIdentifierBodyMass`, `HKCorrelationTypeIdentifierBloodPressure`,
    /// `HKWorkoutActivityTypeWalking`...
    public var type: String
    /// Only samples from these sources (as the export names them); empty for every source.
    public var sources: [String]
    /// Interventions: the day's total that completes it, in `HealthKitCatalogue.goalUnit`; nil
    /// when any sample of the day does.
    public var goal: Double?

    public init(type: String, sources: [String] = [], goal: Double? = nil) {
        self.type = type
        self.sources = sources
        self.goal = goal
    }

    /// What kind of data the type is, nil when careplan cannot link it.
    public var kind: HealthKitCatalogue.Kind? { HealthKitCatalogue.kind(of: type) }
}

/// The HealthKit types a plan may link to, what each holds, and which add up over a day: the
/// one place careplan knows HealthKit's identifiers.
public enum HealthKitCatalogue {
    public enum Kind: Hashable, Sendable {
        /// Values of one dimension (stored in its base unit).
        case quantity(Dimension)
        /// A systolic and a diastolic, in mmHg.
        case bloodPressure
        /// Workouts: all (`HKWorkoutTypeIdentifier`) or one activity type (`HKWorkoutActivityTypeWalking`).
        case workout(activityType: String?)
        /// Mindful sessions: their minutes.
        case mindfulSession
        /// Sleep analysis: in bed, asleep and its stages, which fill a sleep diary's nights.
        case sleepAnalysis
    }

    public static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    public static let anyWorkout = "HKWorkoutTypeIdentifier"
    public static let mindfulSession = "HKCategoryTypeIdentifierMindfulSession"
    public static let sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"

    /// Quantity types a plan may link to, by the dimension of their values.
    public static let quantities: [String: Dimension] = [
        "BodyMass": .mass, "LeanBodyMass": .mass, "HeartRate": .frequency, "RestingHeartRate": .frequency,
        "WalkingHeartRateAverage": .frequency, "RespiratoryRate": .frequency, "BodyTemperature": .temperature,
        "BasalBodyTemperature": .temperature, "BloodGlucose": .glucose, "OxygenSaturation": .fraction, "BodyFatPercentage": .fraction,
        "BloodPressureSystolic": .pressure, "BloodPressureDiastolic": .pressure, "StepCount": .count, "FlightsClimbed": .count,
        "DistanceWalkingRunning": .length, "DistanceCycling": .length, "Height": .length, "WaistCircumference": .length,
        "ActiveEnergyBurned": .energy, "DietaryEnergyConsumed": .energy, "AppleExerciseTime": .time, "DietaryWater": .volume,
        "InsulinDelivery": .insulin, "HeartRateVariabilitySDNN": .time, "PeakExpiratoryFlowRate": .volume,
    ]

    public static func kind(of identifier: String) -> Kind? {
        if identifier == bloodPressure { return .bloodPressure }
        if identifier == anyWorkout { return .workout(activityType: nil) }
        if identifier.hasPrefix("HKWorkoutActivityType"), identifier.count > "HKWorkoutActivityType".count {
            return .workout(activityType: identifier)
        }
        if identifier == mindfulSession { return .mindfulSession }
        if identifier == sleepAnalysis { return .sleepAnalysis }
        let prefix = "HKQuantityTypeIdentifier"
        guard identifier.hasPrefix(prefix), let dimension = quantities[String(identifier.dropFirst(prefix.count))] else { return nil }
        return .quantity(dimension)
    }

    /// Cumulative in HealthKit: counts, distances, energy, times and what was eaten or drunk add up
    /// over a day; heart rate and weight do not. `name` without the `HKQuantityTypeIdentifier` prefix.
    public static func isCumulative(_ name: String) -> Bool {
        name.hasPrefix("Distance") || name.hasPrefix("Dietary") || cumulative.contains(name)
    }

    private static let cumulative: Set<String> = [
        "StepCount", "ActiveEnergyBurned", "BasalEnergyBurned", "FlightsClimbed", "NikeFuel", "AppleExerciseTime",
        "AppleMoveTime", "AppleStandTime", "PushCount", "SwimmingStrokeCount", "NumberOfTimesFallen", "InhalerUsage",
        "InsulinDelivery", "NumberOfAlcoholicBeverages", "TimeInDaylight",
    ]

    /// The unit an intervention's `goal` is written in: minutes for workouts, mindful sessions
    /// and times, kilometres for distances, otherwise the dimension's base unit (steps, kcal).
    public static func goalUnit(of kind: Kind) -> Unit {
        switch kind {
        case .workout, .mindfulSession, .sleepAnalysis, .quantity(.time): return UnitRegistry.unit("min")!
        case .quantity(.length): return UnitRegistry.unit("km")!
        case .quantity(let dimension): return UnitRegistry.base(of: dimension)
        case .bloodPressure: return UnitRegistry.unit("mmHg")!
        }
    }

    /// Every identifier a plan may name, for messages.
    public static var linkable: [String] {
        [bloodPressure, anyWorkout, "HKWorkoutActivityType…", mindfulSession, sleepAnalysis] + quantities.keys.sorted().map { "HKQuantityTypeIdentifier" + $0 }
    }
}
