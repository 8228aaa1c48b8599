import CarePlanStore
import GRDB

/// The app and device that wrote a sample, as HealthKit describes them: the source's name and
/// version, and the fields of the device description (`<<HKDevice: 0x…>, name:Apple Watch,
/// manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2>`).
public struct SampleDevice: Hashable, Sendable {
    public var source: String
    public var sourceVersion: String?
    public var name: String?
    public var manufacturer: String?
    public var model: String?
    public var hardware: String?
    public var software: String?

    public init(source: String, sourceVersion: String? = nil, description: String? = nil) {
        self.source = source
        self.sourceVersion = sourceVersion.flatMap { $0.isEmpty ? nil : $0 }
        let fields = Self.fields(of: description ?? "")
        name = fields["name"]
        manufacturer = fields["manufacturer"]
        model = fields["model"]
        hardware = fields["hardware"]
        software = fields["software"]
    }

    /// `key:value` pairs of a description (as the export wrote it, or its fields as the store
    /// keeps them: `DeviceDescription`); a value may itself hold commas (`hardware:Watch6,7`), so
    /// a field ends only where the next known key begins.
    static func fields(of description: String) -> [String: String] {
        let text = DeviceDescription.fields(description)
        let keys = ["name", "manufacturer", "model", "hardware", "software", "localIdentifier", "UDIDeviceIdentifier", "firmware"]
        var result: [String: String] = [:]
        var current: String?
        var value = ""
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.drop { $0 == " " }
            if let colon = trimmed.firstIndex(of: ":"), keys.contains(String(trimmed[..<colon])) {
                if let current { result[current] = value }
                current = String(trimmed[..<colon])
                value = String(trimmed[trimmed.index(after: colon)...])
            } else if current != nil {
                value += "," + part
            }
        }
        if let current { result[current] = value }
        return result.filter { !$0.value.isEmpty }
    }
}

extension CareStore {
    /// Each source's devices, by source id, one per device: its fields, whatever app versions it
    /// wrote with (`careplan health sources`). Devices described by a version alone are left out.
    public func sourceDevices() throws -> [Int64: [SampleDevice]] {
        try read { db in
            var result: [Int64: [SampleDevice]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT l.sourceId, s.name, d.device FROM healthSourceDevice l JOIN healthSource s ON s.id = l.sourceId
                JOIN healthDevice d ON d.id = l.deviceId WHERE s.personId = person() AND d.device <> '' ORDER BY l.sourceId, d.id
                """) {
                let device = SampleDevice(source: row[1], description: row[2])
                if result[row[0]]?.contains(device) != true { result[row[0], default: []].append(device) }
            }
            return result
        }
    }
}

extension StoreReader {
    /// The source and device of the sample that filled `outcome` (a reading of an assessment linked
    /// to a quantity type or to blood pressure), found by its source and start; nil when none is.
    public func device(of outcome: Outcome, link: HealthLink) throws -> SampleDevice? {
        guard let label = outcome.source, label.hasPrefix(PlanLinkage.sourcePrefix) else { return nil }
        let source = String(label.dropFirst(PlanLinkage.sourcePrefix.count))
        let start = Int(outcome.recordedAt.timeIntervalSince1970)
        let row: Row?
        switch link.kind {
        case .bloodPressure?:
            row = try Row.fetchOne(database, sql: """
                SELECT d.sourceVersion, d.device FROM bloodPressure b JOIN healthSource s ON s.id = b.sourceId
                LEFT JOIN healthDevice d ON d.id = b.deviceId WHERE b.personId = person() AND s.name = ? AND b.start = ? LIMIT 1
                """, arguments: [source, start])
        case .quantity?:
            row = try Row.fetchOne(database, sql: """
                SELECT d.sourceVersion, d.device FROM quantitySample q JOIN healthType t ON t.id = q.typeId
                JOIN healthSource s ON s.id = q.sourceId LEFT JOIN healthDevice d ON d.id = q.deviceId
                WHERE q.personId = person() AND t.identifier = ? AND s.name = ? AND q.start = ? LIMIT 1
                """, arguments: [link.type, source, start])
        default:
            return SampleDevice(source: source)
        }
        guard let row else { return SampleDevice(source: source) }
        return SampleDevice(source: source, sourceVersion: row[0], description: row[1])
    }
}
