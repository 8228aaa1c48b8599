import Foundation
import Localization
import Questionnaires
import Yams

/// The forms a plan file's activities ask, as they are read: `CarePlan.forms`.
final class FoundForms {
    var forms: [StoredForm] = []
}

/// `questionnaire:` in an assessment: an instrument careplan ships (`phq-9`), a FHIR Questionnaire
/// file (`forms/intake.json`, from the plan file's folder), or the canonical url of a form the store
/// keeps already (`http://clinic.example/Questionnaire/intake|2`). The form is read whole here, so a
/// form careplan cannot ask is refused at import, naming the item and why.
extension PlanDecoder {
    func questionnaire(_ node: Node, activityId: String, title: String) throws -> (FormReference, Measure) {
        let context = "questionnaire"
        let instruments = Instruments.installed
        let data: Data
        let text: String
        // A form the store keeps is known by the reference it is kept under, whatever its text
        // (a form written in a plan file, received back from a server or a FHIR file, is named by
        // the content it had when it was written).
        var kept: FormReference?
        if case .mapping = node {
            // Written in the plan itself: named after the activity, its version after its content.
            text = "items"
            data = Data(try inlineForm(node, title: title).utf8)
        } else if let bundled = instruments.data(named: try reader.shortString(node, context)) {
            text = try reader.shortString(node, context)
            data = bundled
        } else if let named = try? reader.shortString(node, context), named.hasSuffix(".json") {
            text = named
            let path = text.hasPrefix("/") ? text : (folder as NSString).appendingPathComponent(text)
            do { data = Data(try YAMLNodeReader.text(ofFile: path, shown: text).utf8) } catch let error as FilePositionError {
                throw reader.error(at: node, "\(context): \(text): \(error.message)")
            }
        } else if let named = try? reader.shortString(node, context), named.contains(":") {
            text = named
            let asked = FormReference(canonical: text)
            if let stored = try storedForms().named(text) {
                data = Data(stored.json.utf8)
                kept = stored.reference
            } else if let name = Instruments.name(ofURL: asked.url), let bundled = instruments.data(named: name) {
                data = bundled
            } else {
                // TRANSLATORS: {canonical} is a form's url (and version); careplan import FILE is a command, keep it as it is.
                throw reader.error(at: node, tr("{context}: the store keeps no form '{canonical}'; import it first (careplan import FILE.json) or name its file",
                                                ["context": context, "canonical": text]))
            }
        } else {
            text = try reader.shortString(node, context)
            // TRANSLATORS: {names} lists the instruments careplan ships (gad-7, phq-2, phq-9).
            throw reader.error(at: node, tr("{context}: '{text}' is not an instrument careplan ships ({names}), a .json file, or a form's canonical url",
                                            ["context": context, "text": text, "names": instruments.names.joined(separator: ", ")]))
        }
        let file: FormFile
        do { file = try FormFile(json: String(decoding: data, as: UTF8.self), source: text, activityId: activityId) } catch {
            throw reader.error(at: node, "\(context): \(error.description)")
        }
        let json = file.stored.json, reference = kept ?? file.stored.reference
        if let other = found.forms.first(where: { $0.reference == reference && $0.json != json }) {
            throw reader.error(at: node, tr("{context}: another activity asks a different form with the same url and version ({canonical}); give one of them its own version",
                                            ["context": context, "canonical": other.reference.canonical]))
        }
        if !found.forms.contains(where: { $0.reference == reference }) { found.forms.append(StoredForm(reference: reference, json: json)) }
        return (reference, file.measure)
    }
}
