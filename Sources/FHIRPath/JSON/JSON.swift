/// A JSON value as FHIRPath reads a FHIR resource: numbers keep the digits written in the file
/// (`1.50` stays `1.50`, never a `Double`), and an object keeps its members in the file's order,
/// which `children()`, `descendants()` and a result's JSON follow.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number exactly as written (`-0.1`, `185`, `1.0e3`).
    case number(String)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The value as a list: an array's items, nothing for `null`, else the value alone.
    public var items: [JSON] {
        switch self {
        case .array(let values): return values
        case .null: return []
        default: return [self]
        }
    }
}

/// A JSON object's members in the order they were written. Lookups scan: FHIR objects hold a
/// handful of members, where a linear scan beats hashing every key of every object read.
public struct JSONObject: Sendable, Equatable {
    public var members: [(key: String, value: JSON)]

    public init(_ members: [(key: String, value: JSON)] = []) { self.members = members }

    public subscript(key: String) -> JSON? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    public var keys: [String] { members.map(\.key) }

    /// A FHIR element's value and its primitive sibling `_key` (id and extensions), in one pass
    /// over the members and without building the `_key` string.
    public func valueAndExtras(_ key: String) -> (value: JSON?, extras: JSON?) {
        var value: JSON?
        var extras: JSON?
        let underscore = UInt8(ascii: "_")
        for member in members {
            if member.key == key {
                value = member.value
            } else if member.key.utf8.first == underscore, member.key.utf8.count == key.utf8.count + 1,
                      member.key.utf8.dropFirst().elementsEqual(key.utf8) {
                extras = member.value
            }
        }
        return (value, extras)
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
