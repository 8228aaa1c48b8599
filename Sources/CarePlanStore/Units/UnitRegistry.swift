import Localization

/// The units careplan understands and the exact conversions between them. Names and the units
/// beside a number are in the reader's language where people write them differently (`次/分` for
/// `bpm` in Chinese, `godz.` for hours in Polish); the symbols of SI and medical units (kg, °C, mmHg,
/// mmol/L) are the same everywhere (docs/translating.md). The table is built on first use, after the
/// language is chosen.
public enum UnitRegistry {
    /// HealthKit's molar mass for blood glucose (HKUnitMolarMassBloodGlucose), g/mol.
    public static let glucoseMolarMass = 180.15588000005408

    /// Every known unit, grouped by dimension; the first of each group is the base unit.
    public static let all: [Unit] = [
        Unit(symbol: "count/min", dimension: .frequency, factor: 1, offset: 0, name: trc("unit name", "per minute"), display: "bpm"),
        Unit(symbol: "count/s", dimension: .frequency, factor: 60, offset: 0, name: trc("unit name", "per second"), display: "beats/s"),

        Unit(symbol: "degC", dimension: .temperature, factor: 1, offset: 0, name: trc("unit name", "degrees Celsius"), display: "°C"),
        Unit(symbol: "degF", dimension: .temperature, factor: 5.0 / 9.0, offset: -32.0 * 5.0 / 9.0, name: trc("unit name", "degrees Fahrenheit"), display: "°F"),
        Unit(symbol: "K", dimension: .temperature, factor: 1, offset: -273.15, name: trc("unit name", "kelvin")),

        Unit(symbol: "kg", dimension: .mass, factor: 1, offset: 0, name: trc("unit name", "kilograms")),
        Unit(symbol: "g", dimension: .mass, factor: 0.001, offset: 0, name: trc("unit name", "grams")),
        Unit(symbol: "mg", dimension: .mass, factor: 0.000001, offset: 0, name: trc("unit name", "milligrams")),
        Unit(symbol: "lb", dimension: .mass, factor: 0.45359237, offset: 0, name: trc("unit name", "pounds")),
        Unit(symbol: "mcg", dimension: .mass, factor: 0.000000001, offset: 0, name: trc("unit name", "micrograms"), display: "µg"),
        Unit(symbol: "oz", dimension: .mass, factor: 0.028349523125, offset: 0, name: trc("unit name", "ounces")),
        Unit(symbol: "st", dimension: .mass, factor: 6.35029318, offset: 0, name: trc("unit name", "stones")),

        Unit(symbol: "mmHg", dimension: .pressure, factor: 1, offset: 0, name: trc("unit name", "millimetres of mercury")),
        // 1 mmHg = 133.322387415 Pa exactly (by definition of the conventional millimetre of mercury).
        Unit(symbol: "kPa", dimension: .pressure, factor: 1000 / 133.322387415, offset: 0, name: trc("unit name", "kilopascals")),
        Unit(symbol: "cmAq", dimension: .pressure, factor: 98.0665 / 133.322387415, offset: 0, name: trc("unit name", "centimetres of water"), display: "cmH₂O"),

        // Glucose: mg/dL is the base; mmol/L converts through the molar mass (1 mmol/L = 18.0156 mg/dL).
        Unit(symbol: "mg/dL", dimension: .glucose, factor: 1, offset: 0, name: trc("unit name", "milligrams per decilitre")),
        Unit(symbol: "mmol/L", dimension: .glucose, factor: glucoseMolarMass / 10, offset: 0, name: trc("unit name", "millimoles per litre")),

        Unit(symbol: "%", dimension: .fraction, factor: 1, offset: 0, name: trc("unit name", "percent")),

        Unit(symbol: "count", dimension: .count, factor: 1, offset: 0, name: trc("unit name", "count")),

        Unit(symbol: "s", dimension: .time, factor: 1, offset: 0, name: trc("unit name", "seconds")),
        Unit(symbol: "ms", dimension: .time, factor: 0.001, offset: 0, name: trc("unit name", "milliseconds")),
        Unit(symbol: "min", dimension: .time, factor: 60, offset: 0, name: trc("unit name", "minutes")),
        Unit(symbol: "hr", dimension: .time, factor: 3600, offset: 0, name: trc("unit name", "hours")),
        Unit(symbol: "d", dimension: .time, factor: 86400, offset: 0, name: trc("unit name", "days")),

        Unit(symbol: "m", dimension: .length, factor: 1, offset: 0, name: trc("unit name", "metres")),
        Unit(symbol: "cm", dimension: .length, factor: 0.01, offset: 0, name: trc("unit name", "centimetres")),
        Unit(symbol: "mm", dimension: .length, factor: 0.001, offset: 0, name: trc("unit name", "millimetres")),
        Unit(symbol: "km", dimension: .length, factor: 1000, offset: 0, name: trc("unit name", "kilometres")),
        Unit(symbol: "in", dimension: .length, factor: 0.0254, offset: 0, name: trc("unit name", "inches")),
        Unit(symbol: "ft", dimension: .length, factor: 0.3048, offset: 0, name: trc("unit name", "feet")),
        Unit(symbol: "mi", dimension: .length, factor: 1609.344, offset: 0, name: trc("unit name", "miles")),

        Unit(symbol: "L", dimension: .volume, factor: 1, offset: 0, name: trc("unit name", "litres")),
        Unit(symbol: "mL", dimension: .volume, factor: 0.001, offset: 0, name: trc("unit name", "millilitres")),
        Unit(symbol: "fl_oz_us", dimension: .volume, factor: 0.0295735295625, offset: 0, name: trc("unit name", "US fluid ounces"), display: "fl oz"),

        Unit(symbol: "kcal", dimension: .energy, factor: 1, offset: 0, name: trc("unit name", "kilocalories")),
        Unit(symbol: "kJ", dimension: .energy, factor: 1 / 4.184, offset: 0, name: trc("unit name", "kilojoules")),

        Unit(symbol: "IU", dimension: .insulin, factor: 1, offset: 0, name: trc("unit name", "international units")),

        // Units Apple Health exports use for walking, running and the environment.
        Unit(symbol: "m/s", dimension: .speed, factor: 1, offset: 0, name: trc("unit name", "metres per second")),
        Unit(symbol: "km/hr", dimension: .speed, factor: 1000.0 / 3600.0, offset: 0, name: trc("unit name", "kilometres per hour"), display: "km/h"),
        Unit(symbol: "mi/hr", dimension: .speed, factor: 1609.344 / 3600.0, offset: 0, name: trc("unit name", "miles per hour"), display: "mph"),
        Unit(symbol: "dBASPL", dimension: .soundLevel, factor: 1, offset: 0, name: trc("unit name", "decibels (A-weighted sound pressure level)"), display: "dB"),
        Unit(symbol: "mL/(kg·min)", dimension: .oxygenUptake, factor: 1, offset: 0, name: trc("unit name", "millilitres of oxygen per kilogram per minute"), display: "mL/kg/min"),
    ]

    /// How units are written beside a number where the reader's language writes them differently
    /// (`次/分` for `bpm` in Chinese, `godz.` for `hr` in Polish); the rest are the same everywhere.
    static let localizedDisplays: [String: String] = [
        "count/min": trc("unit beside a number", "bpm"),
        "count/s": trc("unit beside a number", "beats/s"),
        "count": trc("unit beside a number", "count"),
        "s": trc("unit beside a number", "s"),
        "ms": trc("unit beside a number", "ms"),
        "min": trc("unit beside a number", "min"),
        "hr": trc("unit beside a number", "hr"),
        "d": trc("unit beside a number", "d"),
        "IU": trc("unit beside a number", "IU"),
    ]

    private static let bySymbol: [String: Unit] = Dictionary(all.map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a })

    /// Spellings people type that mean a registered unit ("bpm", "°C", "mg/dl").
    private static let aliases: [String: String] = [
        "bpm": "count/min", "/min": "count/min", "°C": "degC", "C": "degC", "°F": "degF", "F": "degF",
        "mg/dl": "mg/dL", "mmol/l": "mmol/L", "mmol<180.15588000005408>/L": "mmol/L", "ml": "mL", "l": "L", "lbs": "lb", "h": "hr", "sec": "s",
        "kcal/day": "kcal", "percent": "%", "u": "IU", "U": "IU", "units": "IU",
        // UCUM's codes for customary units, as FHIR Questionnaires give their unit options.
        "[lb_av]": "lb", "[oz_av]": "oz", "[in_i]": "in", "[ft_i]": "ft", "[mi_i]": "mi", "[stone_av]": "st", "Cel": "degC", "[degF]": "degF",
        "mm[Hg]": "mmHg", "{beats}/min": "count/min",
        // HealthKit's spellings: dietary "Cal" is the kilocalorie; VO2 max as exported.
        "Cal": "kcal", "mL/min·kg": "mL/(kg·min)", "ml/(kg*min)": "mL/(kg·min)", "km/h": "km/hr", "mph": "mi/hr",
        // The English forms stay accepted in every language.
        "beats/s": "count/s",
    ]

    /// Both forms are accepted where a unit is typed: `bpm` in every language, `次/分` in Chinese.
    private static let byDisplay: [String: Unit] = Dictionary(all.flatMap { [($0.englishDisplay, $0), ($0.display, $0)] }, uniquingKeysWith: { a, _ in a })

    /// The unit for a symbol, its display name or a common alias; nil when careplan does not know it.
    public static func unit(_ symbol: String) -> Unit? {
        bySymbol[symbol] ?? byDisplay[symbol] ?? aliases[symbol].flatMap { bySymbol[$0] }
    }

    /// How a unit symbol is shown beside a number (`count/min` → `bpm`); an unknown one as it is.
    public static func display(_ symbol: String) -> String { unit(symbol)?.display ?? symbol }

    /// Units a value in `unit` can be entered in: same dimension, shortest form first.
    public static func compatible(with unit: Unit) -> [Unit] {
        all.filter { $0.dimension == unit.dimension }
    }

    /// The unit a dimension's values are stored in: the first registered of it (kg, degC, mg/dL...).
    public static func base(of dimension: Dimension) -> Unit {
        all.first { $0.dimension == dimension }!
    }

    /// Converts `value` from one unit to another of the same dimension; nil when they do not convert.
    public static func convert(_ value: Double, from: Unit, to: Unit) -> Double? {
        guard from.dimension == to.dimension else { return nil }
        if from == to { return value }
        return to.fromBase(from.toBase(value))
    }
}
