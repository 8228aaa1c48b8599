import FHIRPath

/// One answer a choice item offers: from its `answerOption`, or a concept of the value set it
/// names (contained in the form).
public struct AnswerOption: Sendable, Hashable {
    public let value: AnswerValue
    /// What the answer scores (SDC's `ordinalValue` or `itemWeight`): PHQ-9's 0 to 3.
    public let score: DecimalNumber?
    /// What is shown before it (`questionnaire-optionPrefix`): "0", "a)".
    public let prefix: String?
    /// Chosen when the form opens (`initialSelected`).
    public let initiallySelected: Bool

    public init(value: AnswerValue, score: DecimalNumber? = nil, prefix: String? = nil, initiallySelected: Bool = false) {
        self.value = value
        self.score = score
        self.prefix = prefix
        self.initiallySelected = initiallySelected
    }
}
