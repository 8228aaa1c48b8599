/// Existence, filtering and projection, subsetting and combining (FHIRPath §5.1–5.4), and
/// `aggregate()`, `sort()`, `iif()`.
extension Evaluator {
    mutating func existence(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch function {
        case .empty:
            return [.boolean(input.isEmpty)]
        case .exists:
            guard let criteria = arguments.first else { return [.boolean(!input.isEmpty)] }
            return [.boolean(!(try filter(input, criteria, scope, at: offset)).isEmpty)]
        case .all:
            for (index, item) in input.enumerated() {
                let result = try evaluate(arguments[0], itemScope(item, index: index, scope))
                guard try truth(result, "all()", at: offset) == true else { return [.boolean(false)] }
            }
            return [.boolean(true)]
        case .allTrue, .anyTrue, .allFalse, .anyFalse:
            var values: [Bool] = []
            for item in input {
                guard case .boolean(let value)? = item.system else {
                    throw error("\(function.rawValue)() applies to Booleans, not \(item.type.name)", at: offset)
                }
                values.append(value)
            }
            switch function {
            case .allTrue: return [.boolean(values.allSatisfy { $0 })]
            case .anyTrue: return [.boolean(values.contains(true))]
            case .allFalse: return [.boolean(values.allSatisfy { !$0 })]
            default: return [.boolean(values.contains(false))]
            }
        case .subsetOf, .supersetOf:
            let other = try argument(arguments[0], scope)
            let (part, whole) = function == .subsetOf ? (input, other) : (other, input)
            return [.boolean(part.allSatisfy { item in whole.contains { Equality.equal($0, item) == true } })]
        case .count:
            return [.integer(input.count)]
        case .distinct:
            return distinct(input)
        default:
            return [.boolean(distinct(input).count == input.count)]
        }
    }

    /// The items for which `criteria` is true, with `$this` and `$index` set for each.
    mutating func filter(_ input: [Value], _ criteria: Node, _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        var result: [Value] = []
        for (index, item) in input.enumerated() {
            let outcome = try evaluate(criteria, itemScope(item, index: index, scope))
            if try truth(outcome, "where()", at: offset) == true { result.append(item) }
        }
        return result
    }

    mutating func filtering(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch function {
        case .where:
            return try filter(input, arguments[0], scope, at: offset)
        case .select:
            var result: [Value] = []
            for (index, item) in input.enumerated() {
                result += try evaluate(arguments[0], itemScope(item, index: index, scope))
            }
            return result
        case .repeat:
            return try repeatProjection(input, arguments[0], scope, at: offset)
        case .ofType:
            let type = Evaluator.typeSpecifier(try stringArgument(arguments[0], scope, function, at: offset) ?? "")
            var result: [Value] = []
            for item in input where try matches(item, type, exactPrimitive: true, at: offset) { result.append(item) }
            return result
        case .aggregate:
            var total = try arguments.count > 1 ? argument(arguments[1], scope) : []
            for (index, item) in input.enumerated() {
                total = try evaluate(arguments[0], itemScope(item, index: index, scope, total: total))
            }
            return total
        default:
            return try sort(input, arguments, scope, at: offset)
        }
    }

    /// `repeat()`: each new item is projected again until nothing new appears. A value met before
    /// (by `=`) is not followed again, so `repeat('a')` ends. Elements of the resource are its
    /// nodes, each found once from its parent, and the JSON is a tree of bounded depth, so they are
    /// not compared (two equal answers in two items are two answers); a projection that keeps
    /// returning elements past the deepest a resource can nest goes round a cycle, and is an error.
    private mutating func repeatProjection(_ input: [Value], _ projection: Node, _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        var result: [Value] = []
        var seen = DistinctValues()
        var frontier = input
        var rounds = 0
        while !frontier.isEmpty {
            rounds += 1
            if rounds > JSONReader.maximumDepth + 1 {
                throw error("repeat() does not end: its projection keeps returning items it has returned before", at: offset)
            }
            var next: [Value] = []
            for (index, item) in frontier.enumerated() {
                try step(offset)
                for found in try evaluate(projection, itemScope(item, index: index, scope)) {
                    if case .element(let element) = found, element.primitive == nil {
                        result.append(found)
                        next.append(found)
                    } else if seen.insert(found) {
                        result.append(found)
                        next.append(found)
                    }
                }
            }
            frontier = next
        }
        return result
    }

    /// `sort()` by the items themselves, or by keys; a key written with a leading `-` sorts
    /// descending. Items whose key is empty come first, in either direction.
    private mutating func sort(_ input: [Value], _ keys: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        var descending: [Bool] = []
        var keyNodes: [Node] = []
        for var key in keys {
            // A key that is the same for every item may have been marked invariant; its sign still counts.
            if case .invariant(let inner, _) = key { key = inner }
            if case .negate(let inner, _) = key { descending.append(true); keyNodes.append(inner) } else {
                descending.append(false)
                keyNodes.append(key)
            }
        }
        if keyNodes.isEmpty { keyNodes = [.this]; descending = [false] }
        var rows: [(item: Value, keys: [Value?])] = []
        for (index, item) in input.enumerated() {
            var values: [Value?] = []
            for node in keyNodes {
                let key = try evaluate(node, itemScope(item, index: index, scope))
                guard key.count <= 1 else { throw error("sort()'s key must be one item for each item, not \(key.count)", at: offset) }
                values.append(key.first)
            }
            rows.append((item, values))
        }
        var failure: FHIRPathError?
        let sorted = rows.enumerated().sorted { a, b in
            for (position, isDescending) in descending.enumerated() {
                let l = a.element.keys[position], r = b.element.keys[position]
                let order: Int
                switch (l, r) {
                case (nil, nil): order = 0
                case (nil, _): return true
                case (_, nil): return false
                case (let x?, let y?):
                    do throws(FHIRPathError) { order = try Comparison.compare(x, y, at: offset, self) ?? 0 } catch {
                        failure = error
                        order = 0
                    }
                }
                if order != 0 { return isDescending ? order > 0 : order < 0 }
            }
            return a.offset < b.offset
        }
        if let failure { throw failure }
        return sorted.map { $0.element.item }
    }

    mutating func subsetting(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch function {
        case .single:
            guard input.count <= 1 else { throw error("single() found \(input.count) items", at: offset) }
            return input
        case .first: return Array(input.prefix(1))
        case .last: return Array(input.suffix(1))
        case .tail: return Array(input.dropFirst())
        case .skip:
            guard let count = try integerArgument(arguments[0], scope, function, at: offset) else { return [] }
            return Array(input.dropFirst(max(0, count)))
        case .take:
            guard let count = try integerArgument(arguments[0], scope, function, at: offset) else { return [] }
            return Array(input.prefix(max(0, count)))
        case .intersect:
            let other = try argument(arguments[0], scope)
            return distinct(input.filter { item in other.contains { Equality.equal($0, item) == true } })
        case .exclude:
            let other = try argument(arguments[0], scope)
            return input.filter { item in !other.contains { Equality.equal($0, item) == true } }
        case .union:
            return distinct(input + (try argument(arguments[0], scope)))
        default:
            return input + (try argument(arguments[0], scope))
        }
    }

    /// `iif(criterion, then, else)`: only the branch chosen is evaluated.
    mutating func iif(_ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        guard input.count <= 1 else { throw error("iif() applies to one item, not \(input.count)", at: offset) }
        // `$this` is the input's item; `$index` and `$total` stay those of the enclosing
        // select() or aggregate().
        var inner = scope
        if let item = input.first { inner.this = [item] }
        let criterion = try evaluate(arguments[0], inner)
        guard criterion.count <= 1 else { throw error("iif()'s criterion must be one Boolean, not \(criterion.count) items", at: offset) }
        if let item = criterion.first, case .boolean? = item.system {} else if !criterion.isEmpty {
            throw error("iif()'s criterion must be a Boolean, not \(criterion[0].type.name)", at: offset)
        }
        if try truth(criterion, "iif()", at: offset) == true { return try evaluate(arguments[1], inner) }
        return arguments.count > 2 ? try evaluate(arguments[2], inner) : []
    }
}
