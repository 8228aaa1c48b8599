import Foundation
import GRDB
import Testing
@testable import CarePlanStore

@Suite struct OutcomeTests {
    let now = clock("2026-11-21T09:30")
    let today = date("2026-11-21")

    @Test func doneTakesTheFirstOpenOccurrenceThenRefusesWhenAllAreDone() throws {
        let test = try TestStore.withSamplePlan()
        #expect(try test.store.markDone("ice-knee", date: today, occurrence: 1, clock: now).outcome.occurrence == 1)
        #expect(try test.store.markDone("ice-knee", date: today, clock: now).outcome.occurrence == 0)
        #expect(try test.store.markDone("ice-knee", date: today, clock: now).outcome.occurrence == 2)
        #expect(throws: CarePlanError.allOccurrencesRecorded(id: "ice-knee", date: today, count: 3)) {
            try test.store.markDone("ice-knee", date: today, clock: now)
        }
        #expect(throws: CarePlanError.alreadyRecorded(id: "ice-knee", date: today, occurrence: 1, resettable: true)) {
            try test.store.markDone("ice-knee", date: today, occurrence: 1, clock: now)
        }
        #expect(try test.count("outcome") == 3)
    }

    @Test func theDatabaseHoldsAtMostOneOutcomePerEvent() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.markDone("ice-knee", date: today, clock: now)
        #expect(throws: DatabaseError.self) {
            try test.store.writer().write { db in
                try db.execute(sql: "INSERT INTO outcome (activityId, date, occurrence, recordedAt, utcOffset) VALUES ('ice-knee', '2026-11-21', 0, 'x', 0)")
            }
        }
    }

    @Test func badEventsAreRejectedAndWriteNothing() throws {
        let test = try TestStore.withSamplePlan()
        let cases: [(CarePlanError, () throws -> Void)] = [
            (.unknownActivity("icing", known: ["ice-knee", "stretch", "walk", "paracetamol", "anticoagulant", "temperature", "pain", "bp", "swelling", "slept-well", "journal"]),
             { try test.store.markDone("icing", date: today, clock: now) }),
            (.wrongKind(id: "temperature", kind: .assessment), { try test.store.markDone("temperature", date: today, clock: now) }),
            (.wrongKind(id: "ice-knee", kind: .intervention), { try test.store.log("ice-knee", inputs: ["1"], date: today, clock: now) }),
            // 2026-11-17 is a Tuesday; stretches are Mon/Wed/Fri.
            (.notScheduled(id: "stretch", date: date("2026-11-17"), schedule: "weekly on Mon, Wed, Fri from 2026-11-01"),
             { try test.store.markDone("stretch", date: date("2026-11-17"), clock: now) }),
            (.notScheduled(id: "ice-knee", date: date("2026-10-31"), schedule: "3× daily at 08:00, 14:00, 20:00 from 2026-11-01"),
             { try test.store.markDone("ice-knee", date: date("2026-10-31"), clock: now) }),
            (.futureDate(date("2026-11-22"), today: today), { try test.store.markDone("ice-knee", date: date("2026-11-22"), clock: now) }),
            (.noSuchOccurrence(id: "ice-knee", date: today, occurrence: 3, count: 3), { try test.store.markDone("ice-knee", date: today, occurrence: 3, clock: now) }),
            (.notRecorded(id: "ice-knee", date: today, occurrence: 0), { try test.store.reset("ice-knee", date: today) }),
            (.notResettable(id: "anticoagulant"), { try test.store.reset("anticoagulant", date: today) }),
        ]
        for (expected, action) in cases {
            #expect(throws: expected) { try action() }
        }
        #expect(try test.count("outcome") == 0)
    }

    @Test func aUnitTypedAsItsOwnWordConverts() throws {
        let test = try TestStore.withSamplePlan()
        let recorded = try test.store.log("temperature", inputs: ["99.1", "°F"], date: today, clock: now)
        #expect(recorded.outcome.values.first?.value == 37.3)
        #expect(recorded.outcome.values.first?.enteredUnit == "degF")
        #expect(ReadingText.readingAsEntered(recorded.outcome.values, measure: recorded.activity.measure) == "37.3 °C (entered 99.1 °F)")
    }

    @Test func datesAfterTheEndAreNotScheduled() throws {
        let test = try TestStore.withSamplePlan()
        let late = clock("2026-12-02T09:00")
        try test.store.markDone("anticoagulant", date: date("2026-11-30"), clock: late)
        #expect(throws: CarePlanError.notScheduled(id: "anticoagulant", date: date("2026-12-01"), schedule: "daily from 2026-11-01 to 2026-11-30")) {
            try test.store.markDone("anticoagulant", date: date("2026-12-01"), clock: late)
        }
    }

    @Test func resetClearsTheLatestOrANamedOccurrence() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.markDone("ice-knee", date: today, clock: now)
        try test.store.markDone("ice-knee", date: today, clock: now)
        #expect(try test.store.reset("ice-knee", date: today).occurrence == 1)
        #expect(try test.store.reset("ice-knee", date: today, occurrence: 0).occurrence == 0)
        #expect(try test.count("outcome") == 0)
    }

    @Test func readingsInAnotherUnitAreConvertedAndKeepWhatWasEntered() throws {
        let test = try TestStore.withSamplePlan()
        let recorded = try test.store.log("temperature", inputs: ["99.1"], unit: "degF", date: today, clock: now)
        let value = recorded.outcome.values[0]
        #expect(value.value == 37.3)  // 37.277… rounded to the measure's one decimal
        #expect(value.unit == "degC")
        #expect(value.enteredValue == 99.1)
        #expect(value.enteredUnit == "degF")
        let stored = try test.store.outcomes(activityId: "temperature")
        #expect(stored.first?.values == [value])
    }

    @Test func aUnitMayBeWrittenWithTheNumber() throws {
        let test = try TestStore.withSamplePlan()
        #expect(try test.store.log("temperature", inputs: ["310.4K"], date: today, clock: now).outcome.values[0].value == 37.3)
    }

    @Test func aBloodPressureMayBeTypedAsItIsPrinted() throws {
        let test = try TestStore.withSamplePlan()
        let typed = try test.store.log("bp", inputs: ["132/84"], date: today, clock: now).outcome.values
        #expect(typed.map(\.name) == ["systolic", "diastolic"] && typed.map(\.value) == [132, 84])
        let other = try TestStore.withSamplePlan()
        let withUnit = try other.store.log("bp", inputs: ["17.6/11.2", "kPa"], date: today, clock: now).outcome.values
        #expect(withUnit.map(\.value) == [132, 84] && withUnit.map(\.enteredUnit) == ["kPa", "kPa"])
    }

    @Test func badReadingsAreRejectedWithWhatIsAcceptedAndWriteNothing() throws {
        let test = try TestStore.withSamplePlan()
        let cases: [(String, [String], String?, String)] = [
            ("temperature", ["45"], nil, "temperature: 45 °C is outside the accepted range 34–43 °C"),
            ("temperature", ["113"], "degF", "temperature: 113 °F (45 °C) is outside the accepted range 34–43 °C"),
            ("temperature", ["37.2"], "kg", "unit 'kg' does not convert to °C; accepted: °C, °F, K"),
            ("temperature", ["37.2"], "furlong", "unknown unit 'furlong'; accepted here: °C, °F, K"),
            ("temperature", ["37,2"], nil, "temperature: '37,2' is not a number; enter a number from 34 to 43 (in °C)"),
            ("temperature", ["abc"], nil, "temperature: 'abc' is not a number; enter a number from 34 to 43 (in °C)"),
            ("bp", ["128"], nil, "'bp' takes 2 values (systolic, diastolic), got 1"),
            ("bp", ["128", "300"], nil, "bp diastolic: 300 mmHg is outside the accepted range 30–150 mmHg"),
            ("bp", ["128.5", "80"], nil, "bp systolic: '128.5' is not a whole number; enter a whole number from 60 to 250"),
            ("pain", ["11"], nil, "pain: 11 is outside the scale; enter a whole number from 0 to 10"),
            ("pain", ["3"], "mmHg", "'pain' takes a plain number, without a unit"),
            ("swelling", ["huge"], nil, "swelling: 'huge' is not an option; choose one of: none, mild, moderate, severe"),
            ("slept-well", ["maybe"], nil, "slept-well: 'maybe' is not yes or no; enter yes or no"),
            ("journal", ["  "], nil, "journal: enter some text"),
            ("bp", ["132/84/70"], nil, "bp: give the 2 values (systolic, diastolic) separated by / or spaces, e.g. careplan log bp 110/73"),
            ("bp", ["132/"], nil, "bp diastolic: '' is not a number; enter a whole number from 30 to 150 (in mmHg)"),
        ]
        for (id, inputs, unit, message) in cases {
            do {
                try test.store.log(id, inputs: inputs, unit: unit, date: today, clock: now)
                Issue.record("\(id) \(inputs) should have been rejected")
            } catch {
                #expect("\(error)" == message)
            }
        }
        #expect(try test.count("outcome") == 0)
        #expect(try test.count("outcomeValue") == 0)
    }

    /// The rule for a reading's numbers, given the language's decimal separator (these tests never
    /// switch the process's language, which is English: "37,2" is refused above).
    @Test func aDecimalCommaIsReadWhereTheLanguageWritesOne() {
        #expect(ReadingParser.number("37.2", decimalSeparator: ".") == 37.2)
        #expect(ReadingParser.number("37,2", decimalSeparator: ".") == nil)
        #expect(ReadingParser.number("37,2", decimalSeparator: ",") == 37.2)
        #expect(ReadingParser.number("37.2", decimalSeparator: ",") == 37.2)
        #expect(ReadingParser.number("-0,5", decimalSeparator: ",") == -0.5)
        // Digit groups are no decimals, and two separators are no number.
        #expect(ReadingParser.number("1,234.5", decimalSeparator: ".") == nil)
        #expect(ReadingParser.number("1.234,5", decimalSeparator: ",") == nil)
        #expect(ReadingParser.number("37,2,1", decimalSeparator: ",") == nil)
        #expect(ReadingParser.number(",", decimalSeparator: ",") == nil)
        // A unit after the comma form, joined or apart.
        let joined = ReadingParser.splitNumber("37,2degC", decimalSeparator: ",")
        #expect(joined.0 == "37,2" && joined.1 == "degC")
        let apart = ReadingParser.splitNumber("99,1 °F", decimalSeparator: ",")
        #expect(apart.0 == "99,1" && apart.1 == "°F")
        let english = ReadingParser.splitNumber("37,2 °C", decimalSeparator: ".")
        #expect(english.0 == "37,2 °C" && english.1 == nil)
        // What a refusal says is accepted: the comma only where it is.
        #expect(ReadingParser.whatToEnter(wholeNumber: false, range: 34...43, unit: "°C", decimalSeparator: ",")
            == "enter a number from 34 to 43 (in °C), with a decimal comma or point")
        #expect(ReadingParser.whatToEnter(wholeNumber: false, range: 34...43, unit: "°C", decimalSeparator: ".") == "enter a number from 34 to 43 (in °C)")
        #expect(ReadingParser.whatToEnter(wholeNumber: true, range: 30...150, unit: nil, decimalSeparator: ",") == "enter a whole number from 30 to 150")
    }

    @Test func everyMeasureTypeIsStoredInFieldOrder() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.log("bp", inputs: ["128", "84"], date: today, clock: now)
        try test.store.log("pain", inputs: ["4"], date: today, clock: now)
        try test.store.log("swelling", inputs: ["Mild"], date: today, clock: now)
        try test.store.log("slept-well", inputs: ["no"], date: today, clock: now)
        try test.store.log("journal", inputs: ["stairs", "were", "easier"], date: today, note: "first good day", clock: now)
        let byId = Dictionary(uniqueKeysWithValues: try test.store.outcomes(from: today, to: today).map { ($0.activityId, $0) })
        #expect(byId["bp"]?.values.map(\.name) == ["systolic", "diastolic"])
        #expect(byId["bp"]?.values.map(\.value) == [128, 84])
        #expect(byId["pain"]?.values.first?.value == 4)
        #expect(byId["swelling"]?.values.first?.text == "mild")
        #expect(byId["swelling"]?.values.first?.value == 1)
        #expect(byId["slept-well"]?.values.first?.text == "no")
        #expect(byId["journal"]?.values.first?.text == "stairs were easier")
        #expect(byId["journal"]?.note == "first good day")
    }

    @Test func aResettableReadingMayBeReplacedButANonResettableOneMayNot() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.log("pain", inputs: ["6"], date: today, occurrence: 0, clock: now)
        let replaced = try test.store.log("pain", inputs: ["4"], date: today, occurrence: 0, clock: now)
        #expect(replaced.replaced?.values.first?.value == 6)
        #expect(try test.store.outcomes(activityId: "pain").map { $0.values[0].value } == [4])
        try test.store.log("bp", inputs: ["128", "84"], date: today, clock: now)
        #expect(throws: CarePlanError.notResettable(id: "bp")) {
            try test.store.log("bp", inputs: ["120", "80"], date: today, occurrence: 0, clock: now)
        }
        #expect(try test.store.outcomes(activityId: "bp").first?.values.map(\.value) == [128, 84])
    }

    @Test func asNeededActivitiesLogAnyNumberOfTimesAndNeverCountInAdherence() throws {
        let test = try TestStore.withSamplePlan()
        for _ in 0..<4 { try test.store.markDone("paracetamol", date: today, clock: now) }
        try test.store.log("journal", inputs: ["note one"], date: today, clock: now)
        try test.store.log("journal", inputs: ["note two"], date: today, clock: now)
        let day = try test.store.day(today)
        #expect(day.items.first { $0.activity.id == "paracetamol" }?.events.map(\.occurrence) == [0, 1, 2, 3])
        #expect(day.items.first { $0.activity.id == "journal" }?.events.count == 2)
        // Saturday: ice-knee 3 + anticoagulant 1 (walk is optional, stretch is not due).
        #expect(day.adherence == .due(completed: 0, total: 4))
    }

    @Test func adherenceCountsOnlyDueNonOptionalInterventions() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.markDone("ice-knee", date: today, clock: now)
        try test.store.markDone("walk", date: today, clock: now)
        try test.store.log("pain", inputs: ["2"], date: today, clock: now)
        #expect(try test.store.day(today).adherence == .due(completed: 1, total: 4))
        // Friday: stretches are due too.
        #expect(try test.store.day(date("2026-11-20")).adherence == .due(completed: 0, total: 5))
    }

    @Test func daysBeforeThePlanAreNotStartedAndEmptyDaysAreNothingDue() throws {
        let test = try TestStore()
        try test.store.importPlan(try decode("""
            title: Weekly
            activities:
              - {id: weigh, kind: intervention, title: Weigh in, schedule: {start: 2026-11-02, weekly: {mon: 1}}}
              - {id: walk, kind: intervention, title: Walk, optional: true, schedule: {start: 2026-11-02, daily: 1}}
            """), effective: date("2026-11-02"), clock: now)
        #expect(try test.store.day(date("2026-11-01")).adherence == .notStarted)
        #expect(try test.store.day(date("2026-11-03")).adherence == .nothingDue)
        #expect(try test.store.day(date("2026-11-09")).adherence == .due(completed: 0, total: 1))
        #expect(try TestStore().store.day(today).adherence == .nothingDue)
    }

    @Test func outcomesKeepTheLocalDateAndOffsetTheyWereEnteredAt() throws {
        let test = try TestStore.withSamplePlan()
        // Ticked at 23:30 in New York, then at 08:00 the next day in Tokyo (a flight east).
        let newYork = clock("2026-11-20T23:30", zone: "America/New_York")
        try test.store.markDone("ice-knee", date: newYork.today, clock: newYork)
        let tokyo = clock("2026-11-22T08:00", zone: "Asia/Tokyo")
        try test.store.markDone("ice-knee", date: tokyo.today, clock: tokyo)
        let stored = try test.store.outcomes(activityId: "ice-knee")
        #expect(stored.map(\.date.iso) == ["2026-11-20", "2026-11-22"])
        #expect(stored.map(\.utcOffset) == [-5 * 3600, 9 * 3600])
        #expect(stored.map(\.recordedAtLocal) == ["2026-11-20T23:30:00-05:00", "2026-11-22T08:00:00+09:00"])
    }

    @Test func outcomesOnDSTDaysBelongToTheirCalendarDay() throws {
        let test = try TestStore()
        try test.store.importPlan(try decode("""
            title: T
            activities:
              - {id: dose, kind: intervention, title: Dose, schedule: {start: 2026-03-01, daily: 2, times: ["00:30", "23:30"]}}
            """), effective: date("2026-03-01"), clock: now)
        for day in ["2026-03-29", "2026-10-25"] {
            let early = clock("\(day)T00:30"), late = clock("\(day)T23:30")
            try test.store.markDone("dose", date: early.today, clock: early)
            try test.store.markDone("dose", date: late.today, clock: late)
            #expect(try test.store.day(date(day)).adherence == .due(completed: 2, total: 2))
        }
        let ny = clock("2026-03-08T23:59", zone: "America/New_York")
        try test.store.markDone("dose", date: ny.today, clock: ny)
        #expect(try test.store.outcomes(from: date("2026-03-08"), to: date("2026-03-08")).count == 1)
    }

    @Test func leapDayIsAnOrdinaryScheduledDay() throws {
        let test = try TestStore()
        try test.store.importPlan(try decode("""
            title: T
            activities:
              - {id: check, kind: intervention, title: Check, schedule: {start: 2028-02-27, every: {days: 2, times: 1}}}
            """), effective: date("2028-02-27"), clock: now)
        let leapClock = clock("2028-03-01T12:00")
        try test.store.markDone("check", date: date("2028-02-29"), clock: leapClock)
        #expect(throws: CarePlanError.self) { try test.store.markDone("check", date: date("2028-03-01"), clock: leapClock) }
        #expect(try test.store.day(date("2028-02-29")).adherence == .due(completed: 1, total: 1))
    }
}
