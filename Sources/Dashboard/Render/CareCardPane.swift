import CarePlanStore
import Localization
import TerminalUI

/// The Care Card: the week's completion rings, the day's interventions with their occurrence
/// boxes, and the selected one's instructions.
enum CareCardPane {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, focused: Bool, into buffer: inout Buffer) {
        let inner = Frame.draw(rect, title: Pane.care.title, focused: focused, theme: context.theme, into: &buffer)
        guard inner.height > 0 else { return }
        let (stripArea, rest) = inner.splitTop(5)
        WeekStripView.draw(stripArea, state: state, data: data, context: context, into: &buffer)
        let rows = PaneRows.care(data.day)
        let selected = rows.indices.contains(state.careSelection) ? rows[state.careSelection] : nil
        // Wrapped once, for both the height it needs and the drawing.
        let detail = selected.map { DetailText.lines($0.activity, width: rest.width) } ?? []
        let detailHeight = selected == nil ? 0 : DetailText.height(lines: detail, limit: rest.height / 2)
        let (listArea, detailArea) = rest.splitBottom(detailHeight)
        drawList(listArea, rows: rows, state: state, data: data, context: context, into: &buffer)
        if let selected { drawDetail(detailArea, item: selected, lines: detail, context: context, into: &buffer) }
    }

    static func drawList(_ rect: Rect, rows: [AgendaItem], state: AppState, data: DashboardData, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height > 1 else { return }
        buffer.write(adherenceLine(data.day), x: rect.x, y: rect.y, style: theme[.accent], clip: rect)
        if rows.isEmpty {
            buffer.write(tr("No interventions on this day."), x: rect.x, y: rect.y + 2, style: theme[.dim], clip: rect)
            return
        }
        let lines = ListLines.build(rows) { $0.activity.group }
        let listRect = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1)
        let titleWidth = min(28, max(12, rect.width / 3))
        ListLines.draw(lines, selected: state.careSelection, in: listRect, titleWidth: titleWidth, theme: theme, into: &buffer) { index, item, y, boxes, buffer in
            buffer.mark(Rect(x: listRect.x, y: y, width: boxes - listRect.x, height: 1), MouseTarget.careRow(index).tag)
            let end = drawEvents(item, x: boxes, y: y, clip: listRect, state: state, context: context, into: &buffer)
            buffer.mark(Rect(x: boxes, y: y, width: end - boxes, height: 1), MouseTarget.careBox(index).tag)
        }
    }

    static func adherenceLine(_ day: DayAgenda) -> String {
        switch day.adherence {
        case .notStarted: return tr("Not started: the plan has not begun on this day")
        case .future, .nothingDue: return tr("Nothing due on this day")
        case .due(let completed, let total):
            // TRANSLATORS: the day's adherence above the Care Card's list: occurrences done of those due, and the percentage.
            return trn("{count} of {total} done · {percent} %", "{count} of {total} done · {percent} %", completed,
                       ["total": total, "percent": day.adherence.percent!])
        }
    }

    /// Draws the row's boxes from `x`; returns the column after them.
    @discardableResult
    static func drawEvents(_ item: AgendaItem, x: Int, y: Int, clip: Rect, state: AppState, context: RenderContext, into buffer: inout Buffer) -> Int {
        let theme = context.theme
        if item.activity.schedule.isAsNeeded {
            let count = item.events.count
            // TRANSLATORS: an as-needed activity's row: how many times it was logged that day; {key} is the Space key's name.
            let text = trn("as needed · {count} logged · {key} logs", "as needed · {count} logged · {key} logs", count,
                           ["key": Key.character(" ").description])
            return x + buffer.write(TextWidth.truncate(text, to: clip.maxX - x), x: x, y: y, style: theme[.dim], clip: clip)
        }
        var column = x
        for (index, event) in item.events.enumerated() {
            let (box, role) = EventLook.of(event, optional: item.activity.optional, state: state, context: context)
            let time = event.time.map { " " + $0.description } ?? ""
            // A box that would not fit whole, with room for "…" after it when more follow, gives way to "…".
            let more = index < item.events.count - 1 ? 2 : 0
            guard column + TextWidth.of(box + time) + more <= clip.maxX else {
                buffer.write("…", x: column, y: y, style: theme[.dim], clip: clip)
                return column + 1
            }
            column += buffer.write(box, x: column, y: y, style: theme[role], clip: clip)
            if !time.isEmpty { column += buffer.write(time, x: column, y: y, style: theme[.dim], clip: clip) }
            column += 1
        }
        // TRANSLATORS: after an optional activity's boxes: it does not count in adherence.
        if item.activity.optional {
            buffer.write(TextWidth.truncate(trc("activity", "optional"), to: clip.maxX - column - 1), x: column + 1, y: y, style: theme[.dim], clip: clip)
        }
        return column
    }

    static func drawDetail(_ rect: Rect, item: AgendaItem, lines: [String], context: RenderContext, into buffer: inout Buffer) {
        let summary = item.activity.schedule.summary + (item.activity.resettable ? "" : " · " + tr("cannot be unticked"))
        DetailText.draw(rect, lines: lines, summary: summary, context: context, into: &buffer)
    }
}

/// The selected activity's text and instructions under a rule, as much as fits (a cut is marked
/// with …), and its schedule line always.
enum DetailText {
    static func lines(_ activity: Activity, width: Int) -> [String] {
        // Chinese and Japanese put no space after a sentence.
        let first = activity.text.map(sentence)
        let gap = first?.last.map(TextWrap.isIdeographic) == true ? "" : " "
        let text = [first, activity.instructions].compactMap { $0 }.joined(separator: gap)
        return TextWrap.lines(text, width: width).filter { !$0.isEmpty } + (activity.health.map { TextWrap.lines(ReadingText.linkSummary($0), width: width) } ?? [])
    }

    /// The activity's short text as a sentence, in the plan's own script: a full stop where it has
    /// none, the ideographic one (`。`) after Chinese or Japanese, nothing after its own punctuation.
    static func sentence(_ text: String) -> String {
        guard let last = text.last else { return text }
        if ".!?。！？…:：".contains(last) { return text }
        return text + (TextWrap.isIdeographic(last) ? "。" : ".")
    }

    /// Rows for the rule, the text (`lines`, wrapped by `lines(_:width:)`) and the schedule line,
    /// between 3 and `limit`.
    static func height(lines: [String], limit: Int) -> Int {
        max(3, min(limit, lines.count + 2))
    }

    static func draw(_ rect: Rect, lines all: [String], summary: String, context: RenderContext, into buffer: inout Buffer) {
        guard rect.height > 1 else { return }
        let theme = context.theme
        buffer.write(String(repeating: "─", count: rect.width), x: rect.x, y: rect.y, style: theme[.border])
        var shown = Array(all.prefix(rect.height - 2))
        if shown.count < all.count, let last = shown.popLast() {
            shown.append(TextWidth.truncate(last + " …", to: rect.width))
        }
        for (offset, line) in shown.enumerated() {
            buffer.write(line, x: rect.x, y: rect.y + 1 + offset, style: theme[.text], clip: rect)
        }
        buffer.write(TextWidth.truncate(summary, to: rect.width), x: rect.x, y: rect.y + 1 + shown.count, style: theme[.dim], clip: rect)
    }
}

enum EventLook {
    static func of(_ event: Event, optional: Bool, state: AppState, context: RenderContext) -> (String, ThemeRole) {
        if event.outcome != nil { return ("[✓]", .ok) }
        if event.date > state.today { return ("[ ]", .future) }
        if optional { return ("[ ]", .text) }
        if event.date < state.today { return ("[✗]", .warn) }
        if event.isPastItsTime(today: state.today, minutesIntoDay: context.minutesIntoDay) { return ("[!]", .alert) }
        return ("[ ]", .text)
    }
}

/// A list with group headings, and the window of it that keeps the selection on screen.
enum ListLines {
    enum Line {
        case group(String)
        case item(Int, AgendaItem)
    }

    static func build(_ items: [AgendaItem], group: (AgendaItem) -> String?) -> [Line] {
        var lines: [Line] = []
        var current: String??
        for (index, item) in items.enumerated() {
            let name = group(item)
            if current == nil || current! != name, let name { lines.append(.group(name)) }
            current = .some(name)
            lines.append(.item(index, item))
        }
        return lines
    }

    static func visible(_ lines: [Line], selected: Int, height: Int) -> ArraySlice<Line> {
        guard lines.count > height, height > 0 else { return lines[...] }
        let position = lines.firstIndex { if case .item(let i, _) = $0 { return i == selected } else { return false } } ?? 0
        let start = min(max(0, position - height / 2), lines.count - height)
        return lines[start..<start + height]
    }

    /// Draws the window of `lines` that keeps `selected` on screen, one per row of `rect`: group
    /// headings, and for each item its marker and its title padded to `titleWidth`; `rest` draws
    /// what follows the title, from the column it is given.
    static func draw(_ lines: [Line], selected: Int, in rect: Rect, titleWidth: Int, theme: Theme, into buffer: inout Buffer,
                     rest: (_ index: Int, _ item: AgendaItem, _ y: Int, _ x: Int, _ buffer: inout Buffer) -> Void) {
        for (offset, line) in visible(lines, selected: selected, height: rect.height).enumerated() {
            let y = rect.y + offset
            switch line {
            case .group(let name):
                buffer.write(name, x: rect.x, y: y, style: theme[.title], clip: rect)
            case .item(let index, let item):
                let isSelected = index == selected
                buffer.write(isSelected ? "▸ " : "  ", x: rect.x, y: y, style: theme[.accent], clip: rect)
                buffer.write(TextWidth.pad(item.activity.title, to: titleWidth), x: rect.x + 2, y: y,
                             style: isSelected ? theme[.selection] : theme.activity(item.activity.color), clip: rect)
                rest(index, item, y, rect.x + 3 + titleWidth, &buffer)
            }
        }
    }
}
