import CareInsights
import CarePlanStore
import Testing
import TerminalUI
@testable import Dashboard

@Suite struct ReducerTests {
    let fixture: DashboardFixture
    let data: DashboardData

    init() throws {
        fixture = try DashboardFixture()
        data = try fixture.data()
    }

    func press(_ keys: [Key], _ state: inout AppState) -> [Command] {
        keys.flatMap { Reducer.handle($0, state: &state, data: data, samples: []) }
    }

    /// Help on a screen too small for all of it: Space, ↓ and PgDn turn its pages, ↑ back; on the
    /// last page they close it, as any other key does at once.
    @Test func helpTurnsItsPagesThenCloses() {
        var state = AppState(today: fixture.today)
        _ = press([.character("?")], &state)
        #expect(state.showHelp && state.helpPage == 0)
        func pressInHelp(_ key: Key) { _ = Reducer.handle(key, state: &state, data: data, samples: [], helpPages: 2) }
        pressInHelp(.character(" "))
        #expect(state.showHelp && state.helpPage == 1)
        pressInHelp(.up)
        #expect(state.showHelp && state.helpPage == 0)
        pressInHelp(.pageDown)
        #expect(state.helpPage == 1)
        pressInHelp(.down)
        #expect(!state.showHelp && state.helpPage == 0, "the last page closes on the next key")
        _ = press([.character("?")], &state)
        pressInHelp(.character("x"))
        #expect(!state.showHelp, "any other key closes at once")
        _ = press([.character("?")], &state)
        pressInHelp(.character("q"))
        #expect(state.quit)
    }

    @Test func panesCycleWithTabAndJumpWithDigits() {
        var state = AppState(today: fixture.today)
        _ = press([.tab], &state)
        #expect(state.focus == .symptoms)
        _ = press([.tab, .tab], &state)
        #expect(state.focus == .connect)
        _ = press([.tab], &state)
        #expect(state.focus == .care)
        _ = press([.backTab], &state)
        #expect(state.focus == .connect)
        _ = press([.character("3")], &state)
        #expect(state.focus == .insights)
        _ = press([.character("4")], &state)
        #expect(state.focus == .connect)
        _ = press([.character("2")], &state)
        #expect(state.focus == .symptoms)
        _ = press([.character("1")], &state)
        #expect(state.focus == .care)
    }

    /// `n` walks today's due list (overdue first) across the Care Card and the Symptom Tracker,
    /// in the order `careplan due` lists it, and comes round again.
    @Test func nSelectsTheNextDueItemInItsPane() throws {
        var state = AppState(today: fixture.today)
        state.minutesIntoDay = 15 * 60 + 30
        let due = DueList(day: data.day, reminders: data.plan.reminders, minutesIntoDay: state.minutesIntoDay)
        var order: [String] = []
        for item in due.items where !order.contains(item.activity.id) { order.append(item.activity.id) }
        #expect(order.count >= 2)
        var visited: [String] = []
        for _ in 0..<order.count {
            _ = press([.character("n")], &state)
            let rows = state.focus == .care ? PaneRows.care(data.day) : PaneRows.symptoms(data.day)
            let index = state.focus == .care ? state.careSelection : state.symptomSelection
            visited.append(rows[index].activity.id)
        }
        #expect(visited == order)
        #expect(state.message?.text.hasPrefix(due.items.first { $0.activity.id == order.last }!.state == .overdue ? "Overdue: " : "Due: ") == true)
        _ = press([.character("n")], &state)
        let rows = state.focus == .care ? PaneRows.care(data.day) : PaneRows.symptoms(data.day)
        #expect(rows[state.focus == .care ? state.careSelection : state.symptomSelection].activity.id == order[0], "round again")
        // On another day, n goes to today first.
        state.selectedDate = fixture.today.adding(days: -3)
        let earlier = try fixture.data(state.selectedDate)
        _ = Reducer.handle(.character("n"), state: &state, data: earlier, samples: [])
        #expect(state.selectedDate == fixture.today)
    }

    @Test func daysAndWeeksMoveTheSelectedDate() {
        var state = AppState(today: fixture.today)
        _ = press([.left, .character("h")], &state)
        #expect(state.selectedDate.iso == "2026-11-19")
        _ = press([.character("]")], &state)
        #expect(state.selectedDate.iso == "2026-11-26")
        _ = press([.character("["), .character("["), .right], &state)
        #expect(state.selectedDate.iso == "2026-11-13")
        _ = press([.character("t")], &state)
        #expect(state.selectedDate == fixture.today)
    }

    @Test func selectionStaysOnTheList() {
        var state = AppState(today: fixture.today)
        _ = press(Array(repeating: .down, count: 20), &state)
        #expect(state.careSelection == PaneRows.care(data.day).count - 1)
        _ = press(Array(repeating: .character("k"), count: 20), &state)
        #expect(state.careSelection == 0)
    }

    @Test func spaceTicksTheNextOpenOccurrence() {
        var state = AppState(today: fixture.today)
        // exercises: occurrence 0 is done today.
        #expect(press([.character(" ")], &state) == [.markDone(activityId: "exercises", date: fixture.today, occurrence: 1)])
    }

    @Test func aNonResettableTickNeedsASecondPress() {
        var state = AppState(today: fixture.today)
        let rows = PaneRows.care(data.day)
        state.careSelection = rows.firstIndex { $0.activity.id == "rivaroxaban" }!
        #expect(press([.character(" ")], &state).isEmpty)
        #expect(state.message?.text == "Space again records Rivaroxaban 10 mg; it cannot be unticked")
        #expect(press([.character(" ")], &state) == [.markDone(activityId: "rivaroxaban", date: fixture.today, occurrence: 0)])
        // Any other key in between cancels the confirmation.
        var other = AppState(today: fixture.today)
        other.careSelection = state.careSelection
        _ = press([.character(" "), .down, .up], &other)
        #expect(press([.character(" ")], &other).isEmpty)
    }

    @Test func spaceUnticksWhenAllAreDoneUnlessNotResettable() {
        var state = AppState(today: fixture.today)
        state.selectedDate = LocalDate(iso: "2026-11-20")!
        let day = try! fixture.data(state.selectedDate)
        let rows = PaneRows.care(day.day)
        state.careSelection = rows.firstIndex { $0.activity.id == "ice" }!
        #expect(Reducer.handle(.character(" "), state: &state, data: day, samples: []) == [.reset(activityId: "ice", date: state.selectedDate, occurrence: 1)])
        state.careSelection = rows.firstIndex { $0.activity.id == "rivaroxaban" }!
        #expect(Reducer.handle(.character(" "), state: &state, data: day, samples: []).isEmpty)
        #expect(state.message?.text == "Rivaroxaban 10 mg is not resettable: once recorded, it cannot be unticked")
    }

    @Test func futureDaysCannotBeTicked() {
        var state = AppState(today: fixture.today)
        state.selectedDate = fixture.today.adding(days: 1)
        let tomorrow = try! fixture.data(state.selectedDate)
        #expect(Reducer.handle(.character(" "), state: &state, data: tomorrow, samples: []).isEmpty)
        #expect(state.message?.level == .warning)
    }

    @Test func enterOpensAFormFittedToTheMeasure() {
        var state = AppState(today: fixture.today)
        _ = press([.character("2")], &state)
        let rows = PaneRows.symptoms(data.day)
        state.symptomSelection = rows.firstIndex { $0.activity.id == "bp" }!
        _ = press([.enter], &state)
        let form = state.form!
        #expect(form.activity.id == "bp")
        #expect(form.occurrence == 0)
        #expect(form.fields.map(\.label) == ["Systolic", "Diastolic"])
        #expect(form.fields[0].hint == "mmHg (or kPa, cmH₂O), 60–250")
        // Pain has occurrence 0 recorded today: the form is for occurrence 1, a scale.
        var pain = AppState(today: fixture.today)
        pain.focus = .symptoms
        pain.symptomSelection = rows.firstIndex { $0.activity.id == "pain" }!
        _ = press([.enter], &pain)
        #expect(pain.form?.occurrence == 1)
        #expect(pain.form?.fields[0].input == .scale(nil, 0...10))
    }

    @Test func formKeysEditValidateAndCancel() {
        var state = AppState(today: fixture.today)
        state.focus = .symptoms
        let rows = PaneRows.symptoms(data.day)
        state.symptomSelection = rows.firstIndex { $0.activity.id == "bp" }!
        _ = press([.enter], &state)
        #expect(press([.enter], &state).isEmpty)
        #expect(state.form?.error == "Systolic: enter a value (mmHg (or kPa, cmH₂O), 60–250)")
        _ = press([.character("1"), .character("3"), .character("5"), .tab, .character("8"), .character("8"), .tab], &state)
        _ = press(Array("after stairs").map { Key.character($0) }, &state)
        let commands = press([.enter], &state)
        guard case .log(let form) = commands.first else { Issue.record("expected a log command"); return }
        #expect(form.inputs == ["135", "88"])
        #expect(form.note == "after stairs")
        _ = press([.escape], &state)
        #expect(state.form == nil)
        #expect(state.message?.text == "Cancelled; nothing saved")
    }

    /// A key typed into a form field, looked up in the action table as the form does.
    func edit(_ input: EntryForm.Input, _ key: Key) -> EntryForm.Input {
        FormReducer.edit(input, key, Keymap.action(for: key, in: .form))
    }

    @Test func scaleAndChoiceFieldsTakeArrowsAndDigits() {
        let scale = EntryForm.Input.scale(nil, 0...10)
        #expect(edit(scale, .right) == .scale(0, 0...10))
        #expect(edit(.scale(4, 0...10), .left) == .scale(3, 0...10))
        #expect(edit(.scale(1, 0...10), .character("0")) == .scale(10, 0...10))
        #expect(edit(.scale(3, 0...10), .character("7")) == .scale(7, 0...10))
        #expect(edit(.scale(10, 0...10), .right) == .scale(10, 0...10))
        let choice = EntryForm.Input.choice(nil, ["none", "mild", "severe"])
        #expect(edit(choice, .right) == .choice(0, ["none", "mild", "severe"]))
        #expect(edit(choice, .character("3")) == .choice(2, ["none", "mild", "severe"]))
        #expect(edit(.boolean(nil), .character("y")) == .boolean(true))
        #expect(edit(.text("37.2"), .backspace) == .text("37."))
        #expect(edit(.text("37.2"), .control("u")) == .text(""))
        #expect(edit(.text("-"), .character("1")) == .text("-1"), "a minus sign is typed, not an action")
    }

    @Test func undoTakesTheLastChangeOrSaysThereIsNone() {
        var state = AppState(today: fixture.today)
        #expect(press([.character("u")], &state).isEmpty)
        #expect(state.message?.text == "Nothing to undo in this session")
        let entry = UndoEntry.recorded(Outcome(activityId: "ice", date: fixture.today, occurrence: 0, recordedAt: fixture.clock.now, utcOffset: 3600), title: "Ice", replaced: nil)
        state.undoStack = [entry]
        #expect(press([.character("u")], &state) == [.undo(entry)])
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        var state = AppState(today: fixture.today)
        _ = press([.character("?")], &state)
        #expect(state.showHelp)
        _ = press([.character("x")], &state)
        #expect(!state.showHelp)
        _ = press([.character("q")], &state)
        #expect(state.quit)
    }

    @Test func theStatusLineHintsComeFromTheKeymap() {
        let care = Keymap.hints(for: .care).map { "\($0.keys) \($0.name)" }
        #expect(care == ["Tab pane", "↑/↓ item", "←/→ day", "t today", "Space tick", "u undo", "? help", "q quit"])
        #expect(Keymap.hints(for: .symptoms).map { "\($0.keys) \($0.name)" }.contains("Enter record"))
        let insights = Keymap.hints(for: .insights).map { "\($0.keys) \($0.name)" }
        #expect(insights.contains("c chart"))
        #expect(insights.contains("[/] week"))
        // Every bound key maps back to its action, in its context.
        for binding in Keymap.bindings { for key in binding.keys { #expect(Keymap.action(for: key, in: binding.context) == binding.action) } }
        // The form's status line and the help overlay come from the same table.
        #expect(Keymap.hints(for: .symptoms, in: .form).map { "\($0.keys) \($0.name)" } == ["Enter save", "Esc cancel", "Tab/Shift-Tab field"])
        #expect(Keymap.bindings(in: .form).contains { $0.action == .clearField && $0.keys == [.control("u")] })
    }
}

@Suite struct MidnightTests {
    @Test func theDashboardFollowsTodayAcrossMidnight() {
        var state = AppState(today: LocalDate(iso: "2026-11-21")!)
        let sameDay = state.rollOver(to: LocalDate(iso: "2026-11-21")!)
        #expect(!sameDay)
        let nextDay = state.rollOver(to: LocalDate(iso: "2026-11-22")!)
        #expect(nextDay)
        #expect(state.selectedDate.iso == "2026-11-22")
        // Someone looking at last week stays there.
        state.selectedDate = LocalDate(iso: "2026-11-15")!
        let later = state.rollOver(to: LocalDate(iso: "2026-11-23")!)
        #expect(later)
        #expect(state.selectedDate.iso == "2026-11-15")
        #expect(state.today.iso == "2026-11-23")
    }
}

@Suite struct InsightsKeysTests {
    @Test func rCyclesTheRangeAndBracketsPageByIt() throws {
        let fixture = try DashboardFixture()
        let data = try fixture.data()
        var state = AppState(today: fixture.today)
        state.focus = .insights
        _ = Reducer.handle(.character("r"), state: &state, data: data, samples: [])
        #expect(state.insightsRange == .month)
        _ = Reducer.handle(.character("["), state: &state, data: data, samples: [])
        #expect(state.selectedDate.iso == "2026-10-21")
        _ = Reducer.handle(.character("r"), state: &state, data: data, samples: [])
        _ = Reducer.handle(.character("]"), state: &state, data: data, samples: [])
        #expect(state.insightsRange == .quarter)
        #expect(state.selectedDate.iso == "2027-01-21")
        _ = Reducer.handle(.character("r"), state: &state, data: data, samples: [])
        _ = Reducer.handle(.character("r"), state: &state, data: data, samples: [])
        #expect(state.insightsRange == .week)
        // Outside Insights, brackets still move by a week.
        state.focus = .care
        _ = Reducer.handle(.character("["), state: &state, data: data, samples: [])
        #expect(state.selectedDate.iso == "2027-01-14")
    }

    @Test func pagingAMonthKeepsTheDayWhereTheMonthHasIt() {
        var state = AppState(today: LocalDate(iso: "2026-03-31")!)
        state.focus = .insights
        state.insightsRange = .month
        #expect(Reducer.page(-1, state: state).iso == "2026-02-28")
    }
}
