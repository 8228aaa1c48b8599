import CarePlanStore

/// HealthKit's unit strings mapped onto careplan's unit registry, and values into the unit each
/// dimension is stored in.
public enum HealthUnit {
    /// The registry unit an exported unit string means, or nil when careplan does not know it (the
    /// value is then kept as it is, with its unit, and the import reports the unit).
    ///
    /// `mmol<180.1558800000541>/L` carries glucose's molar mass in angle brackets: the digits vary
    /// between iOS versions, the unit does not.
    public static func unit(_ exported: String) -> Unit? {
        if let unit = UnitRegistry.unit(exported) { return unit }
        if let open = exported.firstIndex(of: "<"), let close = exported[open...].firstIndex(of: ">") {
            return UnitRegistry.unit(String(exported[..<open]) + String(exported[exported.index(after: close)...]))
        }
        return nil
    }

    /// A value as stored: in the base unit of its dimension when the unit is known, as exported
    /// otherwise. HealthKit writes percentages as fractions (0.97 with `%` is 97 %); a value above 1
    /// came from a writer that already meant percent.
    public static func stored(_ value: Double, exported: String) -> (value: Double, known: Bool) {
        stored(value, unit: unit(exported))
    }

    /// As `stored(_:exported:)`, for a unit already looked up.
    public static func stored(_ value: Double, unit: Unit?) -> (value: Double, known: Bool) {
        guard let unit else { return (value, false) }
        if unit.dimension == .fraction { return (abs(value) <= 1 ? value * 100 : value, true) }
        return (UnitRegistry.convert(value, from: unit, to: UnitRegistry.base(of: unit.dimension)) ?? value, true)
    }

    /// The unit stored values of `exported` are in: the base of its dimension, or itself when unknown.
    public static func storedSymbol(_ exported: String) -> String {
        unit(exported).map { UnitRegistry.base(of: $0.dimension).symbol } ?? exported
    }
}

/// How values in one exported unit are stored: a known unit converts linearly to the base of its
/// dimension (percentages by the fraction rule), an unknown one is kept as it is.
public struct StoredConversion: Sendable {
    public let unit: Unit?
    /// The rule itself, in plain numbers: what an import's writer keeps per run of samples.
    package let rule: Rule

    package struct Rule: Sendable, BitwiseCopyable {
        let known: Bool
        let fraction: Bool
        let scale: Double
        let offset: Double

        package func stored(_ value: Double) -> Double {
            guard known else { return value }
            if fraction { return abs(value) <= 1 ? value * 100 : value }
            return value * scale + offset
        }
    }

    public init(_ unit: Unit?) {
        self.unit = unit
        if let unit, unit.dimension != .fraction {
            let base = UnitRegistry.base(of: unit.dimension)
            let offset = UnitRegistry.convert(0, from: unit, to: base) ?? 0
            rule = Rule(known: true, fraction: false, scale: (UnitRegistry.convert(1, from: unit, to: base) ?? 1) - offset, offset: offset)
        } else {
            rule = Rule(known: unit != nil, fraction: unit != nil, scale: 1, offset: 0)
        }
    }

    public func stored(_ value: Double) -> Double { rule.stored(value) }
}

/// The last unit string looked up and how its values are stored: samples come in runs of one type
/// and unit, so one remembered answer spares a million look-ups and conversions.
public struct UnitMemo {
    private var last: (text: String, conversion: StoredConversion)?

    public init() {}

    public mutating func conversion(_ text: String) -> StoredConversion {
        if let last, last.text == text { return last.conversion }
        let conversion = StoredConversion(HealthUnit.unit(text))
        last = (text, conversion)
        return conversion
    }

    public mutating func unit(_ text: String) -> Unit? { conversion(text).unit }
}
