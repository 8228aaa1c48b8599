import Foundation
import Testing

/// An import that changes nothing writes nothing: the same plan (YAML or FHIR) or the same Apple
/// Health export again, `--again` too, leaves the store's file byte for byte as it was, with the
/// health data filling the plan's linked activities as before. Compared after each process
/// exits (its last connection then checkpoints the write-ahead log into the file and empties it):
/// the file's bytes and modification time, and the log's size.
@Suite struct NoOpImportTests {
    /// A sample plan whose weight, oxygen saturation and sleep diary health data fills.
    static let plan = CLI.repository.appendingPathComponent("sample-plans/heart-failure.yaml").path

    /// A week of weights, oxygen saturations and nights.
    static let export: String = {
        var records = ""
        for day in 14...20 {
            let date = "2026-11-\(day)"
            records += " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Withings\" unit=\"kg\" value=\"\(80 + Double(day) / 10)\" startDate=\"\(date) 07:00:00 +0100\" endDate=\"\(date) 07:00:00 +0100\"/>\n"
            records += " <Record type=\"HKQuantityTypeIdentifierOxygenSaturation\" sourceName=\"Watch\" unit=\"%\" value=\"0.\(90 + day % 7)\" startDate=\"\(date) 12:00:00 +0100\" endDate=\"\(date) 12:00:00 +0100\"/>\n"
            records += " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Watch\" value=\"HKCategoryValueSleepAnalysisAsleepCore\" startDate=\"2026-11-\(day - 1) 23:10:00 +0100\" endDate=\"\(date) 06:40:00 +0100\"/>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_GB\">\n" + records + "</HealthData>\n"
    }()

    /// What is on disk once careplan has exited.
    struct OnDisk: Equatable {
        var bytes: Data
        var modified: Date
        var log: Int
    }

    func onDisk(_ path: String) throws -> OnDisk {
        let files = FileManager.default
        return OnDisk(bytes: try Data(contentsOf: URL(fileURLWithPath: path)),
                      modified: try files.attributesOfItem(atPath: path)[.modificationDate] as! Date,
                      log: (try files.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? -1)
    }

    /// A store holding the plan and the export, its linked activities filled.
    func filledStore() throws -> CLI {
        let cli = CLI()
        #expect(try cli.run(["import", Self.plan]).status == 0)
        #expect(try cli.run(["health", "import", cli.write("export.xml", Self.export)]).status == 0)
        #expect(try cli.run(["history", "weight"]).stdout.contains("Apple Health · Withings"), "health data fills the plan")
        return cli
    }

    @Test func thePlanImportedAgainLeavesTheFileAsItWas() throws {
        let cli = try filledStore()
        let before = try onDisk(cli.db)
        #expect(before.log == 0)
        let again = try cli.run(["import", Self.plan])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("Nothing changed.\n"))
        #expect(try onDisk(cli.db) == before)
        // With another effective date, too: the file states the same plan.
        #expect(try cli.run(["import", Self.plan, "--effective", "2026-11-10"]).status == 0)
        #expect(try onDisk(cli.db) == before)
    }

    @Test func theSameFHIRCarePlanAndObservationsImportedAgainLeaveTheFileAsItWas() throws {
        let source = try filledStore()
        #expect(try source.run(["log", "weight", "79.9"]).status == 0)
        let bundle = source.write("bundle.json", try source.run(["export", "--format", "fhir"]).stdout)
        let cli = CLI()
        #expect(try cli.run(["import", bundle]).status == 0)
        let before = try onDisk(cli.db)
        let again = try cli.run(["import", bundle])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing changed."))
        #expect(again.stdout.contains("Took 0 readings"))
        #expect(try onDisk(cli.db) == before)
    }

    @Test func theSameExportImportedAgainLeavesTheFileAsItWasWithAgainToo() throws {
        let cli = try filledStore()
        let export = cli.folder.appendingPathComponent("export.xml").path
        let before = try onDisk(cli.db)
        let known = try cli.run(["health", "import", export])
        #expect(known.stdout.hasPrefix("Already imported:"))
        #expect(try onDisk(cli.db) == before)
        let reread = try cli.json(["health", "import", export, "--again", "--json"]) as? [String: Any]
        #expect(reread?["added"] as? Int == 0)
        #expect(reread?["existing"] as? Int == 21)
        #expect(try onDisk(cli.db) == before)
        // And the store still says what it did.
        #expect(try cli.run(["history", "weight"]).stdout.contains("Apple Health · Withings"))
    }

    /// An import that changes one thing still writes it, and moves the plan's revision.
    @Test func anImportThatChangesSomethingStillWrites() throws {
        let cli = try filledStore()
        let before = try onDisk(cli.db)
        let yaml = try String(contentsOfFile: Self.plan, encoding: .utf8)
        let changed = cli.write("changed.yaml", yaml.replacingOccurrences(of: "unit: kg", with: "unit: lb"))
        let result = try cli.run(["import", changed])
        #expect(result.stdout.contains("changed    weight"), "\(result.stdout)")
        #expect(try onDisk(cli.db).bytes != before.bytes)
        #expect(try onDisk(cli.db).log == 0)
    }
}
