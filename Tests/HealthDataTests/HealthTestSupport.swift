import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData

/// A temporary folder, removed with the object.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-health-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to a file in the folder and returns its path.
    func write(_ name: String, _ text: String) -> String {
        let path = path(name)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The real exports in Tests/Data/apple-health (see Tests/Data/SOURCES.md).
enum TestData {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/apple-health")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}

/// A store in a temporary folder and an importer whose "now" is 2026-11-23.
struct HealthFixture {
    let folder = TemporaryFolder()
    let store: CareStore

    init() throws {
        store = try CareStore(path: folder.path("care.sqlite"))
    }

    static let now = 1_795_424_400
    static let today = LocalDate(iso: "2026-11-23")!

    @discardableResult
    func importFile(_ path: String, since: LocalDate? = nil, again: Bool = false) throws -> ImportSummary {
        var importer = HealthImporter(since: since, now: Self.now)
        importer.today = Self.today
        importer.zone = TimeZone(identifier: "Europe/Berlin")!
        importer.again = again
        return try importer.run(path: path, into: store)
    }

    @discardableResult
    func importXML(_ body: String, name: String = "export.xml", header: String = HealthFixture.header) throws -> ImportSummary {
        try importFile(folder.write(name, header + body + "\n</HealthData>\n"))
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_GB">
         <ExportDate value="2026-11-20 08:00:00 +0100"/>

        """

    func count(_ sql: String) throws -> Int {
        try store.read { try Int.fetchOne($0, sql: sql) ?? 0 }
    }

    func values(_ sql: String) throws -> [Double] {
        try store.read { try Double.fetchAll($0, sql: sql) }
    }

    /// Every row of every health table, to compare a store before and after a refused import.
    func snapshot() throws -> [String] {
        try store.read { db in
            try ["healthType", "healthSource", "healthDevice", "healthSourceDevice", "healthImport", "quantitySample", "categorySample", "bloodPressure", "workout", "workoutEvent", "workoutStatistic",
              "quantityDay", "mergedDay"]
                .flatMap { table in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map { "\(table) \($0)" } }
        }
    }
}

/// A Record element as exports write it.
func record(_ type: String, _ value: String?, unit: String?, start: String, end: String? = nil, source: String = "iPhone",
            metadata: [(String, String)] = []) -> String {
    var attributes = "type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"17.1\""
    if let unit { attributes += " unit=\"\(unit)\"" }
    attributes += " creationDate=\"\(end ?? start)\" startDate=\"\(start)\" endDate=\"\(end ?? start)\""
    if let value { attributes += " value=\"\(value)\"" }
    guard !metadata.isEmpty else { return " <Record \(attributes)/>\n" }
    return " <Record \(attributes)>\n" + metadata.map { "  <MetadataEntry key=\"\($0.0)\" value=\"\($0.1)\"/>\n" }.joined() + " </Record>\n"
}
