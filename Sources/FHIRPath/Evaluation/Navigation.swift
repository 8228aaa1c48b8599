/// Path navigation over FHIR's JSON with the model's help: a choice element is reached by its
/// name without the type (`Observation.value` finds `valueQuantity`), a primitive's `_name`
/// brings its id and extensions, and each child gets its FHIR type.
extension Evaluator {
    mutating func children(of items: [Value], named name: String, at offset: Int) throws(FHIRPathError) -> [Value] {
        var result: [Value] = []
        for item in items {
            guard case .element(let element) = item else { continue }
            let object: JSONObject
            if case .object(let members)? = element.json { object = members } else if let extras = element.extras { object = extras } else { continue }
            try appendChildren(of: element, object, named: name, to: &result, at: offset)
        }
        return result
    }

    private func appendChildren(of element: Element, _ object: JSONObject, named name: String, to result: inout [Value],
                                at offset: Int) throws(FHIRPathError) {
        // A primitive's own children: its id and extensions, from the `_name` object.
        if element.primitive != nil || element.json.map({ if case .object = $0 { false } else { true } }) ?? true {
            guard let extras = element.extras, let child = extras[name] else { return }
            for item in child.items {
                result.append(.element(Element(json: item, extras: nil, type: name == "extension" ? .fhir("Extension") : .system("String"),
                                               definition: name == "extension" ? "Extension" : nil, linkId: element.linkId)))
            }
            return
        }
        let path = element.definition.map { "\($0).\(name)" }
        if let path, let choices = FHIRModel.choiceTypes(of: path) {
            for suffix in choices {
                let key = name + suffix
                guard object[key] != nil || object["_" + key] != nil else { continue }
                append(object, key: key, type: Evaluator.fhirTypeName(ofSuffix: suffix), path: "\(element.definition!).\(key)",
                       linkId: object["linkId"]?.stringValue ?? element.linkId, to: &result)
            }
            return
        }
        if environment.strict, let definition = element.definition, let path {
            let known = FHIRModel.type(ofPath: path) != nil
            let isChoiceSpelling = !known ? false : Evaluator.isChoiceSpelling(name, of: definition)
            if !known || isChoiceSpelling {
                throw error(isChoiceSpelling
                    ? "'\(name)' is a choice element's JSON name; in strict mode write the element's name without its type"
                    : "\(element.type.name) has no element '\(name)'", at: offset, .semantic)
            }
        }
        guard object[name] != nil || object["_" + name] != nil else { return }
        append(object, key: name, type: path.flatMap(FHIRModel.type(ofPath:)), path: path,
               linkId: object["linkId"]?.stringValue ?? element.linkId, to: &result)
    }

    /// The items of `object[key]` (with `_key`'s extras beside them, index by index) as elements.
    private func append(_ object: JSONObject, key: String, type declared: String?, path: String?, linkId: String?, to result: inout [Value]) {
        let values = object[key]?.items ?? []
        let extras = object["_" + key]?.items ?? []
        for position in 0..<max(values.count, extras.count) {
            var json = position < values.count ? values[position] : nil
            if json == .null { json = nil }
            let extra = position < extras.count ? extras[position].objectValue : nil
            guard json != nil || extra != nil else { continue }
            result.append(.element(Evaluator.element(json: json, extras: extra, declared: declared, path: path, linkId: linkId)))
        }
    }

    /// An element whose type the model declares at `path`: a resource's type comes from its
    /// `resourceType`; an element defined inline (BackboneElement) is looked up under its path.
    static func element(json: JSON?, extras: JSONObject?, declared: String?, path: String?, linkId: String? = nil) -> Element {
        if case .object(let object)? = json, let resourceType = object["resourceType"]?.stringValue {
            return Element(json: json, extras: nil, type: .fhir(resourceType), definition: resourceType)
        }
        guard let declared else {
            return Element(json: json, extras: extras, type: .system("Object"), definition: nil, linkId: linkId)
        }
        if declared == "BackboneElement" || declared == "Element", let path {
            return Element(json: json, extras: extras, type: .fhir(declared), definition: FHIRModel.definitionPath(of: path), linkId: linkId)
        }
        if declared.hasPrefix("System.") {
            return Element(json: json, extras: extras, type: .system(String(declared.dropFirst(7))), definition: nil, linkId: linkId)
        }
        return Element(json: json, extras: extras, type: .fhir(declared), definition: declared, linkId: linkId)
    }

    /// `Quantity` → `Quantity`, `String` → `string`, `DateTime` → `dateTime`: a choice's suffix
    /// names a complex type as it is and a primitive with its first letter capitalised.
    static func fhirTypeName(ofSuffix suffix: String) -> String {
        let lowered = suffix.prefix(1).lowercased() + suffix.dropFirst()
        return primitiveTypes.contains(lowered) ? lowered : suffix
    }

    static let primitiveTypes: Set<String> = [
        "boolean", "integer", "string", "decimal", "uri", "url", "canonical", "base64Binary", "instant", "date", "dateTime",
        "time", "code", "oid", "id", "markdown", "unsignedInt", "positiveInt", "uuid", "xhtml",
    ]

    /// Whether `name` is a choice element's name with its type (`valueQuantity` of `value[x]`).
    static func isChoiceSpelling(_ name: String, of definition: String) -> Bool {
        for (index, character) in name.enumerated() where index > 0 && character.isUppercase {
            let base = String(name.prefix(index))
            if let choices = FHIRModel.choiceTypes(of: "\(definition).\(base)"), choices.contains(String(name.dropFirst(index))) {
                return true
            }
        }
        return false
    }

    /// Every child element of each item, in the order the JSON has them (`children()`).
    func allChildren(of items: [Value]) -> [Value] {
        var result: [Value] = []
        for item in items {
            guard case .element(let element) = item else { continue }
            if element.primitive != nil || element.json.map({ if case .object = $0 { false } else { true } }) ?? true {
                if let extras = element.extras {
                    for member in extras.members where member.key == "extension" || member.key == "id" {
                        for json in member.value.items {
                            result.append(.element(Evaluator.element(json: json, extras: nil, declared: member.key == "id" ? "System.String" : "Extension", path: nil, linkId: element.linkId)))
                        }
                    }
                }
                continue
            }
            guard case .object(let object)? = element.json else { continue }
            for member in object.members {
                if member.key == "resourceType" { continue }
                let key = member.key.hasPrefix("_") ? String(member.key.dropFirst()) : member.key
                // A primitive and its `_name` are one element: take it once, at its value.
                if member.key.hasPrefix("_"), object[key] != nil { continue }
                let path = element.definition.map { "\($0).\(key)" }
                append(object, key: key, type: path.flatMap(FHIRModel.type(ofPath:)), path: path,
                       linkId: object["linkId"]?.stringValue ?? element.linkId, to: &result)
            }
        }
        return result
    }
}
