import FHIRPath

/// SDC's expressions over the response as it stands: the form's `variable`s, then each item's
/// (in scope for the item and the items inside it), `enableWhenExpression` and
/// `calculatedExpression`, each with `%resource` the response, `%questionnaire` the form and
/// `%context` the item's own place in the response.
extension FormResponse {
    /// Finds a follow-up's entries in the response, wherever they are nested: items hold items and
    /// answers, and answers hold items, so these are every item `descendants()` would find, in the
    /// same order, without making an element of every answer's value and coding on the way.
    private static let itemsWithLinkId = try! FHIRPathExpression("%resource.repeat(item | answer).where(linkId = %linkId)")

    mutating func evaluateExpressions() {
        var results: [String: [AnswerValue]] = [:]
        var shows: [String: Bool] = [:]
        problems = forEachItemInScope { item, place, scope throws(FHIRPathError) in
            if let expression = item.enableWhenExpression {
                let result = try expression.evaluate(on: place, environment: scope)
                shows[item.linkId] = result.count == 1 && Self.isTrue(result[0])
            }
            if let expression = item.calculatedExpression, enabled.contains(item.linkId) {
                switch ExpressionAnswers.convert(try expression.evaluate(on: place, environment: scope), for: item) {
                case .success(let answers): if !answers.isEmpty { results[item.linkId] = answers }
                case .failure(let why): return why.message
                }
            }
            return nil
        }
        calculated = results
        expressionShows = shows
    }

    /// Once, as the form opens: each `initialExpression` of an item not answered yet (from the
    /// launch context, say the patient's birth date), then the form settles again.
    mutating func startFromInitialExpressions() {
        guard form.allItems.contains(where: { $0.initialExpression != nil }) else { return }
        var started: [String: [AnswerValue]] = [:]
        let failed = forEachItemInScope { item, place, scope throws(FHIRPathError) in
            guard let expression = item.initialExpression, given[item.linkId] == nil else { return nil }
            switch ExpressionAnswers.convert(try expression.evaluate(on: place, environment: scope), for: item) {
            case .success(let answers): if !answers.isEmpty { started[item.linkId] = answers }
            case .failure(let why): return why.message
            }
            return nil
        }
        for (linkId, answers) in started { given[linkId] = answers }
        settle()
        problems.merge(failed) { current, _ in current }
    }

    /// Calls `body` for every item, depth first in the form's order, with its place in the
    /// response as it stands and the variables in scope for it: the form's, then each enclosing
    /// item's, then its own. Returns the problems: why an item's variables or `body` failed (or
    /// the reason `body` gives), by linkId, and "" for the form's own variables.
    private func forEachItemInScope(_ body: (QuestionnaireItem, [Value], Environment) throws(FHIRPathError) -> String?) -> [String: String] {
        let root = Value.element(Element(resource: workingResponse()))
        var environment = Environment(variables: context.variables, now: context.now)
        environment.variables["resource"] = [root]
        environment.variables["questionnaire"] = [.element(Element(resource: form.json))]
        var problems: [String: String] = [:]
        do {
            try form.variables.evaluate(into: &environment, context: [root])
        } catch {
            problems[""] = FormReader.describe(error)
        }
        // `underQuestion`: the items are a question's follow-ups, which the response keeps in its
        // answers (`answer.item`), not beside them.
        func walk(_ items: [QuestionnaireItem], _ environment: Environment, underQuestion: Bool) {
            for item in items {
                var scope = environment
                let place = self.place(of: item, in: scope, underQuestion: underQuestion)
                do {
                    try item.variables.evaluate(into: &scope, context: place)
                    if let problem = try body(item, place, scope) { problems[item.linkId] = problem }
                } catch {
                    problems[item.linkId] = FormReader.describe(error)
                }
                walk(item.items, scope, underQuestion: underQuestion || item.kind != .group)
            }
        }
        walk(form.items, environment, underQuestion: false)
        return problems
    }

    /// The item's entries in the response (none while it is not shown, or when it has no
    /// expression that could read them).
    private func place(of item: QuestionnaireItem, in environment: Environment, underQuestion: Bool) -> [Value] {
        guard !item.variables.variables.isEmpty || item.enableWhenExpression != nil || item.calculatedExpression != nil
                || item.initialExpression != nil else { return [] }
        let response = environment.variables["resource"] ?? []
        guard underQuestion else { return Self.entries(of: item.linkId, outsideAnswersIn: response) }
        var lookup = environment
        lookup.variables["linkId"] = [.string(item.linkId)]
        return (try? Self.itemsWithLinkId.evaluate(on: response, environment: lookup)) ?? []
    }

    /// The entries of an item outside every question (at the top, or in groups only), which the
    /// response nests in items alone: what `%resource.repeat(item).where(linkId = …)` gives, in
    /// its order (level by level), found by walking the items in Swift. Settling looks up every
    /// item with an expression on every turn, and the expression made and compared an element
    /// for each item's linkId: a third of the settling a PHQ-9 does as it opens.
    private static func entries(of linkId: String, outsideAnswersIn response: [Value]) -> [Value] {
        var found: [Value] = []
        var level = response
        while !level.isEmpty {
            var next: [Value] = []
            for case .element(let element) in level { next += element.children(named: "item") }
            for case .element(let entry) in next where entry.json?["linkId"]?.stringValue == linkId { found.append(.element(entry)) }
            level = next
        }
        return found
    }

    private static func isTrue(_ value: Value) -> Bool {
        if case .boolean(true)? = value.system { return true }
        return false
    }
}
