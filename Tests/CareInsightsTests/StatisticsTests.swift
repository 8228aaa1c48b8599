import CareInsights
import CarePlanStore
import Foundation
import Testing

/// Five assessments that differ only in `aggregate`, three readings a day.
let aggregatePlan = """
title: Aggregates
activities:
  - id: avg
    kind: assessment
    title: Average
    schedule: {start: 2026-01-01, daily: 3}
    measure: {type: number, unit: kg, range: [0, 500], decimals: 1}
  - id: total
    kind: assessment
    title: Sum
    schedule: {start: 2026-01-01, daily: 3}
    measure: {type: number, unit: kg, range: [0, 500], decimals: 1, aggregate: sum}
  - id: low
    kind: assessment
    title: Min
    schedule: {start: 2026-01-01, daily: 3}
    measure: {type: number, unit: kg, range: [0, 500], decimals: 1, aggregate: min}
  - id: high
    kind: assessment
    title: Max
    schedule: {start: 2026-01-01, daily: 3}
    measure: {type: number, unit: kg, range: [0, 500], decimals: 1, aggregate: max}
  - id: latest
    kind: assessment
    title: Last
    schedule: {start: 2026-01-01, daily: 3}
    measure: {type: number, unit: kg, range: [0, 500], decimals: 1, aggregate: last}
"""

@Suite struct StatisticsTests {
    /// Readings 4, 1, 7 on Monday 2026-03-02 and 10 on Wednesday, for every assessment.
    func store() throws -> InsightsStore {
        let test = try InsightsStore(aggregatePlan)
        for id in ["avg", "total", "low", "high", "latest"] {
            try test.readings(id, on: "2026-03-02", [4, 1, 7])
            try test.readings(id, on: "2026-03-04", [10])
        }
        return test
    }

    @Test func storeComputesEveryStatisticPerDay() throws {
        let test = try store()
        let days = try test.store.statistics(of: "avg", field: "value", from: date("2026-03-01"), through: date("2026-03-08"), by: .day)
        #expect(days.map(\.start) == [date("2026-03-02"), date("2026-03-04")], "days without readings are absent, not zeros")
        #expect(days[0].statistics == ReadingStatistics(count: 3, min: 1, max: 7, sum: 12, average: 4, last: 7))
        #expect(days[1].statistics == ReadingStatistics(count: 1, min: 10, max: 10, sum: 10, average: 10, last: 10))
        let week = try test.store.statistics(of: "avg", field: "value", from: date("2026-03-01"), through: date("2026-03-08"), by: .week)
        #expect(week.map(\.start) == [date("2026-03-02")])
        #expect(week[0].statistics == ReadingStatistics(count: 4, min: 1, max: 10, sum: 22, average: 5.5, last: 10))
    }

    @Test func lastIsTheLatestOccurrenceNotTheLatestWritten() throws {
        let test = try InsightsStore(aggregatePlan)
        // Occurrence 2 written first, occurrence 0 last: "last" follows the day's due order.
        for (occurrence, value) in [(2, 9.0), (1, 5.0), (0, 3.0)] {
            try test.store.insert(generated: [Outcome(activityId: "latest", date: date("2026-03-02"), occurrence: occurrence,
                                                      recordedAt: clock("2026-03-02T2\(occurrence):00").now, utcOffset: 3600,
                                                      values: [ReadingValue(name: "value", value: value)])])
        }
        let day = try test.store.statistics(of: "latest", field: "value", from: date("2026-03-02"), through: date("2026-03-02"), by: .day)
        #expect(day.first?.statistics.last == 9)
    }

    @Test func eachAggregateIsTheBucketsHeadlineAndEmptyBucketsAreNil() throws {
        let report = try store().report(.week, "2026-03-02", today: "2026-03-08")
        let expected: [String: [Double?]] = [
            "avg": [4, nil, 10, nil, nil, nil, nil],
            "total": [12, nil, 10, nil, nil, nil, nil],
            "low": [1, nil, 10, nil, nil, nil, nil],
            "high": [7, nil, 10, nil, nil, nil, nil],
            "latest": [7, nil, 10, nil, nil, nil, nil],
        ]
        for (id, values) in expected {
            #expect(report.field(id)?.values == values, "\(id)")
        }
        #expect(report.field("avg")?.overall == ReadingStatistics(count: 4, min: 1, max: 10, sum: 22, average: 5.5, last: 10))
        #expect(report.field("avg")?.buckets[1] == nil)
    }

    @Test func weekBucketsFollowLocalDatesAcrossDSTChanges() throws {
        let test = try InsightsStore(aggregatePlan)
        // Berlin springs forward on Sunday 2026-03-29 and falls back on Sunday 2026-10-25. A reading
        // entered at 00:30 on the Monday after is still Sunday in UTC; its local date decides.
        for (day, time, value) in [("2026-03-29", "03:30", 1.0), ("2026-03-30", "00:30", 2.0),
                                   ("2026-10-25", "02:30", 3.0), ("2026-10-26", "00:30", 4.0)] {
            let instant = clock("\(day)T\(time)")
            try test.store.insert(generated: [Outcome(activityId: "avg", date: date(day), occurrence: 0, recordedAt: instant.now,
                                                      utcOffset: instant.utcOffsetSeconds, values: [ReadingValue(name: "value", value: value)])])
        }
        let spring = try test.store.statistics(of: "avg", field: "value", from: date("2026-03-23"), through: date("2026-04-05"), by: .week)
        #expect(spring.map(\.start) == [date("2026-03-23"), date("2026-03-30")])
        #expect(spring.map(\.statistics.sum) == [1, 2])
        let autumn = try test.store.statistics(of: "avg", field: "value", from: date("2026-10-19"), through: date("2026-11-01"), by: .week)
        #expect(autumn.map(\.start) == [date("2026-10-19"), date("2026-10-26")])
        #expect(autumn.map(\.statistics.sum) == [3, 4])

        // A quarter is shown by week: Q4 2026 starts on a Thursday, so its first week is cut.
        let quarter = try test.report(.quarter, "2026-10-25", today: "2026-12-31")
        #expect(quarter.buckets.first == BucketSpan(start: date("2026-09-28"), first: date("2026-10-01"), last: date("2026-10-04")))
        #expect(quarter.buckets.last == BucketSpan(start: date("2026-12-28"), first: date("2026-12-28"), last: date("2026-12-31")))
        #expect(quarter.buckets.count == 14)
        let values = quarter.field("avg")!.values
        let weekOf19 = quarter.buckets.firstIndex { $0.start == date("2026-10-19") }!
        #expect(values[weekOf19] == 3)
        #expect(values[weekOf19 + 1] == 4)
        #expect(values.compactMap { $0 }.count == 2)
    }

    @Test func monthBucketsEndOnTheMonthsLastDay() throws {
        let test = try InsightsStore(aggregatePlan)
        for (day, value) in [("2026-01-31", 1.0), ("2026-02-01", 2.0), ("2026-02-28", 3.0), ("2026-03-01", 4.0),
                             ("2026-04-30", 5.0), ("2026-12-31", 6.0)] {
            try test.readings("total", on: day, [value])
        }
        let report = try test.report(.year, "2026-06-15", today: "2026-12-31")
        #expect(report.buckets.map(\.start) == (1...12).map { LocalDate(year: 2026, month: $0, day: 1)! })
        #expect(report.buckets.map(\.dayCount) == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(report.field("total")?.values == [1, 5, 4, 5, nil, nil, nil, nil, nil, nil, nil, 6])
        #expect(report.field("total")?.buckets[1]?.count == 2)
    }

    @Test func theLeapDayOf2028BelongsToFebruaryAndItsWeek() throws {
        let plan = aggregatePlan.replacingOccurrences(of: "2026-01-01", with: "2028-01-01")
        let test = try InsightsStore(plan, importedOn: "2028-01-01")
        try test.readings("avg", on: "2028-02-28", [1])
        try test.readings("avg", on: "2028-02-29", [2])
        try test.readings("avg", on: "2028-03-01", [3])
        let month = try test.report(.month, "2028-02-29", today: "2028-03-31")
        #expect(month.period.last == date("2028-02-29"))
        #expect(month.buckets.count == 29)
        #expect(month.field("avg")?.values.suffix(2) == [1, 2])
        let year = try test.report(.year, "2028-02-29", today: "2028-12-31")
        #expect(year.period.dayCount == 366)
        #expect(year.field("avg")?.buckets[1]?.count == 2)
        #expect(year.field("avg")?.buckets[2]?.count == 1)
        let week = try test.store.statistics(of: "avg", field: "value", from: date("2028-02-21"), through: date("2028-03-05"), by: .week)
        // Monday 2028-02-28 to Sunday 2028-03-05 holds all three.
        #expect(week.map(\.start) == [date("2028-02-28")])
        #expect(week.first?.statistics.count == 3)
    }
}
