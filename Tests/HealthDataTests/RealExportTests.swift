import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Counts what an export holds by reading its text, independently of careplan's reader:
/// top-level Records per type, BloodPressure correlations, Workouts. (Foundation's XMLParser
/// would be the obvious independent parser, but on Linux it shares libxml2's global state with
/// the importer running in a parallel test.)
enum IndependentCount {
    static func of(_ data: Data) -> [String: Int] {
        var text = String(decoding: data, as: UTF8.self)
        var counts: [String: Int] = [:]
        // A correlation's Records are its values, not samples of their own.
        while let open = text.range(of: "<Correlation "), let close = text.range(of: "</Correlation>", range: open.upperBound..<text.endIndex) {
            let block = String(text[open.lowerBound..<close.upperBound])
            if let type = attribute("type", in: block), type == HealthType.bloodPressure.identifier { counts[type, default: 0] += 1 }
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        for piece in text.components(separatedBy: "<Record").dropFirst() where piece.first?.isWhitespace == true {
            guard let type = attribute("type", in: piece) else { continue }
            if !type.hasSuffix("BloodPressureSystolic"), !type.hasSuffix("BloodPressureDiastolic") { counts[type, default: 0] += 1 }
        }
        let workouts = text.components(separatedBy: "<Workout").dropFirst().filter { $0.first?.isWhitespace == true }.count
        if workouts > 0 { counts[HealthType.workout.identifier] = workouts }
        return counts
    }

    static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: " \(name)=\"") ?? text.range(of: "\n\(name)=\""),
              let end = text.range(of: "\"", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}

/// Every real export in Tests/Data/apple-health imports, as many samples of each type as
/// the file holds, and a second import adds nothing.
@Suite struct RealExportTests {
    static let files = ["alxdrcirilo-export.xml", "alxdrcirilo-export.zip", "dogsheep-export.xml", "dogsheep-zip-contents-export.xml",
                        "tdda-export6s3sample.xml"]

    @Test(arguments: files) func eachRealExportImportsEverySampleOnce(file: String) throws {
        let fixture = try HealthFixture()
        let summary = try fixture.importFile(TestData.path(file))
        // The zip holds the same export as alxdrcirilo-export.xml, beside __MACOSX and .DS_Store junk.
        let xml = file.hasSuffix(".zip") ? TestData.path(file.replacingOccurrences(of: ".zip", with: ".xml")) : TestData.path(file)
        let expected = IndependentCount.of(try Data(contentsOf: URL(fileURLWithPath: xml)))
        #expect(!expected.isEmpty)
        #expect(Dictionary(uniqueKeysWithValues: summary.types.map { ($0.type.identifier, $0.added) }) == expected)
        #expect(summary.skipped == 0)
        let stored = try fixture.store.healthTypes()
        #expect(Dictionary(uniqueKeysWithValues: stored.map { ($0.type.identifier, $0.count) }) == expected)
        // The types alone, as the commands that resolve a type's name read them: the same list.
        #expect(try fixture.store.healthTypesHeld() == stored.map(\.type))

        // The same file again is recognised by its size and checksum, without reading it;
        let again = try fixture.importFile(TestData.path(file))
        #expect(again.previous != nil)
        #expect(again.added == 0)
        #expect(again.existing == expected.values.reduce(0, +))
        // read anyway, every sample is found already there.
        let reread = try fixture.importFile(TestData.path(file), again: true)
        #expect(reread.previous == nil)
        #expect(reread.added == 0)
        #expect(reread.existing == expected.values.reduce(0, +))
        #expect(try fixture.store.healthTypes() == stored)
    }

    @Test func theZipsJunkEntriesAreSkippedAndTheExportFound() throws {
        let fixture = try HealthFixture()
        let summary = try fixture.importFile(TestData.path("alxdrcirilo-export.zip"))
        #expect(summary.file.hasSuffix("alxdrcirilo-export.zip/apple_health_export/export.xml"))
        #expect(summary.added == 8)
    }

    @Test func valuesUnitsAndSourcesAreKeptAsHealthKitMeansThem() throws {
        let fixture = try HealthFixture()
        try fixture.importFile(TestData.path("dogsheep-export.xml"))
        // 72 count/min from an Apple Watch, recorded at -0700: the local day is the 10th.
        #expect(try fixture.values("SELECT value FROM quantitySample q JOIN healthType t ON t.id = q.typeId WHERE t.identifier LIKE '%HeartRate'") == [72])
        #expect(try fixture.count("SELECT day FROM quantitySample WHERE value = 72") == LocalDate(iso: "2018-09-10")!.dayNumber)
        #expect(try fixture.count("SELECT utcOffset FROM quantitySample WHERE value = 72") == -7 * 3600)
        #expect(try fixture.count("SELECT motionContext FROM quantitySample WHERE value = 72") == 0)
        #expect(try fixture.count("SELECT wasUserEntered FROM quantitySample WHERE unit = 'count'") == 0)
        // The workout's distance is in miles in the file and in metres in the store.
        let distance = try fixture.values("SELECT distance FROM workout").first ?? 0
        #expect(distance > 0)
        // Entities in attributes are decoded (&lt;&lt;HKDevice: 0x…&gt;), and the device kept as its fields.
        let device = try fixture.store.read { try String.fetchOne($0, sql: "SELECT d.device FROM quantitySample q JOIN healthDevice d ON d.id = q.deviceId WHERE q.value = 72") }
        #expect(device == "name:Apple Watch, manufacturer:Apple, model:Watch, hardware:Watch2,4, software:4.3.1")
    }

    /// The real exports' HKTimeZone: a run exported at -0700 was recorded in Los Angeles in
    /// November (standard time, -0800); a night exported at +0200, in Amsterdam in January (+0100).
    @Test func samplesTakeTheZoneTheyWereRecordedIn() throws {
        let fixture = try HealthFixture()
        try fixture.importFile(TestData.path("dogsheep-export.xml"))
        #expect(try fixture.count("SELECT utcOffset FROM workout") == -8 * 3600)
        #expect(try fixture.store.workouts(from: nil, to: nil).map(\.start.localText) == ["2016-11-14 06:25"])
        try fixture.importFile(TestData.path("alxdrcirilo-export.xml"))
        // In bed from 00:55 +0200 on 1 January: 23:55 on New Year's Eve in Amsterdam.
        let sleep = try fixture.store.samples(of: HealthType("HKCategoryTypeIdentifierSleepAnalysis"), from: nil, to: nil)
        #expect(sleep.map(\.start.localText) == ["2023-12-31 23:55", "2024-01-01 02:27"])
    }
}
