/// Marks the parts of an expression that are the same for every item a function loops over, so
/// that they are evaluated once per evaluation rather than once per item.
///
/// SDC forms are written this way: LHC-Forms' PHQ-9 scores each answer with
/// `%questionnaire.item.where(linkId = 'q1').answerOption.where(valueCoding.code =
/// %resource.item.where(linkId = 'q1').answer.valueCoding.code)…`, whose right-hand side does not
/// depend on the option `where()` is looking at but would be walked again for each one. A part
/// depends on the focus when it reads `$this`, `$index` or `$total`, or names an element or calls
/// a function on the focus without a `.` before it; nothing else changes while one expression is
/// evaluated (variables, `now()`). Such a part inside a per-item argument becomes
/// `.invariant(part, slot)`, evaluated the first time it is reached and kept in its slot.
enum Invariants {
    /// The tree with its loop-invariant parts marked, and how many slots they need.
    static func mark(_ root: Node) -> (Node, slots: Int) {
        var slots = 0
        let marked = mark(root, insideLoop: false, &slots)
        return (marked, slots)
    }

    private static func mark(_ node: Node, insideLoop: Bool, _ slots: inout Int) -> Node {
        if insideLoop, !dependsOnFocus(node), !isTrivial(node) {
            let slot = slots
            slots += 1
            return .invariant(mark(node, insideLoop: false, &slots), slot: slot)
        }
        switch node {
        case .empty, .literal, .literals, .this, .index, .total, .variable, .invariant:
            return node
        case .member(let target, let name, let offset):
            return .member(target.map { mark($0, insideLoop: insideLoop, &slots) }, name, offset: offset)
        case .call(let target, let function, let arguments, let offset):
            let markedTarget = target.map { mark($0, insideLoop: insideLoop, &slots) }
            let markedArguments = arguments.enumerated().map { position, argument in
                mark(argument, insideLoop: insideLoop || isPerItem(function, position), &slots)
            }
            return .call(markedTarget, function, markedArguments, offset: offset)
        case .indexer(let target, let index, let offset):
            return .indexer(mark(target, insideLoop: insideLoop, &slots), mark(index, insideLoop: insideLoop, &slots), offset: offset)
        case .negate(let operand, let offset):
            return .negate(mark(operand, insideLoop: insideLoop, &slots), offset: offset)
        case .binary(let op, let left, let right, let offset):
            return .binary(op, mark(left, insideLoop: insideLoop, &slots), mark(right, insideLoop: insideLoop, &slots), offset: offset)
        case .typeTest(let operand, let type, let cast, let offset):
            return .typeTest(mark(operand, insideLoop: insideLoop, &slots), type, cast: cast, offset: offset)
        }
    }

    /// Arguments evaluated once per input item with that item as their focus. `iif()` is left
    /// out: its branches see the enclosing loop's `$index` and `$total`. So is `aggregate()`'s
    /// starting value, evaluated once with the caller's focus.
    private static func isPerItem(_ function: Function, _ position: Int) -> Bool {
        function.isPerItem(position) && function != .iif && !(function == .aggregate && position == 1)
    }

    static func dependsOnFocus(_ node: Node) -> Bool {
        switch node {
        case .empty, .literal, .literals, .variable, .invariant: return false
        case .this, .index, .total: return true
        case .member(let target, _, _): return target.map(dependsOnFocus) ?? true
        case .call(let target, let function, let arguments, _):
            guard let target, !dependsOnFocus(target) else { return true }
            // Per-item arguments have a focus of their own; the others share the caller's.
            return arguments.enumerated().contains { position, argument in !isPerItem(function, position) && dependsOnFocus(argument) }
        case .indexer(let target, let index, _): return dependsOnFocus(target) || dependsOnFocus(index)
        case .negate(let operand, _): return dependsOnFocus(operand)
        case .binary(_, let left, let right, _): return dependsOnFocus(left) || dependsOnFocus(right)
        case .typeTest(let operand, _, _, _): return dependsOnFocus(operand)
        }
    }

    /// Not worth a slot: as quick to evaluate again as to look up.
    private static func isTrivial(_ node: Node) -> Bool {
        switch node {
        case .empty, .literal, .literals, .variable: true
        default: false
        }
    }
}
