// FHIR R4's model information for the engine: the types of element paths, choice elements,
// contentReferences and the type hierarchy. The data is generated (R4ModelData.generated.swift,
// from r4/*.json by generate-model.py); this file only reads it.
//
// The tables are text. The element paths' types, the choice elements and the contentReferences
// are searched in it (each sorted by path); the type hierarchy and the known types are split into
// dictionaries the first time each is used: a `static let` is initialised once, lazily and
// thread-safely, so lookups need no lock, and an expression that never asks about the model never
// pays for it.

/// FHIR R4's model information as FHIRPath needs it.
///
/// What the data says (fhirpathpy 2.2.4's R4 files, as fhirpath.js's):
/// - Element types are FHIR type names ("HumanName", "boolean", "code"), except the `id` of
///   every element and resource and `Extension.url`, which are "System.String": their type in
///   the StructureDefinitions is a FHIRPath System type, and the file keeps it.
/// - Inherited elements are listed under every type that has them ("Patient.id", "Patient.meta",
///   "HumanName.extension", "Patient.contact.id" are all in the data); only the profiles
///   SimpleQuantity and MoneyQuantity and the primitive types have none of their own, and are
///   answered from their ancestors ("SimpleQuantity.value" -> "decimal", "string.id").
/// - Elements whose type is BackboneElement or Element ("Questionnaire.item", "Timing.repeat")
///   are not in fhirpathpy's path2Type; generate-model.py derives them from their children: a
///   BackboneElement in a resource, an Element when nested in a data type (what R4 declares;
///   fhirpath.js and fhirpathpy call both BackboneElement).
public enum FHIRModel {
    /// The JSON-name suffixes of a choice element: "Observation.value" -> ["Quantity",
    /// "CodeableConcept", "String", ...] (as in choiceTypePaths.json, order kept: "Quantity" first).
    /// The path is resolved as in ``type(ofPath:)``: through contentReferences
    /// ("Questionnaire.item.item.answerOption.value") and element types ("Patient.extension.value"
    /// is "Extension.value"). nil when the path is not a choice element.
    public static func choiceTypes(of path: String) -> [String]? {
        lookUp(path, in: Tables.choiceTypes(of:))
    }

    /// The declared type of an element path, after following pathsDefinedElsewhere (contentReference):
    /// "Patient.name" -> "HumanName"; "Patient.active" -> "boolean"; "Patient.id" -> "System.String"
    /// (as the file says); "Questionnaire.item" -> "BackboneElement"; "Timing.repeat" -> "Element";
    /// "Questionnaire.item.item" -> "BackboneElement" and "Questionnaire.item.item.linkId" ->
    /// "string" (resolved through "Questionnaire.item.item" -> "Questionnaire.item", see
    /// ``definitionPath(of:)``).
    ///
    /// A path that has no entry of its own is answered from its owner's type and that type's
    /// ancestors: "SimpleQuantity.value" -> "Quantity.value" -> "decimal";
    /// "Patient.contact.extension" (if it were missing) -> "BackboneElement.extension";
    /// "Patient.active.id" -> "Element.id". The owner's type is that of the path without its
    /// last segment, so a path may also continue through an element's type: "Patient.name.given"
    /// -> "HumanName.given" -> "string". A path of one segment that names a known type is that
    /// type ("Patient" -> "Patient").
    ///
    /// A choice element has no single type: "Observation.value" -> nil (see ``choiceTypes(of:)``),
    /// "Observation.valueQuantity" -> "Quantity". nil when unknown.
    public static func type(ofPath path: String) -> String? {
        guard path.utf8.contains(dot) else { return isKnownType(path) ? path : nil }
        return lookUp(path, in: Tables.type(of:))
    }

    /// Where a path's definition lives: "Questionnaire.item.item" -> "Questionnaire.item",
    /// "Questionnaire.item.item.linkId" -> "Questionnaire.item.linkId"; the path itself if not
    /// redirected. Any prefix of the path that is defined elsewhere (pathsDefinedElsewhere.json) is
    /// replaced by where it is defined, longest prefix first, repeatedly
    /// ("QuestionnaireResponse.item.answer.item.item" -> "QuestionnaireResponse.item.item" ->
    /// "QuestionnaireResponse.item"). A BackboneElement's children are looked up under this path.
    public static func definitionPath(of path: String) -> String {
        // Most paths start with a type that has no contentReference at all: one set lookup.
        guard let firstDot = path.utf8.firstIndex(of: dot),
              Tables.redirectedTypes.contains(String(path[..<firstDot]))
        else { return path }
        var path = path
        // The data has no cycles (and generate-model.py checks the targets are elements);
        // the bound is only against a corrupted table.
        rewriting: for _ in 0..<64 {
            var end = path.endIndex
            while true {
                let prefix = path[..<end]
                if let target = Tables.redirect(of: String(prefix)) {
                    path = target + path[end...]
                    continue rewriting
                }
                guard let shorter = prefix.utf8.lastIndex(of: dot) else { break rewriting }
                end = shorter
            }
        }
        return path
    }

    /// The parent type in R4's hierarchy (type2Parent.json): "Age" -> "Quantity", "Patient" ->
    /// "DomainResource", "DomainResource" -> "Resource", "Bundle" -> "Resource",
    /// "BackboneElement" -> "Element", "SimpleQuantity" -> "Quantity".
    /// Primitives have theirs too: "boolean", "string", "integer", "decimal", "uri", "date",
    /// "dateTime", "time", "instant", "base64Binary", "xhtml" -> "Element"; "code", "id",
    /// "markdown" -> "string"; "positiveInt", "unsignedInt" -> "integer"; "url", "canonical",
    /// "oid", "uuid" -> "uri". nil for the roots "Element" and "Resource" (R4 has no "Base"),
    /// for "MetadataResource" (which the file does not place), and for unknown names.
    public static func parent(of type: String) -> String? {
        Tables.parents[type]
    }

    /// True when `type` is `ancestor` or derives from it through ``parent(of:)``:
    /// ("Age", "Quantity"), ("code", "string"), ("Patient", "Resource"), ("Quantity", "Element").
    /// Type names only, not element paths; a name is its own subtype even when the model does
    /// not know it ("Nothing", "Nothing").
    public static func isType(_ type: String, subtypeOf ancestor: String) -> Bool {
        var current: String? = type
        // The hierarchy is at most 4 deep in R4 (generate-model.py checks it has no cycle).
        for _ in 0..<64 {
            guard let name = current else { return false }
            if name == ancestor { return true }
            current = Tables.parents[name]
        }
        return false
    }

    /// True when the name is a FHIR resource type (derives from Resource), e.g. "Patient", "Bundle",
    /// "Parameters"; also the abstract "Resource" and "DomainResource". Not "MetadataResource",
    /// which type2Parent.json does not place in the hierarchy.
    public static func isResource(_ type: String) -> Bool {
        isType(type, subtypeOf: "Resource")
    }

    /// True when the name is any type the model knows: a resource ("Patient"), a complex type
    /// ("HumanName", "BackboneElement", "Element"), a profile of one ("SimpleQuantity"), or a
    /// primitive ("boolean", "code", "string"). These are the names in type2Parent.json and the
    /// first segments of path2Type.json's paths. Case matters; System types ("System.String")
    /// are not FHIR types and are not known here.
    public static func isKnownType(_ type: String) -> Bool {
        Tables.knownTypes.contains(type)
    }

    // MARK: - Lookups

    private static let dot = UInt8(ascii: ".")

    /// The entry for `path`'s definition path or, when it has none, for the same element name
    /// under the owner's type or one of its ancestors (see ``type(ofPath:)``).
    private static func lookUp<Value>(_ path: String, in table: (String) -> Value?) -> Value? {
        // Most paths are listed as they are: one hash lookup. No listed path runs through a
        // contentReference (generate-model.py checks), so a hit needs no resolving.
        if let value = table(path) { return value }
        let definition = definitionPath(of: path)
        if definition != path, let value = table(definition) { return value }
        guard let lastDot = definition.utf8.lastIndex(of: dot) else { return nil }
        let ownerPath = definition[..<lastDot]
        let name = definition[lastDot...]  // ".given"
        var owner: String? = ownerPath.utf8.contains(dot)
            ? type(ofPath: String(ownerPath))
            : String(ownerPath)
        for _ in 0..<64 {
            guard let type = owner else { return nil }
            let candidate = type + name
            if candidate != definition,
               let value = table(candidate) ?? table(definitionPath(of: candidate)) {
                return value
            }
            owner = Tables.parents[type]
        }
        return nil
    }

    // MARK: - Tables

    /// The generated tables: searched in their sorted text, or split into a dictionary or set at
    /// first use.
    private enum Tables {
        /// A choice element's suffixes, searched in the text as ``type(of:)`` is: building the
        /// 187 lines into a dictionary of arrays cost a process that fills in one questionnaire
        /// more than its handful of lookups.
        static func choiceTypes(of path: String) -> [String]? {
            sortedLookUp(path, in: R4ModelData.choiceTypePaths).map { fields in
                fields.utf8.split(separator: UInt8(ascii: "\t")).map { String(decoding: $0, as: UTF8.self) }
            }
        }

        /// An element path's type, from path2Type.json or the derived BackboneElement and Element
        /// paths (the two have no path in common: generate-model.py derives the second from what
        /// the first lacks). Searched in the text itself, which generate-model.py sorts by path:
        /// a process that reads one questionnaire asks a few dozen paths, and splitting the
        /// 8,178 lines into a dictionary first cost it 2–3 ms.
        static func type(of path: String) -> String? {
            sortedLookUp(path, in: R4ModelData.path2Type) ?? sortedLookUp(path, in: R4ModelData.elementPaths)
        }

        /// What follows the first field of the line of `text` whose first field is `key` (the
        /// second field, or the rest of the line's fields), by binary search over the bytes: the
        /// lines are sorted by their first field, and a tab (which sorts before every character of
        /// a path) ends it.
        private static func sortedLookUp(_ key: String, in text: String) -> String? {
            var key = key, text = text
            return key.withUTF8 { key in
                text.withUTF8 { bytes -> String? in
                    var low = 0, high = bytes.count
                    while low < high {
                        // The line around the middle: back to its start, on to its tab and end.
                        var start = (low + high) / 2
                        while start > low, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                        var tab = start
                        while tab < bytes.count, bytes[tab] != UInt8(ascii: "\t"), bytes[tab] != UInt8(ascii: "\n") { tab += 1 }
                        var end = tab
                        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                        let field = UnsafeBufferPointer(rebasing: bytes[start..<tab])
                        if field.elementsEqual(key) {
                            guard tab < end else { return nil }
                            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<end]), as: UTF8.self)
                        }
                        if field.lexicographicallyPrecedes(key) { low = end + 1 } else { high = start }
                    }
                    return nil
                }
            }
        }

        /// Where a path that is defined elsewhere (a contentReference) is defined, searched in
        /// the text as ``type(of:)`` is.
        static func redirect(of path: String) -> String? {
            sortedLookUp(path, in: R4ModelData.pathsDefinedElsewhere)
        }

        /// The first segments of the redirected paths ("Questionnaire", "Bundle", ...). Every
        /// path has a dot: generate-model.py checks the paths' form.
        static let redirectedTypes: Set<String> = {
            var types = Set<String>()
            pairs(R4ModelData.pathsDefinedElsewhere) { path, _ in types.insert(String(path[..<path.utf8.firstIndex(of: dot)!])) }
            return types
        }()

        static let parents: [String: String] = {
            var table = [String: String](minimumCapacity: R4ModelData.type2ParentCount)
            pairs(R4ModelData.type2Parent) { table[$0] = $1 }
            return table
        }()

        static let knownTypes: Set<String> = {
            var set = Set<String>(minimumCapacity: R4ModelData.knownTypesCount)
            forEachRecord(R4ModelData.knownTypes) { set.insert($0[0]) }
            return set
        }()

        /// Calls `body` with the two fields of each line of `text` (the most common table shape,
        /// and path2Type's 7,705 lines: no array per line).
        private static func pairs(_ text: String, _ body: (String, String) -> Void) {
            var text = text
            text.withUTF8 { bytes in
                var start = 0
                var tab = -1
                for i in 0...bytes.count {
                    let byte = i < bytes.count ? bytes[i] : UInt8(ascii: "\n")
                    if byte == UInt8(ascii: "\t") {
                        tab = i
                    } else if byte == UInt8(ascii: "\n") {
                        if tab > start {
                            body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<tab]), as: UTF8.self),
                                 String(decoding: UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<i]), as: UTF8.self))
                        }
                        start = i + 1
                        tab = -1
                    }
                }
            }
        }

        /// Calls `body` with the tab-separated fields of each line of `text`. Works on the UTF-8
        /// bytes: splitting a String by Character would break 380 kB into grapheme clusters first.
        private static func forEachRecord(_ text: String, _ body: ([String]) -> Void) {
            var text = text
            text.withUTF8 { bytes in
                var fields: [String] = []
                var start = 0
                for i in 0...bytes.count {
                    let byte = i < bytes.count ? bytes[i] : UInt8(ascii: "\n")
                    guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = i + 1
                    if byte == UInt8(ascii: "\n") {
                        if fields.count > 1 || !fields[0].isEmpty { body(fields) }
                        fields.removeAll(keepingCapacity: true)
                    }
                }
            }
        }
    }
}
