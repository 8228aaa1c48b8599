import FHIRPath

/// One answer's value, as FHIR writes it in `value[x]` (an answer option, an initial value, an
/// `enableWhen` answer, a response's answer): exact decimals, dates with the precision written.
public enum AnswerValue: Sendable, Hashable {
    case boolean(Bool)
    case decimal(DecimalNumber)
    case integer(Int)
    case date(Temporal)
    case dateTime(Temporal)
    case time(Temporal)
    /// `valueString`, and `valueUri` for a url item.
    case string(String)
    case coding(AnswerCoding)
    case quantity(AnswerQuantity)

    /// The coding, when the answer is one.
    public var coding: AnswerCoding? {
        if case .coding(let coding) = self { return coding }
        return nil
    }

    /// The answer as a number: an integer's, a decimal's, a quantity's value; nil for others.
    public var number: Double? {
        switch self {
        case .integer(let n): Double(n)
        case .decimal(let d): d.double
        case .quantity(let q): q.value.double
        default: nil
        }
    }

    /// FHIR's name of the value's type, as in `valueCoding`.
    public var typeName: String {
        switch self {
        case .boolean: "Boolean"
        case .decimal: "Decimal"
        case .integer: "Integer"
        case .date: "Date"
        case .dateTime: "DateTime"
        case .time: "Time"
        case .string: "String"
        case .coding: "Coding"
        case .quantity: "Quantity"
        }
    }
}

/// A code from a code system, with the words a person reads. Two codings are the same answer when
/// their system and code are, whatever their display says; FHIR's `Coding` (in the FHIR target,
/// which questionnaires do not need) compares every field, as a resource's element should.
public struct AnswerCoding: Sendable, Hashable {
    public var system: String?
    public var code: String?
    public var display: String?

    public init(system: String? = nil, code: String? = nil, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }

    public static func == (a: AnswerCoding, b: AnswerCoding) -> Bool {
        a.code == nil && b.code == nil ? a.display == b.display : a.system == b.system && a.code == b.code
    }

    public func hash(into hasher: inout Hasher) {
        if code == nil { hasher.combine(display) } else {
            hasher.combine(system)
            hasher.combine(code)
        }
    }
}

/// A measured answer: an exact value and its unit (a UCUM code where the form gives one).
public struct AnswerQuantity: Sendable, Hashable {
    public var value: DecimalNumber
    public var unit: String?
    public var system: String?
    public var code: String?

    public init(value: DecimalNumber, unit: String? = nil, system: String? = nil, code: String? = nil) {
        self.value = value
        self.unit = unit
        self.system = system
        self.code = code
    }
}
