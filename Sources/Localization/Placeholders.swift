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
        fill(text, values, count: nil)
    }

    /// `fill`, with `{count}` given apart from the other values (`trn` fills both in one pass).
    static func fill(_ text: String, _ values: KeyValuePairs<String, any PlaceholderValue>, count: Int?) -> String {
        guard !values.isEmpty || count != nil else { return text }
        var text = text
        // Scanned and put together as UTF-8 bytes: the braces are ASCII, and a frame fills about a
        // hundred of these (the Insights messages, dates, the header); through String's indices
        // and slices it was a twentieth of a week switch.
        let filled: String? = text.withUTF8 { bytes in
            guard var open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            var copied = 0
            while let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) {
                let name = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
                if let value = value(named: name, in: values, count: count) {
                    result.append(contentsOf: bytes[copied..<open])
                    var shown = value.placeholderText
                    shown.withUTF8 { result.append(contentsOf: $0) }
                    copied = close + 1
                }
                guard let next = bytes[(close + 1)...].firstIndex(of: UInt8(ascii: "{")) else { break }
                open = next
            }
            // A name the values do not give stays as written.
            result.append(contentsOf: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
        return filled ?? text
    }

    /// The value a `{name}` takes: `count` for `{count}` when given, else the first value of that name.
    private static func value(named name: UnsafeBufferPointer<UInt8>, in values: KeyValuePairs<String, any PlaceholderValue>,
                              count: Int?) -> (any PlaceholderValue)? {
        if let count, name.elementsEqual("count".utf8) { return count }
        for index in values.indices {
            let key = values[index].key.utf8
            if key.count == name.count, key.elementsEqual(name) { return values[index].value }
        }
        return nil
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
