/// Path navigation over FHIR's JSON with the model's help: a choice element is reached by its
/// name without the type (`Observation.value` finds `valueQuantity`), a primitive's `_name`
/// brings its id and extensions, and each child gets its FHIR type (`ModelNode`).
extension Evaluator {
    mutating func children(of items: [Value], named name: String, at offset: Int) throws(FHIRPathError) -> [Value] {
        var result: [Value] = []
        for item in items {
            guard case .element(let element) = item else { continue }
            if case .object(let object)? = element.json {
                try appendChildren(of: element, object, named: name, to: &result, at: offset)
            } else if environment.strict, name != "id", name != "extension" {
                throw error("\(element.type.name) has no element '\(name)' (a primitive has only id and extension)", at: offset, .semantic)
            } else if let extras = element.extras, let child = extras[name] {
                // A primitive's own children: its id and extensions, from the `_name` object.
                let isExtension = name == "extension"
                for json in child.items {
                    result.append(.element(Element(json: json, extras: nil, type: isExtension ? .fhir("Extension") : .system("String"),
                                                   definition: isExtension ? ModelNode.node("Extension") : nil, linkId: element.linkId)))
                }
            }
        }
        return result
    }

    private func appendChildren(of element: Element, _ object: JSONObject, named name: String, to result: inout [Value],
                                at offset: Int) throws(FHIRPathError) {
        if environment.strict, let child = element.definition?.child(name), child.choices == nil, child.type == nil || child.isChoiceSpelling {
            throw error(child.isChoiceSpelling
                ? "'\(name)' is a choice element's JSON name; in strict mode write the element's name without its type"
                : "\(element.type.name) has no element '\(name)'", at: offset, .semantic)
        }
        Evaluator.appendChildren(of: element, object, named: name, to: &result)
    }

    /// The children named `name` of an object element, as a path step finds them: by the model's
    /// type for the name, every type of a choice element, or by name alone where the model does
    /// not know the element.
    static func appendChildren(of element: Element, _ object: JSONObject, named name: String, to result: inout [Value]) {
        let linkId = object["linkId"]?.stringValue ?? element.linkId
        guard let node = element.definition else {
            // Data the model does not know (a variable's JSON): by name alone.
            append(object, key: name, type: nil, node: nil, linkId: linkId, to: &result)
            return
        }
        let child = node.child(name)
        if let choices = child.choices {
            for choice in choices {
                append(object, key: choice.key, type: choice.type, node: choice.node, linkId: linkId, to: &result)
            }
            return
        }
        append(object, key: name, type: child.type, node: child.node, linkId: linkId, to: &result)
    }

    /// The items of `object[key]` (with `_key`'s extras beside them, index by index) as elements
    /// of the declared type; a resource's type comes from its `resourceType`.
    static func append(_ object: JSONObject, key: String, type: TypeName?, node: ModelNode?, linkId: String?, to result: inout [Value]) {
        let (value, extra) = object.valueAndExtras(key)
        guard value != nil || extra != nil else { return }
        let values = value?.items ?? []
        let extras = extra?.items ?? []
        for position in 0..<max(values.count, extras.count) {
            var json = position < values.count ? values[position] : nil
            if json == .null { json = nil }
            let extra = position < extras.count ? extras[position].objectValue : nil
            guard json != nil || extra != nil else { continue }
            if case .object(let members)? = json, let resourceType = members["resourceType"]?.stringValue {
                result.append(.element(Element(json: json, extras: nil, type: .fhir(resourceType), definition: ModelNode.node(resourceType))))
            } else {
                result.append(.element(Element(json: json, extras: extra, type: type ?? .system("Object"), definition: node, linkId: linkId)))
            }
        }
    }

    /// Every child element of each item, in the order the JSON has them (`children()`).
    func allChildren(of items: [Value]) -> [Value] {
        var result: [Value] = []
        for item in items {
            guard case .element(let element) = item else { continue }
            guard case .object(let object)? = element.json else {
                // A primitive's children are its id and extensions.
                for member in element.extras?.members ?? [] where member.key == "extension" || member.key == "id" {
                    let isExtension = member.key == "extension"
                    for json in member.value.items {
                        result.append(.element(Element(json: json, extras: nil, type: isExtension ? .fhir("Extension") : .system("String"),
                                                       definition: isExtension ? ModelNode.node("Extension") : nil, linkId: element.linkId)))
                    }
                }
                continue
            }
            let linkId = object["linkId"]?.stringValue ?? element.linkId
            for member in object.members where member.key != "resourceType" {
                let key = member.key.hasPrefix("_") ? String(member.key.dropFirst()) : member.key
                // A primitive and its `_name` are one element: take it once, at its value.
                if member.key.hasPrefix("_"), object[key] != nil { continue }
                var type: TypeName?
                var node: ModelNode?
                if let definition = element.definition {
                    let child = definition.child(key)
                    if let choice = child.choices?.first(where: { $0.key == key }) {
                        (type, node) = (choice.type, choice.node)
                    } else {
                        (type, node) = (child.type, child.node)
                    }
                }
                Evaluator.append(object, key: key, type: type, node: node, linkId: linkId, to: &result)
            }
        }
        return result
    }
}

extension Element {
    /// An object element's children named `name`, as the path step `.name` finds them (outside
    /// strict mode; none for a primitive): for a caller that walks a resource in Swift and hands
    /// what it finds to expressions, which then see the same elements, with the same types, as a
    /// path would have given them.
    public func children(named name: String) -> [Value] {
        guard case .object(let object)? = json else { return [] }
        var result: [Value] = []
        Evaluator.appendChildren(of: self, object, named: name, to: &result)
        return result
    }
}
