import CarePlanStore
import FHIR
import FHIRPath

extension SyncSession {
    /// The Questionnaires a CarePlan on the server names (`instantiatesCanonical`) that `known`
    /// (the store's forms and careplan's instruments) does not hold, read from the server by their
    /// canonical url. The search's results are matched here too, by url and version: a server may
    /// ignore a search parameter it does not support and answer with every Questionnaire it has.
    /// One search per form missing, none when nothing is.
    public func forms(namedBy carePlan: CarePlanResource, known: [StoredForm]) throws -> [StoredForm] {
        let canonicals = (carePlan.activity ?? []).flatMap { $0.detail?.instantiatesCanonical ?? [] }
        var found: [StoredForm] = []
        for canonical in Set(canonicals).sorted() where (known + found).named(canonical) == nil {
            let asked = FormReference(canonical: canonical)
            var search = "Questionnaire?url=" + SyncResources.escaped(asked.url)
            if !asked.version.isEmpty { search += "&version=" + SyncResources.escaped(asked.version) }
            var next: String? = search
            var forms: [StoredForm] = []
            while let url = next {
                let page = try connection.getJSON(url)
                for entry in page.json["entry"]?.items ?? [] {
                    guard let form = entry["resource"].flatMap(StoredForm.received), form.reference.url == asked.url,
                          asked.version.isEmpty || form.reference.version == asked.version else { continue }
                    forms.append(form)
                }
                let entries = page.json["entry"]?.items ?? []
                next = entries.isEmpty ? nil : page.json["link"]?.items.first { $0["relation"]?.stringValue == "next" }?["url"]?.stringValue
            }
            // The url alone: the server's latest of it (the last version listed).
            if let form = forms.last { found.append(form) }
        }
        return found
    }
}
