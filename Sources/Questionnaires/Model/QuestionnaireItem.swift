import FHIRPath

/// One item of a Questionnaire: a group, a text to read, or a question, with what FHIR and SDC
/// say about how it is asked, when it is shown, and how it is computed. Read once from the form's
/// JSON (`QuestionnaireReader`); the form filler walks it and never changes it.
public struct QuestionnaireItem: Sendable {
    public let linkId: String
    public let kind: ItemKind
    public let text: String?
    /// What is shown before the text (`prefix`): "1.", "a)".
    public let prefix: String?
    /// Help shown on request: a child `display` item whose `itemControl` is `help`.
    public let help: String?
    public let codes: [AnswerCoding]
    public let required: Bool
    public let repeats: Bool
    public let readOnly: Bool
    /// Not shown, but answered by its expressions and kept in the response (`questionnaire-hidden`).
    public let hidden: Bool
    public let maxLength: Int?
    /// The lowest and highest answers allowed (`minValue`, `maxValue`).
    public let minValue: AnswerValue?
    public let maxValue: AnswerValue?
    /// The answers a choice or open-choice offers, in the form's order.
    public let options: [AnswerOption]
    /// The units a quantity may be given in (`questionnaire-unitOption`, or the one `questionnaire-unit`).
    public let units: [AnswerCoding]
    /// Answers it has when the form opens (`initial`, and options marked `initialSelected`).
    public let initial: [AnswerValue]
    public let enableWhen: [EnableCondition]
    public let enableBehavior: EnableBehavior
    /// SDC's expressions, parsed: shown only while `enableWhenExpression` is true; answered by
    /// `calculatedExpression` as other answers change; started with `initialExpression`.
    public let enableWhenExpression: FHIRPathExpression?
    public let calculatedExpression: FHIRPathExpression?
    public let initialExpression: FHIRPathExpression?
    /// SDC `variable`s declared on the item, for its expressions and those of the items inside it.
    public let variables: DeclaredVariables
    /// The items inside: a group's, or a question's follow-ups (shown under each answer).
    public let items: [QuestionnaireItem]
    /// What its score means (a calculated total's bands), lowest first.
    public internal(set) var bands: [ScoreBand] = []
    /// Answers that need the care team's attention.
    public internal(set) var alert: ItemAlert?
    /// SDC's `observationExtract` as the item says it (nil: as its group, or the form, says).
    public internal(set) var observationExtract: Bool?

    /// This item and every item inside it, depth first, in the form's order.
    public var flattened: [QuestionnaireItem] { [self] + items.flatMap(\.flattened) }
}
