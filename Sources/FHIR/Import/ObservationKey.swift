import CarePlanStore

/// What makes an Observation taken in the same one next time: its first identifier with a
/// system and a value (`system|value`), else its id (`id:…`), else what it says (code, time and
/// values), so even a file without identifiers imports once.
public enum ObservationKey {
    public static func key(of observation: Observation, content: String) -> String {
        if let identifier = observation.identifier?.first(where: { $0.system != nil && $0.value != nil }) {
            return identifier.system! + "|" + identifier.value!
        }
        if let id = observation.id, !id.isEmpty { return "id:" + id }
        return "content:" + content
    }

    /// The identifier an exported Observation carries again for each event a FHIR Observation
    /// filled, by `BundleBuilder`'s event key.
    public static func identifiers(_ imported: [String: (activityId: String, date: LocalDate, occurrence: Int)]) -> [String: Identifier] {
        var result: [String: Identifier] = [:]
        for (key, event) in imported {
            let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
            guard parts.count == 2, !key.hasPrefix("id:"), !key.hasPrefix("content:") else { continue }
            result[BundleBuilder.eventKey(event.activityId, event.date, event.occurrence)] = Identifier(system: parts[0], value: parts[1])
        }
        return result
    }
}
