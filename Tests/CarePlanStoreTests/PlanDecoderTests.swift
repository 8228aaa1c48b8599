import Testing
@testable import CarePlanStore

@Suite struct PlanDecoderTests {
    /// Decodes `yaml` expecting an error; returns its one-line description.
    func failure(_ yaml: String) -> String {
        do {
            _ = try decode(yaml, file: "knee.yaml")
            Issue.record("expected an error for:\n\(yaml)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func activity(_ body: String) -> String {
        "title: T\nactivities:\n  - id: a\n" + body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    @Test func decodesEveryScheduleKindAndMeasureType() throws {
        let plan = try decode(samplePlanYAML)
        #expect(plan.title == "Knee recovery")
        #expect(plan.patient == "Sam")
        #expect(plan.activities.count == 11)
        let byId = Dictionary(uniqueKeysWithValues: plan.activities.map { ($0.id, $0) })
        #expect(byId["ice-knee"]?.schedule.pattern == .daily(3))
        #expect(byId["ice-knee"]?.schedule.times.map(\.description) == ["08:00", "14:00", "20:00"])
        #expect(byId["stretch"]?.schedule.pattern == .weekly([.mon: 1, .wed: 1, .fri: 1]))
        #expect(byId["bp"]?.schedule.pattern == .every(days: 2, times: 1))
        #expect(byId["paracetamol"]?.schedule.pattern == .asNeeded)
        #expect(byId["anticoagulant"]?.schedule.end == date("2026-11-30"))
        #expect(byId["anticoagulant"]?.resettable == false)
        #expect(byId["walk"]?.optional == true)
        #expect(byId["bp"]?.measure?.fields.map(\.name) == ["systolic", "diastolic"])
        #expect(byId["pain"]?.measure?.fields.first?.range == 0...10)
        #expect(byId["swelling"]?.measure?.fields.first?.options == ["none", "mild", "moderate", "severe"])
        #expect(byId["temperature"]?.measure?.fields.first?.decimals == 1)
        #expect(byId["journal"]?.measure?.type == .text)
    }

    @Test func countsMayBeLeftOutWhenTimesAreGiven() throws {
        let plan = try decode("""
            title: T
            activities:
              - {id: a, kind: intervention, title: A, schedule: {start: 2026-11-01, daily: true, times: ["08:00", "20:00"]}}
              - {id: b, kind: intervention, title: B, schedule: {start: 2026-11-01, weekly: [mon, thu], times: ["09:00"]}}
              - {id: c, kind: intervention, title: C, schedule: {start: 2026-11-01, every: {days: 3}, times: ["07:00", "19:00"]}}
            """)
        #expect(plan.activities[0].schedule.pattern == .daily(2))
        #expect(plan.activities[1].schedule.pattern == .weekly([.mon: 1, .thu: 1]))
        #expect(plan.activities[2].schedule.pattern == .every(days: 3, times: 2))
    }

    @Test func weekdayKeysAreCheckedWithPosition() {
        let yaml = activity("""
            kind: intervention
            title: Stretch
            schedule:
              start: 2026-11-01
              weekly:
                monday: 1
            """)
        #expect(failure(yaml) == "knee.yaml:9:9: schedule: 'weekly' takes weekday keys mon..sun, found 'monday'")
    }

    @Test func unknownKeysAreErrorsWithASuggestion() {
        let message = failure(activity("kind: intervention\ntitle: A\ncolour: blue\nschedule: {start: 2026-11-01, daily: 1}"))
        #expect(message.hasPrefix("knee.yaml:6:5: activity: unknown key 'colour' (did you mean 'color'?)"))
    }

    @Test func everyMistakeNamesItsPlace() {
        let cases: [(String, String)] = [
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-01, daily: 3, times: [\"08:00\", \"20:00\"]}"),
             "knee.yaml:6:42: schedule: daily: 3 occurrences but 2 times (08:00, 20:00); give as many times as occurrences, or leave the count out"),
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-01, daily: 1, weekly: {mon: 1}}"),
             "knee.yaml:6:45: schedule: give exactly one of daily, weekly, every, as-needed; found daily and weekly"),
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-31, daily: 1}"),
             "knee.yaml:6:23: schedule: start: expected a date YYYY-MM-DD, found '2026-11-31'"),
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-05, end: 2026-11-01, daily: 1}"),
             "knee.yaml:6:40: schedule: end 2026-11-01 is before start 2026-11-05"),
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-01, daily: 2, times: [\"20:00\", \"08:00\"]}"),
             "knee.yaml:6:62: schedule: times: 08:00 comes after 20:00; list times in the order they are due, each once"),
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-01, as-needed: true, times: [\"08:00\"]}"),
             "knee.yaml:6:52: schedule: as-needed activities are never due, so they take no 'times'"),
            (activity("kind: assessment\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}\nmeasure: {type: number, unit: furlongs}"),
             "knee.yaml:7:35: measure: unit: unknown unit 'furlongs'"),
            (activity("kind: assessment\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}\nmeasure: {type: number, range: [30, 45], normal: [20, 37]}"),
             "knee.yaml:7:54: measure: normal [20, 37] lies outside range [30, 45]"),
            (activity("kind: assessment\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}\nmeasure: {type: scale, min: 0}"),
             "knee.yaml:7:14: measure: a scale needs 'min' and 'max' (e.g. min: 0, max: 10)"),
            (activity("kind: assessment\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}\nmeasure: {type: boolean, unit: kg}"),
             "knee.yaml:7:30: measure: 'unit' does not apply to a boolean measure"),
            (activity("kind: assessment\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}"),
             "knee.yaml:3:5: activity 'a': an assessment needs a 'measure'"),
            (activity("kind: intervention\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}\nmeasure: {type: text}"),
             "knee.yaml:7:5: measure: only assessments take a measure; 'a' is an intervention"),
            (activity("kind: chore\ntitle: A\nschedule: {start: 2026-11-01, daily: 1}"),
             "knee.yaml:4:11: kind: expected intervention or assessment, found 'chore'"),
            ("title: T\nactivities:\n  - id: Ice_Knee\n", "knee.yaml:3:9: id: 'Ice_Knee' is not a slug"),
            ("title: T\nactivities:\n  - {id: a, kind: intervention, title: A, schedule: {start: 2026-11-01, daily: 1}}\n  - {id: a, kind: intervention, title: B, schedule: {start: 2026-11-01, daily: 1}}\n",
             "knee.yaml:4:5: activities: id 'a' is used twice (first on line 3)"),
            ("title: T\nactivities: [\n", "knee.yaml:3:1: YAML syntax"),
            ("title: T\ntitle: U\nactivities: []\n", "knee.yaml:"),
            ("activities: []\n", "knee.yaml:1:1: plan: missing 'title'"),
        ]
        for (yaml, expected) in cases {
            let message = failure(yaml)
            #expect(message.hasPrefix(expected), "got: \(message)")
        }
    }

    @Test func exportReimportsToTheSamePlan() throws {
        let plan = try decode(samplePlanYAML)
        let exported = try PlanEncoder.yaml(plan)
        #expect(try decode(exported) == plan)
        // And the export is stable: exporting the re-read plan gives the same text.
        #expect(try PlanEncoder.yaml(try decode(exported)) == exported)
    }

    @Test func anInterventionNamesItsMedicineAndAnAssessmentCannot() throws {
        let plan = try decode(activity("kind: intervention\ntitle: Morning tablet\nmedication: Ramipril 5 mg\nschedule: {start: 2026-11-01, daily: 1}"))
        #expect(plan.activities[0].medication == "Ramipril 5 mg")
        #expect(try decode(try PlanEncoder.yaml(plan)) == plan)
        let refused = failure(activity("kind: assessment\ntitle: Pulse\nmedication: Ramipril\nmeasure: {type: integer, unit: bpm}\nschedule: {start: 2026-11-01, daily: 1}"))
        #expect(refused.contains("medication") && refused.contains("only an intervention"), "got: \(refused)")
    }

    @Test func textThatLooksLikeANumberSurvivesTheRoundTrip() throws {
        var plan = try decode(samplePlanYAML)
        plan.title = "2026"
        plan.activities[0].title = "yes"
        plan.activities[0].instructions = "Line one: keep the leg up.\nLine two: 20 minutes, then rest."
        #expect(try decode(try PlanEncoder.yaml(plan)) == plan)
    }
}
