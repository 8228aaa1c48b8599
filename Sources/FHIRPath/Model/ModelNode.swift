import Foundation

/// A place in FHIR's model where elements' children are defined: a type (`Patient`, `HumanName`)
/// or an element defined inline (`Questionnaire.item`), with what each child name leads to,
/// worked out from `FHIRModel` once and kept.
///
/// Navigation asks "what is `answerOption` under `Questionnaire.item`?" for every item of every
/// step; building the path string and resolving it through the model's tables each time was most
/// of a PHQ-9's evaluation. One node exists per place (interned), so an element carries a
/// reference and a child's answer is one lookup by its short name.
final class ModelNode: @unchecked Sendable {
    /// What a child name leads to.
    struct Child: Sendable {
        /// A choice element's JSON names (`valueQuantity`, `valueString`…) with their types.
        let choices: [(key: String, type: TypeName, node: ModelNode?)]?
        /// A plain element's declared type; nil where the model does not know the name.
        let type: TypeName?
        let node: ModelNode?
        /// The name is a choice element's JSON name (`valueQuantity`), which strict mode refuses.
        let isChoiceSpelling: Bool
    }

    let path: String
    /// The type is a Quantity or derives from one (Age, Duration, SimpleQuantity…).
    let isQuantity: Bool
    private let lock = NSLock()
    private var children: [String: Child] = [:]

    private init(path: String) {
        self.path = path
        isQuantity = FHIRModel.isType(path, subtypeOf: "Quantity")
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: ModelNode] = [:]

    /// The node of a type or an inline element's definition path, made once.
    static func node(_ path: String) -> ModelNode {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let node = registry[path] { return node }
        let node = ModelNode(path: path)
        registry[path] = node
        return node
    }

    func child(_ name: String) -> Child {
        lock.lock()
        if let known = children[name] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = makeChild(name)
        lock.lock()
        children[name] = made
        lock.unlock()
        return made
    }

    private func makeChild(_ name: String) -> Child {
        let childPath = "\(path).\(name)"
        if let suffixes = FHIRModel.choiceTypes(of: childPath) {
            let choices = suffixes.map { suffix in
                let (type, node) = ModelNode.typed(ModelNode.fhirTypeName(ofSuffix: suffix), path: "\(path).\(name)\(suffix)")
                return (key: name + suffix, type: type, node: node)
            }
            return Child(choices: choices, type: nil, node: nil, isChoiceSpelling: false)
        }
        guard let declared = FHIRModel.type(ofPath: childPath) else {
            return Child(choices: nil, type: nil, node: nil, isChoiceSpelling: false)
        }
        let (type, node) = ModelNode.typed(declared, path: childPath)
        return Child(choices: nil, type: type, node: node, isChoiceSpelling: isChoiceSpelling(name))
    }

    /// A declared type as a type name and the node its children are defined at: an element
    /// defined inline (BackboneElement) under its definition path, a System type with none.
    static func typed(_ declared: String, path: String) -> (TypeName, ModelNode?) {
        if declared == "BackboneElement" || declared == "Element" {
            return (.fhir(declared), node(FHIRModel.definitionPath(of: path)))
        }
        if declared.hasPrefix("System.") { return (.system(String(declared.dropFirst(7))), nil) }
        return (.fhir(declared), node(declared))
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
    private func isChoiceSpelling(_ name: String) -> Bool {
        for (index, character) in name.enumerated() where index > 0 && character.isUppercase {
            if let choices = FHIRModel.choiceTypes(of: "\(path).\(name.prefix(index))"), choices.contains(String(name.dropFirst(index))) {
                return true
            }
        }
        return false
    }
}
