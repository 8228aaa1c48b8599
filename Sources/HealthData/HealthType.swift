import CarePlanStore
import Localization

/// A HealthKit sample type, named as HealthKit names it (`HKQuantityTypeIdentifierStepCount`).
public struct HealthType: Hashable, Sendable, Comparable {
    public let identifier: String

    public init(_ identifier: String) { self.identifier = identifier }

    public static let bloodPressure = HealthType("HKCorrelationTypeIdentifierBloodPressure")
    public static let systolic = HealthType("HKQuantityTypeIdentifierBloodPressureSystolic")
    public static let diastolic = HealthType("HKQuantityTypeIdentifierBloodPressureDiastolic")
    public static let sleepAnalysis = HealthType("HKCategoryTypeIdentifierSleepAnalysis")
    public static let stepCount = HealthType("HKQuantityTypeIdentifierStepCount")
    public static let heartRate = HealthType("HKQuantityTypeIdentifierHeartRate")
    public static let bodyMass = HealthType("HKQuantityTypeIdentifierBodyMass")
    /// Workouts are listed with the others under this name.
    public static let workout = HealthType("HKWorkoutTypeIdentifier")

    /// How values of a quantity type combine over a period, as HealthKit's aggregation style:
    /// steps and energy add up; heart rate and weight do not.
    public enum Aggregation: String, Sendable {
        case cumulative, discrete
    }

    /// Cumulative in HealthKit (`HealthKitCatalogue.isCumulative`).
    public var aggregation: Aggregation {
        HealthKitCatalogue.isCumulative(shortName) ? .cumulative : .discrete
    }

    /// The identifier without HealthKit's prefix: `StepCount`.
    public var shortName: String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKDataType", "HKWorkoutTypeIdentifier"]
        where identifier.hasPrefix(prefix) && identifier.count > prefix.count {
            return String(identifier.dropFirst(prefix.count))
        }
        return identifier
    }

    /// What people call it: "Steps", "Heart rate"; otherwise the short name in words.
    public var title: String {
        if let known = Self.titles[shortName] { return known }
        // Words start where a capital follows a small letter; a word in capitals (REM, VO2) stays so.
        var words: [String] = []
        for character in shortName {
            if words.isEmpty || (character.isUppercase && words[words.count - 1].last?.isUppercase == false) {
                words.append(String(character))
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words.enumerated().map { index, word in
            index == 0 || (word.count > 1 && word == word.uppercased()) ? word : word.lowercased()
        }.joined(separator: " ")
    }

    /// The names people know, in their language; a type not listed is named by its identifier's
    /// words (in English), as the export holds hundreds.
    private static let titles: [String: String] = [
        "StepCount": trc("health data type", "Steps"), "HeartRate": trc("health data type", "Heart rate"),
        "BodyMass": trc("health data type", "Weight"), "BloodPressure": trc("health data type", "Blood pressure"),
        "BloodGlucose": trc("health data type", "Blood glucose"), "OxygenSaturation": trc("health data type", "Blood oxygen"),
        "BodyTemperature": trc("health data type", "Body temperature"), "RestingHeartRate": trc("health data type", "Resting heart rate"),
        "SleepAnalysis": trc("health data type", "Sleep"), "ActiveEnergyBurned": trc("health data type", "Active energy"),
        "DistanceWalkingRunning": trc("health data type", "Walking and running distance"), "HKWorkoutTypeIdentifier": trc("health data type", "Workouts"),
        "BloodPressureSystolic": trc("health data type", "Systolic blood pressure"),
        "BloodPressureDiastolic": trc("health data type", "Diastolic blood pressure"),
        // The other types a plan may link to (HealthKitCatalogue), named as their identifiers' words were.
        "LeanBodyMass": trc("health data type", "Lean body mass"), "WalkingHeartRateAverage": trc("health data type", "Walking heart rate average"),
        "RespiratoryRate": trc("health data type", "Respiratory rate"), "BasalBodyTemperature": trc("health data type", "Basal body temperature"),
        "BodyFatPercentage": trc("health data type", "Body fat percentage"), "FlightsClimbed": trc("health data type", "Flights climbed"),
        "DistanceCycling": trc("health data type", "Distance cycling"), "Height": trc("health data type", "Height"),
        "WaistCircumference": trc("health data type", "Waist circumference"), "DietaryEnergyConsumed": trc("health data type", "Dietary energy consumed"),
        "AppleExerciseTime": trc("health data type", "Apple exercise time"), "DietaryWater": trc("health data type", "Dietary water"),
        "InsulinDelivery": trc("health data type", "Insulin delivery"), "HeartRateVariabilitySDNN": trc("health data type", "Heart rate variability SDNN"),
        "PeakExpiratoryFlowRate": trc("health data type", "Peak expiratory flow rate"), "MindfulSession": trc("health data type", "Mindful session"),
        "BasalEnergyBurned": trc("health data type", "Basal energy burned"), "BodyMassIndex": trc("health data type", "Body mass index"),
        // Workouts' activity types (HKWorkoutActivityTypeWalking), as the workouts are listed.
        "Walking": trc("workout type", "Walking"), "Running": trc("workout type", "Running"), "Cycling": trc("workout type", "Cycling"),
        "Swimming": trc("workout type", "Swimming"), "Hiking": trc("workout type", "Hiking"), "Yoga": trc("workout type", "Yoga"),
        "Elliptical": trc("workout type", "Elliptical"), "Rowing": trc("workout type", "Rowing"),
        "TraditionalStrengthTraining": trc("workout type", "Traditional strength training"),
        "FunctionalStrengthTraining": trc("workout type", "Functional strength training"),
        "HighIntensityIntervalTraining": trc("workout type", "High intensity interval training"),
        "MindAndBody": trc("workout type", "Mind and body"), "Other": trc("workout type", "Other"),
    ]

    public static func < (a: HealthType, b: HealthType) -> Bool { a.identifier < b.identifier }
}
