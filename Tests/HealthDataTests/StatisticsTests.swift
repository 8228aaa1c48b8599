import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Statistics collections: cumulative types summed with overlapping sources counted once,
/// discrete types averaged; answers known by construction.
@Suite struct StatisticsTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    func stepsOn2March(_ fixture: HealthFixture) throws -> Double? {
        try fixture.store.statistics(of: .stepCount, from: LocalDate(iso: "2026-03-02")!, to: LocalDate(iso: "2026-03-02")!, by: .day)
            .buckets.first?.sum
    }

    @Test func anIPhoneAndAWatchCountingTheSameWalkAreCountedOnce() throws {
        let fixture = try HealthFixture()
        func walk(_ source: String, _ from: String, _ to: String, _ value: String) -> String {
            record(Self.steps, value, unit: "count", start: "2026-03-02 \(from):00 +0100", end: "2026-03-02 \(to):00 +0100", source: source)
        }
        try fixture.importXML(
            // The same ten minutes on both: 1,000 steps, not 2,000.
            walk("Sam's Apple Watch", "10:00", "10:10", "1000") + walk("Sam's iPhone", "10:00", "10:10", "980")
            // The iPhone alone for the next ten (the Watch was charging): all 500 count.
            + walk("Sam's iPhone", "10:10", "10:20", "500")
            // Half covered by the Watch: half of the iPhone's 200.
            + walk("Sam's Apple Watch", "11:00", "11:10", "300") + walk("Sam's iPhone", "11:05", "11:15", "200"))
        #expect(try stepsOn2March(fixture) == 1000 + 500 + 300 + 100)
        #expect(try fixture.store.sourcePriority().order.count == 2)
        #expect(try fixture.store.sourcePriority().names.values.sorted() == ["Sam's Apple Watch", "Sam's iPhone"])
        // The iPhone first: its 980 + 500 + 200, and the Watch's uncovered half of 300.
        try fixture.store.setSourcePriority(["Sam's iPhone"], today: HealthFixture.today)
        #expect(try stepsOn2March(fixture) == 980 + 500 + 200 + 150)
        #expect(throws: HealthDataError.unknownSource("Fitbit", known: ["Sam's Apple Watch", "Sam's iPhone"])) {
            try fixture.store.setSourcePriority(["Fitbit"], today: HealthFixture.today)
        }
    }

    @Test func discreteTypesAreAveragedPerDayAndRolledUpExactly() throws {
        let fixture = try HealthFixture()
        let rate = { (value: String, at: String, source: String) in
            record("HKQuantityTypeIdentifierHeartRate", value, unit: "count/min", start: "2026-03-\(at) +0100", source: source)
        }
        try fixture.importXML(rate("60", "02 08:00:00", "Watch") + rate("80", "02 20:00:00", "Watch") + rate("70", "02 12:00:00", "Oximeter")
                              + rate("90", "03 09:00:00", "Watch"))
        let daily = try fixture.store.statistics(of: .heartRate, from: LocalDate(iso: "2026-03-01")!, to: LocalDate(iso: "2026-03-08")!, by: .day)
        #expect(daily.aggregation == .discrete)
        #expect(daily.unit == "count/min")
        #expect(daily.buckets.map(\.start.iso) == ["2026-03-02", "2026-03-03"])
        #expect(daily.buckets.map(\.count) == [3, 1])
        #expect(daily.buckets.map(\.average) == [70, 90])
        #expect(daily.buckets.map(\.minimum) == [60, 90])
        #expect(daily.buckets.map(\.last) == [80, 90], "the latest sample of the day, whichever source")
        let weekly = try fixture.store.statistics(of: .heartRate, from: LocalDate(iso: "2026-03-01")!, to: LocalDate(iso: "2026-03-08")!, by: .week)
        #expect(weekly.buckets.map(\.start.iso) == ["2026-03-02"], "a week without samples is left out")
        #expect(weekly.buckets.last?.count == 4)
        #expect(weekly.buckets.last?.average == 75)
        #expect(weekly.buckets.last?.maximum == 90)
        #expect(weekly.buckets.last?.last == 90)
        #expect(throws: HealthStatisticsError.notAQuantity(.sleepAnalysis)) {
            try fixture.store.statistics(of: .sleepAnalysis, from: LocalDate(iso: "2026-03-01")!, to: LocalDate(iso: "2026-03-08")!, by: .day)
        }
    }
}
