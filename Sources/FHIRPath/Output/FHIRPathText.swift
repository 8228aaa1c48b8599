/// A result as people and programs read it: `display` for one value a line, `typed` for
/// `{"type": T, "value": V}` with V in its JSON form. One home for both, which `careplan fhirpath`
/// and the tests use.
public enum FHIRPathText {
    /// `true`, `42`, `1.50`, `Chalmers`, `1974-12-25`, `5.5 'mg'`; an element without a
    /// primitive value as its compact JSON.
    public static func display(_ value: Value) -> String {
        switch value {
        case .boolean(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .decimal(let number): number.description
        case .string(let text): text
        case .temporal(let time): time.text
        case .quantity(let quantity): quantity.description
        case .element(let element):
            if let primitive = element.primitive { display(primitive) } else { (element.json ?? element.extras.map(JSON.object) ?? .null).text }
        }
    }

    /// The type's name as FHIRPath and FHIR write it: `boolean`, `integer`, `decimal`, `string`,
    /// `date`, `dateTime`, `time`, `Quantity` for System values, the FHIR type for elements
    /// (`code`, `HumanName`, `Patient`).
    public static func typeName(_ value: Value) -> String {
        switch value {
        case .boolean: "boolean"
        case .integer: "integer"
        case .decimal: "decimal"
        case .string: "string"
        case .temporal(let time):
            switch time.kind {
            case .date: "date"
            case .dateTime: "dateTime"
            case .time: "time"
            }
        case .quantity: "Quantity"
        case .element(let element): element.type.name
        }
    }

    /// The value's JSON form: a number keeps its digits, a Quantity is `{"value", "unit"}` (with
    /// UCUM's system and code when the unit is one), a date its FHIR string, an element its JSON.
    public static func json(_ value: Value) -> JSON {
        switch value {
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .number(String(number))
        case .decimal(let number): return .number(number.description)
        case .string(let text): return .string(text)
        case .temporal(let time): return .string(time.text)
        case .quantity(let quantity):
            var members: [(key: String, value: JSON)] = [("value", .number(quantity.value.description)), ("unit", .string(quantity.unit))]
            if !quantity.isCalendarDuration {
                members += [("system", .string("http://unitsofmeasure.org")), ("code", .string(quantity.unit))]
            }
            return .object(JSONObject(members))
        case .element(let element):
            if let json = element.json { return json }
            return element.extras.map(JSON.object) ?? .null
        }
    }

    /// `{"type": T, "value": V}`.
    public static func typed(_ value: Value) -> JSON {
        .object(JSONObject([("type", .string(typeName(value))), ("value", json(value))]))
    }
}
