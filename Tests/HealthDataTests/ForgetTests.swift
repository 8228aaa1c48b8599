import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// `careplan health forget`: imported samples go, by source, type or day; nothing else does.
@Suite struct ForgetTests {
    @Test func forgettingRemovesWhatTheFilterReachesAndAReimportBringsItBack() throws {
        let fixture = try HealthFixture()
        let file = TestData.path("dogsheep-export.xml")
        try fixture.importFile(file)
        // A reading typed in careplan is not health data and stays.
        let plan = try PlanDecoder(file: "plan.yaml").decode("""
            title: T
            activities:
              - id: pulse
                kind: assessment
                title: Pulse
                schedule: {start: 2026-11-01, daily: 1}
                measure: {type: integer, unit: count/min, range: [30, 220]}
            """)
        let clock = CareClock(now: Date(timeIntervalSince1970: TimeInterval(HealthFixture.now)), timeZone: TimeZone(identifier: "UTC")!)
        try fixture.store.importPlan(plan, effective: LocalDate(iso: "2026-11-01")!, clock: clock)
        try fixture.store.log("pulse", inputs: ["72"], date: clock.today, clock: clock)

        #expect(try fixture.store.countSamples(SampleFilter()) == 3)
        #expect(try fixture.store.countSamples(SampleFilter(type: .workout)) == 1)
        #expect(try fixture.store.countSamples(SampleFilter(source: "Health Mate")) == 1)
        #expect(try fixture.store.countSamples(SampleFilter(before: LocalDate(iso: "2017-01-01"))) == 2, "the 2016 BMI and workout")
        #expect(try fixture.store.forgetSamples(SampleFilter(type: .workout), today: HealthFixture.today) == 1)
        #expect(try fixture.count("SELECT COUNT(*) FROM workoutEvent") == 0)
        // The export spells the source with a no-break space; typed with a plain one, it is found.
        let names = try fixture.store.sourcePriority().names.values.sorted()
        let watch = try #require(SourcePriority.resolve("apple watch", among: names))
        #expect(watch == "Apple\u{00A0}Watch")
        #expect(SourcePriority.resolve("Fitbit", among: names) == nil)
        #expect(try fixture.store.forgetSamples(SampleFilter(source: watch, type: .heartRate), today: HealthFixture.today) == 1)
        #expect(try fixture.store.countSamples(SampleFilter()) == 1)
        #expect(try fixture.count("SELECT COUNT(*) FROM outcome") == 1)
        // The same export is read again, not recognised, and brings back what it holds.
        let again = try fixture.importFile(file)
        #expect(again.previous == nil)
        #expect(again.added == 2)
        #expect(try fixture.store.forgetSamples(SampleFilter(), today: HealthFixture.today) == 3)
        #expect(try fixture.store.healthTypes().isEmpty && fixture.store.healthTypesHeld().isEmpty)
        #expect(try fixture.count("SELECT COUNT(*) FROM outcome") == 1)
    }
}
