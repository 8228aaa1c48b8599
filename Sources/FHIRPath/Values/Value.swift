/// One item of a FHIRPath collection: a value of FHIRPath's own System types, or an element of the
/// FHIR resource being read (which, when it is a primitive, also has a System value).
public enum Value: Sendable {
    case boolean(Bool)
    case integer(Int)
    case decimal(DecimalNumber)
    case string(String)
    case temporal(Temporal)
    case quantity(Quantity)
    indirect case element(Element)

    /// The System value of the item: the item itself, a FHIR primitive's value, or a FHIR
    /// Quantity as a System Quantity (nil for other complex elements, or a primitive that has
    /// only extensions).
    public var system: Value? {
        if case .element(let element) = self { return element.primitive ?? element.quantity.map(Value.quantity) }
        return self
    }

    /// The item's type as `type()` and `is` see it: `System.Integer`, `FHIR.HumanName`, `FHIR.code`.
    public var type: TypeName {
        switch self {
        case .boolean: .system("Boolean")
        case .integer: .system("Integer")
        case .decimal: .system("Decimal")
        case .string: .system("String")
        case .temporal(let value):
            switch value.kind {
            case .date: .system("Date")
            case .dateTime: .system("DateTime")
            case .time: .system("Time")
            }
        case .quantity: .system("Quantity")
        case .element(let element): element.type
        }
    }
}

/// A type's name with its namespace: `System.String`, `FHIR.Patient`.
public struct TypeName: Sendable, Hashable, CustomStringConvertible {
    public let namespace: String
    public let name: String

    public static func system(_ name: String) -> TypeName { TypeName(namespace: "System", name: name) }
    public static func fhir(_ name: String) -> TypeName { TypeName(namespace: "FHIR", name: name) }

    public var description: String { "\(namespace).\(name)" }
}

/// A FHIRPath Quantity: an exact value and its unit, a UCUM code (`mg`, `[lb_av]`, `'1'`) or one
/// of the calendar durations (`year` … `millisecond`, written without quotes and kept singular).
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    public var value: DecimalNumber
    public var unit: String

    public init(value: DecimalNumber, unit: String) {
        self.value = value
        self.unit = unit
    }

    /// The calendar durations FHIRPath writes as words, singular, each with the UCUM unit it
    /// equals where one does exactly (a year and a month are not `a` and `mo`, UCUM's averages).
    public static let calendarUnits: [String: String?] = [
        "year": nil, "month": nil, "week": "wk", "day": "d", "hour": "h", "minute": "min", "second": "s", "millisecond": "ms",
    ]

    public static func calendarUnit(_ word: String) -> String? {
        if calendarUnits[word] != nil { return word }
        if word.hasSuffix("s"), calendarUnits[String(word.dropLast())] != nil { return String(word.dropLast()) }
        return nil
    }

    public var isCalendarDuration: Bool { Quantity.calendarUnits[unit] != nil }

    /// `5.5 'mg'`, `1 year`: as `toString()` writes it.
    public var description: String {
        isCalendarDuration ? "\(value) \(unit)" : "\(value) '\(unit)'"
    }
}
