import CarePlanStore

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

    private static let titles: [String: String] = [
        "StepCount": "Steps", "HeartRate": "Heart rate", "BodyMass": "Weight", "BloodPressure": "Blood pressure",
        "BloodGlucose": "Blood glucose", "OxygenSaturation": "Blood oxygen", "BodyTemperature": "Body temperature",
        "RestingHeartRate": "Resting heart rate", "SleepAnalysis": "Sleep", "ActiveEnergyBurned": "Active energy",
        "DistanceWalkingRunning": "Walking and running distance", "HKWorkoutTypeIdentifier": "Workouts",
        "BloodPressureSystolic": "Systolic blood pressure", "BloodPressureDiastolic": "Diastolic blood pressure",
    ]

    public static func < (a: HealthType, b: HealthType) -> Bool { a.identifier < b.identifier }
}
