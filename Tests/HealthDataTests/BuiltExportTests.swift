import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData
import Testing
import ZIPFoundation

/// Exports built for one quirk each, with the answer known by construction.
@Suite struct BuiltExportTests {
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic", diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"

    @Test func aBloodPressureReadingIsCountedOnceHoweverOftenTheExportRepeatsIt() throws {
        let fixture = try HealthFixture()
        let at = "2026-03-02 08:10:00 +0100", later = "2026-03-03 08:05:00 +0100"
        let summary = try fixture.importXML(
            // The correlation's two values also stand at top level, as real exports write them;
            record(Self.systolic, "128", unit: "mmHg", start: at, source: "Omron connect")
            + record(Self.diastolic, "84", unit: "mmHg", start: at, source: "Omron connect")
            // a reading written only as two records (no correlation) is still one reading;
            + record(Self.systolic, "131", unit: "mmHg", start: later, source: "Manual app")
            + record(Self.diastolic, "86", unit: "mmHg", start: later, source: "Manual app")
            // a lone systolic stays a sample of its own.
            + record(Self.systolic, "17.3", unit: "kPa", start: later, source: "Other app")
            + """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron connect" sourceVersion="7.8" creationDate="\(at)" startDate="\(at)" endDate="\(at)">
              <MetadataEntry key="HKWasUserEntered" value="0"/>
            \(record(Self.systolic, "128", unit: "mmHg", start: at, source: "Omron connect"))\(record(Self.diastolic, "84", unit: "mmHg", start: at, source: "Omron connect")) </Correlation>
            """)
        #expect(try fixture.count("SELECT COUNT(*) FROM bloodPressure") == 2)
        #expect(try fixture.values("SELECT systolic FROM bloodPressure ORDER BY start") == [128, 131])
        #expect(try fixture.values("SELECT diastolic FROM bloodPressure ORDER BY start") == [84, 86])
        #expect(try fixture.count("SELECT wasUserEntered FROM bloodPressure WHERE systolic = 128") == 0)
        let lone = try fixture.values("SELECT value FROM quantitySample")
        #expect(lone.count == 1 && abs(lone[0] - 129.76) < 0.01, "17.3 kPa is stored in mmHg")
        #expect(summary.types.first { $0.type == .bloodPressure }?.added == 2)

        let again = try fixture.importXML(record(Self.systolic, "128", unit: "mmHg", start: at, source: "Omron connect"))
        #expect(again.added == 0)
        #expect(try fixture.count("SELECT COUNT(*) FROM bloodPressure") == 2)
    }

    @Test func percentagesWrittenAsFractionsAreStoredAsPercent() throws {
        let fixture = try HealthFixture()
        let type = "HKQuantityTypeIdentifierOxygenSaturation"
        try fixture.importXML(record(type, "0.97", unit: "%", start: "2026-03-02 08:00:00 +0100")
                              + record(type, "98", unit: "%", start: "2026-03-02 09:00:00 +0100", source: "Oximeter app"))
        #expect(try fixture.values("SELECT value FROM quantitySample ORDER BY start") == [97, 98])
    }

    @Test func aSamplesDayIsTheDayItWasLivedInAcrossSummerTimeAndTravel() throws {
        let fixture = try HealthFixture()
        let type = "HKQuantityTypeIdentifierHeartRate"
        try fixture.importXML(
            // Berlin, the night summer time starts: 01:30 at +0100, then 03:30 at +0200.
            record(type, "61", unit: "count/min", start: "2026-03-29 01:30:00 +0100")
            + record(type, "62", unit: "count/min", start: "2026-03-29 03:30:00 +0200")
            // A flight to New York: 23:30 at -0400 is already the next day in UTC.
            + record(type, "70", unit: "count/min", start: "2026-04-02 23:30:00 -0400"))
        let rows = try fixture.store.read { db in
            try Row.fetchAll(db, sql: "SELECT value, day, utcOffset, start FROM quantitySample ORDER BY value").map {
                (value: $0[0] as Double, day: LocalDate(dayNumber: $0[1]).iso, offset: $0[2] as Int, start: $0[3] as Int)
            }
        }
        #expect(rows.map(\.day) == ["2026-03-29", "2026-03-29", "2026-04-02"])
        #expect(rows.map(\.offset) == [3600, 7200, -14400])
        // One real hour apart, though the clocks say two.
        #expect(rows[1].start - rows[0].start == 3600)
    }

    @Test func aWorkoutKeepsItsEventsAndStatisticsAndItsActiveTimeLeavesOutPauses() throws {
        let fixture = try HealthFixture()
        let summary = try fixture.importXML("""
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40" durationUnit="min" totalDistance="6.5" totalDistanceUnit="km" totalEnergyBurned="1674" totalEnergyBurnedUnit="kJ" sourceName="Watch" startDate="2026-03-02 18:00:00 +0100" endDate="2026-03-02 18:42:00 +0100">
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-03-02 18:20:00 +0100"/>
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="2026-03-02 18:22:00 +0100"/>
              <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-03-02 18:00:00 +0100" duration="20" durationUnit="min"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-03-02 18:00:00 +0100" endDate="2026-03-02 18:42:00 +0100" average="148" minimum="92" maximum="171" unit="count/min"/>
              <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route_1.gpx"/></WorkoutRoute>
             </Workout>
            """)
        #expect(summary.types.map(\.type) == [.workout])
        #expect(try fixture.values("SELECT duration FROM workout") == [2400])
        #expect(try fixture.values("SELECT distance FROM workout") == [6500])
        #expect(try fixture.values("SELECT round(energy) FROM workout") == [400])
        #expect(try fixture.count("SELECT COUNT(*) FROM workoutEvent") == 3)
        #expect(try fixture.values("SELECT duration FROM workoutEvent WHERE type LIKE '%Segment'") == [1200])
        #expect(try fixture.values("SELECT average FROM workoutStatistic") == [148])
        let start = HealthInstant.parse("2026-03-02 18:00:00 +0100")!, end = HealthInstant.parse("2026-03-02 18:42:00 +0100")!
        let workout = Workout(activityType: "HKWorkoutActivityTypeRunning", source: SampleSource(name: "Watch"), start: start, end: end,
                              events: [WorkoutEvent(type: "HKWorkoutEventTypePause", date: HealthInstant(utc: start.utc + 1200, offset: 3600)),
                                       WorkoutEvent(type: "HKWorkoutEventTypeResume", date: HealthInstant(utc: start.utc + 1320, offset: 3600))])
        #expect(workout.activeSeconds == 42 * 60 - 120)
    }

    @Test func oddRecordsAreSkippedCountedAndShownWithTheirLine() throws {
        let fixture = try HealthFixture()
        let type = "HKQuantityTypeIdentifierBodyMass"
        let summary = try fixture.importXML(
            record(type, "71.2", unit: "kg", start: "2026-03-02 07:00:00 +0100")
            + record(type, nil, unit: "kg", start: "2026-03-03 07:00:00 +0100")
            + record(type, "heavy", unit: "kg", start: "2026-03-04 07:00:00 +0100")
            + record(type, "70,9", unit: "kg", start: "2026-03-05 07:00:00 +0100")
            + record(type, "71", unit: "kg", start: "2026-03-06 7:00 +0100")
            + record("HKQuantityTypeIdentifierEnvironmentalAudioExposure", "72", unit: "dBASPL", start: "2026-03-02 07:00:00 +0100")
            + record("HKQuantityTypeIdentifierMysteryIndex", "3", unit: "glorp", start: "2026-03-02 07:00:00 +0100")
            + record(type, "69", unit: "kg", start: "2027-06-01 07:00:00 +0100"))
        let mass = try #require(summary.types.first { $0.type == .bodyMass })
        #expect(mass.added == 3, "71.2, 70,9 (a decimal comma) and the future one")
        #expect(mass.skipped == 3)
        #expect(mass.future == 1)
        #expect(summary.skips.map(\.line) == [5, 6, 8])
        #expect(summary.skips.map(\.reason) == ["no value", "value 'heavy' is not a number",
                                                "startDate '2026-03-06 7:00 +0100' is not YYYY-MM-DD HH:MM:SS ±HHMM"])
        #expect(summary.types.first { $0.type.identifier.hasSuffix("MysteryIndex") }?.unknownUnits == ["glorp"])
        #expect(summary.types.first { $0.type.identifier.hasSuffix("AudioExposure") }?.unknownUnits == [])
        #expect(try fixture.values("SELECT value FROM quantitySample WHERE unit = 'glorp'") == [3], "kept as exported")
    }

    @Test func sinceLeavesOutEarlierDays() throws {
        let fixture = try HealthFixture()
        let type = "HKQuantityTypeIdentifierStepCount"
        let summary = try fixture.importFile(fixture.folder.write("export.xml", HealthFixture.header
            + record(type, "100", unit: "count", start: "2026-03-01 23:59:00 +0100")
            + record(type, "200", unit: "count", start: "2026-03-02 00:01:00 +0100") + "</HealthData>\n"), since: LocalDate(iso: "2026-03-02"))
        #expect(summary.types.first?.added == 1)
        #expect(summary.types.first?.before == 1)
        #expect(try fixture.values("SELECT value FROM quantitySample") == [200])
    }

    /// A zip as the Health app writes it in Chinese, with macOS's junk beside it.
    @Test func aZipsExportIsFoundWhateverItsNameAndJunkBesideItIsLeft() throws {
        let fixture = try HealthFixture()
        let zip = fixture.folder.path("export.zip")
        let archive = try Archive(url: URL(fileURLWithPath: zip), accessMode: .create)
        let xml = Data((HealthFixture.header + record("HKQuantityTypeIdentifierStepCount", "321", unit: "count", start: "2026-03-02 10:00:00 +0100")
                        + "</HealthData>\n").utf8)
        for (path, data) in [("__MACOSX/apple_health_export/._导出.xml", Data("junk".utf8)), (".DS_Store", Data([0, 1, 2])),
                             ("apple_health_export/导出.xml", xml), ("apple_health_export/export_cda.xml", Data("<ClinicalDocument/>".utf8))] {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let summary = try fixture.importFile(zip)
        #expect(summary.file.hasSuffix("apple_health_export/导出.xml"))
        #expect(try fixture.values("SELECT value FROM quantitySample") == [321])
    }

    @Test func anExportIsRecognisedOnlyWhenItIsTheSameFileCoveringTheSameDays() throws {
        let fixture = try HealthFixture()
        let type = "HKQuantityTypeIdentifierStepCount"
        func export(_ value: String) -> String {
            HealthFixture.header + record(type, "100", unit: "count", start: "2026-03-01 10:00:00 +0100")
                + record(type, value, unit: "count", start: "2026-03-02 10:00:00 +0100") + "</HealthData>\n"
        }
        let first = fixture.folder.write("first.xml", export("200"))
        let other = fixture.folder.write("other.xml", export("300"))   // the same size, other contents
        try fixture.importFile(first, since: LocalDate(iso: "2026-03-02"))
        // Imported from the 2nd only: the whole file is not the same import.
        let whole = try fixture.importFile(first)
        #expect(whole.previous == nil)
        #expect(whole.added == 1)
        #expect(try fixture.importFile(first).previous != nil)
        #expect(try fixture.importFile(first, since: LocalDate(iso: "2026-03-02")).previous != nil, "days it covered already")
        let changed = try fixture.importFile(other)
        #expect(changed.previous == nil)
        #expect(changed.added == 1)
    }
}
