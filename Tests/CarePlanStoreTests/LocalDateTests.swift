import Testing
@testable import CarePlanStore

@Suite struct LocalDateTests {
    @Test func parsesAndPrintsISODates() {
        #expect(date("2026-11-21").iso == "2026-11-21")
        let parts = date("2026-11-21").components
        #expect(parts.year == 2026 && parts.month == 11 && parts.day == 21)
        for bad in ["2026-13-01", "2026-02-29", "2026-11-31", "21-11-2026", "2026-1-01", "2026-11-21T09:00", "", "yesterday"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad) should not parse")
        }
    }

    @Test func everyDayOfFourCenturiesPrintsAsItsOwnFields() {
        let first = date("1900-01-01"), last = date("2300-12-31")
        var wrong: [String] = []
        for number in first.dayNumber...last.dayNumber {
            let day = LocalDate(dayNumber: number), (y, m, d) = day.components
            let expected = String(y) + "-" + (m < 10 ? "0" : "") + String(m) + "-" + (d < 10 ? "0" : "") + String(d)
            if day.iso != expected || LocalDate(iso: day.iso) != day { wrong.append(day.iso + " for " + expected) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(date("0999-03-04").iso == "0999-03-04" && LocalDate(dayNumber: date("0001-01-01").dayNumber - 1).iso == "0000-12-31")
    }

    @Test func timesOfDayAreHoursAndMinutesOnA24HourClock() {
        for (text, minutes) in [("08:00", 480), ("8:05", 485), ("00:00", 0), ("23:59", 1439)] {
            #expect(TimeOfDay(text: text)?.minutes == minutes, "\(text)")
        }
        #expect(TimeOfDay(text: "8:05")?.description == "08:05")
        for bad in ["24:00", "8:5", "08:60", "0800", "08:00:00", "", ":00", "08:", "123:00", "-1:00", "\u{FF18}:00", "8h00", " 8:00"] {
            #expect(TimeOfDay(text: bad) == nil, "\(bad) should not parse")
        }
    }

    @Test func leapDaysExistOnlyInLeapYears() {
        #expect(LocalDate(iso: "2028-02-29") != nil)
        #expect(LocalDate(iso: "2000-02-29") != nil)
        #expect(LocalDate(iso: "2100-02-29") == nil)
        #expect(date("2028-02-28").adding(days: 1).iso == "2028-02-29")
        #expect(date("2028-02-29").adding(days: 1).iso == "2028-03-01")
        #expect(date("2028-03-01").days(since: date("2028-02-01")) == 29)
    }

    @Test func weekdaysAreISONumbered() {
        #expect(date("2026-11-21").weekday == .sat)
        #expect(date("2026-11-23").weekday == .mon)
        #expect(date("1970-01-01").weekday == .thu)
        #expect(date("1969-12-28").weekday == .sun)
        #expect(date("2028-02-29").weekday == .tue)
    }

    @Test func dayArithmeticRoundTripsOverCenturies() {
        var day = date("1899-12-25")
        var previous = day
        for _ in 0..<80_000 {
            day = day.adding(days: 1)
            #expect(LocalDate(iso: day.iso) == day)
            #expect(day > previous)
            previous = day
        }
    }

    @Test func dateArgumentsAcceptTodayAndYesterday() throws {
        let today = date("2026-03-01")
        #expect(try DateArgument.parse("today", today: today) == today)
        #expect(try DateArgument.parse("yesterday", today: today).iso == "2026-02-28")
        #expect(try DateArgument.parse("2026-01-05", today: today).iso == "2026-01-05")
        #expect(throws: CarePlanError.invalidDate("2026-02-30")) { try DateArgument.parse("2026-02-30", today: today) }
    }
}
