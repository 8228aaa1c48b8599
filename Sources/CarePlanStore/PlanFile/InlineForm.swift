import FHIRPath
import Localization
import Questionnaires
import Yams

/// A questionnaire written in the plan file, in a short form that maps one to one onto a FHIR
/// Questionnaire's items, made into that Questionnaire (then read and checked as any form file):
///
/// ```yaml
/// questionnaire:
///   title: Knee check
///   items:
///     - {linkId: pain, text: Pain today, type: integer, required: true, min: 0, max: 10}
///     - linkId: swelling
///       text: Swelling
///       type: choice
///       options: [{code: none, display: None, score: 0}, {code: some, display: Some, score: 1}]
///     - {linkId: where, text: Where?, type: string, enableWhen: {question: swelling, operator: "=", answer: some}}
///     - {linkId: total, text: Total, type: integer, calculated: "%resource.repeat(item).answer.value.ordinal().sum()"}
/// ```
///
/// Keys of an item, as FHIR names them: `linkId`, `text`, `type`, `required`, `repeats`, `readOnly`,
/// `hidden`, `prefix`, `code` (a LOINC code), `options` (words, or `{code, display, score}`),
/// `min`, `max`, `maxLength`, `unit` (UCUM), `enableWhen` (`{question, operator, answer}`, or a
/// list with `enableBehavior: all|any`), `calculated` (a FHIRPath expression), `bands` (a score's
/// `{low, high, code, display}`), `alert` (answers that need the care team: a list, or
/// `{answers, kind}`), and `items` (a group's, or a question's follow-ups).
extension PlanDecoder {
    static let inlineFormKeys = ["title", "items"]
    static let inlineItemKeys = ["linkId", "text", "type", "required", "repeats", "readOnly", "hidden", "prefix", "code", "options", "min", "max",
                                 "maxLength", "unit", "enableWhen", "enableBehavior", "calculated", "bands", "alert", "items"]

    /// The Questionnaire's JSON text for `node`, a mapping of `title` and `items`.
    func inlineForm(_ node: Node, title: String) throws -> String {
        let context = "questionnaire"
        let map = try reader.mapping(node, context, allowed: Self.inlineFormKeys)
        guard let itemsNode = map["items"] else { throw reader.missing("items", in: context, at: node) }
        // Every item's type first, so a condition's answer is written as the item it names takes it.
        var kinds: [String: (type: String, coded: Bool)] = [:]
        func collect(_ node: Node) {
            guard case .sequence(let items) = node else { return }
            for item in items {
                guard case .mapping(let mapping) = item, let linkId = mapping["linkId"]?.string, let type = mapping["type"]?.string else { continue }
                let coded = mapping["options"].map { options in
                    if case .sequence(let list) = options { return list.contains { if case .mapping = $0 { return true } else { return false } } }
                    return false
                } ?? false
                kinds[linkId] = (type, coded)
                if let children = mapping["items"] { collect(children) }
            }
        }
        collect(itemsNode)
        var members: [(key: String, value: JSON)] = [("resourceType", .string("Questionnaire")), ("status", .string("active"))]
        let formTitle = try map["title"].map { try reader.shortString($0, "\(context): title") } ?? title
        members.append(("title", .string(formTitle)))
        members.append(("item", .array(try items(itemsNode, "\(context): items", kinds: kinds))))
        return JSON.object(JSONObject(members)).text
    }

    private func items(_ node: Node, _ context: String, kinds: [String: (type: String, coded: Bool)]) throws -> [JSON] {
        try reader.sequence(node, context, of: .formItems).enumerated().map { index, itemNode in
            let where_ = "\(context)[\(index + 1)]"
            let map = try reader.mapping(itemNode, where_, allowed: Self.inlineItemKeys)
            guard let linkIdNode = map["linkId"] else { throw reader.missing("linkId", in: where_, at: itemNode) }
            guard let typeNode = map["type"] else { throw reader.missing("type", in: where_, at: itemNode) }
            let linkId = try reader.shortString(linkIdNode, "\(where_): linkId")
            let type = try reader.shortString(typeNode, "\(where_): type")
            guard ItemKind(rawValue: type) != nil else {
                throw reader.error(at: typeNode, tr("{context}: type '{type}' is not one of {types}",
                                                    ["context": where_, "type": type, "types": ItemKind.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            var item: [(key: String, value: JSON)] = [("linkId", .string(linkId))]
            var extensions: [JSON] = []
            if let code = map["code"] {
                item.append(("code", .array([object(["system": .string("http://loinc.org"), "code": .string(try reader.shortString(code, "\(where_): code"))])])))
            }
            if let prefix = map["prefix"] { item.append(("prefix", .string(try reader.shortString(prefix, "\(where_): prefix")))) }
            if let text = map["text"] { item.append(("text", .string(try reader.string(text, "\(where_): text")))) }
            item.append(("type", .string(type)))
            if let conditions = map["enableWhen"] {
                let list: [Node]
                if case .mapping = conditions { list = [conditions] } else { list = try reader.sequence(conditions, "\(where_): enableWhen", of: .conditions) }
                item.append(("enableWhen", .array(try list.map { try condition($0, "\(where_): enableWhen", kinds: kinds) })))
                if let behavior = map["enableBehavior"] {
                    let value = try reader.shortString(behavior, "\(where_): enableBehavior")
                    guard ["all", "any"].contains(value) else {
                        throw reader.error(at: behavior, tr("{context}: enableBehavior is all or any, not '{value}'", ["context": where_, "value": value]))
                    }
                    item.append(("enableBehavior", .string(value)))
                } else if list.count > 1 {
                    item.append(("enableBehavior", .string("all")))
                }
            }
            for key in ["required", "repeats"] {
                if let flag = map[key] { item.append((key, .bool(try reader.bool(flag, "\(where_): \(key)")))) }
            }
            // A calculated item is read-only unless it says otherwise.
            if let flag = try map["readOnly"].map({ try reader.bool($0, "\(where_): readOnly") }) ?? (map["calculated"] != nil ? true : nil) {
                item.append(("readOnly", .bool(flag)))
            }
            if let length = map["maxLength"] { item.append(("maxLength", .number(String(try reader.integer(length, "\(where_): maxLength", atLeast: 1))))) }
            if let options = map["options"] {
                item.append(("answerOption", .array(try reader.sequence(options, "\(where_): options", of: .answers).map { try option($0, "\(where_): options") })))
            }
            if let hidden = map["hidden"], try reader.bool(hidden, "\(where_): hidden") {
                extensions.append(object(["url": .string(FormExtensions.hidden), "valueBoolean": .bool(true)]))
            }
            for (key, url) in [("min", FormExtensions.minValue), ("max", FormExtensions.maxValue)] {
                guard let bound = map[key] else { continue }
                let number = try reader.number(bound, "\(where_): \(key)")
                extensions.append(object(["url": .string(url), (type == "integer" ? "valueInteger" : "valueDecimal"): .number(Self.numberText(number))]))
            }
            if let unit = map["unit"] {
                extensions.append(object(["url": .string(FormExtensions.unit), "valueCoding": object([
                    "system": .string("http://unitsofmeasure.org"), "code": .string(try reader.shortString(unit, "\(where_): unit"))])]))
            }
            if let calculated = map["calculated"] {
                extensions.append(object(["url": .string(FormExtensions.calculatedExpression), "valueExpression": object([
                    "language": .string(FormExtensions.fhirPathLanguage), "expression": .string(try reader.string(calculated, "\(where_): calculated"))])]))
            }
            if let bands = map["bands"] {
                for (number, band) in try reader.sequence(bands, "\(where_): bands", of: .bands).enumerated() {
                    let context = "\(where_): bands[\(number + 1)]"
                    let parts = try reader.mapping(band, context, allowed: ["low", "high", "code", "display"])
                    guard let code = parts["code"] else { throw reader.missing("code", in: context, at: band) }
                    var entries: [JSON] = []
                    for bound in ["low", "high"] {
                        guard let value = parts[bound] else { continue }
                        entries.append(object(["url": .string(bound), "valueDecimal": .number(Self.numberText(try reader.number(value, "\(context): \(bound)")))]))
                    }
                    let codeText = try reader.shortString(code, "\(context): code")
                    let display = try parts["display"].map { try reader.shortString($0, "\(context): display") } ?? codeText
                    entries.append(object(["url": .string("band"), "valueCoding": object(["code": .string(codeText), "display": .string(display)])]))
                    extensions.append(object(["url": .string(FormExtensions.scoreBand), "extension": .array(entries)]))
                }
            }
            if let alert = map["alert"] {
                let kind = kinds[linkId] ?? (type, false)
                extensions.append(try self.alert(alert, "\(where_): alert", type: kind.type, coded: kind.coded))
            }
            if !extensions.isEmpty { item.insert(("extension", .array(extensions)), at: 1) }
            if let children = map["items"] { item.append(("item", .array(try items(children, "\(where_): items", kinds: kinds)))) }
            return .object(JSONObject(item))
        }
    }

    /// An answer: its words (`valueString`), or `{code, display, score}` (a coding, with its score
    /// as `ordinalValue`).
    private func option(_ node: Node, _ context: String) throws -> JSON {
        if case .scalar = node { return object(["valueString": .string(try reader.shortString(node, context))]) }
        let map = try reader.mapping(node, context, allowed: ["code", "display", "score"])
        guard let code = map["code"] else { throw reader.missing("code", in: context, at: node) }
        var coding: [(key: String, value: JSON)] = [("code", .string(try reader.shortString(code, "\(context): code")))]
        if let display = map["display"] { coding.append(("display", .string(try reader.shortString(display, "\(context): display")))) }
        var members: [(key: String, value: JSON)] = []
        if let score = map["score"] {
            members.append(("extension", .array([object(["url": .string(AnswerScoreExtensions.ordinalValue),
                                                         "valueDecimal": .number(Self.numberText(try reader.number(score, "\(context): score")))])])))
        }
        members.append(("valueCoding", .object(JSONObject(coding))))
        return .object(JSONObject(members))
    }

    /// `{question, operator, answer}`: the answer written as the question it names takes it.
    private func condition(_ node: Node, _ context: String, kinds: [String: (type: String, coded: Bool)]) throws -> JSON {
        let map = try reader.mapping(node, context, allowed: ["question", "operator", "answer"])
        guard let questionNode = map["question"] else { throw reader.missing("question", in: context, at: node) }
        guard let answerNode = map["answer"] else { throw reader.missing("answer", in: context, at: node) }
        let question = try reader.shortString(questionNode, "\(context): question")
        let operation = try map["operator"].map { try reader.shortString($0, "\(context): operator") } ?? "="
        let operators = ["exists", "=", "!=", ">", "<", ">=", "<="]
        guard operators.contains(operation) else {
            throw reader.error(at: map["operator"], tr("{context}: operator '{operator}' is not one of {operators}",
                                                       ["context": context, "operator": operation, "operators": operators.joined(separator: " ")]))
        }
        guard let kind = kinds[question] else {
            throw reader.error(at: questionNode, tr("{context}: no item has the linkId '{linkId}'", ["context": context, "linkId": question]))
        }
        let answer = try typed(answerNode, "\(context): answer", prefix: "answer", type: operation == "exists" ? "boolean" : kind.type, coded: kind.coded)
        return .object(JSONObject([("question", .string(question)), ("operator", .string(operation)), answer]))
    }

    /// A value written as an item of `type` takes it: `answerInteger: 3`, `valueCoding: {code: some}`.
    private func typed(_ node: Node, _ context: String, prefix: String, type: String, coded: Bool) throws -> (key: String, value: JSON) {
        switch (type, coded) {
        case ("boolean", _): return (prefix + "Boolean", .bool(try reader.bool(node, context)))
        case ("integer", _): return (prefix + "Integer", .number(String(try reader.integer(node, context, atLeast: Int.min))))
        case ("decimal", _): return (prefix + "Decimal", .number(Self.numberText(try reader.number(node, context))))
        case (_, true): return (prefix + "Coding", object(["code": .string(try reader.shortString(node, context))]))
        case ("date", _): return (prefix + "Date", .string(try reader.shortString(node, context)))
        default: return (prefix + "String", .string(try reader.shortString(node, context)))
        }
    }

    /// `alert: [answers]` or `{answers: [...], kind: ...}`: the answers of this item that need the
    /// care team (careplan's alert extension), each written as the item takes it.
    private func alert(_ node: Node, _ context: String, type: String, coded: Bool) throws -> JSON {
        var answersNode = node, kind: String?
        if case .mapping = node {
            let map = try reader.mapping(node, context, allowed: ["answers", "kind"])
            guard let answers = map["answers"] else { throw reader.missing("answers", in: context, at: node) }
            answersNode = answers
            kind = try map["kind"].map { try reader.shortString($0, "\(context): kind") }
        }
        var entries: [JSON] = kind.map { [object(["url": .string("kind"), "valueCode": .string($0)])] } ?? []
        let answers: [Node]
        if case .sequence = answersNode { answers = try reader.sequence(answersNode, "\(context): answers", of: .answers) } else { answers = [answersNode] }
        for answer in answers {
            let value = try typed(answer, "\(context): answers", prefix: "value", type: type, coded: coded)
            entries.append(.object(JSONObject([("url", .string("answer")), value])))
        }
        return object(["url": .string(FormExtensions.alert), "extension": .array(entries)])
    }

    private func object(_ members: KeyValuePairs<String, JSON>) -> JSON {
        .object(JSONObject(members.map { (key: $0.key, value: $0.value) }))
    }

    /// A number as JSON writes it: `3`, `2.5`.
    static func numberText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
