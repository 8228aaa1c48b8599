import Foundation
import Questionnaires

/// A FHIR Questionnaire's text read as a form an assessment can ask: checked whole (a form
/// careplan cannot ask is refused, naming the item and why), named by its url and version, and the
/// reading its scores make. A form with no url is named after the activity, and its version after
/// its content, so a changed file is a new version and earlier responses keep the form they answered.
public struct FormFile: Sendable {
    public let form: Questionnaire
    public let stored: StoredForm
    public let measure: Measure
    /// The url of a form with none of its own (one written in a plan file): this and the activity's id.
    public static let planFormPrefix = "urn:careplan:activity:"

    public init(json: String, source: String, activityId: String) throws(QuestionnaireError) {
        form = try QuestionnaireReader.read(text: json, source: source)
        let reference = FormReference(url: form.url ?? Self.planFormPrefix + activityId,
                                      version: form.version ?? (form.url == nil ? "content-" + ContentHash.fnv1a(json) : ""))
        stored = StoredForm(reference: reference, json: json)
        measure = FormMeasure.measure(of: form)
    }
}

extension CareStore {
    /// Keeps a form so that plans can name it by its canonical url; the same url and version with
    /// other content is refused (a url and version name one content), the same content changes nothing.
    public func keepForm(_ stored: StoredForm, clock: CareClock) throws {
        try write { db in try FormRows.store([stored], importedAt: Timestamp.string(clock.now), db) }
    }
}
