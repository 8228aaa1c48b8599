import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// What `careplan health samples` and `health workouts` list, read back from an import.
@Suite struct SampleListingTests {
    @Test func samplesReadBackInTheirOwnWordsAndTimes() throws {
        let fixture = try HealthFixture()
        try fixture.importXML(
            record("HKQuantityTypeIdentifierOxygenSaturation", "0.97", unit: "%", start: "2026-03-02 08:00:00 +0100")
            + record("HKQuantityTypeIdentifierHeartRate", "72", unit: "count/min", start: "2026-04-02 23:30:00 -0400")
            + record("HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryValueSleepAnalysisAsleepREM", unit: nil,
                     start: "2026-03-02 02:00:00 +0100", end: "2026-03-02 02:25:00 +0100", source: "Watch")
            + record(BuiltExportTests.systolic, "128", unit: "mmHg", start: "2026-03-02 08:10:00 +0100")
            + record(BuiltExportTests.diastolic, "84", unit: "mmHg", start: "2026-03-02 08:10:00 +0100"))
        func listed(_ type: HealthType, from: String? = nil, to: String? = nil) throws -> [String] {
            try fixture.store.samples(of: type, from: from.flatMap { LocalDate(iso: $0) }, to: to.flatMap { LocalDate(iso: $0) })
                .map { "\($0.start.localText) \($0.value.text(type: type)) \($0.source)" }
        }
        #expect(try listed(HealthType("HKQuantityTypeIdentifierOxygenSaturation")) == ["2026-03-02 08:00 97 % iPhone"])
        // In the offset it was recorded with: 23:30 in New York, though the next day in UTC.
        #expect(try listed(.heartRate) == ["2026-04-02 23:30 72 bpm iPhone"])
        #expect(try listed(.heartRate, to: "2026-04-01").isEmpty)
        #expect(try listed(.sleepAnalysis) == ["2026-03-02 02:00 Asleep REM Watch"])
        #expect(try listed(.bloodPressure) == ["2026-03-02 08:10 128/84 mmHg iPhone"])
        let known = try fixture.store.healthTypes().map(\.type)
        #expect(HealthType.named("oxygensaturation", among: known)?.identifier == "HKQuantityTypeIdentifierOxygenSaturation")
        #expect(HealthType.named("BloodPressure", among: known) == .bloodPressure)
        #expect(HealthType.named("Pulse", among: known) == nil)
    }

    @Test func workoutsListTheirActiveTimeAndAverageHeartRate() throws {
        let fixture = try HealthFixture()
        try fixture.importXML("""
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="60" durationUnit="min" totalDistance="20" totalDistanceUnit="km" sourceName="Watch" startDate="2026-03-03 17:00:00 +0100" endDate="2026-03-03 18:00:00 +0100">
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-03-03 17:30:00 +0100"/>
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="2026-03-03 17:40:00 +0100"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-03-03 17:00:00 +0100" endDate="2026-03-03 18:00:00 +0100" average="131" unit="count/min"/>
             </Workout>
            """)
        let workouts = try fixture.store.workouts(from: nil, to: nil)
        #expect(workouts.count == 1)
        #expect(workouts.first?.activeSeconds == 50 * 60)
        #expect(workouts.first?.distance == 20_000)
        #expect(workouts.first?.averageHeartRate == 131)
        #expect(try fixture.store.workouts(from: LocalDate(iso: "2026-03-04"), to: nil).isEmpty)
    }
}
