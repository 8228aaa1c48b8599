import CarePlanStore
import FHIRPath
import Localization

extension StoredForm {
    /// Whether careplan made this form (a bundled instrument, or one written in a plan file): no
    /// one else publishes it, so careplan puts it where a CarePlan naming it can be resolved (an
    /// export's Bundle, the sync server). A clinic's own form is the clinic's to publish.
    public var isCareplans: Bool { reference.url.hasPrefix("urn:careplan:") }

    /// The form as a FHIR Questionnaire resource: the kept JSON with the `url` and `version` it
    /// is known by (a form written in a plan has none of its own), its id stable across stores,
    /// so everyone who sends the same form sends one resource.
    public func resource() throws -> AnyResource {
        guard case .object(var form) = try JSONReader.read(json) else { throw FHIRError(file: reference.canonical, tr("is not a JSON object")) }
        form["id"] = .string(Self.resourceId(reference))
        form["url"] = .string(reference.url)
        if !reference.version.isEmpty { form["version"] = .string(reference.version) }
        // `id` first, as FHIR writes it.
        if let index = form.members.firstIndex(where: { $0.key == "id" }) {
            let id = form.members.remove(at: index)
            form.members.insert(id, at: min(1, form.members.count))
        }
        return .questionnaire(FHIRJSONValue(.object(form)))
    }

    /// The Questionnaire's id: the same for the same `url|version`, whoever sends it.
    static func resourceId(_ reference: FormReference) -> String {
        StableUUID.make(store: "careplan-questionnaire", key: reference.canonical)
    }

    /// A Questionnaire received (in a file, from a server) as the form it is: the id and `meta`
    /// say where it was kept, not what it says; a form written in a plan file had no url and
    /// version until careplan sent it (`resource()`), and is kept without them, word for word as
    /// the plan made it. Nil for what is not a Questionnaire with a url.
    public static func received(_ form: JSON) -> StoredForm? {
        guard case .object(var object) = form, object["resourceType"]?.stringValue == "Questionnaire",
              let url = object["url"]?.stringValue else { return nil }
        let reference = FormReference(url: url, version: object["version"]?.stringValue ?? "")
        object["id"] = nil
        object["meta"] = nil
        if url.hasPrefix(FormFile.planFormPrefix) {
            object["url"] = nil
            object["version"] = nil
        }
        return StoredForm(reference: reference, json: JSON.object(object).text)
    }
}
