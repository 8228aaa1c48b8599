/// What a score means, as the instrument publishes it: PHQ-9's 10 to 14 is "moderate". A calculated
/// item lists its bands (careplan's extension `urn:careplan:extension:score-band`), lowest first; the
/// first is where a person without the condition scores.
public struct ScoreBand: Sendable, Hashable {
    /// Inclusive bounds; nil for an open end.
    public let low: Double?
    public let high: Double?
    /// The band's code (`moderately-severe`) and its words as the form gives them.
    public let code: String
    public let display: String

    public init(low: Double?, high: Double?, code: String, display: String) {
        self.low = low
        self.high = high
        self.code = code
        self.display = display
    }

    public func contains(_ value: Double) -> Bool { (low.map { value >= $0 } ?? true) && (high.map { value <= $0 } ?? true) }
}

/// Answers to a question that need the care team's attention (careplan's extension
/// `urn:careplan:extension:alert`): PHQ-9's ninth question answered above "Not at all". `kind`
/// names the concern when careplan has its own words for it (`self-harm`).
public struct ItemAlert: Sendable, Hashable {
    public let answers: [AnswerValue]
    public let kind: String?

    public init(answers: [AnswerValue], kind: String?) {
        self.answers = answers
        self.kind = kind
    }
}

extension QuestionnaireItem {
    /// The band `value` falls in, if the item has bands.
    public func band(of value: Double) -> ScoreBand? { bands.first { $0.contains(value) } }
}

extension FormResponse {
    /// The questions whose answers now raise their alert, in the form's order.
    public var raisedAlerts: [QuestionnaireItem] {
        form.allItems.filter { item in
            guard let alert = item.alert else { return false }
            return answers(item.linkId).contains { answer in alert.answers.contains { AnswerComparison.equal($0, answer) } }
        }
    }
}
