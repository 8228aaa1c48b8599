/// Walks a parsed expression over collections. Every node yields a collection (an array of
/// items, empty for "nothing"), as FHIRPath defines; errors carry the node's offset.
struct Evaluator {
    let source: String
    let environment: Environment
    /// The focus the expression started on (`%context`).
    let context: [Value]
    var steps = 0
    var now: Temporal?
    /// The values of the loop-invariant parts evaluated so far (`Invariants`).
    var invariants: [[Value]?]

    init(source: String, environment: Environment, context: [Value], invariantSlots: Int = 0) {
        self.source = source
        self.environment = environment
        self.context = context
        self.invariants = Array(repeating: nil, count: invariantSlots)
    }

    /// What `$this`, `$index` and `$total` are where a node is evaluated.
    struct Scope {
        var this: [Value]
        var index: Int?
        var total: [Value]?
    }

    mutating func run(_ root: Node) throws(FHIRPathError) -> [Value] {
        try evaluate(root, Scope(this: context))
    }

    func error(_ message: String, at offset: Int, _ kind: FHIRPathError.Kind = .execution) -> FHIRPathError {
        FHIRPathError(kind, message, at: offset, in: source)
    }

    mutating func step(_ offset: Int) throws(FHIRPathError) {
        steps += 1
        if steps > environment.stepLimit {
            throw error("the evaluation took more than \(environment.stepLimit) steps and was stopped", at: offset)
        }
    }

    mutating func evaluate(_ node: Node, _ scope: Scope) throws(FHIRPathError) -> [Value] {
        switch node {
        case .empty:
            return []
        case .literal(let value):
            return [value]
        case .literals(let values):
            return values
        case .this:
            return scope.this
        case .index:
            return scope.index.map { [.integer($0)] } ?? []
        case .total:
            return scope.total ?? []
        case .variable(let name, let offset):
            return try variable(name, scope, at: offset)
        case .member(let target, let name, let offset):
            try step(offset)
            if let target {
                return try children(of: try evaluate(target, scope), named: name, at: offset)
            }
            return try memberOfFocus(scope.this, named: name, at: offset)
        case .call(let target, let function, let arguments, let offset):
            try step(offset)
            let input = try target.map { node throws(FHIRPathError) in try evaluate(node, scope) } ?? scope.this
            return try call(function, on: input, arguments, scope, at: offset)
        case .indexer(let target, let indexNode, let offset):
            let items = try evaluate(target, scope)
            let index = try evaluate(indexNode, scope)
            guard !index.isEmpty else { return [] }
            guard index.count == 1, case .integer(let position)? = index[0].system else {
                throw error("an index must be one integer", at: offset)
            }
            return position >= 0 && position < items.count ? [items[position]] : []
        case .negate(let operand, let offset):
            return try negate(try evaluate(operand, scope), at: offset)
        case .binary(let op, let left, let right, let offset):
            return try binary(op, left, right, scope, at: offset)
        case .invariant(let inner, let slot):
            if let known = invariants[slot] { return known }
            let value = try evaluate(inner, scope)
            invariants[slot] = value
            return value
        case .typeTest(let operand, let type, let cast, let offset):
            let items = try evaluate(operand, scope)
            guard !items.isEmpty else { return [] }
            guard items.count == 1 else {
                throw error("'\(cast ? "as" : "is")' needs one item, not \(items.count)", at: offset)
            }
            let matches = try self.matches(items[0], type, exactPrimitive: cast, at: offset)
            return cast ? (matches ? items : []) : [.boolean(matches)]
        }
    }

    private func variable(_ name: String, _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        if let value = environment.variables[name] { return value }
        switch name {
        case "context", "resource", "rootResource": return context
        case "ucum": return [.string("http://unitsofmeasure.org")]
        case "sct": return [.string("http://snomed.info/sct")]
        case "loinc": return [.string("http://loinc.org")]
        default: break
        }
        // FHIR's constants for value sets and extensions: %vs-name and %ext-name.
        if name.hasPrefix("vs-") { return [.string("http://hl7.org/fhir/ValueSet/" + name.dropFirst(3))] }
        if name.hasPrefix("ext-") { return [.string("http://hl7.org/fhir/StructureDefinition/" + name.dropFirst(4))] }
        throw error("unknown variable %\(name)", at: offset, .semantic)
    }

    /// A name at the start of a path (or inside `where()` and the like): the type of the focus
    /// (`Patient.name` on a Patient), else a child of each item.
    private mutating func memberOfFocus(_ focus: [Value], named name: String, at offset: Int) throws(FHIRPathError) -> [Value] {
        if let first = name.unicodeScalars.first, isASCIIUppercase(first) {
            let ofType = focus.filter { item in
                if case .element(let element) = item { return FHIRModel.isType(element.type.name, subtypeOf: name) }
                return false
            }
            if !ofType.isEmpty { return ofType }
            if FHIRModel.isResource(name) {
                if environment.strict, !focus.isEmpty {
                    throw error("'\(name)' is not the type of the context (\(focus[0].type.name))", at: offset, .semantic)
                }
                return []
            }
        }
        return try children(of: focus, named: name, at: offset)
    }

    private mutating func negate(_ items: [Value], at offset: Int) throws(FHIRPathError) -> [Value] {
        guard !items.isEmpty else { return [] }
        guard items.count == 1 else { throw error("'-' needs one item, not \(items.count)", at: offset) }
        switch items[0].system {
        case .integer(let value)?: return [.integer(-value)]
        case .decimal(var value)?: value.value.negate(); return [.decimal(value)]
        case .quantity(var quantity)?: quantity.value.value.negate(); return [.quantity(quantity)]
        default: throw error("'-' applies to a number or a quantity, not \(items[0].type.name)", at: offset)
        }
    }
}

/// ASCII upper case: FHIR's type names start with one (`Patient`), its elements never do.
@inline(__always) func isASCIIUppercase(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 65 && scalar.value <= 90 }
