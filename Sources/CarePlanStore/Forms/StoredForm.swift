/// Which questionnaire an assessment asks: its canonical url and version, as FHIR names a form
/// (`Questionnaire.url` and `.version`, written `url|version`). The store keeps one form per pair.
public struct FormReference: Hashable, Sendable {
    public var url: String
    /// "" when the form gives no version.
    public var version: String

    public init(url: String, version: String) {
        self.url = url
        self.version = version
    }

    /// `urn:careplan:questionnaire:phq-9|1.0.0`, or the url alone when there is no version.
    public var canonical: String { version.isEmpty ? url : url + "|" + version }

    /// A canonical as FHIR writes it: `url|version` or `url`.
    public init(canonical: String) {
        let parts = canonical.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(url: String(parts[0]), version: parts.count > 1 ? String(parts[1]) : "")
    }
}

/// A Questionnaire as its file gave it, for the store to keep: the JSON is the form, word for word,
/// so a response can be read back against the very form it answered.
public struct StoredForm: Hashable, Sendable {
    public var reference: FormReference
    public var json: String

    public init(reference: FormReference, json: String) {
        self.reference = reference
        self.json = json
    }
}

extension Array where Element == StoredForm {
    /// The form a canonical names: `url|version` exactly, or `url` alone for the last of that url.
    public func named(_ canonical: String) -> StoredForm? {
        let asked = FormReference(canonical: canonical)
        return last { $0.reference == asked || (asked.version.isEmpty && $0.reference.url == asked.url) }
    }
}
