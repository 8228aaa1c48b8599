/// FHIR's additions to FHIRPath (`extension()`, `hasValue()`, `getValue()`, `resolve()`,
/// `conformsTo()`, `memberOf()`, `htmlChecks()`) and SDC's (`answers()`, `ordinal()`, `weight()`).
extension Evaluator {
    mutating func fhir(_ function: Function, _ input: [Value], _ arguments: [Node], _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        switch function {
        case .extension:
            guard let url = try stringArgument(arguments[0], scope, function, at: offset) else { return [] }
            return try children(of: input, named: "extension", at: offset).filter { item in
                guard case .element(let element) = item else { return false }
                return element.json?["url"]?.stringValue == url
            }
        case .hasValue:
            guard input.count == 1, case .element(let element) = input[0] else { return [.boolean(false)] }
            return [.boolean(element.primitive != nil)]
        case .getValue:
            guard input.count == 1, case .element(let element) = input[0], let value = element.primitive else { return [] }
            return [value]
        case .resolve:
            return input.compactMap(resolve)
        case .conformsTo:
            guard let url = try stringArgument(arguments[0], scope, function, at: offset) else { return [] }
            let base = "http://hl7.org/fhir/StructureDefinition/"
            guard url.hasPrefix(base), FHIRModel.isKnownType(String(url.dropFirst(base.count))) else {
                throw error("conformsTo() knows FHIR R4's own types (\(base)Patient…), not the profile \(url)", at: offset)
            }
            let type = String(url.dropFirst(base.count))
            return input.map { item in
                guard case .element(let element) = item else { return .boolean(false) }
                return .boolean(FHIRModel.isType(element.type.name, subtypeOf: type))
            }
        case .memberOf:
            guard let url = try stringArgument(arguments[0], scope, function, at: offset) else { return [] }
            guard let valueSet = containedResource(url) else {
                throw error("memberOf() needs the value set \(url) expanded in the resource (a contained ValueSet); careplan has no terminology server", at: offset)
            }
            return input.map { item in .boolean(codings(of: item).contains { coding in Evaluator.concept(coding, in: valueSet) != nil }) }
        case .htmlChecks:
            // FHIR's narrative rules need an XHTML parser; what is checked here is the outer
            // element FHIR requires, no more.
            return input.map { item in
                let text = Convert.string(item.system) ?? ""
                return .boolean(text.hasPrefix("<div") && text.hasSuffix("</div>"))
            }
        case .answers:
            return try answers(of: input, at: offset)
        default:
            var scores: [Value] = []
            for item in input { scores += try weight(of: item, scope, at: offset) }
            return scores
        }
    }

    /// Every answer of the QuestionnaireResponse (or items) given, nested ones included.
    private mutating func answers(of items: [Value], at offset: Int) throws(FHIRPathError) -> [Value] {
        var result: [Value] = []
        var frontier = try children(of: items, named: "item", at: offset)
        while !frontier.isEmpty {
            try step(offset)
            let answers = try children(of: frontier, named: "answer", at: offset)
            result += answers
            frontier = try children(of: frontier, named: "item", at: offset) + children(of: answers, named: "item", at: offset)
        }
        return result
    }

    /// The score of an answer (an answer, its Coding, or its integer or string value): its own
    /// `itemWeight` or `ordinalValue` extension (on a primitive, in its `_value…`), else the one
    /// its answer option, its value set's concept or its code system's concept gives in the
    /// Questionnaire (`%questionnaire`), found through the answer's item's linkId. Nothing when
    /// no score is written anywhere (a value set only a terminology server could expand).
    private func weight(of item: Value, _ scope: Scope, at offset: Int) throws(FHIRPathError) -> [Value] {
        guard case .element(let element) = item else { return [] }
        var value = element.json
        var extras = element.extras
        // An answer stands for its value.
        if case .object(let answer)? = value, let key = answer.keys.first(where: { $0.hasPrefix("value") }) {
            value = answer[key]
            extras = answer["_" + key]?.objectValue
        }
        guard let value else { return [] }
        if case .object(let coding) = value, let score = Evaluator.score(in: coding) { return [score] }
        if let extras, let score = Evaluator.score(in: extras) { return [score] }
        let questionnaire = environment.variables["questionnaire"]?.first
        guard case .element(let form)? = questionnaire, let formJSON = form.json else { return [] }
        let coding = value.objectValue
        if let question = element.linkId.flatMap({ Evaluator.item(linkId: $0, in: formJSON) }) {
            for option in question["answerOption"]?.items ?? [] {
                guard let optionObject = option.objectValue, let key = optionObject.keys.first(where: { $0.hasPrefix("value") }),
                      let optionValue = optionObject[key] else { continue }
                let same = if let coding, let optionCoding = optionValue.objectValue { Evaluator.sameCode(optionCoding, coding) } else {
                    Equality.jsonEqual(optionValue, value, equivalent: false)
                }
                guard same else { continue }
                if let score = Evaluator.score(in: optionObject) ?? optionValue.objectValue.flatMap(Evaluator.score(in:)) { return [score] }
            }
            if let coding, let url = question["answerValueSet"]?.stringValue, let valueSet = Evaluator.resource(url, in: formJSON),
               let concept = Evaluator.concept(coding, in: valueSet), let score = Evaluator.score(in: concept) {
                return [score]
            }
        }
        // A code system in the Questionnaire, named by the coding's system.
        if let coding, let system = coding["system"]?.stringValue, let codeSystem = Evaluator.resource(system, in: formJSON),
           let concept = Evaluator.concept(coding, in: codeSystem), let score = Evaluator.score(in: concept) {
            return [score]
        }
        return []
    }

    /// An `itemWeight` or `ordinalValue` extension's value, or a CodeSystem concept's property of that name.
    static func score(in object: JSONObject) -> Value? {
        for item in object["extension"]?.items ?? [] {
            guard let url = item["url"]?.stringValue, AnswerScoreExtensions.all.contains(url) else { continue }
            if case .number(let digits)? = item["valueDecimal"] ?? item["valueInteger"], let number = DecimalNumber(text: digits) {
                return .decimal(number)
            }
        }
        for property in object["property"]?.items ?? [] {
            guard let code = property["code"]?.stringValue, code == "itemWeight" || code == "ordinalValue" || code == "weight" else { continue }
            if case .number(let digits)? = property["valueDecimal"] ?? property["valueInteger"], let number = DecimalNumber(text: digits) {
                return .decimal(number)
            }
        }
        return nil
    }

    static func sameCode(_ a: JSONObject, _ b: JSONObject) -> Bool {
        guard let code = a["code"]?.stringValue, code == b["code"]?.stringValue else { return false }
        let l = a["system"]?.stringValue, r = b["system"]?.stringValue
        return l == nil || r == nil || l == r
    }

    /// The Questionnaire item with `linkId`, at any depth.
    static func item(linkId: String, in json: JSON) -> JSON? {
        for item in json["item"]?.items ?? [] {
            if item["linkId"]?.stringValue == linkId { return item }
            if let found = Evaluator.item(linkId: linkId, in: item) { return found }
        }
        return nil
    }

    /// A ValueSet or CodeSystem the resource holds: contained (`#id`) or named by its url.
    static func resource(_ reference: String, in json: JSON) -> JSON? {
        let contained = json["contained"]?.items ?? []
        if reference.hasPrefix("#") { return contained.first { $0["id"]?.stringValue == String(reference.dropFirst()) } }
        return contained.first { $0["url"]?.stringValue == reference }
    }

    /// The concept a coding names in a ValueSet (its compose or expansion) or a CodeSystem.
    static func concept(_ coding: JSONObject, in resource: JSON) -> JSONObject? {
        func search(_ concepts: [JSON], system: String?) -> JSONObject? {
            for concept in concepts {
                guard var object = concept.objectValue else { continue }
                if object["system"] == nil, let system { object["system"] = .string(system) }
                if sameCode(object, coding) { return object }
                if let nested = search((object["concept"]?.items ?? []) + (object["contains"]?.items ?? []), system: system) { return nested }
            }
            return nil
        }
        if resource["resourceType"]?.stringValue == "CodeSystem" {
            return search(resource["concept"]?.items ?? [], system: resource["url"]?.stringValue)
        }
        for include in resource["compose"]?["include"]?.items ?? [] {
            if let found = search(include["concept"]?.items ?? [], system: include["system"]?.stringValue) { return found }
        }
        return search(resource["expansion"]?["contains"]?.items ?? [], system: nil)
    }

    /// The codings an item stands for: a Coding, a CodeableConcept's codings, or a code.
    func codings(of item: Value) -> [JSONObject] {
        if case .element(let element) = item, case .object(let object)? = element.json {
            if let codings = object["coding"]?.items { return codings.compactMap(\.objectValue) }
            return [object]
        }
        if case .string(let code)? = item.system { return [JSONObject([("code", .string(code))])] }
        return []
    }

    /// A contained resource of the root resource named by `#id` or by url.
    func containedResource(_ reference: String) -> JSON? {
        guard case .element(let root)? = (environment.variables["rootResource"] ?? environment.variables["resource"] ?? context).first,
              let json = root.json else { return nil }
        return Evaluator.resource(reference, in: json)
    }

    /// `resolve()`: a reference to a contained resource (`#id`) or to an entry of the Bundle
    /// being read (by fullUrl or `Type/id`). Nothing else is fetched.
    private func resolve(_ item: Value) -> Value? {
        var reference: String?
        if case .element(let element) = item, case .object(let object)? = element.json { reference = object["reference"]?.stringValue }
        if case .string(let text)? = item.system { reference = text }
        guard let reference else { return nil }
        guard case .element(let root)? = (environment.variables["rootResource"] ?? environment.variables["resource"] ?? context).first,
              let json = root.json else { return nil }
        if reference.hasPrefix("#") {
            return Evaluator.resource(reference, in: json).map { .element(Element(resource: $0)) }
        }
        for entry in json["entry"]?.items ?? [] {
            guard let resource = entry["resource"] else { continue }
            let typeAndId = "\(resource["resourceType"]?.stringValue ?? "")/\(resource["id"]?.stringValue ?? "")"
            if entry["fullUrl"]?.stringValue == reference || typeAndId == reference || reference.hasSuffix("/" + typeAndId) {
                return .element(Element(resource: resource))
            }
        }
        return nil
    }
}
