import CareInsights
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Sleep over a period from diary nights whose figures are known: averages and spread, regularity,
/// and the messages, each with the numbers behind it.
@Suite struct SleepInsightTests {
    static let plan = """
        title: Sleep
        activities:
          - id: diary
            kind: assessment
            title: Sleep diary
            schedule: {start: 2026-01-01, daily: 1, times: ["07:00"]}
            measure: {type: sleep}
          - id: walk
            kind: intervention
            title: Evening walk
            schedule: {start: 2026-01-01, daily: 1}
        """
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    let test: InsightsStore

    init() throws { test = try InsightsStore(Self.plan) }

    /// A diary night ending on `day`.
    func night(_ day: String, bed: String, wake: String, up: String, latency: Int = 0, awake: Int = 0, awakenings: Int = 0) throws {
        try test.store.logSleep("diary", entry: SleepDiary.Entry(bed: bed, latency: String(latency), awakenings: String(awakenings),
                                                                 awake: String(awake), wake: wake, up: up),
                                date: date(day), clock: clock("2026-03-01T09:00"))
    }

    func report(_ range: InsightRange, _ day: String, today: String) throws -> InsightsReport {
        try InsightsEngine(store: test.store).report(range: range, date: date(day), today: date(today), zone: Self.berlin)
    }

    @Test func averagesSpreadAndRegularity() throws {
        // Mon 2 Feb to Sun 8 Feb: bed at 23:00 or 23:30 in turn, always up at 07:00, awake from 06:30.
        for (index, day) in days(from: "2026-02-02", count: 7).enumerated() {
            try night(day, bed: index % 2 == 0 ? "23:00" : "23:30", wake: "06:30", up: "07:00", latency: 10)
        }
        let sleep = try #require(try report(.week, "2026-02-02", today: "2026-02-09").sleep)
        #expect(sleep.statistics.nights == 7 && sleep.statistics.measured == 7)
        // Asleep 440 min on the four 23:00 nights and 410 on the three 23:30 ones.
        let total = try #require(sleep.statistics.totalSleep)
        #expect(abs(total.mean - (4 * 440 + 3 * 410) / 7.0) < 1e-9)
        #expect(total.minimum == 410 && total.maximum == 440)
        // Bedtime in minutes from the night's midnight: -60 or -30.
        let bedtime = try #require(sleep.statistics.bedtime)
        #expect(abs(bedtime.mean - (4 * -60 + 3 * -30) / 7.0) < 1e-9)
        #expect(abs(bedtime.deviation - 16.04) < 0.01)
        #expect(sleep.statistics.wakeTime?.deviation == 0)
        #expect(sleep.messages.isEmpty)
        // The year shows the same nights by month.
        let year = try #require(try report(.year, "2026-02-02", today: "2026-02-09").sleep)
        #expect(year.buckets[1].nights == 7 && year.buckets[0].nights == 0)
    }

    @Test func lowEfficiencyOnThreeOrMoreOfTheLastSevenNights() throws {
        for (index, day) in days(from: "2026-02-02", count: 7).enumerated() {
            if index < 4 {
                // 540 min in bed, 420 asleep: 78 %.
                try night(day, bed: "22:00", wake: "06:00", up: "07:00", latency: 60)
            } else {
                try night(day, bed: "23:00", wake: "06:50", up: "07:00", latency: 10)
            }
        }
        let message = try #require(try report(.week, "2026-02-02", today: "2026-02-09").messages(.sleepEfficiency).first)
        #expect(message.text == "Sleep efficiency under 85 % on 4 of the 7 nights to 2026-02-08 (those nights averaged 78 %)")
        #expect(message.numbers["nights"] == 4 && message.level == .warning && message.activityId == "diary")
    }

    @Test func lessSleepThanThePeriodBefore() throws {
        for day in days(from: "2026-01-26", count: 7) { try night(day, bed: "23:00", wake: "06:40", up: "07:00") }
        for day in days(from: "2026-02-02", count: 7) { try night(day, bed: "23:00", wake: "05:40", up: "07:00") }
        let message = try #require(try report(.week, "2026-02-02", today: "2026-02-09").messages(.sleepDrop).first)
        #expect(message.text == "Average total sleep 6 h 40 min this week, 1 h 00 min less than the week before (7 h 40 min; 7 vs 7 nights)")
        #expect(message.numbers["difference"] == -60)
    }

    @Test func anIrregularBedtimeIsATip() throws {
        for (index, day) in days(from: "2026-02-02", count: 7).enumerated() {
            try night(day, bed: index % 2 == 0 ? "21:30" : "00:30", wake: "06:40", up: "07:00")
        }
        let message = try #require(try report(.week, "2026-02-02", today: "2026-02-09").messages(.sleepRegularity).first)
        #expect(message.text.hasPrefix("Bedtime irregular: it varied by ±96 min around 22:47"))
        #expect(message.level == .tip)
    }

    @Test func sleepAfterAnInterventionIsAnAssociation() throws {
        // February: the walk on even days; the night after a walk is half an hour longer.
        for (index, day) in days(from: "2026-02-01", count: 28).enumerated() {
            if index % 2 == 0 { try test.done("walk", on: day) }
            let next = date(day).adding(days: 1).iso
            try night(next, bed: "23:00", wake: index % 2 == 0 ? "06:30" : "06:00", up: "07:00")
        }
        let messages = try report(.month, "2026-02-01", today: "2026-03-01").messages(.association)
        let message = try #require(messages.first { $0.relatedActivityId == "walk" })
        // 28 February's night ends on 1 March, outside the month: 13 evenings without the walk.
        #expect(message.text == "On days you did Evening walk you slept 30 min longer on average (14 vs 13 nights)")
    }

    @Test func aPlanWithoutSleepHasNoSleepInsight() throws {
        let plain = try InsightsStore("""
            title: Plain
            activities:
              - id: walk
                kind: intervention
                title: Walk
                schedule: {start: 2026-01-01, daily: 1}
            """)
        #expect(try InsightsEngine(store: plain.store).report(range: .week, date: date("2026-02-02"), today: date("2026-02-09")).sleep == nil)
    }
}
