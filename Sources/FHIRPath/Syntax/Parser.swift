/// Reads FHIRPath's grammar (N1, 2.0.0) into a tree, by precedence climbing over the operators'
/// binding strengths (`Node.BinaryOperator.precedence`). Functions are looked up here, so an
/// unknown name or a wrong number of arguments fails before evaluation, with its column.
struct Parser {
    private let tokens: [Lexer.Token]
    private let source: String
    private var position = 0
    /// How deep the parse is; an expression nested past this fails instead of overflowing the stack.
    private var depth = 0
    static let maximumDepth = 200

    init(_ source: String) throws(FHIRPathError) {
        var lexer = Lexer(source)
        self.tokens = try lexer.tokens()
        self.source = source
    }

    mutating func parse() throws(FHIRPathError) -> Node {
        if case .end = current.kind { throw error("the expression is empty", at: current.offset) }
        let node = try expression(0)
        guard case .end = current.kind else { throw error("unexpected \(describe(current)) (expected an operator or the end)", at: current.offset) }
        return node
    }

    private var current: Lexer.Token { tokens[position] }

    private func error(_ message: String, at offset: Int, _ kind: FHIRPathError.Kind = .syntax) -> FHIRPathError {
        FHIRPathError(kind, message, at: offset, in: source)
    }

    private func describe(_ token: Lexer.Token) -> String {
        switch token.kind {
        case .identifier(let name), .delimitedIdentifier(let name): "'\(name)'"
        case .string: "a string"
        case .number(let digits), .longNumber(let digits): "the number \(digits)"
        case .temporal(let text): "@\(text)"
        case .variable(let name): "%\(name)"
        case .special(let name): "$\(name)"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end of the expression"
        }
    }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let text) = current.kind { return text == symbol }
        return false
    }

    private func isWord(_ word: String) -> Bool {
        if case .identifier(let text) = current.kind { return text == word }
        return false
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(FHIRPathError) {
        guard isSymbol(symbol) else { throw error("expected '\(symbol)' \(what), found \(describe(current))", at: current.offset) }
        advance()
    }

    /// The binary operator at the current token, if any (`and`, `div`… are words).
    private var binaryOperator: BinaryOperator? {
        switch current.kind {
        case .symbol(let symbol): BinaryOperator(rawValue: symbol)
        case .identifier(let word): ["div", "mod", "in", "contains", "and", "or", "xor", "implies"].contains(word) ? BinaryOperator(rawValue: word) : nil
        default: nil
        }
    }

    /// `is` and `as` bind between the additive operators and `|`.
    private static let typeOperatorPrecedence = 8

    private mutating func expression(_ minimum: Int) throws(FHIRPathError) -> Node {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maximumDepth else { throw error("the expression nests deeper than \(Parser.maximumDepth) levels", at: current.offset) }
        var left = try unary()
        while true {
            let offset = current.offset
            if isWord("is") || isWord("as"), Parser.typeOperatorPrecedence >= minimum {
                let cast = isWord("as")
                advance()
                let type = try typeSpecifier()
                left = .typeTest(left, type, cast: cast, offset: offset)
                continue
            }
            guard let op = binaryOperator, op.precedence >= minimum else { return left }
            advance()
            // Every binary operator is left-associative.
            let right = try expression(op.precedence + 1)
            left = Parser.folded(.binary(op, left, right, offset: offset))
        }
    }

    /// A union of string literals (`linkId in ('44250-9' | '44255-8' | …)`, as SDC forms list
    /// the questions a score adds up) is the same collection at every evaluation: it is made here
    /// once, as `|` makes it (in order, without repeats by `=`), rather than at every evaluation,
    /// where nine linkIds took eight unions and 44 insertions into a set of values.
    static func folded(_ node: Node) -> Node {
        guard case .binary(.union, let left, let right, _) = node, let l = strings(left), let r = strings(right) else { return node }
        // Strings are equal when their texts are: a set of the texts keeps the first of each.
        var seen = Set<String>()
        return .literals((l + r).filter { value in
            guard case .string(let text)? = value.system else { return true }
            return seen.insert(text).inserted
        })
    }

    /// The values of a string literal or of a union of them made already; nil for anything else.
    private static func strings(_ node: Node) -> [Value]? {
        switch node {
        case .literal(let value):
            if case .string? = value.system { return [value] }
            return nil
        case .literals(let values):
            return values
        default:
            return nil
        }
    }

    /// `+` and `-` before an operand bind looser than `.` and `[]`: `-1.abs()` negates `1.abs()`.
    private mutating func unary() throws(FHIRPathError) -> Node {
        let offset = current.offset
        if isSymbol("-") || isSymbol("+") {
            let negative = isSymbol("-")
            advance()
            depth += 1
            defer { depth -= 1 }
            guard depth <= Parser.maximumDepth else { throw error("the expression nests deeper than \(Parser.maximumDepth) levels", at: offset) }
            let operand = try unary()
            return negative ? .negate(operand, offset: offset) : operand
        }
        return try postfix(try term())
    }

    private mutating func postfix(_ start: Node) throws(FHIRPathError) -> Node {
        var node = start
        while true {
            let offset = current.offset
            if isSymbol(".") {
                advance()
                node = try invocation(on: node)
            } else if isSymbol("[") {
                advance()
                let index = try expression(0)
                try expect("]", "to close the index")
                node = .indexer(node, index, offset: offset)
            } else {
                return node
            }
        }
    }

    private mutating func term() throws(FHIRPathError) -> Node {
        let token = current
        switch token.kind {
        case .symbol("("):
            advance()
            let inner = try expression(0)
            try expect(")", "to close the parenthesis")
            return inner
        case .symbol("{"):
            advance()
            try expect("}", "for an empty collection {}")
            return .empty
        case .string(let text):
            advance()
            return .literal(.string(text))
        case .number(let digits):
            advance()
            return try quantityOrNumber(digits, at: token.offset)
        case .longNumber(let digits):
            advance()
            guard let value = Int(digits) else { throw error("the number \(digits)L is too large", at: token.offset) }
            return .literal(.integer(value))
        case .temporal(let text):
            advance()
            return .literal(try temporal(text, at: token.offset))
        case .variable(let name):
            advance()
            return .variable(name, offset: token.offset)
        case .special("this"):
            advance()
            return .this
        case .special("index"):
            advance()
            return .index
        case .special("total"):
            advance()
            return .total
        case .identifier("true"):
            advance()
            return .literal(.boolean(true))
        case .identifier("false"):
            advance()
            return .literal(.boolean(false))
        case .identifier, .delimitedIdentifier:
            return try invocation(on: nil)
        case .end:
            throw error("the expression ends where an operand was expected", at: token.offset)
        default:
            throw error("unexpected \(describe(token)) (expected an operand)", at: token.offset)
        }
    }

    /// A name or a function call, on `target` or on the focus.
    private mutating func invocation(on target: Node?) throws(FHIRPathError) -> Node {
        let token = current
        let name: String
        let delimited: Bool
        switch token.kind {
        case .identifier(let word): name = word; delimited = false
        case .delimitedIdentifier(let word): name = word; delimited = true
        case .special("this"): advance(); return .this
        case .special("index"): advance(); return .index
        case .special("total"): advance(); return .total
        default: throw error("expected a name after '.', found \(describe(token))", at: token.offset)
        }
        advance()
        guard !delimited, isSymbol("(") else { return .member(target, name, offset: token.offset) }
        advance()
        guard let function = Function(rawValue: name) else {
            throw error("unknown function \(name)()", at: token.offset, .semantic)
        }
        var arguments: [Node] = []
        if !isSymbol(")") {
            while true {
                if function.takesType {
                    let type = try typeSpecifier()
                    arguments.append(.literal(.string(type.namespace.map { "\($0).\(type.name)" } ?? type.name)))
                } else {
                    arguments.append(try expression(0))
                }
                if isSymbol(",") { advance(); continue }
                break
            }
        }
        try expect(")", "to close the arguments of \(name)()")
        guard function.arity.contains(arguments.count) else {
            let range = function.arity
            let expected = range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw error("\(name)() takes \(expected) argument\(range.upperBound == 1 ? "" : "s"), not \(arguments.count)", at: token.offset, .semantic)
        }
        return .call(target, function, arguments, offset: token.offset)
    }

    /// `Quantity`, `FHIR.Patient`, `System.String`, `` `FHIR`.`Patient` ``.
    private mutating func typeSpecifier() throws(FHIRPathError) -> TypeSpecifier {
        var parts: [String] = []
        while true {
            switch current.kind {
            case .identifier(let word), .delimitedIdentifier(let word): parts.append(word)
            default: throw error("expected a type name, found \(describe(current))", at: current.offset)
            }
            advance()
            guard isSymbol("."), parts.count < 2 else { break }
            advance()
        }
        return parts.count == 2 ? TypeSpecifier(namespace: parts[0], name: parts[1]) : TypeSpecifier(namespace: nil, name: parts[0])
    }

    /// A number, or a quantity when a unit follows (`4.5 'mg'`, `3 days`).
    private mutating func quantityOrNumber(_ digits: String, at offset: Int) throws(FHIRPathError) -> Node {
        var unit: String?
        if case .string(let code) = current.kind {
            unit = code
        } else if case .identifier(let word) = current.kind, let calendar = Quantity.calendarUnit(word) {
            unit = calendar
        }
        if let unit {
            advance()
            return .literal(.quantity(Quantity(value: DecimalNumber(text: digits, allowExponent: false)!, unit: unit)))
        }
        if !digits.contains("."), let integer = Int(digits) {
            guard integer <= Int(Int32.max) + 1 else { throw error("the integer \(digits) is too large (at most 2147483647)", at: offset) }
            return .literal(.integer(integer))
        }
        guard let decimal = DecimalNumber(text: digits, allowExponent: false) else {
            throw error("the number \(digits) is out of range", at: offset)
        }
        return .literal(.decimal(decimal))
    }

    private func temporal(_ text: String, at offset: Int) throws(FHIRPathError) -> Value {
        if text.hasPrefix("T") {
            guard let time = Temporal.parseTime(text.dropFirst()) else {
                throw error("@\(text) is not a time (accepted: @Thh, @Thh:mm, @Thh:mm:ss, @Thh:mm:ss.fff)", at: offset)
            }
            return .temporal(time)
        }
        guard let value = Temporal.parseDateTime(Substring(text)) else {
            throw error("@\(text) is not a date or date-time (accepted: @YYYY, @YYYY-MM, @YYYY-MM-DD, with Thh:mm:ss.fff and Z or ±hh:mm after a day)", at: offset)
        }
        return .temporal(value)
    }
}
