import CareInsights
import CarePlanStore
import Testing

@Suite struct RangeTests {
    @Test func eachRangeCoversItsCalendarPeriod() {
        let saturday = date("2026-11-21")
        let week = InsightRange.week.period(containing: saturday)
        #expect((week.first, week.last) == (date("2026-11-16"), date("2026-11-22")))
        let sunday = InsightRange.week.period(containing: date("2026-11-22"))
        #expect(sunday == week, "Sunday closes the week that began on Monday")
        let month = InsightRange.month.period(containing: saturday)
        #expect((month.first, month.last) == (date("2026-11-01"), date("2026-11-30")))
        let quarter = InsightRange.quarter.period(containing: saturday)
        #expect((quarter.first, quarter.last) == (date("2026-10-01"), date("2026-12-31")))
        let year = InsightRange.year.period(containing: saturday)
        #expect((year.first, year.last) == (date("2026-01-01"), date("2026-12-31")))
    }

    @Test func naturalBuckets() {
        #expect(InsightRange.allCases.map(\.bucket) == [.day, .day, .week, .month])
        #expect(InsightRange.week.period(containing: date("2026-11-21")).buckets.count == 7)
        #expect(InsightRange.month.period(containing: date("2026-02-10")).buckets.count == 28)
        #expect(InsightRange.year.period(containing: date("2026-02-10")).buckets.count == 12)
    }

    @Test func pagingCrossesMonthEndsAndYears() {
        let january = InsightRange.month.period(containing: date("2026-01-31"))
        #expect(january.next.first == date("2026-02-01"))
        #expect(january.next.last == date("2026-02-28"))
        #expect(january.previous.first == date("2025-12-01"))
        #expect(january.paged(by: 13).first == date("2027-02-01"))
        let quarter = InsightRange.quarter.period(containing: date("2026-01-15"))
        #expect(quarter.previous.first == date("2025-10-01"))
        #expect(quarter.paged(by: -4) == InsightRange.quarter.period(containing: date("2025-03-31")))
        let week = InsightRange.week.period(containing: date("2026-12-31"))
        #expect(week.next.first == date("2027-01-04"))
        #expect(InsightRange.year.period(containing: date("2028-06-01")).previous.dayCount == 365)
        #expect(InsightRange.year.period(containing: date("2028-06-01")).dayCount == 366)
    }

    @Test func bucketStartsAgreeWithCalendar() {
        #expect(Bucket.week.start(of: date("2026-03-29")) == date("2026-03-23"))
        #expect(Bucket.week.start(of: date("2026-03-30")) == date("2026-03-30"))
        #expect(Bucket.month.start(of: date("2028-02-29")) == date("2028-02-01"))
        #expect(Bucket.month.end(ofBucketStarting: date("2028-02-01")) == date("2028-02-29"))
        #expect(Bucket.month.end(ofBucketStarting: date("2026-12-01")) == date("2026-12-31"))
    }
}
