import FHIRPath
import Foundation

/// FHIR JSON as FHIRPath reads it (`JSON`, as a questionnaire response's items are kept) inside an
/// encoded document (careplan's own JSON output, a FHIR Bundle): numbers keep the digits they were
/// written with.
public struct FHIRJSONValue: Codable, Hashable, Sendable {
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

    /// Read back from a decoder (a response from a server). The digits of a number are those
    /// the decoder's Decimal gives; an object's members keep the decoder's order of its keys.
    public init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [(key: String, value: JSON)] = []
            for key in object.allKeys { members.append((key.stringValue, try object.decode(FHIRJSONValue.self, forKey: key).json)) }
            json = .object(JSONObject(members))
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSON] = []
            while !array.isAtEnd { items.append(try array.decode(FHIRJSONValue.self).json) }
            json = .array(items)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                json = .null
            } else if let flag = try? value.decode(Bool.self) {
                json = .bool(flag)
            } else if let text = try? value.decode(String.self) {
                json = .string(text)
            } else {
                json = .number("\(try value.decode(Decimal.self))")
            }
        }
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
