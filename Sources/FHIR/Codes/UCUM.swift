import CarePlanStore

/// careplan's units (HealthKit's spellings, `UnitRegistry`) as UCUM, the code system FHIR
/// quantities use: the one place the two are paired, both ways.
public enum UCUM {
    public static let system = "http://unitsofmeasure.org"

    /// careplan symbol → UCUM code.
    static let codes: [String: String] = [
        "count/min": "/min", "count/s": "/s", "degC": "Cel", "degF": "[degF]", "K": "K",
        "kg": "kg", "g": "g", "mg": "mg", "lb": "[lb_av]", "mcg": "ug", "oz": "[oz_av]", "st": "[stone_av]",
        "mmHg": "mm[Hg]", "kPa": "kPa", "cmAq": "cm[H2O]", "mg/dL": "mg/dL", "mmol/L": "mmol/L", "%": "%",
        "count": "{count}", "s": "s", "ms": "ms", "min": "min", "hr": "h", "d": "d",
        "m": "m", "cm": "cm", "mm": "mm", "km": "km", "in": "[in_i]", "ft": "[ft_i]", "mi": "[mi_i]",
        "L": "L", "mL": "mL", "fl_oz_us": "[foz_us]", "kcal": "kcal", "kJ": "kJ", "IU": "[IU]",
        "m/s": "m/s", "km/hr": "km/h", "mi/hr": "[mi_i]/h", "dBASPL": "dB", "mL/(kg·min)": "mL/min/kg",
    ]

    private static let symbols: [String: String] = Dictionary(codes.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        // Other spellings of the same units met in real files.
        .merging(["/min": "count/min", "{beats}/min": "count/min", "{breaths}/min": "count/min", "1/min": "count/min",
                  "[lb_i]": "lb", "{steps}": "count", "1": "count", "mL/kg/min": "mL/(kg·min)"], uniquingKeysWith: { a, _ in a })

    /// The UCUM code for a careplan unit symbol; nil for none (a count with no unit, a scale).
    public static func code(for symbol: String?) -> String? {
        symbol.flatMap { codes[$0] ?? UnitRegistry.unit($0).flatMap { codes[$0.symbol] } }
    }

    /// The careplan unit a FHIR quantity is in: its UCUM code when the system is UCUM, else its
    /// unit text as careplan reads typed units (`bpm`, `°C`, `lbs`).
    public static func unit(of quantity: Quantity) -> CarePlanStore.Unit? {
        if quantity.system == system || quantity.system == nil, let code = quantity.code, let symbol = symbols[code] {
            return UnitRegistry.unit(symbol)
        }
        return quantity.unit.flatMap(UnitRegistry.unit)
    }
}
