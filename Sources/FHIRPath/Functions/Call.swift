/// A function call: each function's input is the collection before the `.` (or `$this`), its
/// arguments are evaluated once with the caller's `$this`, except those evaluated for each
/// item (`Function.isPerItem`).
extension Evaluator {
    mutating func call(_ function: Function, on input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch function {
        case .empty, .exists, .all, .allTrue, .anyTrue, .allFalse, .anyFalse, .subsetOf, .supersetOf, .count, .distinct, .isDistinct:
            return try existence(function, input, arguments, scope, at: offset)
        case .where, .select, .repeat, .ofType, .aggregate, .sort:
            return try filtering(function, input, arguments, scope, at: offset)
        case .single, .first, .last, .tail, .skip, .take, .intersect, .exclude, .union, .combine:
            return try subsetting(function, input, arguments, scope, at: offset)
        case .iif:
            return try iif(input, arguments, scope, at: offset)
        case .toBoolean, .convertsToBoolean, .toInteger, .convertsToInteger, .toDate, .convertsToDate, .toDateTime, .convertsToDateTime,
             .toDecimal, .convertsToDecimal, .toQuantity, .convertsToQuantity, .toString, .convertsToString, .toTime, .convertsToTime:
            return try conversion(function, input, arguments, scope, at: offset)
        case .indexOf, .lastIndexOf, .substring, .startsWith, .endsWith, .contains, .upper, .lower, .replace, .matches, .matchesFull,
             .replaceMatches, .length, .toChars, .encode, .decode, .escape, .unescape, .trim, .split, .join:
            return try strings(function, input, arguments, scope, at: offset)
        case .abs, .ceiling, .exp, .floor, .ln, .log, .power, .round, .sqrt, .truncate:
            return try math(function, input, arguments, scope, at: offset)
        case .sum, .min, .max, .avg:
            return try aggregates(function, input, at: offset)
        case .children:
            return allChildren(of: input)
        case .descendants:
            return try descendants(of: input, at: offset)
        case .trace, .now, .timeOfDay, .today, .lowBoundary, .highBoundary, .precision, .comparable:
            return try utility(function, input, arguments, scope, at: offset)
        case .is, .as, .type:
            if function == .type { return input.map(Evaluator.typeInfo) }
            guard let item = try single(input, function.rawValue, at: offset) else { return [] }
            let type = Evaluator.typeSpecifier(try stringArgument(arguments[0], scope, function, at: offset) ?? "")
            let matches = try self.matches(item, type, exactPrimitive: function == .as, at: offset)
            return function == .is ? [.boolean(matches)] : (matches ? [item] : [])
        case .not:
            // Singleton evaluation: one item that is not a Boolean counts as true (`(0).not()` is false).
            guard let value = try truth(input, "not()", at: offset) else { return [] }
            return [.boolean(!value)]
        case .extension, .hasValue, .getValue, .resolve, .conformsTo, .memberOf, .htmlChecks, .answers, .ordinal, .weight:
            return try fhir(function, input, arguments, scope, at: offset)
        }
    }

    // MARK: Arguments

    /// An argument evaluated once, with the caller's `$this`.
    mutating func argument(_ node: Node, _ scope: Scope) throws(FHIRPathError) -> [Value] {
        try evaluate(node, scope)
    }

    /// An argument that must be one item (or nothing).
    mutating func singleArgument(_ node: Node, _ scope: Scope, _ function: Function, at offset: Int) throws(FHIRPathError) -> Value? {
        let items = try evaluate(node, scope)
        guard items.count <= 1 else { throw error("\(function.rawValue)()'s argument must be one item, not \(items.count)", at: offset) }
        return items.first?.system
    }

    mutating func stringArgument(_ node: Node, _ scope: Scope, _ function: Function, at offset: Int) throws(FHIRPathError) -> String? {
        guard let value = try singleArgument(node, scope, function, at: offset) else { return nil }
        guard case .string(let text) = value else { throw error("\(function.rawValue)()'s argument must be a string", at: offset) }
        return text
    }

    mutating func integerArgument(_ node: Node, _ scope: Scope, _ function: Function, at offset: Int) throws(FHIRPathError) -> Int? {
        guard let value = try singleArgument(node, scope, function, at: offset) else { return nil }
        guard case .integer(let number) = value else { throw error("\(function.rawValue)()'s argument must be an integer", at: offset) }
        return number
    }

    /// The scope for an argument evaluated on one item of the input.
    func itemScope(_ item: Value, index: Int, _ scope: Scope, total: [Value]? = nil) -> Scope {
        Scope(this: [item], index: index, total: total)
    }

    /// The function's input as one string (or nothing); an error for anything else.
    func stringInput(_ input: [Value], _ function: Function, at offset: Int) throws(FHIRPathError) -> String? {
        guard let item = input.first else { return nil }
        guard input.count == 1 else { throw error("\(function.rawValue)() applies to one string, not \(input.count) items", at: offset) }
        guard case .string(let text)? = item.system else {
            throw error("\(function.rawValue)() applies to a string, not \(item.type.name)", at: offset)
        }
        return text
    }
}
