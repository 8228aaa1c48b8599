/// An expression that cannot be parsed or evaluated, with where in the expression it went wrong.
public struct FHIRPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The text is not FHIRPath (an unclosed string, a missing operand).
        case syntax
        /// It parses but cannot mean anything: an unknown function, a wrong number of arguments,
        /// an element the model does not have (in strict mode).
        case semantic
        /// It failed on the data: `'a' + 1`, `single()` on two items, a `repeat` without end.
        case execution
    }

    public let kind: Kind
    public let message: String
    /// Where in the expression, as a line and a column (both from 1, columns in characters).
    public let line: Int
    public let column: Int

    public init(_ kind: Kind, _ message: String, at offset: Int, in expression: String) {
        self.kind = kind
        self.message = message
        var line = 1
        var column = 1
        for (index, character) in expression.enumerated() {
            if index >= offset { break }
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        self.line = line
        self.column = column
    }

    /// The same error with another message, at the same place.
    public init(_ kind: Kind, _ message: String, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        line == 1 ? "column \(column): \(message)" : "line \(line), column \(column): \(message)"
    }
}
