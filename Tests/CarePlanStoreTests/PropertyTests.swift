import Foundation
import PropertyBased
import Testing
@testable import CarePlanStore

/// Properties of the schedule arithmetic, the plan file and the reading parser, over generated
/// inputs (x-sheep/swift-property-based), shrunk to the smallest failing case when one fails.
@Suite(.shrinking) struct PropertyTests {
    /// Days from 1990 through 2100.
    static let day = Gen.int(in: LocalDate(iso: "1990-01-01")!.dayNumber...LocalDate(iso: "2100-12-31")!.dayNumber)

    /// A schedule of any pattern: its start, an optional length, the pattern's numbers.
    static let schedule = zip(day, Gen.int(in: -1...400), Gen.int(in: 0...3), zip(Gen.int(in: 1...48), Gen.int(in: 1...60), Gen.int(in: 0...127)))
        .map { start, length, kind, numbers -> Schedule in
            let (count, every, days) = numbers
            let first = LocalDate(dayNumber: start)
            let end = length < 0 ? nil : first.adding(days: length)
            let pattern: Schedule.Pattern
            switch kind {
            case 0: pattern = .daily(count)
            case 1:
                let chosen = Weekday.allCases.filter { days & (1 << ($0.rawValue - 1)) != 0 }
                pattern = .weekly(WeekdayCounts((chosen.isEmpty ? [.mon] : chosen).map { ($0, count) }))
            case 2: pattern = .every(days: every, times: count)
            default: pattern = .asNeeded
            }
            return Schedule(start: first, end: end, pattern: pattern)
        }

    @Test func eventsExistExactlyOnScheduledDaysWithinTheDates() async {
        await propertyCheck(count: 300, input: Self.schedule, Gen.int(in: -30...500)) { schedule, offset in
            let date = schedule.start.adding(days: offset)
            let count = schedule.occurrences(on: date)
            if !schedule.covers(date) { #expect(count == 0) }
            if schedule.isAsNeeded { #expect(count == 0 && schedule.isOpen(on: date) == schedule.covers(date)) }
            for index in 0..<50 where !schedule.isAsNeeded {
                #expect(schedule.hasEvent(on: date, occurrence: index) == (index < count), "\(schedule.summary) on \(date) #\(index)")
            }
            if case .every(let days, let times) = schedule.pattern, schedule.covers(date) {
                #expect(count == (offset % days == 0 ? times : 0))
            }
            if case .weekly(let perDay) = schedule.pattern, schedule.covers(date) {
                #expect(count == perDay[date.weekday] ?? 0)
            }
        }
    }

    /// Whatever the schedule, the plan file careplan writes reads back to the same activity.
    @Test func everyScheduleRoundTripsThroughThePlanFile() async throws {
        await propertyCheck(count: 200, input: Self.schedule) { schedule in
            let activity = Activity(id: "a", kind: .intervention, title: "A", schedule: schedule)
            let plan = CarePlan(title: "P", activities: [activity])
            do {
                let yaml = try PlanEncoder.yaml(plan)
                #expect(try decode(yaml).activities == [activity], "\(yaml)")
            } catch {
                Issue.record("\(schedule.summary): \(error)")
            }
        }
    }

    /// Any text at all given as a plan file is read or refused with a position inside it; never a crash.
    @Test func anyTextIsReadOrRefusedAtAPlaceInIt() async {
        let pieces = Gen.element(of: ["title: ", "activities:", "\n", "  - ", "id: ", "a", "kind: ", "intervention", "assessment",
                                      "schedule: {", "start: 2026-11-01", "daily: ", "3", ", ", "}", "[", "]", "&x ", "*x", "\"", "'", "#",
                                      ":", "measure: ", "type: number", "\u{0}", "é", "\t", "-1e999", "times: [\"08:00\"]"])
            .array(of: 0...40).map { $0.compactMap { $0 }.joined() }
        await propertyCheck(count: 500, input: pieces) { text in
            do {
                _ = try decode(text)
            } catch let error as FilePositionError {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(error.line >= 1 && error.line <= lines + 1, "\(error) for \(text.debugDescription)")
                #expect(error.file == "plan.yaml")
            } catch {
                Issue.record("not a file position: \(error) for \(text.debugDescription)")
            }
        }
    }

    /// A number typed in any unit of the measure's dimension is kept converted to two decimals
    /// (the measure sets none), and what was typed is kept exactly beside it.
    @Test func readingsInAnyCompatibleUnitConvertBackToWhatWasTyped() async {
        let units = ["kg", "lb", "g", "st", "oz"]
        await propertyCheck(count: 300, input: Gen.double(in: 0.1...500), Gen.element(of: units)) { number, chosen in
            guard let unit = chosen else { return }
            let activity = Activity(id: "w", kind: .assessment, title: "Weight", schedule: Schedule(start: LocalDate(iso: "2026-11-01")!, pattern: .daily(1)),
                                    measure: Measure(type: .number, fields: [Measure.Field(unit: "kg")]))
            let typed = NumberText.string(number)
            do {
                let value = try #require(try ReadingParser.values(for: activity, inputs: ["\(typed) \(unit)"]).first)
                let exact = UnitRegistry.convert(Double(typed)!, from: UnitRegistry.unit(unit)!, to: UnitRegistry.unit("kg")!)!
                #expect(abs(value.value! - exact) <= 0.005 + 1e-9, "\(typed) \(unit) → \(value.value!) kg, exactly \(exact)")
                if unit != "kg" { #expect(value.enteredValue == Double(typed) && value.enteredUnit == unit) }
            } catch {
                Issue.record("\(typed) \(unit): \(error)")
            }
        }
    }

    /// Outside the measure's range a reading is refused with the range in the message.
    @Test func readingsOutsideTheRangeAreRefusedNamingIt() async {
        await propertyCheck(count: 300, input: Gen.int(in: -1000...1000)) { number in
            let activity = Activity(id: "p", kind: .assessment, title: "Pulse", schedule: Schedule(start: LocalDate(iso: "2026-11-01")!, pattern: .daily(1)),
                                    measure: Measure(type: .integer, fields: [Measure.Field(unit: "count/min", range: 20...250)]))
            do {
                _ = try ReadingParser.values(for: activity, inputs: [String(number)])
                #expect((20...250).contains(number))
            } catch {
                #expect(!(20...250).contains(number))
                #expect("\(error)".contains("20–250"), "\(error)")
            }
        }
    }

    @Test func datesRoundTripAndWeekdaysCycle() async {
        await propertyCheck(count: 500, input: Self.day, Gen.int(in: -1000...1000)) { number, step in
            let date = LocalDate(dayNumber: number)
            #expect(LocalDate(iso: date.iso) == date)
            #expect(date.adding(days: step).days(since: date) == step)
            #expect(date.adding(days: 7 * step).weekday == date.weekday)
        }
    }
}
