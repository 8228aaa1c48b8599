/// FHIR R4 (4.0.1) data types careplan reads and writes, as Codable structs: only the elements
/// the mapping uses. Unknown elements in a file are ignored on reading, so any valid resource
/// decodes; what careplan writes is checked by an independent validator in the tests.

public struct Coding: Codable, Hashable, Sendable {
    public var system: String?
    public var code: String?
    public var display: String?

    public init(system: String? = nil, code: String? = nil, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }
}

public struct CodeableConcept: Codable, Hashable, Sendable {
    public var coding: [Coding]?
    public var text: String?

    public init(coding: [Coding]? = nil, text: String? = nil) {
        self.coding = coding
        self.text = text
    }

    /// The codes of one system (`http://loinc.org`), in the file's order.
    public func codes(in system: String) -> [String] {
        (coding ?? []).filter { $0.system == system }.compactMap(\.code)
    }

    /// What a person would call it: the text, else the first coding's display, else its code.
    public var label: String? {
        text.nonBlank ?? coding?.lazy.compactMap({ $0.display.nonBlank }).first ?? coding?.lazy.compactMap({ $0.code.nonBlank }).first
    }
}

public struct Quantity: Codable, Hashable, Sendable {
    public var value: Double?
    public var comparator: String?
    public var unit: String?
    public var system: String?
    public var code: String?

    public init(value: Double?, unit: String? = nil, system: String? = nil, code: String? = nil) {
        self.value = value
        self.unit = unit
        self.system = system
        self.code = code
    }
}

public struct Reference: Codable, Hashable, Sendable {
    public var reference: String?
    public var display: String?

    public init(reference: String? = nil, display: String? = nil) {
        self.reference = reference
        self.display = display
    }
}

public struct Identifier: Codable, Hashable, Sendable {
    public var system: String?
    public var value: String?

    public init(system: String?, value: String?) {
        self.system = system
        self.value = value
    }
}

public struct Period: Codable, Hashable, Sendable {
    public var start: String?
    public var end: String?

    public init(start: String? = nil, end: String? = nil) {
        self.start = start
        self.end = end
    }
}

public struct Annotation: Codable, Hashable, Sendable {
    public var text: String

    public init(text: String) { self.text = text }
}

public struct Narrative: Codable, Hashable, Sendable {
    public var status: String
    public var div: String

    public init(status: String, div: String) {
        self.status = status
        self.div = div
    }
}

public struct HumanName: Codable, Hashable, Sendable {
    public var text: String?
    public var family: String?
    public var given: [String]?

    public init(text: String? = nil, family: String? = nil, given: [String]? = nil) {
        self.text = text
        self.family = family
        self.given = given
    }

    /// The name as a person reads it: the text, else given names and family name.
    public var shown: String? {
        var parts: [String] = given ?? []
        if let family { parts.append(family) }
        let joined: String? = parts.joined(separator: " ")
        return text.nonBlank ?? joined.nonBlank
    }
}

public struct Extension: Codable, Hashable, Sendable {
    public var url: String
    public var valueString: String?

    public init(url: String, valueString: String?) {
        self.url = url
        self.valueString = valueString
    }
}

/// When something happens (R4 Timing): the element that carries a care plan's schedules.
public struct Timing: Codable, Hashable, Sendable {
    public struct Repeat: Codable, Hashable, Sendable {
        public var boundsPeriod: Period?
        public var boundsDuration: Quantity?
        public var count: Int?
        public var duration: Double?
        public var durationUnit: String?
        public var frequency: Int?
        public var frequencyMax: Int?
        public var period: Double?
        public var periodMax: Double?
        public var periodUnit: String?
        public var dayOfWeek: [String]?
        public var timeOfDay: [String]?
        public var when: [String]?

        public init() {}
    }

    public var event: [String]?
    public var `repeat`: Repeat?
    public var code: CodeableConcept?

    public init(repeat: Repeat? = nil, code: CodeableConcept? = nil) {
        self.repeat = `repeat`
        self.code = code
    }
}

extension Optional where Wrapped == String {
    /// The text unless it is missing or only white space.
    var nonBlank: String? {
        guard let self, !self.allSatisfy(\.isWhitespace) else { return nil }
        return self
    }
}
