import Foundation
import Testing
@testable import CarePlanStore

/// The sleep diary: times as people type them, a night read backwards from getting up, the
/// figures the Consensus Sleep Diary gives, and every mistake named with what is accepted.
@Suite struct SleepDiaryTests {
    static let planYAML = """
        title: Sleep
        activities:
          - id: diary
            kind: assessment
            title: Sleep diary
            schedule: {start: 2026-10-01, daily: 1, times: ["07:00"]}
            measure: {type: sleep}
        """
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    let test: TestStore

    init() throws {
        test = try TestStore()
        try test.store.importPlan(try decode(Self.planYAML), effective: date("2026-10-01"), clock: clock("2026-10-01T09:00"))
    }

    @Test(arguments: [("23:10", 1390), ("11:10pm", 1390), ("11:10 PM", 1390), ("23.10", 1390), ("2310", 1390), ("11pm", 1380),
                      ("7am", 420), ("12am", 0), ("12:30pm", 750), ("7", 420), ("0:05", 5)])
    func timesAsPeopleTypeThem(_ text: String, _ minutes: Int) {
        #expect(TimeOfDay(entered: text)?.minutes == minutes)
    }

    @Test(arguments: ["25:10", "12:60", "13pm", "0am", "7:5", "", "noon", "23:10:00", "-1"])
    func whatIsNotATime(_ text: String) {
        #expect(TimeOfDay(entered: text) == nil)
    }

    func log(_ entry: SleepDiary.Entry, on day: String = "2026-11-24") throws -> RecordedOutcome {
        try test.store.logSleep("diary", entry: entry, date: date(day), clock: clock("2026-11-24T09:00"))
    }

    @Test func theIssuesExampleNight() throws {
        let recorded = try log(SleepDiary.Entry(bed: "23:10", lightsOut: "23:30", latency: "20", awakenings: "2", awake: "25",
                                                wake: "06:40", up: "07:00", quality: "3"))
        let figures = try #require(SleepDiary.figures(recorded.outcome.values, date: date("2026-11-24"), zone: Self.berlin))
        // Time in bed = bed → up; total sleep = lights out → wake, less latency and minutes awake.
        #expect(figures.timeInBed == 470 * 60)
        #expect(figures.totalSleep == (430 - 20 - 25) * 60)
        #expect(figures.latency == 20 * 60 && figures.wakeAfterOnset == 25 * 60 && figures.awakenings == 2)
        #expect(abs(figures.efficiency! - 385.0 / 470) < 1e-9)
        #expect(SleepDiary.quality(recorded.outcome.values) == 3)
        // Bed is the evening before: -50 minutes from the morning's midnight; the derived values are stored.
        let values = Dictionary(uniqueKeysWithValues: recorded.outcome.values.map { ($0.name, $0) })
        #expect(values["bed"]?.value == -50 && values["bed"]?.text == "23:10")
        #expect(values["total-sleep"]?.value == 385 && values["efficiency"]?.value == 82)
        #expect(ReadingText.reading(recorded.outcome.values, measure: recorded.activity.measure) == "23:10–07:00 · asleep 6 h 25 min · 82 % · quality 3")
    }

    @Test func optionalFieldsTakeTheirDefaults() throws {
        let recorded = try log(SleepDiary.Entry(bed: "11:30pm", wake: "6.30", up: "0645"))
        let figures = try #require(SleepDiary.figures(recorded.outcome.values, date: date("2026-11-24"), zone: Self.berlin))
        #expect(figures.timeInBed == 435 * 60)
        #expect(figures.totalSleep == 420 * 60)
        #expect(figures.latency == 0 && figures.awakenings == 0)
    }

    @Test func aBedtimeAfterMidnightStaysOnTheMorning() throws {
        let recorded = try log(SleepDiary.Entry(bed: "00:40", wake: "07:10", up: "07:30"))
        #expect(recorded.outcome.values.first { $0.name == "bed" }?.value == 40)
        let figures = try #require(SleepDiary.figures(recorded.outcome.values, date: date("2026-11-24"), zone: Self.berlin))
        #expect(figures.timeInBed == 410 * 60)
    }

    @Test func aDiaryNightAcrossTheClockChangesCountsRealTime() throws {
        // 25 October 2026: clocks go back an hour at 03:00.
        let autumn = try log(SleepDiary.Entry(bed: "23:00", wake: "06:30", up: "07:00"), on: "2026-10-25")
        let figures = try #require(SleepDiary.figures(autumn.outcome.values, date: date("2026-10-25"), zone: Self.berlin))
        #expect(figures.timeInBed == 9 * 3600)
        #expect(figures.totalSleep == 8 * 3600 + 30 * 60)
    }

    @Test func mistakesNameTheFieldAndWhatIsAccepted() throws {
        func refusal(_ entry: SleepDiary.Entry) -> String {
            do { _ = try log(entry); return "accepted" } catch { return "\(error)" }
        }
        #expect(refusal(SleepDiary.Entry(bed: "25:10", wake: "06:40", up: "07:00")).contains("bed: '25:10' is not a time of day; enter it like 23:10, 11:10pm or 23.10"))
        #expect(refusal(SleepDiary.Entry(bed: "23:10", wake: "06:40")).contains("up: missing"))
        #expect(refusal(SleepDiary.Entry(bed: "23:10", latency: "500", wake: "06:40", up: "07:00")).contains("latency: 500 min is longer than the 450 min"))
        #expect(refusal(SleepDiary.Entry(bed: "23:10", latency: "200", awake: "300", wake: "06:40", up: "07:00")).contains("add up to more than"))
        #expect(refusal(SleepDiary.Entry(bed: "23:10", awake: "20", wake: "06:40", up: "07:00")).contains("needs at least one awakening"))
        #expect(refusal(SleepDiary.Entry(bed: "23:10", wake: "06:40", up: "07:00", quality: "6")).contains("quality: 6 is outside the scale; enter a whole number from 1 to 5"))
        #expect(refusal(SleepDiary.Entry(bed: "23:10", lightsOut: "22:00", wake: "06:40", up: "07:00")).contains("comes after lights out"))
        // Nothing was written by any of them.
        #expect(try test.store.outcomes(activityId: "diary").isEmpty)
    }

    @Test func valuesAreRefusedForADiary() throws {
        #expect(throws: CarePlanError.self) {
            try test.store.log("diary", inputs: ["7"], date: date("2026-11-24"), clock: clock("2026-11-24T09:00"))
        }
    }

    @Test func thePlanFileTakesTheSettingsAndRefusesWhatDoesNotApply() throws {
        let plan = try decode("""
            title: Sleep
            activities:
              - id: diary
                kind: assessment
                title: Sleep diary
                schedule: {start: 2026-10-01, daily: 1}
                measure: {type: sleep, window: "20:00-12:00", awakening: 10, headline: diary, healthkit: HKCategoryTypeIdentifierSleepAnalysis}
            """)
        let settings = try #require(plan.activities[0].measure?.sleep)
        #expect(settings.windowText == "20:00-12:00" && settings.awakeningMinutes == 10 && settings.headline == .diary)
        #expect(try decode(try PlanEncoder.yaml(plan)) == plan)
        // Stored and read back as columns.
        try test.store.importPlan(plan, effective: date("2026-11-01"), clock: clock("2026-11-01T09:00"))
        #expect(try test.store.plan().history("diary")?.activity(on: date("2026-11-02")).measure?.sleep == settings)

        func refusal(_ measure: String) -> String {
            do {
                _ = try decode("title: T\nactivities:\n  - id: d\n    kind: assessment\n    title: D\n    schedule: {start: 2026-10-01, daily: 1}\n    measure: \(measure)\n")
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(refusal("{type: sleep, unit: min}").contains("'unit' does not apply to a sleep measure"))
        #expect(refusal("{type: sleep, window: \"18:00-20:00\"}").contains("longer than a day"))
        #expect(refusal("{type: sleep, window: 6pm}").contains("expected two times HH:MM-HH:MM"))
        #expect(refusal("{type: sleep, headline: watch}").contains("expected device or diary"))
        #expect(refusal("{type: number, window: \"18:00-18:00\"}").contains("applies to a sleep measure"))
        #expect(refusal("{type: number, healthkit: HKCategoryTypeIdentifierSleepAnalysis}").contains("fills a sleep diary"))
        #expect(refusal("{type: sleep, healthkit: HKQuantityTypeIdentifierBodyMass}").contains("a sleep diary links HKCategoryTypeIdentifierSleepAnalysis"))
    }
}
