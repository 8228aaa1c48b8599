import FHIRPath

/// The response as FHIR's QuestionnaireResponse: items nested as the form nests them, a
/// question's own follow-up items under its answer, and only what is shown.
extension FormResponse {
    /// The response to send or store: shown items that have answers, and the groups holding them.
    public func questionnaireResponse(status: String, authored: String? = nil) -> JSON {
        var members: [(key: String, value: JSON)] = [("resourceType", .string("QuestionnaireResponse"))]
        if let canonical = form.canonical { members.append(("questionnaire", .string(canonical))) }
        members.append(("status", .string(status)))
        if let authored { members.append(("authored", .string(authored))) }
        members.append(("item", .array(items(form.items, complete: true))))
        return .object(JSONObject(members))
    }

    /// What the form's expressions read: every shown item, answered or not, so that each has a
    /// place (`%context`) in it.
    func workingResponse() -> JSON {
        .object(JSONObject([("resourceType", .string("QuestionnaireResponse")), ("status", .string("in-progress")),
                            ("item", .array(items(form.items, complete: false)))]))
    }

    private func items(_ items: [QuestionnaireItem], complete: Bool) -> [JSON] {
        var result: [JSON] = []
        for item in items where enabled.contains(item.linkId) && item.kind != .display {
            var members: [(key: String, value: JSON)] = [("linkId", .string(item.linkId))]
            if let text = item.text { members.append(("text", .string(text))) }
            let children = self.items(item.items, complete: complete)
            if item.kind == .group {
                if complete, children.isEmpty { continue }
                if !children.isEmpty { members.append(("item", .array(children))) }
            } else {
                let answers = self.answers(item.linkId)
                if complete, answers.isEmpty { continue }
                if !answers.isEmpty {
                    var answerJSON = answers.map { Self.json($0) }
                    // A question's follow-ups go under its (first) answer.
                    if !children.isEmpty, case .object(var first) = answerJSON[0] {
                        first["item"] = .array(children)
                        answerJSON[0] = .object(first)
                    }
                    members.append(("answer", .array(answerJSON)))
                }
            }
            result.append(.object(JSONObject(members)))
        }
        return result
    }

    /// One answer as FHIR writes it: `{"valueCoding": {...}}`.
    static func json(_ value: AnswerValue) -> JSON {
        let member: (String, JSON)
        switch value {
        case .boolean(let flag): member = ("valueBoolean", .bool(flag))
        case .decimal(let number): member = ("valueDecimal", .number(number.description))
        case .integer(let number): member = ("valueInteger", .number(String(number)))
        case .date(let date): member = ("valueDate", .string(date.text))
        case .dateTime(let date): member = ("valueDateTime", .string(date.text))
        case .time(let time): member = ("valueTime", .string(time.text))
        case .string(let text): member = ("valueString", .string(text))
        case .coding(let coding):
            member = ("valueCoding", .object(JSONObject([("system", coding.system), ("code", coding.code), ("display", coding.display)]
                .compactMap { key, value in value.map { (key, JSON.string($0)) } })))
        case .quantity(let quantity):
            var members: [(key: String, value: JSON)] = [("value", .number(quantity.value.description))]
            if let unit = quantity.unit { members.append(("unit", .string(unit))) }
            if let system = quantity.system { members.append(("system", .string(system))) }
            if let code = quantity.code { members.append(("code", .string(code))) }
            member = ("valueQuantity", .object(JSONObject(members)))
        }
        return .object(JSONObject([member]))
    }
}
