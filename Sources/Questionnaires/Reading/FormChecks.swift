import Localization

/// What can only be checked once the whole form is read: that each `enableWhen` names a question
/// that is there, compares its answer with a value of the answer's kind, and that no item's
/// showing depends, through conditions and the groups it sits in, on itself.
struct FormChecks {
    let source: String
    /// linkId → its place in the form, as the reader found it.
    let paths: [String: String]

    func check(_ form: Questionnaire) throws(QuestionnaireError) {
        let items = form.allItems
        let byLinkId = Dictionary(items.map { ($0.linkId, $0) }, uniquingKeysWith: { first, _ in first })
        for item in items {
            for (index, condition) in item.enableWhen.enumerated() {
                try check(condition, index: index, of: item, question: byLinkId[condition.question])
            }
        }
        try checkForCircles(form, byLinkId: byLinkId)
    }

    private func fail(_ item: QuestionnaireItem, _ message: String) -> QuestionnaireError {
        QuestionnaireError(source: source, location: paths[item.linkId] ?? "", linkId: item.linkId, message: message)
    }

    private func check(_ condition: EnableCondition, index: Int, of item: QuestionnaireItem, question: QuestionnaireItem?) throws(QuestionnaireError) {
        let place = "enableWhen[\(index)]"
        guard let question else {
            throw fail(item, tr("{place}: no item has the linkId '{question}'", ["place": place, "question": condition.question]))
        }
        guard question.kind.isQuestion else {
            throw fail(item, tr("{place}: '{question}' is of type {kind}, which has no answer to compare", ["place": place, "question": question.linkId, "kind": question.kind.rawValue]))
        }
        guard condition.comparison != .exists else { return }
        let accepted = Self.comparableTypes(question)
        guard accepted.contains(condition.answer.typeName) else {
            throw fail(item, tr("{place}: answer{type} cannot be compared with the answer to '{question}', whose type is {kind} (it takes answer{accepted})",
                                ["place": place, "type": condition.answer.typeName, "question": question.linkId, "kind": question.kind.rawValue,
                                 "accepted": accepted.joined(separator: ", answer")]))
        }
        if ![.equal, .notEqual].contains(condition.comparison), ["Boolean", "Coding"].contains(condition.answer.typeName) {
            throw fail(item, tr("{place}: a {type} is equal or not, never greater or less ('{operator}')",
                                ["place": place, "type": condition.answer.typeName, "operator": condition.comparison.rawValue]))
        }
    }

    /// The `answer[x]` types an `enableWhen` may compare with a question's answer.
    static func comparableTypes(_ question: QuestionnaireItem) -> [String] {
        switch question.kind {
        case .boolean: ["Boolean"]
        case .decimal, .integer: ["Decimal", "Integer"]
        case .date, .dateTime: ["Date", "DateTime"]
        case .time: ["Time"]
        case .string, .text, .url: ["String"]
        case .quantity: ["Quantity"]
        case .choice, .openChoice:
            // What the options are, and text for an open choice's own answers.
            Array(Set(question.options.map(\.value.typeName) + (question.kind == .openChoice ? ["String", "Coding"] : []))).sorted()
        case .group, .display, .attachment, .reference: []
        }
    }

    /// An item is shown only when its conditions hold and its group is shown; a chain of these that
    /// comes back to where it started can never be decided, and is refused naming the chain.
    private func checkForCircles(_ form: Questionnaire, byLinkId: [String: QuestionnaireItem]) throws(QuestionnaireError) {
        var dependsOn: [String: [String]] = [:]
        func visit(_ item: QuestionnaireItem, parent: String?) {
            dependsOn[item.linkId] = item.enableWhen.map(\.question) + (parent.map { [$0] } ?? [])
            for child in item.items { visit(child, parent: item.linkId) }
        }
        for item in form.items { visit(item, parent: nil) }

        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var chain: [String] = []
        func walk(_ linkId: String) -> [String]? {
            if marks[linkId] == .done { return nil }
            if marks[linkId] == .visiting { return Array(chain[chain.firstIndex(of: linkId)!...]) + [linkId] }
            marks[linkId] = .visiting
            chain.append(linkId)
            for next in dependsOn[linkId] ?? [] { if let circle = walk(next) { return circle } }
            chain.removeLast()
            marks[linkId] = .done
            return nil
        }
        for item in form.allItems {
            if let circle = walk(item.linkId), let first = byLinkId[circle[0]] {
                throw fail(first, tr("whether it is shown depends on itself: {chain} (each shown only when the next is answered, or inside it)",
                                     ["chain": circle.joined(separator: " → ")]))
            }
        }
    }
}
