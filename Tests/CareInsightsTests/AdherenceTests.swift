import CareInsights
import CarePlanStore
import Testing

let adherencePlan = """
title: Adherence
activities:
  - id: med
    kind: intervention
    title: Metformin
    schedule: {start: 2026-03-04, weekly: {mon: 1, wed: 2, fri: 1}}
  - id: walk
    kind: intervention
    title: Walk
    optional: true
    schedule: {start: 2026-03-04, daily: 1}
  - id: rescue
    kind: intervention
    title: Rescue inhaler
    schedule: {start: 2026-03-04, as-needed: true}
  - id: pain
    kind: assessment
    title: Pain
    schedule: {start: 2026-03-04, daily: 1}
    measure: {type: scale, min: 0, max: 10}
"""

@Suite struct AdherenceTests {
    @Test func notStartedNothingDueAndDueStayApart() throws {
        let test = try InsightsStore(adherencePlan, importedOn: "2026-03-04")
        try test.done("med", on: "2026-03-04")
        try test.done("med", on: "2026-03-06")
        // Optional and as-needed work never counts, done or not.
        try test.done("walk", on: "2026-03-05")
        try test.done("rescue", on: "2026-03-05")
        let report = try test.report(.week, "2026-03-02", today: "2026-03-08")
        #expect(report.adherence.buckets == [.notStarted, .notStarted, .due(completed: 1, total: 2), .nothingDue,
                                             .due(completed: 1, total: 1), .nothingDue, .nothingDue])
        #expect(report.adherence.total == .due(completed: 2, total: 3))
        #expect(report.adherence.buckets.map(\.fraction) == [nil, nil, 0.5, nil, 1, nil, nil])
        #expect(report.activities.map(\.activityId) == ["med"], "only interventions that count get a series")
        #expect(report.activities[0].total == .due(completed: 2, total: 3))

        let before = try test.report(.week, "2026-02-25", today: "2026-03-08")
        #expect(before.adherence.buckets == Array(repeating: .notStarted, count: 7))
        #expect(before.adherence.total == .notStarted)
    }

    @Test func daysAfterTodayAreNotCounted() throws {
        let test = try InsightsStore(adherencePlan, importedOn: "2026-03-04")
        try test.done("med", on: "2026-03-09")
        // Thursday 12 March: Friday's dose is not due yet, so the week so far is Monday's and Wednesday's.
        let report = try test.report(.week, "2026-03-12", today: "2026-03-12")
        #expect(report.adherence.buckets == [.due(completed: 1, total: 1), .nothingDue, .due(completed: 0, total: 2), .nothingDue,
                                             .future, .future, .future])
        #expect(report.adherence.total == .due(completed: 1, total: 3))
        let next = try test.report(.week, "2026-03-16", today: "2026-03-12")
        #expect(next.adherence.total == .future)
        #expect(next.adherence.buckets == Array(repeating: .future, count: 7))
        #expect(next.messages.isEmpty)
        let month = try test.report(.month, "2026-03-12", today: "2026-03-12")
        // 4 (Wed 2) + 6 (Fri 1) + 9 (Mon 1) + 11 (Wed 2), nothing after the 12th.
        #expect(month.adherence.total == .due(completed: 1, total: 6))
    }

    @Test func aScheduleChangeKeepsTheOldCountOnEarlierDays() throws {
        let test = try InsightsStore("""
            title: Versions
            activities:
              - id: med
                kind: intervention
                title: Metformin
                schedule: {start: 2026-03-02, daily: 1}
            """, importedOn: "2026-03-02")
        try test.done("med", on: "2026-03-03")
        let twice = try PlanDecoder(file: "plan.yaml").decode("""
            title: Versions
            activities:
              - id: med
                kind: intervention
                title: Metformin twice
                schedule: {start: 2026-03-02, daily: 2}
            """)
        try test.store.importPlan(twice, effective: date("2026-03-05"), clock: clock("2026-03-05T07:00"))
        try test.done("med", on: "2026-03-05", count: 2)
        try test.done("med", on: "2026-03-06")
        let report = try test.report(.week, "2026-03-02", today: "2026-03-08")
        #expect(report.adherence.buckets == [.due(completed: 0, total: 1), .due(completed: 1, total: 1), .due(completed: 0, total: 1),
                                             .due(completed: 2, total: 2), .due(completed: 1, total: 2), .due(completed: 0, total: 2),
                                             .due(completed: 0, total: 2)])
        #expect(report.adherence.total == .due(completed: 4, total: 11))
        #expect(report.activities.first?.title == "Metformin twice")
    }

    @Test func aVersionThatMakesItOptionalStopsItCounting() throws {
        let test = try InsightsStore("""
            title: Versions
            activities:
              - id: med
                kind: intervention
                title: Metformin
                schedule: {start: 2026-03-02, daily: 1}
            """, importedOn: "2026-03-02")
        let optional = try PlanDecoder(file: "plan.yaml").decode("""
            title: Versions
            activities:
              - id: med
                kind: intervention
                title: Metformin
                optional: true
                schedule: {start: 2026-03-02, daily: 1}
            """)
        try test.store.importPlan(optional, effective: date("2026-03-05"), clock: clock("2026-03-05T07:00"))
        for day in days(from: "2026-03-02", count: 7) { try test.done("med", on: day) }
        let report = try test.report(.week, "2026-03-02", today: "2026-03-08")
        #expect(report.adherence.buckets == Array(repeating: .due(completed: 1, total: 1), count: 3) + Array(repeating: .nothingDue, count: 4))
        #expect(report.adherence.total == .due(completed: 3, total: 3))
        #expect(report.activities.map(\.activityId) == ["med"], "it counted for part of the week")
    }

    @Test func quarterAndYearBucketsSumTheirDays() throws {
        let test = try InsightsStore("""
            title: Daily
            activities:
              - id: med
                kind: intervention
                title: Metformin
                schedule: {start: 2026-01-01, daily: 1}
            """)
        // Every day of January and the first half of February done.
        for day in days(from: "2026-01-01", count: 45) { try test.done("med", on: day) }
        let year = try test.report(.year, "2026-02-01", today: "2026-03-31")
        #expect(year.adherence.buckets.prefix(4) == [.due(completed: 31, total: 31), .due(completed: 14, total: 28),
                                                     .due(completed: 0, total: 31), .future])
        let quarter = try test.report(.quarter, "2026-02-01", today: "2026-03-31")
        // The first week bucket is cut to Thursday 1 – Sunday 4 January.
        #expect(quarter.adherence.buckets.first == .due(completed: 4, total: 4))
        #expect(quarter.adherence.total == .due(completed: 45, total: 90))
    }
}
