import FHIR
import Localization

/// A second computer joining a person's plan kept on the server: the CarePlan a careplan store
/// wrote for that Patient, and the identifier system the Patient and the plan are known by there.
public enum SyncJoin {
    /// `Patient/ID` or `ID` as `careplan sync --status` prints it.
    public static func patientId(_ text: String) -> String {
        text.hasPrefix("Patient/") ? String(text.dropFirst("Patient/".count)) : text
    }

    /// The Patient's CarePlan that careplan wrote (its identifier `urn:uuid:…|careplan`).
    public static func carePlan(of patientId: String, on connection: FHIRConnection) throws -> (resource: CarePlanResource, system: String) {
        let found = try connection.get("CarePlan?patient=Patient/" + SyncResources.escaped(patientId) + "&_count=50")
        for entry in found.entry ?? [] {
            guard case .carePlan(let plan)? = entry.resource,
                  let identifier = plan.identifier?.first(where: { $0.value == "careplan" && ($0.system ?? "").hasPrefix("urn:uuid:") }),
                  let system = identifier.system else { continue }
            return (plan, system)
        }
        throw SyncError.noPatient("Patient/" + patientId)
    }
}
