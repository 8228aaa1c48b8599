/// Splits an expression into FHIRPath's tokens, skipping white space and comments (`//` to the end
/// of the line, `/* … */`).
struct Lexer {
    enum Kind: Equatable {
        case identifier(String)
        /// `` `a name` ``: never a keyword.
        case delimitedIdentifier(String)
        case string(String)
        case number(String)
        case longNumber(String)
        /// The text after `@`, for the parser to read as a date, date-time or time.
        case temporal(String)
        /// `%name`, `%'name'`, `` %`name` ``
        case variable(String)
        /// `$this`, `$index`, `$total`
        case special(String)
        case symbol(String)
        case end
    }

    struct Token {
        let kind: Kind
        let offset: Int
    }

    let characters: [Character]
    let source: String
    var position = 0

    init(_ source: String) {
        self.source = source
        self.characters = Array(source)
    }

    func error(_ message: String, at offset: Int) -> FHIRPathError {
        FHIRPathError(.syntax, message, at: offset, in: source)
    }

    mutating func tokens() throws(FHIRPathError) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        position + ahead < characters.count ? characters[position + ahead] : nil
    }

    private mutating func skipSpaceAndComments() throws(FHIRPathError) {
        while let character = peek() {
            if character.isWhitespace {
                position += 1
            } else if character == "/", peek(1) == "/" {
                while let next = peek(), next != "\n", next != "\r\n" { position += 1 }
            } else if character == "/", peek(1) == "*" {
                let start = position
                position += 2
                while true {
                    guard let next = peek() else { throw error("a comment opened with /* is never closed with */", at: start) }
                    if next == "*", peek(1) == "/" { position += 2; break }
                    position += 1
                }
            } else {
                return
            }
        }
    }

    private mutating func next() throws(FHIRPathError) -> Token {
        try skipSpaceAndComments()
        let start = position
        guard let character = peek() else { return Token(kind: .end, offset: start) }
        if character.isLetter && character.isASCII || character == "_" {
            return Token(kind: .identifier(word()), offset: start)
        }
        if character.isASCII, character.isNumber {
            return Token(kind: try number(), offset: start)
        }
        switch character {
        case "'":
            return Token(kind: .string(try quoted("'")), offset: start)
        case "`":
            return Token(kind: .delimitedIdentifier(try quoted("`")), offset: start)
        case "@":
            position += 1
            let text = temporalText()
            guard !text.isEmpty else { throw error("expected a date, date-time or time after @", at: start) }
            return Token(kind: .temporal(text), offset: start)
        case "%":
            position += 1
            if peek() == "'" { return Token(kind: .variable(try quoted("'")), offset: start) }
            if peek() == "`" { return Token(kind: .variable(try quoted("`")), offset: start) }
            let name = word(allowing: "-")
            guard !name.isEmpty else { throw error("expected a name after %", at: start) }
            return Token(kind: .variable(name), offset: start)
        case "$":
            position += 1
            let name = word()
            guard ["this", "index", "total"].contains(name) else {
                throw error("unknown $\(name) (accepted: $this, $index, $total)", at: start)
            }
            return Token(kind: .special(name), offset: start)
        default:
            break
        }
        for symbol in ["<=", ">=", "!=", "!~"] where peek() == symbol.first && peek(1) == symbol.last {
            position += 2
            return Token(kind: .symbol(symbol), offset: start)
        }
        if "+-*/&|=~<>()[]{},.".contains(character) {
            position += 1
            return Token(kind: .symbol(String(character)), offset: start)
        }
        throw error("unexpected character '\(character)'", at: start)
    }

    /// The characters of a date, date-time or time literal after `@`, by their shape: `2026`,
    /// `2026-11-27T09:30:00.000+01:00`, `T09:30`. A sign is taken as an offset only when `hh:mm`
    /// follows, so `@2026-11-27T10:00 - 1 'h'` is a subtraction.
    private mutating func temporalText() -> String {
        var text = ""
        func take(_ count: Int, _ test: (Character) -> Bool) -> Bool {
            guard (0..<count).allSatisfy({ peek($0).map(test) ?? false }) else { return false }
            for _ in 0..<count { text.append(peek()!); position += 1 }
            return true
        }
        let digit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        func time() {
            guard take(2, digit) else { return }
            guard peek() == ":", take(1, { _ in true }), take(2, digit) else { return }
            guard peek() == ":", take(1, { _ in true }), take(2, digit) else { return }
            if peek() == ".", peek(1).map(digit) ?? false {
                _ = take(1, { _ in true })
                while take(1, digit) {}
            }
        }
        if peek() == "T" {
            _ = take(1, { _ in true })
            time()
            return text
        }
        guard take(4, digit) else { return text }
        if peek() == "-", peek(1).map(digit) ?? false, take(3, { _ in true }) {
            if peek() == "-", peek(1).map(digit) ?? false { _ = take(3, { _ in true }) }
        }
        guard peek() == "T" else { return text }
        _ = take(1, { _ in true })
        time()
        if peek() == "Z" {
            _ = take(1, { _ in true })
        } else if peek() == "+" || peek() == "-", (1...2).allSatisfy({ peek($0).map(digit) ?? false }), peek(3) == ":" {
            _ = take(6, { _ in true })
        }
        return text
    }

    private mutating func word(allowing extra: Character? = nil) -> String {
        var text = ""
        while let next = peek(), next.isASCII, next.isLetter || next.isNumber || next == "_" || next == extra {
            text.append(next)
            position += 1
        }
        return text
    }

    private mutating func number() throws(FHIRPathError) -> Kind {
        var text = ""
        while let next = peek(), next.isASCII, next.isNumber { text.append(next); position += 1 }
        // A point belongs to the number only when a digit follows: `1.toString()` is a call.
        if peek() == ".", let after = peek(1), after.isASCII, after.isNumber {
            text.append(".")
            position += 1
            while let next = peek(), next.isASCII, next.isNumber { text.append(next); position += 1 }
            return .number(text)
        }
        if peek() == "L" {
            position += 1
            return .longNumber(text)
        }
        return .number(text)
    }

    /// A string or delimited identifier, with FHIRPath's escapes.
    private mutating func quoted(_ quote: Character) throws(FHIRPathError) -> String {
        let start = position
        position += 1
        var text = ""
        while true {
            guard let next = peek() else {
                throw error(quote == "'" ? "a string is never closed with '" : "a name in backticks is never closed with `", at: start)
            }
            position += 1
            if next == quote { return text }
            guard next == "\\" else { text.append(next); continue }
            guard let escaped = peek() else { continue }
            position += 1
            switch escaped {
            case "'", "\"", "`", "\\", "/": text.append(escaped)
            case "f": text.append("\u{0C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "u":
                var hex = ""
                for _ in 0..<4 {
                    guard let digit = peek(), digit.isHexDigit else { throw error("\\u needs four hexadecimal digits", at: position - 2) }
                    hex.append(digit)
                    position += 1
                }
                if let scalar = Unicode.Scalar(UInt32(hex, radix: 16)!) { text.unicodeScalars.append(scalar) }
            default:
                // Not one of FHIRPath's escapes: kept as written, backslash and all, as other
                // engines do, since real forms write regular expressions this way ('\\d{3}').
                text.append("\\")
                text.append(escaped)
            }
        }
    }
}
