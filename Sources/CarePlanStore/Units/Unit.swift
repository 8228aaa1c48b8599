/// What a unit measures; only units of the same dimension convert into each other.
public enum Dimension: String, Sendable, CaseIterable {
    case frequency, temperature, mass, pressure, glucose, fraction, count, time, length, volume, energy, insulin, speed, soundLevel, oxygenUptake
}

/// A unit of measure, named by its HealthKit unit string (`count/min`, `degC`, `mg/dL`...).
///
/// A value converts to the dimension's base unit as `base = value * factor + offset`; the offset is
/// only non-zero for temperatures. Factors are the exact definitions (1 lb = 0.45359237 kg), so a
/// conversion and its inverse round-trip to within floating-point rounding.
public struct Unit: Hashable, Sendable, CustomStringConvertible {
    public let symbol: String
    public let dimension: Dimension
    let factor: Double
    let offset: Double
    /// What a person calls it, for messages and tables, in the reader's language.
    public let name: String
    /// How careplan writes it beside a number in English, and wherever a program reads it (FHIR's
    /// `Quantity.unit`): `bpm`, `°C`, `mmHg`. The symbol stays in files and JSON.
    public let englishDisplay: String
    /// How it is shown beside a number in the reader's language: `bpm`; `次/分` in Chinese. Accepted
    /// where a unit is typed, as the English form is.
    public var display: String { UnitRegistry.localizedDisplays[symbol] ?? englishDisplay }

    init(symbol: String, dimension: Dimension, factor: Double, offset: Double, name: String, display: String? = nil) {
        self.symbol = symbol
        self.dimension = dimension
        self.factor = factor
        self.offset = offset
        self.name = name
        self.englishDisplay = display ?? symbol
    }

    public var description: String { symbol }

    func toBase(_ value: Double) -> Double { value * factor + offset }
    func fromBase(_ value: Double) -> Double { (value - offset) / factor }
}
