import FHIRPath
import Foundation

/// A FHIR resource (FHIRPath's `JSON`, as a questionnaire response is kept) inside careplan's own
/// JSON output: numbers keep the digits they were written with.
struct FHIRJSONValue: Encodable {
    let json: JSON

    init(_ json: JSON) { self.json = json }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: Encoder) throws {
        switch json {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let text):
            var container = encoder.singleValueContainer()
            try container.encode(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(FHIRJSONValue(item)) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in object.members { try container.encode(FHIRJSONValue(value), forKey: Key(stringValue: key)) }
        }
    }
}
