import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData
import Testing

/// An export writes every date in the offset of the phone's zone when it was made; HealthKit keeps
/// the zone a sample was recorded in (HKTimeZone). A night in New York, exported in Berlin, is a
/// New York night: its day, its clock times, and the night it belongs to, across New York's change
/// to summer time (8 March 2026, while Berlin is still on +0100 until the 29th).
@Suite struct RecordedZoneTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = [("HKTimeZone", "America/New_York")]

    /// A sleep record as the export in Berlin writes it, recorded in New York.
    static func sleep(_ value: String, _ start: String, _ end: String, zone: String = "America/New_York") -> String {
        record("HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryValueSleepAnalysis" + value, unit: nil, start: start, end: end,
               source: "Apple Watch", metadata: [("HKTimeZone", zone)])
    }

    /// In bed 22:30 EST on the 7th to 06:30 EDT on the 8th (03:30 to 10:30 UTC: seven real hours,
    /// though the clocks say eight), asleep 22:50 to 06:10; and a nap on the 7th, 14:00 to 15:00
    /// EST, which Berlin's clocks put at 20:00, in the evening window of the 8th's night.
    static let night = sleep("InBed", "2026-03-08 04:30:00 +0100", "2026-03-08 11:30:00 +0100")
        + sleep("AsleepCore", "2026-03-08 04:50:00 +0100", "2026-03-08 11:10:00 +0100")
        + sleep("AsleepCore", "2026-03-07 20:00:00 +0100", "2026-03-07 21:00:00 +0100")

    func nights(_ fixture: HealthFixture, _ first: String, _ last: String, settings: SleepSettings = .standard) throws -> [SleepNight] {
        try fixture.store.reading { reader in
            try SleepNights.load(reader, from: LocalDate(iso: first)!, through: LocalDate(iso: last)!, settings: settings, zone: Self.berlin)
        }
    }

    @Test func aNightInNewYorkExportedInBerlinHasNewYorksDayAndHours() throws {
        let fixture = try HealthFixture()
        try fixture.importXML(Self.night)
        let rows = try fixture.store.read { db in
            try Row.fetchAll(db, sql: "SELECT day, utcOffset FROM categorySample ORDER BY start").map { (LocalDate(dayNumber: $0[0]).iso, $0[1] as Int) }
        }
        // The nap and both of the night's samples start on the 7th, in New York's winter offset.
        #expect(rows.map(\.0) == ["2026-03-07", "2026-03-07", "2026-03-07"])
        #expect(rows.map(\.1) == [-5 * 3600, -5 * 3600, -5 * 3600])
        let listed = try fixture.store.samples(of: HealthType("HKCategoryTypeIdentifierSleepAnalysis"), from: nil, to: nil)
        #expect(listed.map(\.start.localText) == ["2026-03-07 14:00", "2026-03-07 22:30", "2026-03-07 22:50"])
        // Each end in the offset New York had then: summer time from 02:00 on the 8th.
        #expect(listed.map(\.end.localText) == ["2026-03-07 15:00", "2026-03-08 06:30", "2026-03-08 06:10"])
    }

    @Test func theNightAndItsNapBelongWhereTheyWereLived() throws {
        let fixture = try HealthFixture()
        try fixture.importXML(Self.night)
        let nights = try nights(fixture, "2026-03-07", "2026-03-08")
        // The night ends on the 8th, in bed 22:30-06:30 on New York's clocks, seven hours of real time.
        let night = try #require(nights[1].device)
        #expect(SleepText.span(night, zone: Self.berlin) == "22:30–06:30")
        #expect(night.timeInBed == 7 * 3600)
        #expect(night.totalSleep == 6 * 3600 + 20 * 60)
        #expect(night.latency == 20 * 60)
        // The afternoon nap in New York is the 7th's (its window ends at 18:00 New York time), not
        // an episode of the 8th's night, as Berlin's clocks (20:00 on the 7th) would have it.
        #expect(nights[1].naps.isEmpty)
        #expect(nights[0].device.map { SleepText.span($0, zone: Self.berlin) } == "14:00–15:00")
    }

    @Test func aQuantityAndAWorkoutTakeTheirZonesDayAndEachInstantItsOwnOffset() throws {
        let fixture = try HealthFixture()
        try fixture.importXML(
            // 23:30 EST on 6 March: the 7th at 05:30 in Berlin.
            record("HKQuantityTypeIdentifierHeartRate", "58", unit: "count/min", start: "2026-03-07 05:30:00 +0100", metadata: Self.newYork)
            // A zone Foundation does not know: the export's offset stands.
            + record("HKQuantityTypeIdentifierHeartRate", "59", unit: "count/min", start: "2026-03-07 05:31:00 +0100",
                     metadata: [("HKTimeZone", "Mars/Olympus_Mons")])
            + """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="90" durationUnit="min" sourceName="Watch" startDate="2026-03-08 07:30:00 +0100" endDate="2026-03-08 09:00:00 +0100">
              <MetadataEntry key="HKTimeZone" value="America/New_York"/>
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-03-08 07:50:00 +0100"/>
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="2026-03-08 08:20:00 +0100"/>
             </Workout>

            """)
        #expect(try fixture.count("SELECT day FROM quantitySample WHERE value = 58") == LocalDate(iso: "2026-03-06")!.dayNumber)
        #expect(try fixture.count("SELECT utcOffset FROM quantitySample WHERE value = 58") == -5 * 3600)
        #expect(try fixture.count("SELECT timeZone = 'America/New_York' FROM quantitySample WHERE value = 58") == 1)
        #expect(try fixture.count("SELECT utcOffset FROM quantitySample WHERE value = 59") == 3600)
        // The workout ran from 01:30 EST on the night the clocks went forward: paused at 01:50
        // (-0500), resumed at 03:20 (-0400), half an hour later.
        let workout = try #require(try fixture.store.workouts(from: nil, to: nil).first)
        #expect(workout.start.localText == "2026-03-08 01:30")
        #expect(try fixture.values("SELECT utcOffset FROM workoutEvent ORDER BY date") == [-5 * 3600, -4 * 3600])
        #expect(workout.activeSeconds == 60 * 60)
    }

    /// A diary linked to sleep analysis takes the night on New York's clocks.
    @Test func aLinkedDiaryIsFilledWithTheNightsOwnClockTimes() throws {
        let fixture = try HealthFixture()
        fixture.store.fillingLinkedActivities(zone: Self.berlin)
        let clock = CareClock(now: Date(timeIntervalSince1970: TimeInterval(HealthFixture.now)), timeZone: Self.berlin)
        try fixture.store.importPlan(try PlanDecoder(file: "plan.yaml").decode(SleepLinkTests.plan().replacingOccurrences(of: "2026-11-01", with: "2026-03-01")),
                                     effective: LocalDate(iso: "2026-03-01")!, clock: clock)
        try fixture.importXML(Self.night)
        let filled = try #require(try fixture.store.outcomes(activityId: "diary", from: LocalDate(iso: "2026-03-08")!, to: LocalDate(iso: "2026-03-08")!).first)
        #expect(ReadingText.reading(filled.values, measure: .sleepDiary()).hasPrefix("22:30–06:30 · asleep 6 h 20 min"))
        #expect(filled.utcOffset == -4 * 3600, "recorded at 06:30 in New York, on summer time")
    }
}
