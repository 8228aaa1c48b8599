import CarePlanStore
import Localization
import TerminalUI

/// The top row: the plan and the selected date, and whether that is today.
enum HeaderView {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, into buffer: inout Buffer) {
        let style = context.theme[.header]
        buffer.fill(rect, style: style)
        var left = " careplan · " + data.plan.title
        if state.people.count > 1, let person = state.person {
            // Whose plan it is comes first: ticking Mum's tablet on Dad's plan is the mistake to prevent.
            left = " careplan · \(person.name) (P) · " + data.plan.title
        } else if let patient = data.plan.patient {
            left += " · " + patient
        }
        let offset = state.selectedDate.days(since: state.today)
        var counts: [String] = []
        // Today's due and overdue count, from the one rule `careplan due` and `status` use.
        if data.day.date == state.today, !data.plan.isEmpty {
            let due = DueList(day: data.day, reminders: data.plan.reminders, minutesIntoDay: context.minutesIntoDay)
            // TRANSLATORS: how many of today's occurrences are overdue, and due now, in the header.
            if due.overdue > 0 { counts.append(trn("{count} overdue", "{count} overdue", due.overdue)) }
            if due.due > 0 { counts.append(trn("{count} due", "{count} due", due.due)) }
        }
        // TRANSLATORS: the header while the bedside timer runs; "zzz" is the sleep sign, {time} a clock time (23:10).
        let timer = data.sleepTimer.map { tr("zzz in bed since {time}", ["time": SleepText.clock($0.utc, zone: context.timeZone)]) }
        let right = rightSide(date: state.selectedDate, relative: relativeDay(offset), counts: counts, timer: timer,
                              room: rect.width - min(24, rect.width / 3))
        let room = rect.width - TextWidth.of(right) - 1
        buffer.write(TextWidth.truncate(left, to: room), x: rect.x, y: rect.y, style: style.bolded)
        buffer.write(right, x: rect.maxX - TextWidth.of(right), y: rect.y, style: offset == 0 ? style.bolded : style)
    }

    /// The header's right side, as much of it as `room` holds: the timer, today's counts with the
    /// key that goes to them, the day and how far it is from today. Where a long language does not
    /// fit, the key hint goes first, then the long date becomes a short one, then the day's
    /// distance and the timer's time go; the counts and the date stay.
    static func rightSide(date: LocalDate, relative: String, counts: [String], timer: String?, room: Int) -> String {
        let countText = counts.joined(separator: " · ")
        let forms: [(timer: String?, counts: String, date: String, relative: String?)] = [
            (timer, counts.isEmpty ? "" : countText + " (n)", date.longText, relative),
            (timer, countText, date.longText, relative),
            (timer, countText, date.dateText, relative),
            (timer.map { _ in "zzz" }, countText, date.dateText, relative),
            (timer.map { _ in "zzz" }, countText, date.dateText, nil),
            (timer.map { _ in "zzz" }, countText, date.shortText, nil),
        ]
        var text = ""
        for form in forms {
            text = ([form.timer, form.counts, form.date, form.relative].compactMap { $0 }.filter { !$0.isEmpty }).joined(separator: " · ") + " "
            if TextWidth.of(text) <= room { break }
        }
        return text
    }

    /// The selected day from today: "today", "yesterday", "3 days ago", "in 2 days".
    static func relativeDay(_ offset: Int) -> String {
        switch offset {
        case 0: return trc("relative day", "today")
        case -1: return trc("relative day", "yesterday")
        case 1: return trc("relative day", "tomorrow")
        case ..<0: return trn("{count} day ago", "{count} days ago", -offset)
        default: return trn("in {count} day", "in {count} days", offset)
        }
    }
}

/// The bottom row: the focused pane's main keys (from the keymap) and the latest message.
enum StatusLine {
    static func draw(_ rect: Rect, state: AppState, pane: Pane, helpPages: Int, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        buffer.fill(rect, style: theme[.status])
        let room = rect.width - 2 - (state.message.map { min(TextWidth.of($0.text), max(0, rect.width * 3 / 5 - 1)) + 1 } ?? 0)
        let hints: String
        if state.showHelp {
            hints = TextWrap.lines(HelpOverlay.footer(page: state.helpPage, of: helpPages), width: max(1, room)).first ?? ""
        } else {
            // Whole hints, as many as fit; "? help" stays, since help lists every key.
            let all = Keymap.hints(for: pane, in: state.keyContext)
            hints = TextWidth.fitting(all.map { "\($0.keys) \($0.name)" }, separator: "  ", in: room,
                                      pinned: all.firstIndex { $0.keys == Key.character("?").description })
        }
        var messageWidth = 0
        if let message = state.message {
            let text = TextWidth.truncate(message.text, to: max(0, rect.width * 3 / 5 - 1)) + " "
            messageWidth = TextWidth.of(text)
            let role: ThemeRole = message.level == .error ? .alert : message.level == .warning ? .warn : .ok
            buffer.write(text, x: rect.maxX - messageWidth, y: rect.y, style: theme[role].with(background: theme[.status].background).bolded)
        }
        buffer.write(" " + hints, x: rect.x, y: rect.y, style: theme[.status], clip: Rect(x: rect.x, y: rect.y, width: rect.width - messageWidth, height: 1))
    }
}

/// The pane tabs shown when only one pane fits. Where every title does not fit (a long language
/// at 80 columns), the other tabs show their number only, and the focused one its title.
enum TabBar {
    static func draw(_ rect: Rect, focus: Pane, context: RenderContext, into buffer: inout Buffer) {
        let room = rect.width - 1
        var labels = Pane.allCases.map { " \($0.rawValue + 1) \($0.title) " }
        if TextWidth.of(labels.joined(separator: " ")) > room {
            labels = Pane.allCases.map { $0 == focus ? " \($0.rawValue + 1) \($0.title) " : " \($0.rawValue + 1) " }
            let others = labels.enumerated().filter { $0.offset != focus.rawValue }.reduce(0) { $0 + TextWidth.of($1.element) + 1 }
            labels[focus.rawValue] = TextWidth.truncate(labels[focus.rawValue], to: max(3, room - others))
        }
        var x = rect.x + 1
        for (pane, label) in zip(Pane.allCases, labels) {
            let width = buffer.write(label, x: x, y: rect.y, style: context.theme[pane == focus ? .activeTab : .tab], clip: rect)
            buffer.mark(Rect(x: x, y: rect.y, width: width, height: 1), MouseTarget.pane(pane).tag)
            x += width + 1
        }
    }
}
