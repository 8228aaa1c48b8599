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

/// The last unit string looked up and what it meant: samples come in runs of one type and unit,
/// so one remembered answer spares a million look-ups.
public struct UnitMemo {
    private var last: (text: String, unit: Unit?)?

    public init() {}

    public mutating func unit(_ text: String) -> Unit? {
        if let last, last.text == text { return last.unit }
        let unit = HealthUnit.unit(text)
        last = (text, unit)
        return unit
    }
}
