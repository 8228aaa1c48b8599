import Questionnaires

/// The reading a questionnaire's response makes: its calculated numbers (a total score, a BMI), so
/// that adherence, Insights, trends, the report and FHIR export treat a questionnaire's scores as
/// they treat any reading. A form with no calculated number makes a reading with no values: the
/// response itself is then the record.
enum FormMeasure {
    /// Calculated integer or decimal items, in the form's order.
    static func scoredItems(_ form: Questionnaire) -> [QuestionnaireItem] {
        form.allItems.filter { $0.calculatedExpression != nil && ($0.kind == .integer || $0.kind == .decimal) }
    }

    /// One field per scored item: `value` when there is one (a single-value measure, whose LOINC
    /// code is the item's), else each named by its linkId (with the form's code as the panel's).
    /// Each field's range is the item's `minValue`...`maxValue`, when it gives both.
    static func measure(of form: Questionnaire) -> Measure {
        let scored = scoredItems(form)
        let fields = scored.map { item in
            Measure.Field(name: fieldName(of: item, among: scored), range: range(of: item), normal: normal(of: item),
                          loinc: scored.count == 1 ? nil : loinc(item.codes))
        }
        let type: Measure.ValueType = scored.allSatisfy { $0.kind == .integer } ? .integer : .number
        return Measure(type: type, fields: fields, aggregate: .last,
                       loinc: scored.count == 1 ? loinc(scored[0].codes) : loinc(form.codes))
    }

    /// The scored values of a response, in the measure's field order; an item without a value (a
    /// total waiting for every answer) is left out.
    static func values(of response: FormResponse) -> [ReadingValue] {
        let scored = scoredItems(response.form)
        return scored.compactMap { item in
            guard let number = response.answers(item.linkId).first?.number else { return nil }
            return ReadingValue(name: fieldName(of: item, among: scored), value: number)
        }
    }

    /// A scored item's field: `value` when the form scores one item, else the item's linkId.
    static func fieldName(of item: QuestionnaireItem, among scored: [QuestionnaireItem]) -> String {
        scored.count == 1 ? "value" : item.linkId
    }

    private static func range(of item: QuestionnaireItem) -> ClosedRange<Double>? {
        guard let low = item.minValue?.number, let high = item.maxValue?.number, low <= high else { return nil }
        return low...high
    }

    /// The first band, where a person without the condition scores: what Insights calls normal.
    private static func normal(of item: QuestionnaireItem) -> ClosedRange<Double>? {
        guard let first = item.bands.first, let low = first.low, let high = first.high else { return nil }
        return low...high
    }

    private static func loinc(_ codes: [AnswerCoding]) -> String? {
        codes.first { $0.system == "http://loinc.org" && $0.code.map(LOINC.isValid) == true }?.code
    }
}
