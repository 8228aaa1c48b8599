import Testing
@testable import CarePlanStore

@Suite struct ScheduleTests {
    func counts(_ schedule: Schedule, from: String, days: Int) -> [Int] {
        (0..<days).map { schedule.occurrences(on: date(from).adding(days: $0)) }
    }

    @Test func dailyIsDueEveryDayFromStartToEndInclusive() {
        let schedule = Schedule(start: date("2026-11-02"), end: date("2026-11-04"), pattern: .daily(2))
        #expect(counts(schedule, from: "2026-11-01", days: 5) == [0, 2, 2, 2, 0])
    }

    @Test func weeklyFollowsWeekdays() {
        // 2026-11-02 is a Monday.
        let schedule = Schedule(start: date("2026-11-01"), pattern: .weekly([.mon: 1, .wed: 2, .sun: 1]))
        #expect(counts(schedule, from: "2026-11-02", days: 7) == [1, 0, 2, 0, 0, 0, 1])
    }

    @Test func aWeeksCountsAreKeptInWeekOrderWhateverOrderTheyCameIn() {
        let counts: WeekdayCounts = [.sun: 1, .mon: 2, .thu: 1]
        #expect(counts.days == [.mon, .thu, .sun])
        #expect(counts.pairs.map(\.count) == [2, 1, 1])
        #expect(counts == WeekdayCounts([(.thu, 1), (.mon, 2), (.sun, 1)]))
        #expect(counts[.tue] == nil && counts[.mon] == 2)
        #expect(WeekdayCounts().isEmpty && !counts.isEmpty)
        // The summary people read lists the days Monday first.
        #expect(Schedule(start: date("2026-11-01"), pattern: .weekly(counts)).summary.hasPrefix("weekly on Mon 2×, Thu"))
    }

    @Test func everyKDaysCountsFromStart() {
        let schedule = Schedule(start: date("2026-11-01"), pattern: .every(days: 3, times: 1))
        #expect(counts(schedule, from: "2026-10-31", days: 8) == [0, 1, 0, 0, 1, 0, 0, 1])
    }

    @Test func everyKDaysKeepsItsRhythmAcrossLeapDayAndDST() {
        // Every 3 days from 2028-02-26 lands on the leap day's neighbours exactly as integer days say.
        let leap = Schedule(start: date("2028-02-26"), pattern: .every(days: 3, times: 1))
        #expect(leap.occurrences(on: date("2028-02-29")) == 1)
        #expect(leap.occurrences(on: date("2028-03-01")) == 0)
        #expect(leap.occurrences(on: date("2028-03-03")) == 1)
        // Every 2 days across Berlin's spring-forward (2026-03-29) and fall-back (2026-10-25) nights.
        let spring = Schedule(start: date("2026-03-27"), pattern: .every(days: 2, times: 1))
        #expect(counts(spring, from: "2026-03-27", days: 6) == [1, 0, 1, 0, 1, 0])
        let autumn = Schedule(start: date("2026-10-23"), pattern: .every(days: 2, times: 1))
        #expect(counts(autumn, from: "2026-10-23", days: 6) == [1, 0, 1, 0, 1, 0])
    }

    @Test func asNeededIsNeverDue() {
        let schedule = Schedule(start: date("2026-11-01"), pattern: .asNeeded)
        #expect(counts(schedule, from: "2026-11-01", days: 3) == [0, 0, 0])
        #expect(schedule.covers(date("2026-11-02")))
        #expect(!schedule.covers(date("2026-10-31")))
    }

    @Test func timesNameOccurrencesInOrder() {
        let times = ["08:00", "20:00"].map { TimeOfDay(text: $0)! }
        let schedule = Schedule(start: date("2026-11-01"), pattern: .daily(2), times: times)
        #expect(schedule.time(ofOccurrence: 0)?.description == "08:00")
        #expect(schedule.time(ofOccurrence: 1)?.description == "20:00")
        #expect(schedule.time(ofOccurrence: 2) == nil)
        #expect(schedule.summary == "2× daily at 08:00, 20:00 from 2026-11-01")
    }
}
