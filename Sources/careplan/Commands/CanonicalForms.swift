import CarePlanStore
import FHIR
import FHIRSync
import FHIRPath
import Foundation
import Questionnaires

/// The forms a FHIR CarePlan's activities may name by canonical url (`instantiatesCanonical`):
/// the Questionnaires the file itself holds (in a Bundle, or contained in the CarePlan), those the
/// store keeps, and the instruments careplan ships. Read only when the file names one.
enum CanonicalForms {
    static func available(in text: String, store: StoreOptions) throws -> [StoredForm] {
        guard text.contains("instantiatesCanonical") else { return [] }
        var forms = kept(store: store)
        // The file's own come last: they are what this file means by its canonicals.
        if let json = try? JSONReader.read(text) {
            var found: [JSON] = []
            func collect(_ resource: JSON?) {
                guard let resource else { return }
                if resource["resourceType"]?.stringValue == "Questionnaire" { found.append(resource) }
                for contained in resource["contained"]?.items ?? [] { collect(contained) }
            }
            collect(json)
            for entry in json["entry"]?.items ?? [] { collect(entry["resource"]) }
            // Unchecked here: the activity that asks one it cannot ask is left out, saying why.
            forms += found.compactMap(StoredForm.received)
        }
        return forms
    }

    /// The instruments careplan ships, then the forms the store keeps (a store not made yet keeps none).
    static func kept(store: StoreOptions) -> [StoredForm] {
        var forms: [StoredForm] = []
        let instruments = Instruments.installed
        for name in instruments.names {
            guard let data = instruments.data(named: name), let file = try? FormFile(json: String(decoding: data, as: UTF8.self), source: name, activityId: "") else { continue }
            forms.append(file.stored)
        }
        if let kept = try? store.open(readOnly: true).storedForms() { forms += kept }
        return forms
    }

    /// What a CarePlan on a sync server may name: the instruments and the store's forms, and those
    /// it names that only the server holds.
    static func available(for carePlan: CarePlanResource, store: StoreOptions, session: SyncSession) throws -> [StoredForm] {
        guard carePlan.activity?.contains(where: { $0.detail?.instantiatesCanonical?.isEmpty == false }) == true else { return [] }
        let known = kept(store: store)
        return known + (try session.forms(namedBy: carePlan, known: known))
    }
}
