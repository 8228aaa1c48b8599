/// One of an item's `enableWhen` conditions: the item is shown when the answer to `question`
/// compares with `answer` as `comparison` says (for `exists`, `answer` is whether it has one).
public struct EnableCondition: Sendable, Hashable {
    public enum Comparison: String, Sendable, CaseIterable {
        case exists
        case equal = "="
        case notEqual = "!="
        case greater = ">"
        case less = "<"
        case greaterOrEqual = ">="
        case lessOrEqual = "<="
    }

    /// The linkId of the question whose answer decides.
    public let question: String
    public let comparison: Comparison
    public let answer: AnswerValue

    public init(question: String, comparison: Comparison, answer: AnswerValue) {
        self.question = question
        self.comparison = comparison
        self.answer = answer
    }
}

/// Whether every `enableWhen` condition must hold, or one is enough (`enableBehavior`; FHIR asks
/// for it when there are several).
public enum EnableBehavior: String, Sendable {
    case all, any
}
