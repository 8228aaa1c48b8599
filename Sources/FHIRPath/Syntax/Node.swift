/// A parsed FHIRPath expression: a tree of nodes, each with its offset in the text (in
/// characters) for errors raised while it is evaluated.
indirect enum Node: Sendable {
    /// `{}`
    case empty
    case literal(Value)
    /// A union of string literals, made once as the expression is parsed (`Parser.folded`).
    case literals([Value])
    /// `$this`, `$index`, `$total`
    case this
    case index
    case total
    /// `%name`
    case variable(String, offset: Int)
    /// `name` or `target.name`; with no target, on the focus (`$this`).
    case member(Node?, String, offset: Int)
    /// `name(arguments)` or `target.name(arguments)`; the function is found at parse time.
    case call(Node?, Function, [Node], offset: Int)
    /// `target[index]`
    case indexer(Node, Node, offset: Int)
    /// `-operand`, `+operand`
    case negate(Node, offset: Int)
    case binary(BinaryOperator, Node, Node, offset: Int)
    /// `operand is Type`, `operand as Type`
    case typeTest(Node, TypeSpecifier, cast: Bool, offset: Int)
    /// A part that is the same for every item of the loop it is in (`Invariants`): evaluated
    /// once per evaluation and kept in its slot.
    case invariant(Node, slot: Int)
}

enum BinaryOperator: String, Sendable {
    case multiply = "*", divide = "/", div, mod
    case add = "+", subtract = "-", concatenate = "&"
    case union = "|"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case equal = "=", equivalent = "~", notEqual = "!=", notEquivalent = "!~"
    case `in`, contains
    case and, or, xor, implies

    /// Binding strength, from FHIRPath's grammar: higher binds tighter.
    var precedence: Int {
        switch self {
        case .multiply, .divide, .div, .mod: 10
        case .add, .subtract, .concatenate: 9
        case .union: 7
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 6
        case .equal, .equivalent, .notEqual, .notEquivalent: 5
        case .in, .contains: 4
        case .and: 3
        case .or, .xor: 2
        case .implies: 1
        }
    }
}

/// A type named in `is`, `as`, `ofType()`: `Quantity`, `FHIR.Patient`, `System.String`.
struct TypeSpecifier: Sendable {
    /// Nil when not written: the name is looked up in FHIR's model, then System's types.
    let namespace: String?
    let name: String
}
