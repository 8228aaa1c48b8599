/// FHIRPath's operators: each decides how empty collections and several items propagate, then
/// hands single items to equality, comparison or arithmetic.
extension Evaluator {
    mutating func binary(_ op: BinaryOperator, _ leftNode: Node, _ rightNode: Node, _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        // The Boolean operators may decide on one side alone; the other is then not evaluated.
        switch op {
        case .and, .or, .xor, .implies:
            let left = try truth(try evaluate(leftNode, scope), op.rawValue, at: offset)
            if op == .and, left == false { return [.boolean(false)] }
            if op == .or, left == true { return [.boolean(true)] }
            if op == .implies, left == false { return [.boolean(true)] }
            let right = try truth(try evaluate(rightNode, scope), op.rawValue, at: offset)
            return logic(op, left, right).map { [.boolean($0)] } ?? []
        default:
            break
        }
        let left = try evaluate(leftNode, scope)
        let right = try evaluate(rightNode, scope)
        switch op {
        case .union:
            return distinct(left + right)
        case .equal, .notEqual:
            guard let equal = Equality.equal(left, right) else { return [] }
            return [.boolean(op == .equal ? equal : !equal)]
        case .equivalent, .notEquivalent:
            let equivalent = Equality.equivalent(left, right)
            return [.boolean(op == .equivalent ? equivalent : !equivalent)]
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let l = try single(left, op.rawValue, at: offset), let r = try single(right, op.rawValue, at: offset) else { return [] }
            guard let order = try Comparison.compare(l, r, at: offset, self) else { return [] }
            switch op {
            case .less: return [.boolean(order < 0)]
            case .lessOrEqual: return [.boolean(order <= 0)]
            case .greater: return [.boolean(order > 0)]
            default: return [.boolean(order >= 0)]
            }
        case .in, .contains:
            let (element, collection) = op == .in ? (left, right) : (right, left)
            guard !element.isEmpty else { return [] }
            guard element.count == 1 else { throw error("'\(op.rawValue)' needs one item to look for, not \(element.count)", at: offset) }
            return [.boolean(collection.contains { Equality.equal($0, element[0]) == true })]
        case .concatenate:
            let l = try single(left, "&", at: offset).flatMap(\.system)
            let r = try single(right, "&", at: offset).flatMap(\.system)
            guard (l.map { if case .string = $0 { true } else { false } } ?? true), (r.map { if case .string = $0 { true } else { false } } ?? true) else {
                throw error("'&' joins strings", at: offset)
            }
            return [.string((l.flatMap(Evaluator.stringOf) ?? "") + (r.flatMap(Evaluator.stringOf) ?? ""))]
        default:
            guard let l = try single(left, op.rawValue, at: offset), let r = try single(right, op.rawValue, at: offset) else { return [] }
            return try Arithmetic.apply(op, l, r, at: offset, self).map { [$0] } ?? []
        }
    }

    /// The one item of an operand; nil when it is empty; an error when it has more.
    func single(_ items: [Value], _ what: String, at offset: Int) throws(FHIRPathError) -> Value? {
        guard items.count <= 1 else { throw error("'\(what)' needs one item on each side, not \(items.count)", at: offset) }
        return items.first
    }

    /// A collection as a Boolean where one is expected: empty is unknown; a single Boolean is
    /// itself; a single other item is true (FHIRPath's singleton evaluation); more is an error.
    func truth(_ items: [Value], _ what: String, at offset: Int) throws(FHIRPathError) -> Bool? {
        guard let item = items.first else { return nil }
        guard items.count == 1 else { throw error("'\(what)' needs one Boolean, not \(items.count) items", at: offset) }
        if case .boolean(let value)? = item.system { return value }
        return true
    }

    /// Three-valued logic (nil is unknown), as FHIRPath's truth tables.
    func logic(_ op: BinaryOperator, _ a: Bool?, _ b: Bool?) -> Bool? {
        switch op {
        case .and:
            if a == false || b == false { return false }
            if let a, let b { return a && b }
            return nil
        case .or:
            if a == true || b == true { return true }
            if let a, let b { return a || b }
            return nil
        case .xor:
            if let a, let b { return a != b }
            return nil
        default:
            if a == false || b == true { return true }
            if a == true, b == false { return false }
            return nil
        }
    }

    /// The items with repeats (by `=`) taken out, in their first order.
    func distinct(_ items: [Value]) -> [Value] {
        guard items.count > 1 else { return items }
        var seen = DistinctValues()
        return items.filter { seen.insert($0) }
    }

    static func stringOf(_ value: Value) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
