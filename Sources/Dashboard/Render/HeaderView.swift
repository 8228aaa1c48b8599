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
        var right = "\(state.selectedDate.longText) · \(relativeDay(offset)) "
        if let timer = data.sleepTimer {
            // TRANSLATORS: the header while the bedside timer runs; "zzz" is the sleep sign, {time} a clock time (23:10).
            right = tr("zzz in bed since {time}", ["time": SleepText.clock(timer.utc, zone: context.timeZone)]) + " · " + right
        }
        // Today's due and overdue count, from the one rule `careplan due` and `status` use.
        if data.day.date == state.today, !data.plan.isEmpty {
            let due = DueList(day: data.day, reminders: data.plan.reminders, minutesIntoDay: context.minutesIntoDay)
            var counts: [String] = []
            // TRANSLATORS: how many of today's occurrences are overdue, and due now, in the header.
            if due.overdue > 0 { counts.append(trn("{count} overdue", "{count} overdue", due.overdue)) }
            if due.due > 0 { counts.append(trn("{count} due", "{count} due", due.due)) }
            if !counts.isEmpty { right = counts.joined(separator: " · ") + " (n) · " + right }
        }
        let room = rect.width - TextWidth.of(right) - 1
        buffer.write(TextWidth.truncate(left, to: room), x: rect.x, y: rect.y, style: style.bolded)
        buffer.write(right, x: rect.maxX - TextWidth.of(right), y: rect.y, style: offset == 0 ? style.bolded : style)
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
    static func draw(_ rect: Rect, state: AppState, pane: Pane, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        buffer.fill(rect, style: theme[.status])
        var hints: String
        if state.showHelp {
            hints = " " + tr("any key closes help")
        } else {
            hints = " " + Keymap.hints(for: pane, in: state.form == nil ? .dashboard : .form).map { "\($0.keys) \($0.name)" }.joined(separator: "  ")
        }
        var messageWidth = 0
        if let message = state.message {
            let text = TextWidth.truncate(message.text, to: max(0, rect.width * 3 / 5 - 1)) + " "
            messageWidth = TextWidth.of(text)
            let role: ThemeRole = message.level == .error ? .alert : message.level == .warning ? .warn : .ok
            buffer.write(text, x: rect.maxX - messageWidth, y: rect.y, style: theme[role].with(background: theme[.status].background).bolded)
        }
        buffer.write(TextWidth.truncate(hints, to: rect.width - messageWidth - 1), x: rect.x, y: rect.y, style: theme[.status])
    }
}

/// The pane tabs shown when only one pane fits.
enum TabBar {
    static func draw(_ rect: Rect, focus: Pane, context: RenderContext, into buffer: inout Buffer) {
        var x = rect.x + 1
        for pane in Pane.allCases {
            let label = " \(pane.rawValue + 1) \(pane.title) "
            let width = buffer.write(label, x: x, y: rect.y, style: context.theme[pane == focus ? .activeTab : .tab], clip: rect)
            buffer.mark(Rect(x: x, y: rect.y, width: width, height: 1), MouseTarget.pane(pane).tag)
            x += width + 1
        }
    }
}
