import Foundation
import Testing

/// `careplan health import` and `health types` as a person runs them on a real export.
@Suite struct HealthCommandTests {
    static let zip = CLI.repository.appendingPathComponent("Tests/Data/apple-health/alxdrcirilo-export.zip").path

    @Test func aRealExportImportsOnceAndIsListed() throws {
        let cli = CLI()
        let first = try cli.run(["health", "import", Self.zip])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty, "no progress line when stderr is not a terminal")
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Imported \(Self.zip)/apple_health_export/export.xml: 8 added, 0 already there, 0 skipped") == true)
        #expect(lines.contains { $0.hasPrefix("  Heart rate") && $0.contains("2024-01-01") && $0.contains("Alexandre's Apple Watch") })

        // Options before the command's name, as for every command; the second import adds nothing.
        let again = try cli.run(["--db", cli.db, "health", "import", Self.zip, "--json"], useDB: false)
        #expect(again.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(json["added"] as? Int == 0)
        #expect(json["existing"] as? Int == 8)

        let types = try #require(try cli.json(["health", "types", "--json"]) as? [[String: Any]])
        #expect(types.map { $0["type"] as? String } .contains("HKQuantityTypeIdentifierHeartRate"))
        #expect(types.first { $0["type"] as? String == "HKQuantityTypeIdentifierHeartRate" }?["unit"] as? String == "count/min")
        let doctor = try #require(try cli.json(["doctor", "--json"]) as? [String: Any])
        #expect(doctor["healthSamples"] as? Int == 8)
        let text = try cli.run(["health", "types"])
        #expect(text.stdout.contains("Heart rate"))
        #expect(text.stdout.contains("bpm"))
    }

    @Test func aLinkedAssessmentShowsItsSourceInTodayHistoryAndExport() throws {
        let cli = CLI()
        let plan = cli.write("plan.yaml", """
            title: Weight watch
            activities:
              - id: weight
                kind: assessment
                title: Weight
                schedule: {start: 2026-11-01, daily: 1}
                measure: {type: number, unit: lb, decimals: 1, healthkit: HKQuantityTypeIdentifierBodyMass}

            """)
        let export = cli.write("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" unit="kg" value="80" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:00:00 +0100"/>
            </HealthData>

            """)
        #expect(try cli.run(["import", plan]).status == 0)
        #expect(try cli.run(["health", "import", export]).status == 0)
        let today = try cli.run(["today", "--date", "2026-11-20"]).stdout
        #expect(today.contains("[176.4 lb] (Apple Health · Withings)"), "\(today)")
        let history = try cli.run(["history", "weight"]).stdout
        #expect(history.contains("176.4 lb  (Apple Health · Withings, 2026-11-20T07:00:00+01:00)"), "\(history)")
        let csv = try cli.run(["export", "--format", "csv"]).stdout.split(separator: "\n")
        #expect(csv.count == 2)
        #expect(csv.last?.hasSuffix(",2026-11-20T07:00:00+01:00,Apple Health · Withings") == true, "\(csv)")
        // Health data fills the reading; clearing it is refused with the reason, and nothing changes.
        let reset = try cli.run(["reset", "weight", "--date", "2026-11-20"])
        #expect(reset.status == 1)
        #expect(reset.stderr.contains("was filled from health data (Apple Health · Withings)"))
    }

    @Test func aCutFileIsRefusedWithItsPlaceAndTheStoreIsUnchanged() throws {
        let cli = CLI()
        try cli.run(["health", "import", Self.zip])
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.db))
        let export = try String(contentsOfFile: CLI.repository.appendingPathComponent("Tests/Data/apple-health/dogsheep-export.xml").path,
                                encoding: .utf8)
        let cut = cli.write("cut.xml", String(export.prefix(export.count / 2)))
        let result = try cli.run(["health", "import", cut])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("careplan: \(cut):"))
        #expect(result.stderr.hasSuffix("nothing was imported\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.db)) == before)
        let missing = try cli.run(["health", "import", cli.folder.appendingPathComponent("nope.zip").path])
        #expect(missing.stderr == "careplan: \(cli.folder.appendingPathComponent("nope.zip").path): no such file\n")
    }

    /// An export with control characters in a source's name imports, and says how many were
    /// replaced: in English, and in each of Polish's three plural forms (the catalogue's, asked of gettext).
    @Test func controlCharactersAreReplacedAndCountedInTheSummary() throws {
        func export(_ cli: CLI, replacing count: Int) -> String {
            cli.write("export-\(count).xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <HealthData locale="en_GB">
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Pedometer\(String(repeating: "\u{0B}", count: count))" unit="count" value="12" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:05:00 +0100"/>
                </HealthData>

                """)
        }
        let cli = CLI()
        let english = try cli.run(["health", "import", export(cli, replacing: 2)])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.contains("\n2 characters XML does not allow (control characters) were replaced so that the export could be read.\n"))
        let json = try #require(try cli.json(["health", "import", export(cli, replacing: 1), "--json"]) as? [String: Any])
        #expect(json["replacedCharacters"] as? Int == 1)
        let polish = CLI().speaking(Languages.polish)
        for count in [1, 3, 5] {
            let result = try polish.run(["health", "import", export(polish, replacing: count)])
            let expected = Languages.plural("{count} character XML does not allow (a control character) was replaced so that the export could be read.",
                                            "{count} characters XML does not allow (control characters) were replaced so that the export could be read.",
                                            count, in: Languages.polish)
            #expect(!expected.hasPrefix("\(count) character"), "the catalogue translates it")
            #expect(result.stdout.contains(expected), "\(expected) not in:\n\(result.stdout)")
        }
    }

    @Test func aFileThatIsNoExportIsRefusedBeforeAnyStoreIsMade() throws {
        let cli = CLI()
        let plan = CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path
        let result = try cli.run(["health", "import", plan])
        #expect(result.status == 1)
        #expect(result.stderr == "careplan: \(plan): not an Apple Health export (not XML); give the export.zip the Health app writes, or the export.xml inside it\n")
        #expect(!FileManager.default.fileExists(atPath: cli.db))
        let types = try cli.run(["health", "types"])
        #expect(types.stdout == "No health data yet; import an export with careplan health import export.zip\n")
        #expect(!FileManager.default.fileExists(atPath: cli.db), "listing reads only")
    }

    @Test func samplesOfATypeAreListedAndAnUnknownTypeNamesTheKnownOnes() throws {
        let cli = CLI()
        try cli.run(["health", "import", Self.zip])
        let samples = try cli.run(["health", "samples", "heartrate"])
        #expect(samples.status == 0)
        #expect(samples.stdout.split(separator: "\n").first?.hasPrefix("start") == true)
        #expect(samples.stdout.contains("2024-01-01 01:01  74 bpm  Alexandre's Apple Watch"))
        let unknown = try cli.run(["health", "samples", "Pulse"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("careplan: no health data of type 'Pulse'; types in the store: "))
        #expect(unknown.stderr.contains("HeartRate"))
        #expect(try cli.run(["health", "workouts"]).stdout == "No workouts yet.\n")
    }

    @Test func statisticsAndSourcesFromTheCommandLine() throws {
        let cli = CLI()
        try cli.run(["health", "import", Self.zip])
        let stats = try cli.run(["health", "stats", "HeartRate", "--from", "2024-01-01", "--to", "2024-01-01"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.hasPrefix("Heart rate (bpm), average by day, 2024-01-01 to 2024-01-01\n"))
        #expect(stats.stdout.contains("2024-01-01     74.5   74   75    75        2"))
        let json = try #require(try cli.json(["health", "stats", "ActiveEnergyBurned", "--from", "2024-01-01", "--to", "2024-01-02", "--json"]) as? [String: Any])
        #expect(json["aggregation"] as? String == "cumulative")
        #expect((json["buckets"] as? [[String: Any]])?.compactMap { $0["sum"] as? Double } == [0.12, 0.08])
        let sources = try cli.run(["health", "sources"])
        // The watch is one device, though the export describes it at three memory addresses.
        let watch = "   Apple Watch (Apple Inc., Watch6,7, software 10.2)\n"
        #expect(sources.stdout == "1. Alexandre's Apple Watch\n" + watch + "2. Alexandre's iPhone\n")
        #expect(try cli.run(["health", "sources", "--priority", "Alexandre's iPhone"]).stdout == "1. Alexandre's iPhone\n2. Alexandre's Apple Watch\n" + watch)
        #expect(try cli.json(["health", "sources", "--json"]) as? [String] == ["Alexandre's iPhone", "Alexandre's Apple Watch"])
        let unknown = try cli.run(["health", "sources", "--priority", "Fitbit"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "careplan: no source called 'Fitbit'; sources: Alexandre's Apple Watch, Alexandre's iPhone\n")
    }

    @Test func forgettingAsksForYesThenDeletesOnlyImportedSamples() throws {
        let cli = CLI()
        try cli.run(["health", "import", Self.zip])
        let asked = try cli.run(["health", "forget", "--source", "Alexandre's iPhone"])
        #expect(asked.status == 1)
        #expect(asked.stderr == "careplan: this would delete 1 imported sample; nothing was deleted; add --yes to delete them\n")
        let done = try cli.run(["health", "forget", "--source", "Alexandre's iPhone", "--yes"])
        #expect(done.stdout == "Deleted 1 imported sample; importing an export again brings back what it holds.\n")
        let json = try #require(try cli.json(["health", "import", Self.zip, "--json"]) as? [String: Any])
        #expect(json["added"] as? Int == 1, "the export is read again and brings the sample back")
    }
}
