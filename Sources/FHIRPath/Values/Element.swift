/// An element of a FHIR resource read from JSON, with its FHIR type where the model knows it.
///
/// A primitive is two things in FHIR's JSON: the value (`"family": "Chalmers"`) and, beside it,
/// its id and extensions (`"_family": {"extension": [...]}`); an element holds both, and its
/// value as a System value for comparisons and arithmetic.
public struct Element: Sendable {
    /// The element's JSON: an object, or a primitive's value; nil for a primitive that has only
    /// an id or extensions.
    public let json: JSON?
    /// A primitive's `_name` object (its id and extensions).
    public let extras: JSONObject?
    /// `FHIR.HumanName`, `FHIR.code`, `FHIR.Patient`; `System.Object` where the model does not know it.
    public let type: TypeName
    /// Where the model defines this element's children: a type (`HumanName`, `Patient`) or, for
    /// an element defined inline, its path (`Questionnaire.item`). Nil where the model does not know it.
    let definition: ModelNode?
    /// A primitive's value as a System value.
    public let primitive: Value?
    /// A FHIR Quantity (or Age, Duration…) as the System Quantity it converts to implicitly.
    public let quantity: Quantity?
    /// The `linkId` of the nearest enclosing Questionnaire or QuestionnaireResponse item, which
    /// SDC's `weight()` needs to find an answer's score in the Questionnaire.
    let linkId: String?

    init(json: JSON?, extras: JSONObject?, type: TypeName, definition: ModelNode?, linkId: String? = nil) {
        self.json = json
        self.extras = extras
        self.type = type
        self.definition = definition
        self.linkId = linkId
        self.primitive = json.flatMap { Element.primitiveValue(of: $0, type: type.name) }
        if let definition, definition.isQuantity, case .object(let object)? = json, case .number? = object["value"] {
            self.quantity = Convert.quantity(object)
        } else {
            self.quantity = nil
        }
    }

    /// A resource, its type from its `resourceType`.
    public init(resource: JSON) {
        let name = resource["resourceType"]?.stringValue
        self.init(json: resource, extras: nil, type: name.map(TypeName.fhir) ?? .system("Object"), definition: name.map(ModelNode.node))
    }

    /// The System value of a primitive's JSON, read as its FHIR type says (a `dateTime`'s string
    /// becomes a DateTime; a `decimal` keeps its digits). A type the model does not give is
    /// taken from the JSON: a number with a point or an exponent is a Decimal.
    static func primitiveValue(of json: JSON, type: String) -> Value? {
        switch json {
        case .bool(let value): return .boolean(value)
        case .number(let digits):
            if type != "decimal", !digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(digits) {
                return .integer(integer)
            }
            return DecimalNumber(text: digits).map(Value.decimal)
        case .string(let text):
            switch type {
            case "date":
                return Temporal.parseDateTime(Substring(text)).map(Value.temporal) ?? .string(text)
            case "dateTime", "instant":
                // A dateTime may be written to the day (`1974-12-25`); it is still a DateTime.
                guard var value = Temporal.parseDateTime(Substring(text)) else { return .string(text) }
                value.kind = .dateTime
                return .temporal(value)
            case "time":
                return Temporal.parseTime(Substring(text)).map(Value.temporal) ?? .string(text)
            default:
                return .string(text)
            }
        case .null, .array, .object:
            return nil
        }
    }
}
