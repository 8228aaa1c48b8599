import Foundation

/// A JSON file that could not be read, with the line and column (1-based, in characters of the
/// line's bytes) where reading stopped and what was expected there.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON text (RFC 8259) into `JSON`, keeping each number's digits as written.
///
/// Foundation's JSONSerialization and JSONDecoder hand numbers over as `Double` or a normalised
/// `Decimal`, which loses what FHIRPath needs (`0.1 + 0.2 = 0.3`, and `1.50` keeping its
/// precision), so FHIRPath reads its input here. Nesting is limited so that a hostile file ends
/// in an error, not a stack overflow.
public struct JSONReader {
    /// Deeper than any FHIR resource (a Questionnaire's items nest a few dozen levels at most).
    public static let maximumDepth = 512

    public static func read(_ text: String) throws(JSONReadError) -> JSON {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONReadError) in
            var reader = Scanner(bytes: UnsafeBufferPointer(buffer))
            return try reader.document()
        }
    }

    public static func read(_ data: Data) throws(JSONReadError) -> JSON {
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { buffer throws(JSONReadError) in
            var reader = Scanner(bytes: buffer)
            return try reader.document()
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func document() throws(JSONReadError) -> JSON {
            // A byte order mark is allowed before the text.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipSpace()
            let value = try self.value()
            skipSpace()
            if index < bytes.count { throw error("unexpected text after the JSON value") }
            return value
        }

        mutating func value() throws(JSONReadError) -> JSON {
            guard index < bytes.count else { throw error("the text ends where a value was expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a value (an object, array, string, number, true, false or null)")
            }
        }

        mutating func object() throws(JSONReadError) -> JSON {
            try enter()
            index += 1
            var members: [(key: String, value: JSON)] = []
            skipSpace()
            if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(JSONObject(members)) }
            while true {
                skipSpace()
                guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in double quotes") }
                let key = try string()
                skipSpace()
                guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the member name \"\(key)\"") }
                index += 1
                skipSpace()
                members.append((key, try value()))
                skipSpace()
                if peek(UInt8(ascii: ",")) { index += 1; continue }
                if peek(UInt8(ascii: "}")) { index += 1; break }
                throw error("expected ',' or '}' in an object")
            }
            depth -= 1
            return .object(JSONObject(members))
        }

        mutating func array() throws(JSONReadError) -> JSON {
            try enter()
            index += 1
            var items: [JSON] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value())
                skipSpace()
                if peek(UInt8(ascii: ",")) { index += 1; continue }
                if peek(UInt8(ascii: "]")) { index += 1; break }
                throw error("expected ',' or ']' in an array")
            }
            depth -= 1
            return .array(items)
        }

        mutating func enter() throws(JSONReadError) {
            depth += 1
            if depth > JSONReader.maximumDepth { throw error("nested deeper than \(JSONReader.maximumDepth) levels") }
        }

        mutating func string() throws(JSONReadError) -> String {
            index += 1
            let start = index
            // The common case, no escapes: the bytes between the quotes are the string.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = try utf8(start..<index)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error("a control character inside a string (write it as an escape)") }
                index += 1
            }
            var scalars = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return try utf8Checked(scalars)
                }
                if byte < 0x20 { throw error("a control character inside a string (write it as an escape)") }
                if byte != UInt8(ascii: "\\") { scalars.append(byte); index += 1; continue }
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A surrogate pair: the low half must follow as another \u escape.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate \\u escape (expected its low half)")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("an invalid low surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("a lone low surrogate in a \\u escape")
                    }
                    scalars.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
                default:
                    index -= 1
                    throw error("an unknown escape \\\(Character(Unicode.Scalar(escape))) (accepted: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                }
            }
            throw error("the text ends inside a string")
        }

        mutating func hex4() throws(JSONReadError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hexadecimal digits") }
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("a \\u escape needs four hexadecimal digits")
                }
                code = code * 16 + digit
                index += 1
            }
            return code
        }

        mutating func number() throws(JSONReadError) -> String {
            let start = index
            if peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in a number") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw error("a number may not start with 0 followed by digits") }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after the decimal point") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        mutating func literal(_ word: StaticString) throws(JSONReadError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("expected \(word)") }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw error("expected a value (an object, array, string, number, true, false or null)")
            }
            index += count
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        func utf8(_ range: Range<Int>) throws(JSONReadError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            guard let text = String(validating: slice, as: UTF8.self) else { throw error("a string that is not valid UTF-8") }
            return text
        }

        func utf8Checked(_ scalars: [UInt8]) throws(JSONReadError) -> String {
            guard let text = String(validating: scalars, as: UTF8.self) else { throw error("a string that is not valid UTF-8") }
            return text
        }

        /// Where reading stopped, as a line and a column counted in characters.
        func error(_ message: String) -> JSONReadError {
            var line = 1
            var lineStart = 0
            let end = min(index, bytes.count)
            for position in 0..<end where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self).count + 1
            return JSONReadError(line: line, column: column, message: message)
        }
    }
}
