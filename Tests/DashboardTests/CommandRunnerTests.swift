import CareInsights
import CarePlanStore
import Foundation
import Testing
import TerminalUI
@testable import Dashboard

/// Commands run against a real SQLite store, and undo takes them back there.
@Suite struct CommandRunnerTests {
    let fixture: DashboardFixture
    let runner: CommandRunner

    init() throws {
        fixture = try DashboardFixture()
        let clock = fixture.clock
        runner = CommandRunner(store: fixture.store, clock: { clock })
    }

    func outcomes(_ id: String) throws -> [Outcome] {
        try fixture.store.outcomes(activityId: id, from: fixture.today, to: fixture.today)
    }

    @Test func aSamplePlanChosenOnFirstRunStartsTodayWithNothingMissed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-picker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try CareStore(path: folder.appendingPathComponent("care.sqlite").path)
        let clock = fixture.clock
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sample-plans/hypertension.yaml").path
        var state = AppState(today: fixture.today)
        let empty = try FrameLoader(store: store, size: (120, 40)).load(state)
        CommandRunner(store: store, clock: { clock }).run(.startSamplePlan(path: sample), state: &state, data: empty)
        let plan = try store.plan()
        #expect(plan.start == fixture.today, "the plan starts the day it was chosen")
        #expect(plan.histories.allSatisfy { $0.trackedFrom == fixture.today })
        let report = try InsightsEngine(store: store).report(range: .week, date: fixture.today, today: fixture.today)
        #expect(!report.messages.contains { $0.kind == .missedStreak })
    }

    /// P: the next person's plan; what was on screen (undo steps, selections) was the other
    /// person's and does not follow.
    @Test func theNextPersonsPlanTakesOverTheScreen() throws {
        let store = fixture.store
        let first = try #require(store.person)
        try store.choosePerson("Mum", adding: true)
        try store.importPlan(try PlanDecoder(file: "plan.yaml").decode(DashboardFixture.planYAML), effective: fixture.today, clock: fixture.clock)
        let mum = try #require(store.person)
        store.choose(first)
        var state = AppState(today: fixture.today)
        state.people = try store.people()
        state.person = first
        runner.run(.markDone(activityId: "ice", date: fixture.today, occurrence: 0), state: &state, data: try fixture.data())
        state.careSelection = 3
        #expect(state.undoStack.count == 1)
        runner.run(.nextPerson, state: &state, data: try fixture.data())
        #expect(store.person == mum && state.person == mum)
        #expect(state.undoStack.isEmpty && state.careSelection == 0)
        #expect(state.message?.text == "Mum's plan")
        #expect(try outcomes("ice").isEmpty, "Mum has not iced her knee; the tick was the first person's")
        runner.run(.nextPerson, state: &state, data: try fixture.data())
        #expect(store.person == first, "round again")
        #expect(try outcomes("ice").count == 1)
        // With one person, P says how to add another instead.
        var alone = AppState(today: fixture.today)
        alone.people = [first]
        #expect(Reducer.handle(.character("P"), state: &alone, data: try fixture.data(), samples: []).isEmpty)
        #expect(alone.message?.text.contains("--person NAME") == true)
    }

    @Test func aTickIsStoredAndUndoRemovesIt() throws {
        var state = AppState(today: fixture.today)
        let data = try fixture.data()
        runner.run(.markDone(activityId: "ice", date: fixture.today, occurrence: 0), state: &state, data: data)
        #expect(try outcomes("ice").count == 1)
        #expect(state.undoStack.count == 1)
        #expect(state.message?.text == "Done: Ice and elevate")
        runner.run(.undo(state.undoStack.last!), state: &state, data: data)
        #expect(try outcomes("ice").isEmpty)
        #expect(state.undoStack.isEmpty)
    }

    @Test func undoOfAnUntickRestoresTheOriginalOutcome() throws {
        var state = AppState(today: fixture.today)
        let data = try fixture.data()
        let original = try outcomes("exercises")[0]
        runner.run(.reset(activityId: "exercises", date: fixture.today, occurrence: 0), state: &state, data: data)
        #expect(try outcomes("exercises").isEmpty)
        runner.run(.undo(state.undoStack.last!), state: &state, data: data)
        #expect(try outcomes("exercises") == [original])
    }

    @Test func anInvalidReadingStaysInTheFormAndSavesNothing() throws {
        var state = AppState(today: fixture.today)
        let data = try fixture.data()
        let temperature = data.plan.history("temperature")!.activity(on: fixture.today)
        var form = EntryForm(activity: temperature, date: fixture.today, occurrence: 0, editing: nil)
        form.fields[0].input = .text("45")
        state.form = form
        runner.run(.log(form), state: &state, data: data)
        #expect(state.form?.error == "temperature: 45 °C is outside the accepted range 34–43 °C")
        #expect(try outcomes("temperature").isEmpty)
        form.fields[0].input = .text("99.1 degF")
        state.form = form
        runner.run(.log(form), state: &state, data: data)
        #expect(state.form == nil)
        #expect(try outcomes("temperature").first?.values.first?.value == 37.3)
        #expect(state.message?.text == "Saved Temperature: 37.3 °C")
    }

    @Test func undoOfAnEditedReadingPutsThePreviousOneBack() throws {
        var state = AppState(today: fixture.today)
        let data = try fixture.data()
        let pain = data.plan.history("pain")!.activity(on: fixture.today)
        let before = try outcomes("pain")[0]
        var form = EntryForm(activity: pain, date: fixture.today, occurrence: 0, editing: before)
        #expect(form.fields[0].input == .scale(4, 0...10))
        form.fields[0].input = .scale(2, 0...10)
        runner.run(.log(form), state: &state, data: data)
        #expect(try outcomes("pain")[0].values[0].value == 2)
        runner.run(.undo(state.undoStack.last!), state: &state, data: data)
        #expect(try outcomes("pain") == [before])
    }

    @Test func undoOfANonResettableTickIsRefused() throws {
        var state = AppState(today: fixture.today)
        let data = try fixture.data()
        runner.run(.markDone(activityId: "rivaroxaban", date: fixture.today, occurrence: 0), state: &state, data: data)
        runner.run(.undo(state.undoStack.last!), state: &state, data: data)
        #expect(state.message?.level == .error)
        #expect(state.message?.text == "'rivaroxaban' is not resettable: once recorded, its outcomes cannot be changed or cleared")
        #expect(try outcomes("rivaroxaban").count == 1)
    }
}

/// Undo never destroys what another program wrote after this session's change.
@Suite struct UndoSafetyTests {
    @Test func undoRefusesWhenAnotherProgramChangedTheReading() throws {
        let fixture = try DashboardFixture()
        let clock = fixture.clock
        let runner = CommandRunner(store: fixture.store, clock: { clock })
        var state = AppState(today: fixture.today)
        let data = try fixture.data()
        let temperature = data.plan.history("temperature")!.activity(on: fixture.today)
        var form = EntryForm(activity: temperature, date: fixture.today, occurrence: 0, editing: nil)
        form.fields[0].input = .text("37.0")
        runner.run(.log(form), state: &state, data: data)
        // Another terminal replaces the reading.
        let later = CareClock(now: clock.now.addingTimeInterval(60), timeZone: clock.timeZone)
        try fixture.store.log("temperature", inputs: ["38.2"], date: fixture.today, occurrence: 0, clock: later)
        runner.run(.undo(state.undoStack.last!), state: &state, data: data)
        #expect(state.message?.text == "'temperature' on 2026-11-21 (occurrence 0) was changed by another program since; nothing undone")
        #expect(try fixture.store.outcomes(activityId: "temperature", from: fixture.today, to: fixture.today).first?.values.first?.value == 38.2)
        // The entry that can never be undone leaves the stack.
        #expect(state.undoStack.isEmpty)
    }
}

/// A day switch inside the week reuses what is loaded; anything else loads afresh.
@Suite struct DataReuseTests {
    @Test func aDaySwitchInsideTheWeekKeepsTheWeekAndReport() throws {
        let fixture = try DashboardFixture()
        let plan = try fixture.store.plan()
        let saturday = try DashboardData.load(from: fixture.store, date: fixture.today, today: fixture.today, plan: plan, insights: .week)
        let friday = try DashboardData.load(from: fixture.store, date: fixture.today.adding(days: -1), today: fixture.today, plan: plan,
                                            insights: .week, reusing: saturday)
        #expect(friday.week == saturday.week)
        #expect(friday.insights == saturday.insights)
        #expect(friday.selectedDate.iso == "2026-11-20")
        // The Symptom Tracker shows the new day's own readings (Friday's pain was 3, Saturday's 4),
        // and, for an assessment with none that day, the latest before it with its date.
        func shown(_ id: String, _ data: DashboardData) -> String {
            SymptomTrackerPane.reading(data.day.items.first { $0.activity.id == id }!, data: data, zone: fixture.clock.timeZone).0
        }
        #expect(shown("pain", friday) == "3 of 10")
        #expect(shown("pain", saturday) == "4 of 10")
        #expect(shown("temperature", friday) == "37.9 °C (19 Nov)")
        #expect(shown("bp", saturday) == "128/84 mmHg (19 Nov)")
        #expect(shown("swelling", saturday) == "—")
        // Only the readings a day without its own shows are looked up.
        #expect(Set(saturday.latest.keys) == ["temperature", "bp"])
        // Another week is loaded, not reused, and matches a fresh load.
        let lastWeek = try DashboardData.load(from: fixture.store, date: fixture.today.adding(days: -7), today: fixture.today, plan: plan,
                                              insights: .week, reusing: saturday)
        #expect(lastWeek == (try DashboardData.load(from: fixture.store, date: fixture.today.adding(days: -7), today: fixture.today, plan: plan, insights: .week)))
        #expect(lastWeek.week[0].date.iso == "2026-11-09")
    }

    /// The week strip is read from the day summaries (or taken from a week's report), not from the
    /// outcomes: it must still say what each day's agenda says, with and without Insights on screen.
    @Test func theWeekStripAgreesWithEachDaysAgenda() throws {
        let fixture = try DashboardFixture()
        // Rivaroxaban ends on Monday 2026-11-23 and a day's tick is moved, so days differ.
        try fixture.store.markDone("ice", date: fixture.today.adding(days: -3), clock: fixture.clock)
        for range: InsightRange? in [.week, .month, nil] {
            for date in [fixture.today, fixture.today.adding(days: -7), fixture.today.adding(days: -14), fixture.today.adding(days: 7)] {
                let data = try fixture.data(date, insights: range)
                #expect(data.week.map(\.date) == (0..<7).map { DateBucket.week.start(of: date).adding(days: $0) })
                for day in data.week {
                    let agenda = try fixture.store.day(day.date)
                    let expected = day.date > fixture.today && agenda.adherence != .notStarted ? .future : agenda.adherence
                    #expect(day.adherence == expected, "\(day.date.iso) with \(range.map(\.rawValue) ?? "no insights")")
                }
                #expect(data.day == (try fixture.store.day(date)))
            }
        }
    }
}

