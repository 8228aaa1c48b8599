/// A value a `{placeholder}` takes: text, or a whole number, written with the reader's digit
/// grouping (12 345 in Polish). Decimals go through careplan's number formatting first, which
/// knows how many places a reading shows, so a `Double` is not a placeholder value.
public protocol PlaceholderValue {
    var placeholderText: String { get }
}

extension String: PlaceholderValue {
    public var placeholderText: String { self }
}

extension Substring: PlaceholderValue {
    public var placeholderText: String { String(self) }
}

extension Int: PlaceholderValue {
    public var placeholderText: String { Language.current.numbers.grouped(self) }
}

/// `{name}` placeholders in a translated sentence, filled by name, so a translation can put them
/// in any order. A name the values do not give stays as written (a test checks that every
/// translation keeps the placeholders of its English text).
public enum Placeholders {
    public static func fill(_ text: String, _ values: KeyValuePairs<String, any PlaceholderValue>) -> String {
        let utf8 = text.utf8
        guard !values.isEmpty, var open = utf8.firstIndex(of: UInt8(ascii: "{")) else { return text }
        // Scanned as UTF-8: the braces are ASCII, and a frame fills a few hundred of these. Slices
        // are appended through String's Substring overload: `+=` takes the generic Sequence path,
        // whose first use searches every conformance in the program (a status line's worth of time).
        var result = String(text[..<open])
        result.reserveCapacity(utf8.count + 16)
        while true {
            guard let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) else {
                result.append(contentsOf: text[open...])
                return result
            }
            let name = text[utf8.index(after: open)..<close]
            if let value = values.first(where: { $0.key.utf8.elementsEqual(name.utf8) })?.value {
                result += value.placeholderText
            } else {
                result.append(contentsOf: text[open...close])
            }
            let next = utf8.index(after: close)
            guard let brace = utf8[next...].firstIndex(of: UInt8(ascii: "{")) else {
                result.append(contentsOf: text[next...])
                return result
            }
            result.append(contentsOf: text[next..<brace])
            open = brace
        }
    }

    /// The placeholder names a text uses, in order: "{count} of {total}" → ["count", "total"].
    public static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
