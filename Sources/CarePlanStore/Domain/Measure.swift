import Localization

/// What an assessment records, and what is healthy, for every value of a reading.
///
/// Single-value measures have one field named `value`; multi-value measures such as blood pressure
/// list their fields, and readings keep the values in that order.
public struct Measure: Hashable, Sendable {
    /// `rawValue` is the plan file's word (`type: number`); `title` the reader's.
    public enum ValueType: String, Hashable, Sendable, CaseIterable {
        case number, integer, scale, boolean, choice, text
        /// A sleep diary (`SleepDiary`): its fields are fixed, its settings say how nights are cut.
        case sleep

        /// "number", "integer", "scale"… in the reader's language.
        public var title: String {
            switch self {
            // TRANSLATORS: what an assessment records: a number, a whole number, a point on a scale, yes or no, one of
            // several options, text, or a sleep diary.
            case .number: return trc("measure type", "number")
            case .integer: return trc("measure type", "integer")
            case .scale: return trc("measure type", "scale")
            case .boolean: return trc("measure type", "boolean")
            case .choice: return trc("measure type", "choice")
            case .text: return trc("measure type", "text")
            case .sleep: return trc("measure type", "sleep")
            }
        }
    }

    /// How several readings of a day or week combine into one figure. `rawValue` is the plan
    /// file's word (`aggregate: sum`); `title` the reader's.
    public enum Aggregate: String, Hashable, Sendable, CaseIterable {
        case average, sum, min, max, last

        /// "average", "sum"… in the reader's language.
        public var title: String {
            switch self {
            // TRANSLATORS: how several readings of a day or a week make one figure: their average, sum, lowest, highest or last.
            case .average: return trc("aggregate", "average")
            case .sum: return trc("aggregate", "sum")
            case .min: return trc("aggregate", "min")
            case .max: return trc("aggregate", "max")
            case .last: return trc("aggregate", "last")
            }
        }
    }

    public var type: ValueType
    public var fields: [Field]
    public var aggregate: Aggregate
    /// How nights are cut and summarised; set for `sleep` measures only.
    public var sleep: SleepSettings?
    /// The LOINC code of what it measures (`loinc:` in the plan file): a panel's code when each
    /// field has its own (blood pressure 85354-9), else the one value's. FHIR export and import
    /// use it; without it they fall back on `ClinicalCodes`' defaults.
    public var loinc: String?

    public init(type: ValueType, fields: [Field], aggregate: Aggregate = .average, sleep: SleepSettings? = nil, loinc: String? = nil) {
        self.type = type
        self.fields = fields
        self.aggregate = aggregate
        self.sleep = sleep
        self.loinc = loinc
    }

    /// A sleep diary, with its fixed fields.
    public static func sleepDiary(_ settings: SleepSettings = .standard) -> Measure {
        Measure(type: .sleep, fields: SleepDiary.fields, aggregate: .last, sleep: settings)
    }

    /// One value of a reading: its unit, what may be entered, what is healthy.
    public struct Field: Hashable, Sendable {
        public var name: String
        public var unit: String?
        /// What may be entered at all, in `unit` (for scales: min...max).
        public var range: ClosedRange<Double>?
        /// What is healthy, for insights.
        public var normal: ClosedRange<Double>?
        public var decimals: Int?
        /// The names a choice may take, in order.
        public var options: [String]
        /// The LOINC code of this value in a multi-value measure (systolic 8480-6).
        public var loinc: String?

        public init(name: String = "value", unit: String? = nil, range: ClosedRange<Double>? = nil,
                    normal: ClosedRange<Double>? = nil, decimals: Int? = nil, options: [String] = [], loinc: String? = nil) {
            self.name = name
            self.unit = unit
            self.range = range
            self.normal = normal
            self.decimals = decimals
            self.options = options
            self.loinc = loinc
        }
    }

    /// The decimals the field named `name` is shown with, if it sets any.
    public func decimals(of name: String) -> Int? { fields.first { $0.name == name }?.decimals }

    /// Whether the plan file wrote this measure with a `fields:` list rather than top-level keys.
    public var isMultiValue: Bool { type != .sleep && (fields.count > 1 || fields.first?.name != "value") }
}

extension Measure.Aggregate {
    /// Several readings as the one figure this aggregate asks for; nil for none.
    public func combine(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        switch self {
        case .average: return values.reduce(0, +) / Double(values.count)
        case .sum: return values.reduce(0, +)
        case .min: return values.min()
        case .max: return values.max()
        case .last: return values.last
        }
    }
}
