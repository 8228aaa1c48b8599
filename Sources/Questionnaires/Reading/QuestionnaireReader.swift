import Foundation
import FHIRPath
import Localization

/// Reads a FHIR R4 Questionnaire into a form careplan can fill in, or refuses it naming the item
/// and why: an item a terminal cannot ask (an attachment, a reference), a value set only a
/// terminology server could expand, an expression that does not parse, two items with one linkId,
/// a condition naming an item that is not there or going round in a circle (`FormChecks`).
/// Nothing is dropped without a word.
public enum QuestionnaireReader {
    /// Reads the JSON in `data`; `source` names it in errors (the file's path, an instrument's name).
    public static func read(_ data: Data, source: String) throws(QuestionnaireError) -> Questionnaire {
        try read(parsing: { () throws(JSONReadError) in try JSONReader.read(data) }, source: source)
    }

    /// Reads the JSON in `text` (a form as the store keeps it), without a copy into `Data` first.
    public static func read(text: String, source: String) throws(QuestionnaireError) -> Questionnaire {
        try read(parsing: { () throws(JSONReadError) in try JSONReader.read(text) }, source: source)
    }

    private static func read(parsing: () throws(JSONReadError) -> JSON, source: String) throws(QuestionnaireError) -> Questionnaire {
        let json: JSON
        do {
            json = try parsing()
        } catch {
            throw QuestionnaireError(source: source, location: tr("line {line}, column {column}", ["line": error.line, "column": error.column]),
                                     message: error.message)
        }
        return try read(json, source: source)
    }

    /// Reads a Questionnaire already parsed (a FHIR file's, a Bundle entry's).
    public static func read(_ json: JSON, source: String) throws(QuestionnaireError) -> Questionnaire {
        let reader = FormReader(source: source, form: json)
        let form = try reader.questionnaire()
        try FormChecks(source: source, paths: reader.paths).check(form)
        return form
    }
}

/// One reading of one form: where each linkId was found, for the checks and their messages.
final class FormReader {
    let source: String
    let form: JSON
    /// linkId → its place (`item[2].item[0]`), in the form's order.
    private(set) var paths: [String: String] = [:]

    init(source: String, form: JSON) {
        self.source = source
        self.form = form
    }

    func questionnaire() throws(QuestionnaireError) -> Questionnaire {
        let fail = { (message: String) in QuestionnaireError(source: self.source, message: message) }
        guard case .object(let root) = form else { throw fail(tr("is not a FHIR resource (a JSON object)")) }
        let type = root["resourceType"]?.stringValue ?? ""
        guard type == "Questionnaire" else {
            throw fail(type.isEmpty ? tr("has no resourceType; careplan fills in a Questionnaire")
                : tr("is a {type}, not a Questionnaire", ["type": type]))
        }
        let values = ValueReading(fail: fail)
        let valueSets = AnswerValueSets(contained: root["contained"]?.items ?? [])
        var items: [QuestionnaireItem] = []
        for (index, json) in (root["item"]?.items ?? []).enumerated() {
            if let item = try item(json, path: "item[\(index)]", valueSets: valueSets) { items.append(item) }
        }
        guard !items.isEmpty else { throw fail(tr("has no items to fill in")) }
        let variables: DeclaredVariables
        do { variables = try DeclaredVariables(declaredOn: form) } catch { throw fail(Self.describe(error)) }
        var codes: [AnswerCoding] = []
        for coding in root["code"]?.items ?? [] { if let code = values.coding(coding) { codes.append(code) } }
        return Questionnaire(url: try values.string(root["url"], "url"), version: try values.string(root["version"], "version"),
                             name: try values.string(root["name"], "name"), title: try values.string(root["title"], "title"),
                             copyright: try values.string(root["copyright"], "copyright"), codes: codes, items: items,
                             language: try values.string(root["language"], "language"),
                             variables: variables, json: form)
    }

    /// The item at `path`; nil for a help text, which becomes its parent's `help`.
    private func item(_ json: JSON, path: String, valueSets: AnswerValueSets) throws(QuestionnaireError) -> QuestionnaireItem? {
        guard case .object(let object) = json else {
            throw QuestionnaireError(source: source, location: path, message: tr("expected an item (a JSON object)"))
        }
        guard let linkId = object["linkId"]?.stringValue, !linkId.trimmingWhitespace.isEmpty else {
            throw QuestionnaireError(source: source, location: path, message: tr("every item needs a linkId"))
        }
        let fail = { (message: String) in QuestionnaireError(source: self.source, location: path, linkId: linkId, message: message) }
        if let earlier = paths[linkId] {
            throw fail(tr("the linkId is also the one of {place}; each item needs its own", ["place": earlier]))
        }
        paths[linkId] = path
        let values = ValueReading(fail: fail)
        let kinds = ItemKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let typeText = object["type"]?.stringValue else { throw fail(tr("missing 'type' ({types})", ["types": kinds])) }
        guard let kind = ItemKind(rawValue: typeText) else {
            throw fail(tr("type '{type}' is not one of FHIR R4's item types ({types})", ["type": typeText, "types": kinds]))
        }
        if let why = kind.whyNotAnswerable { throw fail(tr("cannot be filled in: {why}", ["why": why])) }
        let extensions = Extensions(object)

        var children: [QuestionnaireItem] = []
        var help: [String] = []
        for (index, child) in (object["item"]?.items ?? []).enumerated() {
            if let text = Self.helpText(child) {
                help.append(text)
                continue
            }
            if let item = try item(child, path: "\(path).item[\(index)]", valueSets: valueSets) { children.append(item) }
        }

        var options = try answerOptions(object, values: values)
        if let reference = try values.string(object["answerValueSet"], "answerValueSet") {
            guard options.isEmpty else { throw fail(tr("has both answerOption and answerValueSet; FHIR allows one")) }
            switch valueSets.options(for: reference) {
            case .success(let found): options = found
            case .failure(let why): throw fail(why.message)
            }
        }
        if kind == .choice, options.isEmpty {
            throw fail(tr("a choice item needs its answers: answerOption, or answerValueSet naming a value set in the file"))
        }

        var initial: [AnswerValue] = []
        for (index, entry) in (object["initial"]?.items ?? []).enumerated() {
            guard case .object(let value) = entry, let answer = try values.value(in: value, prefix: "value") else {
                throw fail(tr("initial[{index}]: missing value[x]", ["index": index]))
            }
            initial.append(answer)
        }
        initial += options.filter(\.initiallySelected).map(\.value)

        var conditions: [EnableCondition] = []
        for (index, entry) in (object["enableWhen"]?.items ?? []).enumerated() {
            conditions.append(try enableCondition(entry, index: index, values: values))
        }
        let behaviorText = try values.string(object["enableBehavior"], "enableBehavior")
        let behavior: EnableBehavior
        if let behaviorText {
            guard let chosen = EnableBehavior(rawValue: behaviorText) else {
                throw fail(tr("enableBehavior '{text}' is neither all nor any", ["text": behaviorText]))
            }
            behavior = chosen
        } else if conditions.count > 1 {
            throw fail(tr("has {count} enableWhen conditions but no enableBehavior: say whether all must hold or any one", ["count": conditions.count]))
        } else {
            behavior = .all
        }

        var units: [AnswerCoding] = []
        for entry in extensions.all(FormExtensions.unitOption) + extensions.all(FormExtensions.unit) {
            if let coding = entry["valueCoding"].flatMap(values.coding) { units.append(coding) }
        }
        let variables: DeclaredVariables
        do { variables = try DeclaredVariables(declaredOn: json) } catch { throw fail(Self.describe(error)) }
        var codes: [AnswerCoding] = []
        for coding in object["code"]?.items ?? [] { if let code = values.coding(coding) { codes.append(code) } }

        var item = QuestionnaireItem(
            linkId: linkId, kind: kind, text: try values.string(object["text"], "text"), prefix: try values.string(object["prefix"], "prefix"),
            help: help.isEmpty ? nil : help.joined(separator: "\n"), codes: codes,
            required: try values.bool(object["required"], "required") ?? false, repeats: try values.bool(object["repeats"], "repeats") ?? false,
            readOnly: try values.bool(object["readOnly"], "readOnly") ?? false,
            hidden: try values.bool(extensions.first(FormExtensions.hidden)?["valueBoolean"], "questionnaire-hidden") ?? false,
            maxLength: try values.integer(object["maxLength"], "maxLength"),
            minValue: try extensions.first(FormExtensions.minValue).flatMap { entry throws(QuestionnaireError) in try values.value(in: entry, prefix: "value") },
            maxValue: try extensions.first(FormExtensions.maxValue).flatMap { entry throws(QuestionnaireError) in try values.value(in: entry, prefix: "value") },
            options: options, units: units, initial: initial, enableWhen: conditions, enableBehavior: behavior,
            enableWhenExpression: try expression(FormExtensions.enableWhenExpression, extensions, fail: fail),
            calculatedExpression: try expression(FormExtensions.calculatedExpression, extensions, fail: fail),
            initialExpression: try expression(FormExtensions.initialExpression, extensions, fail: fail),
            variables: variables, items: children)
        item.bands = try CareplanExtensions.bands(extensions, kind: kind, values: values)
        item.alert = try CareplanExtensions.alert(extensions, item: item, values: values)
        item.observationExtract = try Self.observationExtract(extensions.first(FormExtensions.observationExtract)?["valueBoolean"], values: values)
        return item
    }

    /// SDC's `observationExtract` flag. Real forms in use write it as the string "true"
    /// (Smart Forms' CVD risk form): read as meant, since it changes only what goes to FHIR.
    static func observationExtract(_ value: JSON?, values: ValueReading) throws(QuestionnaireError) -> Bool? {
        switch value {
        case .string("true")?: return true
        case .string("false")?: return false
        default: return try values.bool(value, "sdc-questionnaire-observationExtract")
        }
    }

    /// The item's `answerOption`s with their scores and prefixes.
    private func answerOptions(_ object: JSONObject, values: ValueReading) throws(QuestionnaireError) -> [AnswerOption] {
        var options: [AnswerOption] = []
        for (index, entry) in (object["answerOption"]?.items ?? []).enumerated() {
            guard case .object(let option) = entry, let value = try values.value(in: option, prefix: "value") else {
                throw values.fail(tr("answerOption[{index}]: missing value[x] (valueCoding, valueString, valueInteger, valueDate or valueTime)", ["index": index]))
            }
            // A score may be on the option or, as some forms write it, on its Coding.
            var extensions = Extensions(option)
            if case .object(let coding)? = option["valueCoding"] { extensions.entries += Extensions(coding).entries }
            options.append(AnswerOption(value: value, score: extensions.score, prefix: extensions.first(FormExtensions.optionPrefix)?["valueString"]?.stringValue,
                                        initiallySelected: try values.bool(option["initialSelected"], "answerOption[\(index)].initialSelected") ?? false))
        }
        return options
    }

    private func enableCondition(_ json: JSON, index: Int, values: ValueReading) throws(QuestionnaireError) -> EnableCondition {
        let place = "enableWhen[\(index)]"
        guard case .object(let object) = json, let question = object["question"]?.stringValue else {
            throw values.fail(tr("{place}: missing 'question' (the linkId of the question whose answer decides)", ["place": place]))
        }
        let operators = EnableCondition.Comparison.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = object["operator"]?.stringValue, let comparison = EnableCondition.Comparison(rawValue: text) else {
            throw values.fail(tr("{place}: operator '{operator}' is not one of {operators}",
                                 ["place": place, "operator": object["operator"]?.stringValue ?? "", "operators": operators]))
        }
        guard let answer = try values.value(in: object, prefix: "answer") else {
            throw values.fail(tr("{place}: missing answer[x] (answerCoding, answerInteger, answerBoolean…)", ["place": place]))
        }
        if comparison == .exists, answer.typeName != "Boolean" {
            throw values.fail(tr("{place}: exists takes answerBoolean (true: the question has an answer)", ["place": place]))
        }
        return EnableCondition(question: question, comparison: comparison, answer: answer)
    }

    /// An SDC expression extension's FHIRPath, parsed; nil when the item has none.
    private func expression(_ url: String, _ extensions: Extensions, fail: (String) -> QuestionnaireError) throws(QuestionnaireError) -> FHIRPathExpression? {
        guard let entry = extensions.first(url) else { return nil }
        let name = String(url.dropFirst(FormExtensions.sdc.count))
        guard case .object(let expression)? = entry["valueExpression"], let text = expression["expression"]?.stringValue else {
            throw fail(tr("{extension}: expected a valueExpression with its expression", ["extension": name]))
        }
        let language = expression["language"]?.stringValue ?? FormExtensions.fhirPathLanguage
        guard language == FormExtensions.fhirPathLanguage else {
            throw fail(tr("{extension}: an expression in {language}, which careplan cannot evaluate (it evaluates FHIRPath, text/fhirpath)",
                          ["extension": name, "language": language]))
        }
        do {
            return try FHIRPathExpression(text)
        } catch {
            throw fail(name + ": " + Self.describe(error))
        }
    }

    /// A FHIRPath error as one clause: where in the expression, and what.
    static func describe(_ error: FHIRPathError) -> String {
        tr("line {line}, column {column}", ["line": error.line, "column": error.column]) + ": " + error.message
    }

    /// The text of a `display` item whose `itemControl` is `help`: help for its parent question.
    static func helpText(_ json: JSON) -> String? {
        guard case .object(let object) = json, object["type"]?.stringValue == "display",
              let control = Extensions(object).first(FormExtensions.itemControl)?["valueCodeableConcept"],
              control["coding"]?.items.contains(where: { $0["code"]?.stringValue == "help" }) == true else { return nil }
        return object["text"]?.stringValue
    }
}

/// An element's `extension` list, looked up by url.
struct Extensions {
    var entries: [JSONObject]

    init(_ element: JSONObject) {
        entries = element["extension"]?.items.compactMap(\.objectValue) ?? []
    }

    func all(_ url: String) -> [JSONObject] { entries.filter { $0["url"]?.stringValue == url } }
    func first(_ url: String) -> JSONObject? { entries.first { $0["url"]?.stringValue == url } }

    /// The answer's score, from `itemWeight` or `ordinalValue`.
    var score: DecimalNumber? {
        for entry in entries {
            guard let url = entry["url"]?.stringValue, AnswerScoreExtensions.all.contains(url) else { continue }
            if case .number(let text)? = entry["valueDecimal"] ?? entry["valueInteger"] { return DecimalNumber(text: text) }
        }
        return nil
    }
}
