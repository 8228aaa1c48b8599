/// `is`, `as`, `ofType()` and `type()`: an item's type against a named one, through FHIR R4's
/// type hierarchy (`Age` is a `Quantity`, `code` a `string`, `Patient` a `DomainResource`).
extension Evaluator {
    /// System's types, which a name without a namespace falls back to when FHIR has no such type.
    static let systemTypes: Set<String> = ["Boolean", "String", "Integer", "Long", "Decimal", "Date", "DateTime", "Time", "Quantity", "Any"]

    /// Whether `item` is of `type` or a type derived from it. A name without a namespace matches
    /// in either (`Quantity` is FHIR's Quantity for an element, System's for a literal).
    /// `exactPrimitive`: for `as` and `ofType()`, a FHIR primitive matches only its own type (a
    /// `code` is not taken as a `string`), as the official suite has it; `is` follows the hierarchy.
    func matches(_ item: Value, _ type: TypeSpecifier, exactPrimitive: Bool = false, at offset: Int) throws(FHIRPathError) -> Bool {
        if exactPrimitive, case .element(let element) = item, ModelNode.primitiveTypes.contains(element.type.name),
           type.namespace != "System", FHIRModel.isKnownType(type.name) {
            return element.type.name == type.name
        }
        let itemType = item.type
        switch type.namespace {
        case "System"?:
            guard Evaluator.systemTypes.contains(type.name) || type.name == "Object" else { return false }
            return itemType.namespace == "System" && (itemType.name == type.name || type.name == "Any")
        case "FHIR"?:
            guard FHIRModel.isKnownType(type.name) else { throw error("FHIR has no type '\(type.name)'", at: offset) }
            return itemType.namespace == "FHIR" && FHIRModel.isType(itemType.name, subtypeOf: type.name)
        case let namespace?:
            throw error("unknown namespace '\(namespace)' (accepted: FHIR, System)", at: offset)
        case nil:
            if itemType.namespace == "FHIR" {
                if FHIRModel.isKnownType(type.name) { return FHIRModel.isType(itemType.name, subtypeOf: type.name) }
                guard Evaluator.systemTypes.contains(type.name) else { throw error("unknown type '\(type.name)'", at: offset) }
                return false
            }
            guard Evaluator.systemTypes.contains(type.name) || FHIRModel.isKnownType(type.name) else {
                throw error("unknown type '\(type.name)'", at: offset)
            }
            return itemType.name == type.name || type.name == "Any"
        }
    }

    /// The type a string argument names: `Quantity`, `FHIR.Patient`.
    static func typeSpecifier(_ text: String) -> TypeSpecifier {
        guard let dot = text.firstIndex(of: ".") else { return TypeSpecifier(namespace: nil, name: text) }
        return TypeSpecifier(namespace: String(text[..<dot]), name: String(text[text.index(after: dot)...]))
    }

    /// `type()`'s answer: an object with `namespace` and `name`, as the specification's
    /// SimpleTypeInfo and ClassInfo have.
    static func typeInfo(of item: Value) -> Value {
        let type = item.type
        let json = JSON.object(JSONObject([("namespace", .string(type.namespace)), ("name", .string(type.name))]))
        return .element(Element(json: json, extras: nil, type: .system(type.namespace == "System" ? "SimpleTypeInfo" : "ClassInfo"), definition: nil))
    }
}
