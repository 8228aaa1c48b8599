import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData
import Testing

/// A plan linked to health data (CareKit's HealthKit linkage): assessments filled by samples
/// without overwriting what was typed, an intervention ticked by a steps goal, links checked
/// like the rest of the plan file.
@Suite struct PlanLinkageTests {
    static let plan = """
        title: Hypertension
        activities:
          - id: bp
            kind: assessment
            title: Blood pressure
            schedule: {start: 2026-11-01, daily: 2, times: ["08:00", "20:00"]}
            measure:
              type: integer
              fields:
                - {name: systolic, unit: mmHg}
                - {name: diastolic, unit: mmHg}
              healthkit: HKCorrelationTypeIdentifierBloodPressure
              sources: [Omron connect]
          - id: weight
            kind: assessment
            title: Weight
            schedule: {start: 2026-11-01, daily: 1}
            measure: {type: number, unit: lb, decimals: 1, healthkit: HKQuantityTypeIdentifierBodyMass}
          - id: walk
            kind: intervention
            title: Walk 6,000 steps
            schedule: {start: 2026-11-01, daily: 1}
            healthkit: {type: HKQuantityTypeIdentifierStepCount, goal: 6000}

        """

    static func pressure(_ source: String, _ at: String, _ systolic: Int, _ diastolic: Int) -> String {
        let date = "2026-11-20 \(at):00 +0100"
        return """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="\(source)" startDate="\(date)" endDate="\(date)">
              \(record("HKQuantityTypeIdentifierBloodPressureSystolic", "\(systolic)", unit: "mmHg", start: date, source: source))
              \(record("HKQuantityTypeIdentifierBloodPressureDiastolic", "\(diastolic)", unit: "mmHg", start: date, source: source))
             </Correlation>

            """
    }

    static func steps(_ source: String, _ day: String, _ from: String, _ to: String, _ value: String) -> String {
        record(StatisticsTests.steps, value, unit: "count", start: "2026-11-\(day) \(from):00 +0100", end: "2026-11-\(day) \(to):00 +0100", source: source)
    }

    let fixture: HealthFixture
    let clock = CareClock(now: Date(timeIntervalSince1970: TimeInterval(HealthFixture.now)), timeZone: TimeZone(identifier: "Europe/Berlin")!)

    init() throws {
        fixture = try HealthFixture()
        fixture.store.fillingLinkedActivities()
        let plan = try PlanDecoder(file: "plan.yaml").decode(Self.plan)
        try fixture.store.importPlan(plan, effective: LocalDate(iso: "2026-11-01")!, clock: clock)
    }

    func outcomes(_ id: String) throws -> [Outcome] { try fixture.store.outcomes(activityId: id) }

    @Test func samplesFillTheDayWithoutOverwritingATypedReadingAndEverySampleCounts() throws {
        let day = LocalDate(iso: "2026-11-20")!
        try fixture.store.log("bp", inputs: ["120", "80"], date: day, occurrence: 1, clock: clock)
        try fixture.importXML(Self.pressure("Omron connect", "08:05", 128, 84) + Self.pressure("Omron connect", "20:10", 140, 90)
                              + Self.pressure("Manual app", "12:00", 150, 95)
                              + record("HKQuantityTypeIdentifierBodyMass", "80", unit: "kg", start: "2026-11-20 07:00:00 +0100", source: "Withings"))
        let bp = try outcomes("bp")
        #expect(bp.map(\.occurrence) == [0, 1, 2])
        #expect(bp.map { $0.values.compactMap(\.value) } == [[128, 84], [120, 80], [140, 90]], "the cuff's two readings, the typed one kept")
        #expect(bp.map(\.source) == ["Apple Health · Omron connect", nil, "Apple Health · Omron connect"], "the manual app is not a source of this link")
        let weight = try #require(try outcomes("weight").first)
        #expect(abs(weight.values[0].value! - 80 / 0.45359237) < 1e-9)
        #expect(weight.values[0].unit == "lb")
        // Every sample of the day counts in the day's statistics: 128, 120 and 140.
        let summary = try fixture.store.read { try Row.fetchOne($0, sql: "SELECT count, sum FROM daySummary WHERE activityId = 'bp' AND field = 'systolic'") }
        #expect(summary?[0] == 3 && summary?[1] == 388.0)

        // A reading typed over a filled occurrence wins; the sample stays one of the day's readings.
        try fixture.store.log("bp", inputs: ["118", "77"], date: day, occurrence: 0, clock: clock)
        #expect(try outcomes("bp").map { $0.values.compactMap(\.value) }.sorted { $0[0] < $1[0] } == [[118, 77], [120, 80], [128, 84], [140, 90]])
        #expect(throws: CarePlanError.filledByHealthData(id: "bp", date: day, source: "Apple Health · Omron connect")) {
            try fixture.store.reset("bp", date: day, occurrence: 2)
        }
        // Importing again changes nothing; forgetting the data leaves only what was typed.
        try fixture.importXML(Self.pressure("Omron connect", "08:05", 128, 84), name: "again.xml")
        #expect(try outcomes("bp").count == 4)
        try fixture.store.forgetSamples(SampleFilter(), today: HealthFixture.today)
        #expect(try outcomes("bp").map { $0.values.compactMap(\.value) } == [[118, 77], [120, 80]])
        #expect(try outcomes("weight").isEmpty)
    }

    @Test func aStepsGoalTicksTheInterventionOnDaysTheMergedSumReachesIt() throws {
        // 20 Nov: the Watch's 3,000 + 3,500 and the iPhone's 4,000 over the Watch's first hour: 6,500, done.
        // 21 Nov: 5,000, not done. 22 Nov: ticked by hand, kept.
        try fixture.store.markDone("walk", date: LocalDate(iso: "2026-11-22")!, clock: clock)
        try fixture.importXML(Self.steps("Apple Watch", "20", "10:00", "11:00", "3000") + Self.steps("iPhone", "20", "10:00", "11:00", "4000")
                              + Self.steps("Apple Watch", "20", "15:00", "16:00", "3500") + Self.steps("iPhone", "21", "10:00", "11:00", "5000")
                              + Self.steps("iPhone", "22", "10:00", "11:00", "9000"))
        let walk = try outcomes("walk")
        #expect(walk.map(\.date.iso) == ["2026-11-20", "2026-11-22"])
        #expect(walk.map(\.source) == ["Apple Health · 6,500 steps", nil])
        #expect(walk.first?.recordedAtLocal == "2026-11-20T15:00:00+01:00", "the day's latest sample, in its own offset")
        let adherence = try fixture.store.day(LocalDate(iso: "2026-11-20")!).adherence
        #expect(adherence == .due(completed: 1, total: 1))
        // The iPhone first: 4,000 + 3,500 = 7,500 still reaches the goal; the figure follows.
        try fixture.store.setSourcePriority(["iPhone"], today: HealthFixture.today)
        #expect(try outcomes("walk").first?.source == "Apple Health · 7,500 steps")
    }

    @Test func linksAreCheckedLikeTheRestOfThePlanAndRoundTrip() throws {
        func refusal(_ yaml: String) -> String {
            do { _ = try PlanDecoder(file: "plan.yaml").decode(yaml); return "accepted" } catch { return "\(error)" }
        }
        #expect(refusal(Self.plan.replacingOccurrences(of: "unit: lb", with: "unit: bpm")).hasPrefix(
            "plan.yaml:18:35: measure: unit: HKQuantityTypeIdentifierBodyMass is in kg (kilograms); the measure has 'count/min'"))
        #expect(refusal(Self.plan.replacingOccurrences(of: "BodyMass}", with: "BodyMas}")).hasPrefix(
            "plan.yaml:18:63: measure: healthkit: careplan cannot link 'HKQuantityTypeIdentifierBodyMas'"))
        #expect(refusal(Self.plan.replacingOccurrences(of: "{name: diastolic, unit: mmHg}", with: "{name: diastolic, unit: kg}")).hasPrefix(
            "plan.yaml:12:18: measure: healthkit: HKCorrelationTypeIdentifierBloodPressure fills a number measure with two fields"))
        #expect(refusal(Self.plan.replacingOccurrences(of: "StepCount, goal: 6000", with: "HeartRate, goal: 6000")).hasPrefix(
            "plan.yaml:23:64: healthkit: goal: HKQuantityTypeIdentifierHeartRate does not add up over a day"))
        let plan = try PlanDecoder(file: "plan.yaml").decode(Self.plan)
        #expect(plan.activities.map { $0.health?.type } == ["HKCorrelationTypeIdentifierBloodPressure", "HKQuantityTypeIdentifierBodyMass",
                                                            "HKQuantityTypeIdentifierStepCount"])
        #expect(try PlanDecoder(file: "export.yaml").decode(PlanEncoder.yaml(plan)) == plan)
        #expect(try fixture.store.plan().histories.map { $0.activity(on: HealthFixture.today) } == plan.activities, "stored as written")
    }

    @Test func undoingAReadingTypedOverAFilledOneGivesTheOccurrenceBackToTheSampleOnce() throws {
        let day = LocalDate(iso: "2026-11-20")!
        try fixture.importXML(Self.pressure("Omron connect", "08:05", 128, 84))
        let typed = try fixture.store.log("bp", inputs: ["118", "77"], date: day, occurrence: 0, clock: clock)
        #expect(try outcomes("bp").map(\.occurrence) == [0, 2], "the sample kept after the day's two occurrences")
        try fixture.store.undoRecording(typed.outcome, restoring: typed.replaced)
        let bp = try outcomes("bp")
        #expect(bp.map(\.occurrence) == [0])
        #expect(bp.first?.source == "Apple Health · Omron connect")
        #expect(bp.first?.values.compactMap(\.value) == [128, 84])
    }

    @Test func workoutsMindfulSessionsAndAnyDailySampleCompleteInterventions() throws {
        let plan = try PlanDecoder(file: "plan.yaml").decode("""
            title: Moving
            activities:
              - id: walk
                kind: intervention
                title: Walk 30 minutes
                schedule: {start: 2026-11-01, daily: 1}
                healthkit: {type: HKWorkoutActivityTypeWalking, goal: 30}
              - id: breathe
                kind: intervention
                title: Breathing exercise
                schedule: {start: 2026-11-01, daily: 1}
                healthkit: HKCategoryTypeIdentifierMindfulSession
              - id: weigh
                kind: intervention
                title: Weigh yourself
                schedule: {start: 2026-11-01, daily: 1}
                healthkit: {type: HKQuantityTypeIdentifierBodyMass, sources: [Withings]}
            """)
        try fixture.store.importPlan(plan, effective: LocalDate(iso: "2026-11-01")!, clock: clock)
        func walk(_ day: String, _ start: String, _ end: String, pause: (String, String)?) -> String {
            let events = pause.map { """
                  <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-11-\(day) \($0.0):00 +0100"/>
                  <WorkoutEvent type="HKWorkoutEventTypeResume" date="2026-11-\(day) \($0.1):00 +0100"/>

                """ } ?? ""
            return """
                 <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Watch" startDate="2026-11-\(day) \(start):00 +0100" endDate="2026-11-\(day) \(end):00 +0100">
                \(events) </Workout>

                """
        }
        try fixture.importXML(
            // 20 Nov: 35 minutes, 5 paused: 30 active, done. 21 Nov: 40 minutes, 15 paused: 25, not done.
            walk("20", "18:00", "18:35", pause: ("18:10", "18:15")) + walk("21", "18:00", "18:40", pause: ("18:10", "18:25"))
            + record("HKCategoryTypeIdentifierMindfulSession", nil, unit: nil, start: "2026-11-21 07:00:00 +0100", end: "2026-11-21 07:05:00 +0100", source: "Breathe")
            // A scale's weight completes the day; one typed into the Health app does not (not the linked source).
            + record("HKQuantityTypeIdentifierBodyMass", "80.4", unit: "kg", start: "2026-11-20 07:00:00 +0100", source: "Withings")
            + record("HKQuantityTypeIdentifierBodyMass", "81", unit: "kg", start: "2026-11-21 07:00:00 +0100", source: "Health"))
        #expect(try outcomes("walk").map { "\($0.date.iso) \($0.source ?? "") \($0.recordedAtLocal)" }
                == ["2026-11-20 Apple Health · workout 30 min 2026-11-20T18:35:00+01:00"])
        #expect(try outcomes("breathe").map { "\($0.date.iso) \($0.source ?? "")" } == ["2026-11-21 Apple Health · mindful 5 min"])
        #expect(try outcomes("weigh").map { "\($0.date.iso) \($0.source ?? "")" } == ["2026-11-20 Apple Health · weight 80.4 kg"])
    }

    @Test func clearingATypedReadingGivesItsOccurrenceToTheSampleAndUndoingTheClearTakesItBack() throws {
        let day = LocalDate(iso: "2026-11-20")!
        try fixture.store.log("bp", inputs: ["118", "77"], date: day, occurrence: 0, clock: clock)
        try fixture.importXML(Self.pressure("Omron connect", "08:05", 128, 84))
        #expect(try outcomes("bp").map(\.occurrence) == [0, 2])
        let cleared = try fixture.store.reset("bp", date: day, occurrence: 0)
        #expect(try outcomes("bp").map { "\($0.occurrence) \($0.source ?? "typed")" } == ["0 Apple Health · Omron connect"])
        try fixture.store.restore(cleared)
        #expect(try outcomes("bp").map { "\($0.occurrence) \($0.source ?? "typed")" } == ["0 typed", "2 Apple Health · Omron connect"])
    }

    @Test func endingALinkedActivityTakesWhatDataFilledAfterItsLastDay() throws {
        try fixture.importXML(record("HKQuantityTypeIdentifierBodyMass", "80", unit: "kg", start: "2026-11-20 07:00:00 +0100", source: "Withings"))
        try fixture.store.log("weight", inputs: ["176"], date: LocalDate(iso: "2026-11-18")!, clock: clock)
        #expect(try fixture.store.end("weight", on: LocalDate(iso: "2026-11-19")!) == LocalDate(iso: "2026-11-19")!)
        #expect(try outcomes("weight").map(\.date.iso) == ["2026-11-18"])
    }
}
