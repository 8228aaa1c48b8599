import CarePlanStore
import Localization
import TerminalUI

/// Seven days, Monday first, each with its completion ring, percentage and date; the selected
/// day highlighted. "Nothing due", "not started" and future days look different from 0 % and 100 %.
enum WeekStripView {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        let column = max(5, min(9, rect.width / 7))
        let x0 = rect.x + max(0, (rect.width - column * 7) / 2)
        for (index, day) in data.week.enumerated() {
            let x = x0 + index * column
            let isSelected = day.date == state.selectedDate
            let (glyph, caption, role) = look(day, today: state.today, style: context.chartStyle)
            var base = theme[role]
            if day.date == state.today { base = base.bolded }
            buffer.mark(Rect(x: x, y: rect.y, width: column, height: min(4, rect.height)), MouseTarget.day(day.date).tag)
            let cells = [day.date.weekday.shortName, glyph, caption, "\(day.date.day)"]
            for (row, text) in cells.enumerated() where row < rect.height {
                let style = isSelected ? theme[.selection] : base
                let padded = TextWidth.pad(String(repeating: " ", count: max(0, (column - 1 - TextWidth.of(text)) / 2)) + text, to: column - 1)
                buffer.write(padded, x: x, y: rect.y + row, style: style, clip: rect)
            }
        }
    }

    static func look(_ day: WeekDay, today: LocalDate, style: ChartStyle) -> (glyph: String, caption: String, role: ThemeRole) {
        switch day.adherence {
        // TRANSLATORS: under a day's ring in the Care Card's week strip, where a percentage goes
        // (4 columns at least): the plan had not started that day ("not started").
        case .notStarted: return (" ", trc("week strip", "n/s"), .notStarted)
        // TRANSLATORS: under a day's ring in the week strip: nothing was due that day.
        case .nothingDue: return (Ring.glyph(fraction: nil, style: style), trc("week strip", "none"), .nothingDue)
        case .future: return (style == .ascii ? "." : "·", "", .future)
        case .due:
            // A day still to come has no score yet: a dot, not an empty ring that reads as 0 %.
            guard day.date <= today, let fraction = day.adherence.fraction, let percent = day.adherence.percent else {
                return (style == .ascii ? "." : "·", "", .future)
            }
            return (Ring.glyph(fraction: fraction, style: style), "\(percent)%", fraction >= 1 ? .ok : .ring)
        }
    }
}
