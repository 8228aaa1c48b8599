import FHIRPath
import Questionnaires
import Yams

/// A form the plan file wrote inline, written back the same way for `plan --export`: the
/// Questionnaire `InlineForm` made, mapped back key for key, so the file imports again to the same
/// form. Nil for any form it did not make (a clinic's file, named by its canonical instead).
enum InlineFormEncoder {
    static func node(_ json: String) -> Node? {
        guard let form = (try? JSONReader.read(json))?.objectValue,
              Set(form.members.map(\.key)).isSubset(of: ["resourceType", "status", "title", "item"]),
              let items = form["item"]?.items else { return nil }
        var pairs: [(Node, Node)] = []
        if let title = form["title"]?.stringValue { pairs.append((Node("title"), Node(title))) }
        guard let written = self.items(items) else { return nil }
        pairs.append((Node("items"), written))
        return .mapping(.init(pairs))
    }

    /// An answer as the plan file writes it: `true`, `3`, `"some words"`, a coding by its code.
    static func scalar(_ answer: JSON) -> Node? {
        switch answer {
        case .bool(let flag): return Node(flag ? "true" : "false")
        case .number(let text): return Node(text)
        case .string(let text): return Node(text, Tag(.str), .doubleQuoted)
        case .object(let coding): return coding["code"]?.stringValue.map { Node($0, Tag(.str), .doubleQuoted) }
        default: return nil
        }
    }

    static func items(_ items: [JSON]) -> Node? {
        var nodes: [Node] = []
        for item in items {
            guard let object = item.objectValue else { return nil }
            var pairs: [(Node, Node)] = []
            func add(_ key: String, _ value: Node) { pairs.append((Node(key), value)) }
            let calculated = object["extension"]?.items.contains { $0["url"]?.stringValue == FormExtensions.calculatedExpression } ?? false
            for (key, value) in object.members {
                switch key {
                case "linkId", "prefix", "text", "type", "enableBehavior":
                    guard let text = value.stringValue else { return nil }
                    add(key, Node(text))
                case "required", "repeats":
                    guard case .bool(let flag) = value else { return nil }
                    add(key, Node(flag ? "true" : "false"))
                case "readOnly":
                    guard case .bool(let flag) = value else { return nil }
                    if !(calculated && flag) { add(key, Node(flag ? "true" : "false")) }
                case "maxLength":
                    guard case .number(let text) = value else { return nil }
                    add(key, Node(text))
                case "code":
                    guard let code = value.items.first?["code"]?.stringValue, value.items.count == 1 else { return nil }
                    add("code", Node(code, Tag(.str), .doubleQuoted))
                case "enableWhen":
                    var conditions: [Node] = []
                    for condition in value.items {
                        guard let question = condition["question"]?.stringValue, let operation = condition["operator"]?.stringValue,
                              let answer = condition.objectValue?.members.first(where: { $0.key.hasPrefix("answer") })?.value else { return nil }
                        guard let shown = Self.scalar(answer) else { return nil }
                        conditions.append(.mapping(.init([(Node("question"), Node(question)), (Node("operator"), Node(operation, Tag(.str), .doubleQuoted)),
                                                          (Node("answer"), shown)], .implicit, .flow)))
                    }
                    add("enableWhen", .sequence(.init(conditions)))
                case "answerOption":
                    var options: [Node] = []
                    for option in value.items {
                        if let text = option["valueString"]?.stringValue { options.append(Node(text)); continue }
                        guard let coding = option["valueCoding"], let code = coding["code"]?.stringValue else { return nil }
                        var parts: [(Node, Node)] = [(Node("code"), Node(code, Tag(.str), .doubleQuoted))]
                        if let display = coding["display"]?.stringValue { parts.append((Node("display"), Node(display))) }
                        if case .number(let score)? = option["extension"]?.items.first?["valueDecimal"] { parts.append((Node("score"), Node(score))) }
                        options.append(.mapping(.init(parts, .implicit, .flow)))
                    }
                    add("options", .sequence(.init(options)))
                case "extension":
                    var bands: [Node] = []
                    for entry in value.items {
                        switch entry["url"]?.stringValue {
                        case FormExtensions.hidden?: add("hidden", Node("true"))
                        case FormExtensions.minValue?, FormExtensions.maxValue?:
                            guard case .number(let text)? = entry["valueInteger"] ?? entry["valueDecimal"] else { return nil }
                            add(entry["url"]?.stringValue == FormExtensions.minValue ? "min" : "max", Node(text))
                        case FormExtensions.unit?:
                            guard let code = entry["valueCoding"]?["code"]?.stringValue else { return nil }
                            add("unit", Node(code, Tag(.str), .doubleQuoted))
                        case FormExtensions.calculatedExpression?:
                            guard let expression = entry["valueExpression"]?["expression"]?.stringValue else { return nil }
                            add("calculated", Node(expression, Tag(.str), .doubleQuoted))
                        case FormExtensions.scoreBand?:
                            var parts: [(Node, Node)] = []
                            for part in entry["extension"]?.items ?? [] {
                                switch part["url"]?.stringValue {
                                case "low"?, "high"?:
                                    guard case .number(let text)? = part["valueDecimal"] else { return nil }
                                    parts.append((Node(part["url"]!.stringValue!), Node(text)))
                                case "band"?:
                                    guard let code = part["valueCoding"]?["code"]?.stringValue else { return nil }
                                    parts.append((Node("code"), Node(code, Tag(.str), .doubleQuoted)))
                                    if let display = part["valueCoding"]?["display"]?.stringValue { parts.append((Node("display"), Node(display))) }
                                default: return nil
                                }
                            }
                            bands.append(.mapping(.init(parts, .implicit, .flow)))
                        case FormExtensions.alert?:
                            var answers: [Node] = [], kind: String?
                            for part in entry["extension"]?.items ?? [] {
                                switch part["url"]?.stringValue {
                                case "kind"?: kind = part["valueCode"]?.stringValue
                                case "answer"?:
                                    guard let value = part.objectValue?.members.first(where: { $0.key.hasPrefix("value") })?.value, let shown = Self.scalar(value) else { return nil }
                                    answers.append(shown)
                                default: return nil
                                }
                            }
                            let list = Node.sequence(.init(answers, .implicit, .flow))
                            add("alert", kind.map { .mapping(.init([(Node("answers"), list), (Node("kind"), Node($0))], .implicit, .flow)) } ?? list)
                        default: return nil
                        }
                    }
                    if !bands.isEmpty { add("bands", .sequence(.init(bands))) }
                case "item":
                    guard let children = Self.items(value.items) else { return nil }
                    add("items", children)
                default:
                    return nil
                }
            }
            // In the order people write them: what it is, how it is answered, when it shows, what it computes.
            let order = ["linkId", "prefix", "text", "type", "code", "required", "repeats", "readOnly", "hidden", "min", "max", "maxLength", "unit",
                         "options", "enableWhen", "enableBehavior", "calculated", "bands", "alert", "items"]
            let sorted = pairs.enumerated().sorted { a, b in
                let (x, y) = (order.firstIndex(of: a.element.0.string ?? "") ?? order.count, order.firstIndex(of: b.element.0.string ?? "") ?? order.count)
                return x == y ? a.offset < b.offset : x < y
            }.map(\.element)
            nodes.append(.mapping(.init(sorted)))
        }
        return .sequence(.init(nodes))
    }
}
