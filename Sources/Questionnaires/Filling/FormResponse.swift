import FHIRPath
import Localization

/// A response being filled in, as a value: the answers given, what the form's conditions show and
/// its calculations give from them, and the FHIR QuestionnaireResponse they make. The dashboard
/// and the line-by-line prompt both drive one; neither draws nor stores anything here.
///
/// After every change the form settles: which items are shown (`enableWhen`, the group they sit
/// in, `enableWhenExpression`) and what calculated items hold are worked out again, in turns,
/// until a turn changes nothing. An expression that fails is noted in `problems` and its item
/// left without that value; the rest of the form goes on.
public struct FormResponse: Sendable {
    public let form: Questionnaire
    /// What the person answered, or the form's initial answers, by linkId.
    public internal(set) var given: [String: [AnswerValue]] = [:]
    /// What the calculated items hold now, by linkId.
    public internal(set) var calculated: [String: [AnswerValue]] = [:]
    /// The items shown now.
    public internal(set) var enabled: Set<String>
    /// Expressions that failed when last evaluated, by linkId ("" for the form's own variables), and why.
    public internal(set) var problems: [String: String] = [:]
    /// The results of `enableWhenExpression`s, by linkId.
    var expressionShows: [String: Bool] = [:]
    let context: FormContext

    public init(form: Questionnaire, context: FormContext = FormContext()) {
        self.init(form: form, context: context, opening: true)
    }

    /// `opening`: settled, and started from the `initialExpression`s, as a form opens; else with
    /// its initial answers only, for answers given all at once to settle.
    private init(form: Questionnaire, context: FormContext, opening: Bool) {
        self.form = form
        self.context = context
        // Every item counts as shown until the first turn says otherwise, so that conditions see
        // the initial answers.
        enabled = Set(form.allItems.map(\.linkId))
        for item in form.allItems where !item.initial.isEmpty { given[item.linkId] = item.initial }
        guard opening else { return }
        settle()
        startFromInitialExpressions()
    }

    /// A form answered all at once (a file of answers): what opening it and giving every answer
    /// together gives, settling once rather than on opening as well. A form with an
    /// `initialExpression` is opened first, since those are evaluated on the form as it opens.
    public init(form: Questionnaire, answering answers: [(linkId: String, values: [AnswerValue])],
                context: FormContext = FormContext()) throws(AnswerError) {
        self.init(form: form, context: context, opening: form.allItems.contains { $0.initialExpression != nil })
        try answer(all: answers)
    }

    /// The answers an item holds now: its calculation's for a calculated item, else those given;
    /// none while it is not shown (a hidden question's answer does not count, and is not sent).
    public func answers(_ linkId: String) -> [AnswerValue] {
        guard enabled.contains(linkId) else { return [] }
        return calculated[linkId] ?? given[linkId] ?? []
    }

    public func isEnabled(_ linkId: String) -> Bool { enabled.contains(linkId) }

    /// Questions shown, required, and not answered yet, in the form's order.
    public var unanswered: [QuestionnaireItem] {
        form.allItems.filter { $0.required && $0.kind.isQuestion && enabled.contains($0.linkId) && answers($0.linkId).isEmpty }
    }

    /// Answers `linkId` with `values` (none: clears it), checked against what the item accepts; a
    /// choice is taken as the form's own option (a code finds its display). Throws, changing
    /// nothing, when the answer is not one the item takes.
    public mutating func answer(_ linkId: String, _ values: [AnswerValue]) throws(AnswerError) {
        guard let item = form.item(linkId) else {
            throw AnswerError(linkId: linkId, message: tr("the form has no item '{linkId}'", ["linkId": linkId]))
        }
        let taken = try AnswerCheck(item: item, shown: enabled.contains(linkId)).check(values)
        given[linkId] = taken.isEmpty ? nil : taken
        settle()
    }

    /// Answers several items at once (a file of answers), settling once rather than after each:
    /// each answer is checked against its item, and every answered item must be shown once the
    /// form has settled. Throws, changing nothing, at the first answer refused.
    public mutating func answer(all answers: [(linkId: String, values: [AnswerValue])]) throws(AnswerError) {
        var next = self
        for (linkId, values) in answers {
            guard let item = form.item(linkId) else {
                throw AnswerError(linkId: linkId, message: tr("the form has no item '{linkId}'", ["linkId": linkId]))
            }
            let taken = try AnswerCheck(item: item, shown: true).check(values)
            next.given[linkId] = taken.isEmpty ? nil : taken
        }
        next.settle()
        for (linkId, values) in answers where !values.isEmpty && !next.enabled.contains(linkId) {
            _ = try AnswerCheck(item: form.item(linkId)!, shown: false).check(values)
        }
        self = next
    }

    // MARK: Settling

    mutating func settle() {
        // The conditions on answers first, which evaluate no expression: most changes settle
        // there (a form opening hides what its answers do not show yet), and the turns below
        // then evaluate the form's expressions once more only when what they give changes
        // something.
        for _ in 0...form.allItems.count {
            let shown = shownItems()
            if shown == enabled { break }
            enabled = shown
        }
        for _ in 0...form.allItems.count {
            let before = (enabled, calculated, expressionShows)
            enabled = shownItems()
            evaluateExpressions()
            if before.0 == enabled, before.1 == calculated, before.2 == expressionShows { return }
        }
        problems[""] = tr("the form's conditions and calculations do not settle: each turn changes what the one before gave")
    }

    /// Which items are shown, from the answers as they stand and the last turn's expressions.
    private func shownItems() -> Set<String> {
        var shown: Set<String> = []
        func walk(_ items: [QuestionnaireItem], parentShown: Bool) {
            for item in items {
                var on = parentShown
                if on, !item.enableWhen.isEmpty {
                    let holds = item.enableWhen.map(holds)
                    on = item.enableBehavior == .all ? !holds.contains(false) : holds.contains(true)
                }
                if on, item.enableWhenExpression != nil { on = expressionShows[item.linkId] ?? false }
                if on { shown.insert(item.linkId) }
                walk(item.items, parentShown: on)
            }
        }
        walk(form.items, parentShown: true)
        return shown
    }

    /// One `enableWhen` condition against the answers as they stand (FHIR's definitions: `=` and
    /// the orderings when at least one answer meets it, `!=` when none equals it).
    private func holds(_ condition: EnableCondition) -> Bool {
        let answers = self.answers(condition.question)
        switch condition.comparison {
        case .exists: return !answers.isEmpty == (condition.answer == .boolean(true))
        case .equal: return answers.contains { AnswerComparison.equal($0, condition.answer) }
        case .notEqual: return !answers.contains { AnswerComparison.equal($0, condition.answer) }
        case .greater: return answers.contains { AnswerComparison.order($0, condition.answer) == 1 }
        case .less: return answers.contains { AnswerComparison.order($0, condition.answer) == -1 }
        case .greaterOrEqual: return answers.contains { (AnswerComparison.order($0, condition.answer) ?? -1) >= 0 }
        case .lessOrEqual: return answers.contains { (AnswerComparison.order($0, condition.answer) ?? 1) <= 0 }
        }
    }
}
