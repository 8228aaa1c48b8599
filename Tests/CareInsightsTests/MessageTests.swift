import Foundation
import CareInsights
import CarePlanStore
import CareSamples
import Testing

let messagePlan = """
title: Messages
activities:
  - id: metformin
    kind: intervention
    title: Metformin
    schedule: {start: 2026-02-01, daily: 1}
  - id: weigh
    kind: intervention
    title: Weigh-in
    schedule: {start: 2026-02-01, weekly: {mon: 1, thu: 1}}
  - id: stretch
    kind: intervention
    title: the stretches
    optional: true
    schedule: {start: 2026-02-01, daily: 1}
  - id: temperature
    kind: assessment
    title: Temperature
    schedule: {start: 2026-02-01, daily: 2}
    measure: {type: number, unit: degC, range: [34, 43], normal: [36.1, 37.5], decimals: 1}
  - id: pain
    kind: assessment
    title: Pain
    schedule: {start: 2026-02-01, daily: 1}
    measure: {type: scale, min: 0, max: 10, normal: [0, 3]}
"""

@Suite struct MessageTests {
    func store() throws -> InsightsStore { try InsightsStore(messagePlan, importedOn: "2026-02-01") }

    /// Metformin, and the weigh-in on Mondays and Thursdays, done on each of `days`.
    func doEverything(_ test: InsightsStore, on days: [String]) throws {
        for day in days {
            try test.done("metformin", on: day)
            if [.mon, .thu].contains(date(day).weekday) { try test.done("weigh", on: day) }
        }
    }

    @Test func readingsOutsideNormalInTheLastSevenDays() throws {
        let test = try store()
        try test.readings("temperature", on: "2026-03-01", [39.0])  // eight days back: outside the window
        try test.readings("temperature", on: "2026-03-02", [36.8, 37.5])  // 37.5 is the top of normal, not above it
        try test.readings("temperature", on: "2026-03-03", [36.8, 37.9])
        try test.readings("temperature", on: "2026-03-04", [35.9])
        try test.readings("temperature", on: "2026-03-05", [38.2, 38.4])
        try test.readings("temperature", on: "2026-03-08", [37.6])
        let messages = try test.report(.week, "2026-03-08", today: "2026-03-08").messages(.outOfNormal)
        // An alert says to call; without a responsible contact in the plan, the care team.
        #expect(messages.map(\.text) == ["Temperature above 37.5 °C on 3 of the last 7 days; call your care team",
                                         "Temperature below 36.1 °C on 1 of the last 7 days"])
        #expect(messages.map(\.level) == [.alert, .warning])
        #expect(messages[0].numbers["days"] == 3)
        #expect(messages[0].numbers["window"] == 7)
        #expect(messages[0].numbers["threshold"] == 37.5)
        #expect(messages[0].numbers["daysWithReadings"] == 5)
        #expect(messages.allSatisfy { $0.activityId == "temperature" })

        // Two days out is a warning; a past week names its dates.
        let past = try test.report(.week, "2026-03-08", today: "2026-03-20").messages(.outOfNormal)
        #expect(past.first?.text == "Temperature above 37.5 °C on 3 of the 7 days to 2026-03-08; call your care team")
        try test.readings("pain", on: "2026-03-06", [5])
        try test.readings("pain", on: "2026-03-07", [4])
        let pain = try test.report(.week, "2026-03-08", today: "2026-03-08").messages(.outOfNormal).filter { $0.activityId == "pain" }
        #expect(pain.map(\.text) == ["Pain above 3 points on 2 of the last 7 days"])
        #expect(pain.map(\.level) == [.warning])
    }

    /// Metformin done every day from 1 February except `missed`; nothing yet today.
    func streak(missing missed: [String], today: String = "2026-03-08") throws -> [InsightMessage] {
        let test = try store()
        try doEverything(test, on: days(from: "2026-02-01", count: date(today).days(since: date("2026-02-01"))).filter { !missed.contains($0) })
        return try test.report(.week, today, today: today).messages(.missedStreak)
    }

    @Test func missedStreaksCountFinishedScheduledDays() throws {
        let two = try streak(missing: ["2026-03-06", "2026-03-07"])
        #expect(two.map(\.text) == ["Metformin missed 2 days in a row"], "today, not over yet, is not a miss")
        #expect(two.map(\.level) == [.warning])
        #expect(two.first?.numbers["days"] == 2)
        #expect(two.first?.activityId == "metformin")

        let three = try streak(missing: ["2026-03-05", "2026-03-06", "2026-03-07"])
        // Thursday the 5th was also a weigh-in day, but the Monday before was done: a run of one.
        #expect(three.map(\.text) == ["Metformin missed 3 days in a row"])
        #expect(three.map(\.level) == [.alert])

        #expect(try streak(missing: ["2026-03-07"]).isEmpty, "one missed day is not a streak")
        #expect(try streak(missing: ["2026-03-05", "2026-03-07"]).isEmpty, "a day done ends the run")

        // Weigh-ins are due on Mondays and Thursdays only: the days between do not break the run.
        let weigh = try streak(missing: ["2026-03-02", "2026-03-05"])
        #expect(weigh.map(\.text) == ["Weigh-in missed the last 2 scheduled days (to 2026-03-05)"])

        // On a Monday the week shown has no finished day yet: the run is followed into the days
        // before the period, as far as the look-back goes.
        let monday = try streak(missing: ["2026-02-27", "2026-02-28", "2026-03-01"], today: "2026-03-02")
        #expect(monday.map(\.text) == ["Metformin missed 3 days in a row"])
        let long = try streak(missing: days(from: "2026-02-10", count: 20), today: "2026-03-02")
        #expect(long.map(\.text) == ["Metformin missed 20 days in a row", "Weigh-in missed the last 5 scheduled days (to 2026-02-26)"])

        // Nothing done in the week nor in the week before it, which the report reads day by day:
        // the run's start is found in the days before those.
        let older = try streak(missing: days(from: "2026-02-17", count: 20))
        #expect(older.map(\.text) == ["Metformin missed 19 days in a row", "Weigh-in missed the last 5 scheduled days (to 2026-03-05)"])
    }

    /// Metformin done on `previous` of the 7 days before 2 March and `current` of the 7 days from
    /// it; the weigh-ins (Mondays and Thursdays) always.
    func drop(previous: Int, current: Int) throws -> [InsightMessage] {
        let test = try store()
        for (index, day) in days(from: "2026-02-23", count: 7).enumerated() where index < previous { try test.done("metformin", on: day) }
        for (index, day) in days(from: "2026-03-02", count: 7).enumerated() where index >= 7 - current { try test.done("metformin", on: day) }
        for day in ["2026-02-23", "2026-02-26", "2026-03-02", "2026-03-05"] { try test.done("weigh", on: day) }
        return try test.report(.week, "2026-03-02", today: "2026-03-15").messages(.adherenceDrop)
    }

    @Test func adherenceDropAgainstThePreviousPeriodOfTheSameLength() throws {
        let big = try drop(previous: 7, current: 3)
        // 3 of 7 doses and 2 of 2 weigh-ins, against 9 of 9.
        #expect(big.map(\.text) == ["Adherence 56 % over the 7 days to 2026-03-08, down from 100 % in the 7 days before"])
        #expect(big.map(\.level) == [.alert])
        #expect(big.first?.numbers["previous"] == 100)
        #expect(abs((big.first?.numbers["current"] ?? 0) - 500.0 / 9) < 1e-9)
        #expect(big.first?.numbers["completed"] == 5)
        #expect(big.first?.numbers["due"] == 9)
        #expect(big.first?.activityId == nil)

        #expect(try drop(previous: 7, current: 6).map(\.level) == [.warning], "11 points down")
        #expect(try drop(previous: 7, current: 7).isEmpty)
        #expect(try drop(previous: 6, current: 7).isEmpty, "a rise is not a drop")
    }

    @Test func thePreviousPeriodIsAsLongAsTheFinishedDays() throws {
        let test = try store()
        // Wednesday 11 March: 1–10 March are finished, so they are compared with 19–28 February.
        // Before: all done but Thursday 19 to Saturday 21 (metformin 7 of 10, weigh-ins 2 of 3).
        try doEverything(test, on: days(from: "2026-02-22", count: 7))
        // Now: metformin on 3 of 10 days, every weigh-in (2, 5 and 9 March).
        for day in ["2026-03-01", "2026-03-04", "2026-03-07"] { try test.done("metformin", on: day) }
        for day in ["2026-03-02", "2026-03-05", "2026-03-09"] { try test.done("weigh", on: day) }
        let messages = try test.report(.month, "2026-03-11", today: "2026-03-11").messages(.adherenceDrop)
        #expect(messages.map(\.text) == ["Adherence 46 % over the last 10 days, down from 69 % in the 10 days before"])
        #expect(messages.map(\.level) == [.warning])
        #expect(messages.first?.numbers["previousCompleted"] == 9)
        #expect(messages.first?.numbers["previousDue"] == 13)
        #expect(messages.first?.numbers["days"] == 10)
    }

    @Test func dropCountsOnlyFinishedDaysOfTheCurrentPeriod() throws {
        let test = try store()
        try doEverything(test, on: days(from: "2026-02-01", count: 35))  // to 7 March
        // Sunday 8 March at breakfast: today's dose is still open and must not read as a drop.
        #expect(try test.report(.week, "2026-03-08", today: "2026-03-08").messages(.adherenceDrop).isEmpty)
    }

    /// Pain on 1–14 February; the stretches done every other day, when pain was lower.
    func association(withoutDays: Int) throws -> InsightsReport {
        let test = try store()
        let with: [Double] = [2, 1, 2, 3, 2, 1, 2], without: [Double] = [5, 4, 5, 6, 5, 4, 5]
        for (index, day) in days(from: "2026-02-01", count: 14).enumerated() {
            if index % 2 == 0 {
                try test.done("stretch", on: day)
                try test.readings("pain", on: day, [with[index / 2]])
            } else if index / 2 < withoutDays {
                try test.readings("pain", on: day, [without[index / 2]])
            }
        }
        return try test.report(.month, "2026-02-01", today: "2026-03-15")
    }

    @Test func associationsNeedSevenDaysOnEachSideAndAreWordedAsAssociation() throws {
        let found = try association(withoutDays: 7).messages(.association)
        #expect(found.map(\.text) == ["Pain averaged 3.0 points lower on days you did the stretches than on days you did not (7 vs 7 days)"])
        #expect(found.map(\.level) == [.tip])
        let message = try #require(found.first)
        #expect(message.activityId == "pain")
        #expect(message.relatedActivityId == "stretch")
        #expect(message.numbers["daysWith"] == 7)
        #expect(message.numbers["daysWithout"] == 7)
        #expect(abs((message.numbers["difference"] ?? 0) + 3) < 1e-9)
        #expect(abs((message.numbers["with"] ?? 0) - 13.0 / 7) < 1e-9)
        for word in ["because", "cause", "led to", "reduce"] {
            #expect(!message.text.lowercased().contains(word))
        }
        #expect(try association(withoutDays: 6).messages(.association).isEmpty, "6 days without is too few")
    }

    @Test func aDifferenceMadeByAFewOutlyingDaysIsNotAnAssociation() throws {
        let test = try InsightsStore("""
            title: Fluids
            activities:
              - id: walk
                kind: intervention
                title: the walk
                optional: true
                schedule: {start: 2026-02-01, daily: 1}
              - id: fluid
                kind: assessment
                title: Fluid intake
                schedule: {start: 2026-02-01, daily: 1}
                measure: {type: integer, unit: mL, range: [0, 1000], aggregate: sum}
            """, importedOn: "2026-02-01")
        // The walk on every fourth day, each with about 500 mL; the other days about the same,
        // except six with 1000 mL. The means differ by 143 mL (a t of 2.8), the typical day does not.
        let with: [Double] = [500, 505, 495, 500, 510, 490, 500]
        let without: [Double] = [480, 1000, 485, 490, 495, 1000, 500, 505, 510, 1000, 515, 520, 498, 1000, 502, 488, 1000, 512, 493, 1000, 507]
        var withDays = with.makeIterator(), withoutDays = without.makeIterator()
        for (index, day) in days(from: "2026-02-01", count: 28).enumerated() {
            if index % 4 == 0 {
                try test.done("walk", on: day)
                try test.readings("fluid", on: day, [withDays.next()!])
            } else {
                try test.readings("fluid", on: day, [withoutDays.next()!])
            }
        }
        #expect(try test.report(.month, "2026-02-01", today: "2026-03-15").messages(.association).isEmpty)
    }

    @Test func anAlertNamesTheContactThePlanMakesResponsible() throws {
        let test = try InsightsStore(messagePlan + """

            contacts:
              - name: Carol Mensah
                role: District nurse
                group: care-team
                phone: "+44 20 7946 0777"
                activities: [temperature]
              - name: Jo Mensah
                role: Daughter
                group: personal
                phone: "07700 900999"
                activities: [temperature]
            """, importedOn: "2026-02-01")
        for day in ["2026-03-03", "2026-03-05", "2026-03-07"] { try test.readings("temperature", on: day, [38.4]) }
        let alert = try #require(try test.report(.week, "2026-03-08", today: "2026-03-08").messages(.outOfNormal).first)
        // The care team's contact, not the personal one.
        #expect(alert.text == "Temperature above 37.5 °C on 3 of the last 7 days; call Carol Mensah (District nurse) on +44 20 7946 0777")
        #expect(alert.contact == "Carol Mensah")
    }

    @Test func messagesAreMostSevereFirstAndNarrowToAnActivity() throws {
        let test = try store()
        for (index, day) in days(from: "2026-02-01", count: 14).enumerated() {
            if index % 2 == 0 { try test.done("stretch", on: day) }
            try test.readings("pain", on: day, [index % 2 == 0 ? 1 : 5])
        }
        try test.readings("temperature", on: "2026-02-13", [38.0])
        let report = try test.report(.month, "2026-02-01", today: "2026-02-15")
        // Every rule of the plan's readings speaks (sleep has its own tests: this plan keeps no nights).
        #expect(Set(report.messages.map(\.kind)) == [.outOfNormal, .missedStreak, .association])
        #expect(report.messages.map(\.level) == report.messages.map(\.level).sorted(by: >))
        #expect(report.messages.first?.level == .alert)
        #expect(report.messages.last?.level == .tip)

        let narrowed = try test.report(.month, "2026-02-01", today: "2026-02-15", activity: "stretch")
        #expect(narrowed.messages.map(\.kind) == [.association])
        #expect(narrowed.assessments.isEmpty)
        #expect(narrowed.activities.isEmpty, "the stretches are optional: no adherence series")
        let pain = try test.report(.month, "2026-02-01", today: "2026-02-15", activity: "pain")
        #expect(pain.assessments.map(\.activityId) == ["pain"])
        #expect(pain.messages.allSatisfy { $0.concerns("pain") })
        #expect(throws: CarePlanError.self) { try test.report(.month, "2026-02-01", today: "2026-02-15", activity: "nope") }
    }
}

@Suite struct NoiseTests {
    /// Every sample plan's activities, moved to start on 1 January 2025 and never end: 42
    /// activities whose histories are generated independently of each other.
    static func samplePlans() throws -> CarePlan {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sample-plans")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var activities: [Activity] = []
        for (index, file) in files.enumerated() {
            let plan = try PlanDecoder.load(path: folder.appendingPathComponent(file).path)
            for var activity in plan.shifted(byDays: date("2025-01-01").days(since: plan.start!)).activities {
                activity.id += "-\(index)"
                activity.schedule.end = nil
                activities.append(activity)
            }
        }
        return CarePlan(title: "Samples", activities: activities)
    }

    @Test func unrelatedActivitiesShowNoAssociations() throws {
        let plan = try Self.samplePlans()
        let test = try InsightsStore(plan: plan, importedOn: "2025-01-01")
        let outcomes = HistoryGenerator(seed: 11, completion: 0.8).outcomes(for: try test.store.plan(), from: date("2025-01-01"),
                                                                             through: date("2025-12-31"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        try test.store.insert(generated: outcomes)
        // Each activity's history is drawn from its own random stream: any association is chance,
        // however slowly readings drift or however misses bunch up.
        for range in [InsightRange.quarter, .year] {
            let report = try test.report(range, "2025-10-01", today: "2026-01-15")
            #expect(report.messages(.association).map(\.text) == [], "\(range)")
        }
    }
}
