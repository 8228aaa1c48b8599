import FHIRPath
import Foundation

/// FHIR JSON as FHIRPath reads it (`JSON`, as a questionnaire response's items are kept) inside an
/// encoded document (careplan's own JSON output, a FHIR Bundle): numbers keep the digits they were
/// written with.
public struct FHIRJSONValue: Encodable, Hashable, Sendable {
    public let json: JSON

    public init(_ json: JSON) { self.json = json }

    /// The same when written the same (a resource holding it is compared by what it would send).
    public static func == (a: FHIRJSONValue, b: FHIRJSONValue) -> Bool { a.json.text == b.json.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(json.text) }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
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
