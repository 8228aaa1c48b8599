import CarePlanStore

/// The LOINC codes careplan knows without a plan saying them: what each measures, its FHIR
/// category, the HealthKit type that carries it, and the measure a FHIR care plan's activity with
/// that code becomes. The one place careplan pairs LOINC with its own model.
public enum ClinicalCodes {
    public static let loincSystem = "http://loinc.org"
    public static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"

    public struct Known: Sendable {
        public var code: String
        public var display: String
        /// observation-category: vital-signs, laboratory, survey, activity.
        public var category: String
        public var healthKit: String?
        /// The measure an imported plan gives an activity with this code.
        public var measure: Measure
        /// Codes that mean the same reading (3141-9 "Body weight Measured" for 29463-7).
        public var aliases: [String] = []
    }

    public static let bloodPressurePanel = "85354-9"
    public static let systolic = "8480-6"
    public static let diastolic = "8462-4"

    static func number(_ unit: String?, range: ClosedRange<Double>, normal: ClosedRange<Double>? = nil, decimals: Int? = nil,
                       integer: Bool = false, loinc: String) -> Measure {
        Measure(type: integer ? .integer : .number, fields: [Measure.Field(unit: unit, range: range, normal: normal, decimals: decimals)],
                loinc: loinc)
    }

    public static let known: [Known] = [
        Known(code: bloodPressurePanel, display: "Blood pressure panel with all children optional", category: "vital-signs",
              healthKit: HealthKitCatalogue.bloodPressure,
              measure: Measure(type: .integer, fields: [
                  Measure.Field(name: "systolic", unit: "mmHg", range: 40...300, normal: 90...140, loinc: systolic),
                  Measure.Field(name: "diastolic", unit: "mmHg", range: 20...200, normal: 60...90, loinc: diastolic),
              ], loinc: bloodPressurePanel), aliases: ["55284-4", "85353-1"]),
        Known(code: "8867-4", display: "Heart rate", category: "vital-signs", healthKit: "HKQuantityTypeIdentifierHeartRate",
              measure: number("count/min", range: 20...250, normal: 50...100, integer: true, loinc: "8867-4")),
        Known(code: "8310-5", display: "Body temperature", category: "vital-signs", healthKit: "HKQuantityTypeIdentifierBodyTemperature",
              measure: number("degC", range: 30...45, normal: 36.1...37.5, decimals: 1, loinc: "8310-5")),
        Known(code: "29463-7", display: "Body weight", category: "vital-signs", healthKit: "HKQuantityTypeIdentifierBodyMass",
              measure: number("kg", range: 1...500, decimals: 1, loinc: "29463-7"), aliases: ["3141-9"]),
        Known(code: "15074-8", display: "Glucose [Moles/volume] in Blood", category: "laboratory",
              healthKit: "HKQuantityTypeIdentifierBloodGlucose",
              measure: number("mmol/L", range: 1...40, normal: 3.9...7.8, decimals: 1, loinc: "15074-8")),
        Known(code: "2339-0", display: "Glucose [Mass/volume] in Blood", category: "laboratory",
              healthKit: "HKQuantityTypeIdentifierBloodGlucose",
              measure: number("mg/dL", range: 20...700, normal: 70...140, integer: true, loinc: "2339-0")),
        Known(code: "59408-5", display: "Oxygen saturation in Arterial blood by Pulse oximetry", category: "vital-signs",
              healthKit: "HKQuantityTypeIdentifierOxygenSaturation",
              measure: number("%", range: 50...100, normal: 95...100, integer: true, loinc: "59408-5"), aliases: ["2708-6"]),
        Known(code: "9279-1", display: "Respiratory rate", category: "vital-signs", healthKit: "HKQuantityTypeIdentifierRespiratoryRate",
              measure: number("count/min", range: 4...60, normal: 12...20, integer: true, loinc: "9279-1")),
        Known(code: "72514-3", display: "Pain severity - 0-10 verbal numeric rating [Score] - Reported", category: "survey", healthKit: nil,
              measure: Measure(type: .scale, fields: [Measure.Field(range: 0...10, normal: 0...3)], loinc: "72514-3")),
        Known(code: "55423-8", display: "Number of steps in unspecified time Pedometer", category: "activity",
              healthKit: "HKQuantityTypeIdentifierStepCount",
              measure: number("count", range: 0...200_000, integer: true, loinc: "55423-8"), aliases: ["41950-7"]),
        Known(code: "8302-2", display: "Body height", category: "vital-signs", healthKit: "HKQuantityTypeIdentifierHeight",
              measure: number("cm", range: 20...260, decimals: 1, loinc: "8302-2")),
        Known(code: "41982-0", display: "Percentage of body fat Measured", category: "vital-signs",
              healthKit: "HKQuantityTypeIdentifierBodyFatPercentage",
              measure: number("%", range: 1...75, decimals: 1, loinc: "41982-0")),
    ]

    private static let byCode: [String: Known] = Dictionary(known.flatMap { entry in ([entry.code] + entry.aliases).map { ($0, entry) } },
                                                            uniquingKeysWith: { a, _ in a })

    /// What careplan knows of a LOINC code (its own, or one it treats as the same).
    public static func known(_ code: String) -> Known? { byCode[code] }

    /// The LOINC code of an assessment's readings: the plan's `loinc:`, else the code of the
    /// HealthKit type it is linked to, else one its unit makes plain (a temperature, a weight, a
    /// glucose, a blood pressure's two pressures), else, for units several vital signs share,
    /// one its id or title names (`resp`/`breath` for a rate per minute, else heart rate; oxygen
    /// or SpO2 for a percentage; steps for a count; pain for a 0–10 scale). Nil: no code is known,
    /// and the reading goes out with its title as text.
    public static func loinc(of activity: Activity) -> String? {
        guard let measure = activity.measure else { return nil }
        if let code = measure.loinc { return code }
        if let type = activity.health?.type, let entry = known.first(where: { $0.healthKit == type }) {
            if type == "HKQuantityTypeIdentifierBloodGlucose" { return glucose(measure) }
            return entry.code
        }
        let words = (activity.id + " " + activity.title).lowercased()
        func says(_ any: String...) -> Bool { any.contains { words.contains($0) } }
        let units = measure.fields.compactMap { $0.unit.flatMap(UnitRegistry.unit) }
        switch (units.first?.dimension, measure.fields.count) {
        case (.pressure?, 2) where Set(measure.fields.map(\.name)) == ["systolic", "diastolic"]: return bloodPressurePanel
        case (.temperature?, 1): return "8310-5"
        case (.mass?, 1): return "29463-7"
        case (.glucose?, 1): return glucose(measure)
        case (.frequency?, 1): return says("resp", "breath") ? "9279-1" : "8867-4"
        case (.fraction?, 1) where says("oxygen", "spo2", "saturation"): return "59408-5"
        case (.count?, 1) where says("step"): return "55423-8"
        case (nil, 1) where measure.type == .scale && says("pain"): return "72514-3"
        default: return nil
        }
    }

    private static func glucose(_ measure: Measure) -> String {
        measure.fields.first?.unit.flatMap(UnitRegistry.unit)?.symbol == "mmol/L" ? "15074-8" : "2339-0"
    }

    /// A field's code in a multi-value measure: its own `loinc:`, else systolic and diastolic
    /// of a blood pressure by name.
    public static func loinc(of field: Measure.Field, in measure: Measure, code: String?) -> String? {
        if let own = field.loinc { return own }
        guard code == bloodPressurePanel else { return nil }
        switch field.name {
        case "systolic": return systolic
        case "diastolic": return diastolic
        default: return nil
        }
    }

    /// The display LOINC gives a code careplan knows.
    public static func display(_ code: String) -> String? {
        switch code {
        case systolic: return "Systolic blood pressure"
        case diastolic: return "Diastolic blood pressure"
        default: return byCode[code].map { $0.code == code ? $0.display : nil } ?? nil
        }
    }
}
