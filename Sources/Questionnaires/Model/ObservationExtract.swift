import FHIRPath

extension Questionnaire {
    /// The items whose answers SDC's `observationExtract` sends as Observations, by linkId, with
    /// the codes the Observations take: an item says so itself, else its group, else the form
    /// (a `false` nearer the item wins). Only a question with a `code` can be extracted: the
    /// Observation's code is the item's.
    public var extractedItems: [String: [AnswerCoding]] {
        var found: [String: [AnswerCoding]] = [:]
        let root = json.objectValue.map(Extensions.init)?.first(FormExtensions.observationExtract)?["valueBoolean"]
        func walk(_ items: [QuestionnaireItem], inherited: Bool) {
            for item in items {
                let extracted = item.observationExtract ?? inherited
                if extracted, !item.codes.isEmpty, item.kind != .group, item.kind != .display { found[item.linkId] = item.codes }
                walk(item.items, inherited: extracted)
            }
        }
        walk(items, inherited: root == .bool(true))
        return found
    }
}
