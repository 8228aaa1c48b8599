import FHIRPath
import Localization

/// The answers of a value set the form carries with it (`contained`), found by `#id` or by its
/// canonical URL: its expansion, else the concepts its `compose` lists, else every concept of a
/// code system also in the form. Anything else (a value set on a terminology server, a filter
/// only a server can apply) is refused with why: careplan works without a network.
struct AnswerValueSets {
    struct Unexpandable: Error { let message: String }

    let contained: [JSON]

    func options(for reference: String) -> Result<[AnswerOption], Unexpandable> {
        guard let valueSet = resource("ValueSet", reference) else {
            return .failure(Unexpandable(message: tr("the value set {reference} is not in the file, and careplan has no terminology server to expand it: put it in the form's contained resources, with its expansion or its concepts listed", ["reference": reference])))
        }
        if let contains = valueSet["expansion"]?["contains"] {
            return .success(expansion(contains.items))
        }
        var options: [AnswerOption] = []
        for include in valueSet["compose"]?["include"]?.items ?? [] {
            let system = include["system"]?.stringValue
            if include["filter"] != nil || include["valueSet"] != nil {
                return .failure(Unexpandable(message: tr("the value set {reference} selects its answers by a filter or from other value sets, which only a terminology server can apply: list its concepts, or give its expansion", ["reference": reference])))
            }
            if let concepts = include["concept"]?.items, !concepts.isEmpty {
                options += concepts.map { option(system: system, $0) }
            } else if let system, let codeSystem = resource("CodeSystem", system) {
                options += everyConcept(of: codeSystem["concept"]?.items ?? [], system: system)
            } else {
                return .failure(Unexpandable(message: tr("the value set {reference} takes every code of {system}, which is not in the file: list the concepts, or contain the code system", ["reference": reference, "system": system ?? "?"])))
            }
        }
        guard !options.isEmpty else {
            return .failure(Unexpandable(message: tr("the value set {reference} lists no answers", ["reference": reference])))
        }
        return .success(options)
    }

    /// A contained resource of `type` named by `#id` or by its url.
    private func resource(_ type: String, _ reference: String) -> JSON? {
        contained.first { resource in
            guard resource["resourceType"]?.stringValue == type else { return false }
            if reference.hasPrefix("#") { return resource["id"]?.stringValue == String(reference.dropFirst()) }
            return resource["url"]?.stringValue == reference
        }
    }

    private func expansion(_ contains: [JSON]) -> [AnswerOption] {
        contains.flatMap { entry -> [AnswerOption] in
            let nested = expansion(entry["contains"]?.items ?? [])
            // An abstract entry groups others and cannot be chosen itself.
            guard entry["code"] != nil, !(entry["abstract"] == .bool(true)) else { return nested }
            return [option(system: entry["system"]?.stringValue, entry)] + nested
        }
    }

    private func everyConcept(of concepts: [JSON], system: String) -> [AnswerOption] {
        concepts.flatMap { [option(system: system, $0)] + everyConcept(of: $0["concept"]?.items ?? [], system: system) }
    }

    /// A concept as an answer, with its score: on the concept itself, else on the code system's
    /// concept of the same code.
    private func option(system: String?, _ concept: JSON) -> AnswerOption {
        let code = concept["code"]?.stringValue
        var score = concept.objectValue.map { Extensions($0).score } ?? nil
        if score == nil, let system, let code, let codeSystem = resource("CodeSystem", system) {
            score = findConcept(code, in: codeSystem["concept"]?.items ?? []).flatMap { $0.objectValue.map { Extensions($0).score } ?? nil }
        }
        return AnswerOption(value: .coding(AnswerCoding(system: system, code: code, display: concept["display"]?.stringValue)), score: score)
    }

    private func findConcept(_ code: String, in concepts: [JSON]) -> JSON? {
        for concept in concepts {
            if concept["code"]?.stringValue == code { return concept }
            if let found = findConcept(code, in: concept["concept"]?.items ?? []) { return found }
        }
        return nil
    }
}
