import Foundation

/// String functions (FHIRPath §5.6). Positions count characters. Regular expressions are
/// ICU's (NSRegularExpression), the PCRE-like dialect the specification asks for, with `.`
/// matching line ends too (its single-line mode).
extension Evaluator {
    mutating func strings(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        if function == .join {
            var texts: [String] = []
            for item in input {
                guard case .string(let text)? = item.system else { throw error("join() applies to strings, not \(item.type.name)", at: offset) }
                texts.append(text)
            }
            let separator = try arguments.first.map { node throws(FHIRPathError) in try stringArgument(node, scope, function, at: offset) ?? "" } ?? ""
            return [.string(texts.joined(separator: separator))]
        }
        guard let text = try stringInput(input, function, at: offset) else { return [] }
        var strings: [String] = []
        for node in arguments {
            guard let value = try stringArgumentOrNil(node, scope, function, at: offset) else {
                // An empty argument makes the result empty (`'abc'.startsWith({})`), but
                // substring()'s length may be left out.
                if function == .substring, strings.count == 1 { break }
                return []
            }
            strings.append(value)
        }
        switch function {
        case .indexOf:
            guard let range = strings[0].isEmpty ? text.startIndex..<text.startIndex : text.range(of: strings[0]) else { return [.integer(-1)] }
            return [.integer(text.distance(from: text.startIndex, to: range.lowerBound))]
        case .lastIndexOf:
            guard !strings[0].isEmpty else { return [.integer(text.count)] }
            guard let range = text.range(of: strings[0], options: .backwards) else { return [.integer(-1)] }
            return [.integer(text.distance(from: text.startIndex, to: range.lowerBound))]
        case .substring:
            guard let start = Int(strings[0]) else { return [] }
            let characters = Array(text)
            guard start >= 0, start < characters.count else { return [] }
            var end = characters.count
            if strings.count > 1, let length = Int(strings[1]) { end = min(characters.count, start + max(0, length)) }
            return [.string(String(characters[start..<end]))]
        case .startsWith: return [.boolean(text.hasPrefix(strings[0]))]
        case .endsWith: return [.boolean(text.hasSuffix(strings[0]))]
        case .contains: return [.boolean(strings[0].isEmpty || text.contains(strings[0]))]
        case .upper: return [.string(text.uppercased())]
        case .lower: return [.string(text.lowercased())]
        case .replace:
            if strings[0].isEmpty {
                // An empty pattern goes between every character and at both ends.
                return [.string(strings[1] + text.map { String($0) + strings[1] }.joined())]
            }
            return [.string(text.replacingOccurrences(of: strings[0], with: strings[1]))]
        case .matches, .matchesFull:
            let pattern = function == .matchesFull ? "^(?:\(strings[0]))$" : strings[0]
            let regex = try regularExpression(pattern, at: offset)
            return [.boolean(regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil)]
        case .replaceMatches:
            // An empty pattern matches nothing worth replacing: the text stays as it is.
            guard !strings[0].isEmpty else { return [.string(text)] }
            let regex = try regularExpression(strings[0], at: offset)
            return [.string(regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: strings[1]))]
        case .length: return [.integer(text.count)]
        case .toChars: return text.map { .string(String($0)) }
        case .trim: return [.string(text.trimmingCharacters(in: .whitespacesAndNewlines))]
        case .split:
            guard !strings[0].isEmpty else { return text.map { .string(String($0)) } }
            return text.components(separatedBy: strings[0]).map(Value.string)
        case .encode, .decode:
            return try encoding(function, text, strings[0], at: offset).map { [.string($0)] } ?? []
        case .escape, .unescape:
            return try escaping(function, text, strings[0], at: offset)
        default:
            return []
        }
    }

    /// An argument as text: strings as they are, integers as digits (for substring()'s positions).
    private mutating func stringArgumentOrNil(_ node: Node, _ scope: Scope, _ function: Function, at offset: Int) throws(FHIRPathError) -> String? {
        guard let value = try singleArgument(node, scope, function, at: offset) else { return nil }
        switch value {
        case .string(let text): return text
        case .integer(let number) where function == .substring: return String(number)
        default: throw error("\(function.rawValue)()'s argument must be a \(function == .substring ? "integer" : "string")", at: offset)
        }
    }

    private func regularExpression(_ pattern: String, at offset: Int) throws(FHIRPathError) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        } catch {
            throw self.error("'\(pattern)' is not a regular expression", at: offset)
        }
    }

    private func encoding(_ function: Function, _ text: String, _ format: String, at offset: Int) throws(FHIRPathError) -> String? {
        switch (function, format) {
        case (.encode, "hex"): return Data(text.utf8).map { String(format: "%02x", $0) }.joined()
        case (.encode, "base64"): return Data(text.utf8).base64EncodedString()
        case (.encode, "urlbase64"):
            return Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        case (.decode, "hex"):
            let digits = Array(text.utf8)
            guard digits.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
            }
            return String(validating: bytes, as: UTF8.self)
        case (.decode, "base64"), (.decode, "urlbase64"):
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            return Data(base64Encoded: base64).flatMap { String(validating: [UInt8]($0), as: UTF8.self) }
        default:
            throw error("unknown encoding '\(format)' (accepted: hex, base64, urlbase64)", at: offset)
        }
    }

    private func escaping(_ function: Function, _ text: String, _ target: String, at offset: Int) throws(FHIRPathError) -> [Value] {
        let html: [(String, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")]
        let json: [(String, String)] = [("\\", "\\\\"), ("\"", "\\\""), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t")]
        let table: [(String, String)]
        switch target {
        case "html": table = html
        case "json": table = json
        default: throw error("unknown target '\(target)' (accepted: html, json)", at: offset)
        }
        var result = text
        if function == .escape {
            for (plain, escaped) in table { result = result.replacingOccurrences(of: plain, with: escaped) }
        } else {
            for (plain, escaped) in table.reversed() { result = result.replacingOccurrences(of: escaped, with: plain) }
            if target == "html" { result = result.replacingOccurrences(of: "&apos;", with: "'") }
        }
        return [.string(result)]
    }
}
