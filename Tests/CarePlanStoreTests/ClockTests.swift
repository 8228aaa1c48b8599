import Foundation
import Testing
@testable import CarePlanStore

/// Day boundaries are local calendar dates: they must hold across DST changes and time-zone moves.
@Suite struct ClockTests {
    @Test func berlinSpringForwardDayIsOneCalendarDay() {
        // 2026-03-29: clocks jump from 02:00 to 03:00 in Berlin; the day has 23 hours.
        #expect(clock("2026-03-29T00:30").today.iso == "2026-03-29")
        #expect(clock("2026-03-29T23:59").today.iso == "2026-03-29")
        #expect(clock("2026-03-29T01:59").utcOffsetSeconds == 3600)
        #expect(clock("2026-03-29T03:00").utcOffsetSeconds == 7200)
        // A wall time the jump skips resolves forward: 02:30 is read as 03:30 summer time.
        #expect(clock("2026-03-29T02:30").now == clock("2026-03-29T03:30").now)
        let start = clock("2026-03-29T00:00").now, end = clock("2026-03-30T00:00").now
        #expect(end.timeIntervalSince(start) == 23 * 3600)
    }

    @Test func berlinFallBackDayIsOneCalendarDay() {
        // 2026-10-25: clocks go back from 03:00 to 02:00; the day has 25 hours.
        let start = clock("2026-10-25T00:00").now, end = clock("2026-10-26T00:00").now
        #expect(end.timeIntervalSince(start) == 25 * 3600)
        #expect(clock("2026-10-25T23:30").today.iso == "2026-10-25")
        #expect(clock("2026-10-26T00:00").today.iso == "2026-10-26")
    }

    @Test func newYorkDSTDaysKeepTheirDates() {
        // America/New_York changes on 2026-03-08 and 2026-11-01.
        #expect(clock("2026-03-08T23:59", zone: "America/New_York").today.iso == "2026-03-08")
        #expect(clock("2026-03-08T03:00", zone: "America/New_York").utcOffsetSeconds == -4 * 3600)
        #expect(clock("2026-11-01T23:59", zone: "America/New_York").today.iso == "2026-11-01")
        #expect(clock("2026-11-01T12:00", zone: "America/New_York").utcOffsetSeconds == -5 * 3600)
    }

    @Test func theSameInstantIsADifferentDayInAnotherZone() {
        // 23:30 in New York is already the next morning in Tokyo.
        let newYork = clock("2026-11-21T23:30", zone: "America/New_York")
        let tokyo = CareClock(now: newYork.now, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(newYork.today.iso == "2026-11-21")
        #expect(tokyo.today.iso == "2026-11-22")
    }

    /// Every quarter hour of the six hours around each change of 2026, in zones that change by an
    /// hour either side of UTC, by half an hour (Lord Howe), at a quarter-hour offset (Chatham), or
    /// not at all (Kolkata): a wall time lands where Foundation's calendar puts it. Skipped times land
    /// after the jump, repeated ones on their first showing.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Sao_Paulo", "Asia/Kolkata"])
    func wallTimesLandWhereFoundationsCalendarPutsThem(zone name: String) {
        let zone = TimeZone(identifier: name)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var changes: [Date] = [Date(timeIntervalSince1970: 1_782_000_000)]  // 2026-06-21, for a zone without changes
        var next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
        while let change = next, change < Date(timeIntervalSince1970: 1_798_761_600) {  // 2027-01-01
            changes.append(change)
            next = zone.nextDaylightSavingTimeTransition(after: change)
        }
        for change in changes {
            let day = calendar.dateComponents([.year, .month, .day], from: change)
            let localDate = LocalDate(iso: String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!))!
            let changeMinutes = localDate.minutes(at: Int(change.timeIntervalSince1970), in: zone)
            for minutes in stride(from: changeMinutes / 15 * 15 - 180, through: changeMinutes + 180, by: 15) {
                var wall = DateComponents(year: day.year, month: day.month, day: day.day, hour: 0, minute: 0)
                wall.minute = minutes
                let expected = calendar.date(from: wall)!
                #expect(localDate.instant(minutes: minutes, in: zone) == Int(expected.timeIntervalSince1970), "\(name) \(localDate) +\(minutes) min")
            }
        }
    }

    @Test func environmentPinsNowInTZ() throws {
        let pinned = try CareClock.fromEnvironment(["CAREPLAN_NOW": "2026-11-21T09:30", "TZ": "America/New_York"])
        #expect(pinned.today.iso == "2026-11-21")
        #expect(pinned.minutesIntoDay == 9 * 60 + 30)
        #expect(pinned.utcOffsetSeconds == -5 * 3600)
        #expect(throws: CarePlanError.self) { try CareClock.fromEnvironment(["CAREPLAN_NOW": "21/11/2026 09:30"]) }
        #expect(throws: CarePlanError.self) { try CareClock.fromEnvironment(["CAREPLAN_NOW": "2026-11-21T09:30:00:00"]) }
        #expect(throws: CarePlanError.self) { try CareClock.fromEnvironment(["CAREPLAN_NOW": "2026-11-21T09"]) }
        #expect(try CareClock.fromEnvironment(["CAREPLAN_NOW": "2026-11-21T09:30:05", "TZ": "America/New_York"]).now == pinned.now.addingTimeInterval(5))
        #expect(throws: CarePlanError.self) { try CareClock.fromEnvironment(["TZ": "Mars/Olympus"]) }
    }
}
