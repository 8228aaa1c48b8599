import CarePlanStore
import Localization
import TerminalUI

/// The help overlay: the action table, as the keymap defines it: the dashboard's keys, then the
/// form's. Every text is shown whole, wrapped in its column; what does not fit the screen goes on
/// further pages (Space or ↓ turns them), so a small terminal or a long language loses nothing.
enum HelpOverlay {
    /// One binding: its keys, its help wrapped to the column, and whether it is a heading.
    struct Entry {
        var keys: String
        var lines: [String]
        var isHeading = false
    }

    /// A page's columns, each a list of entries, and the width of their keys.
    struct Page {
        var columns: [[Entry]]
        var keyWidth: Int
    }

    static func rows() -> [(keys: String, text: String, heading: Bool)] {
        Keymap.bindings(in: .dashboard).map { ($0.keysText, $0.help, false) } + [("", "", false)]
            + [("", tr("In a reading form:"), true)] + Keymap.bindings(in: .form).map { ($0.keysText, $0.help, false) } + [("", "", false)]
            + [("", tr("In a questionnaire:"), true)] + Keymap.bindings(in: .survey).map { ($0.keysText, $0.help, false) }
    }

    /// The pages for a screen of this size: as few as the screen allows, in as few columns as
    /// that takes, each text wrapped whole in its column.
    static func pages(width: Int, height: Int) -> [Page] {
        let rows = rows()
        let keyWidth = rows.map { TextWidth.of($0.keys) }.max() ?? 0
        // Inside the modal's frame (2 cells each side, the footer line, the frame's rows).
        let innerWidth = max(1, width - 8), innerHeight = max(1, height - 5)
        var best: [Page]?
        for count in 1...3 {
            let columnWidth = (innerWidth - 2 * (count - 1)) / count
            let textWidth = columnWidth - keyWidth - 2
            guard textWidth >= 16 || (count == 1 && best == nil) else { continue }
            let entries = rows.map { Entry(keys: $0.keys, lines: $0.text.isEmpty ? [""] : TextWrap.lines($0.text, width: max(1, textWidth)), isHeading: $0.heading) }
            var pages: [Page] = [], columns: [[Entry]] = [], column: [Entry] = [], used = 0
            for entry in entries {
                if used + entry.lines.count > innerHeight, !column.isEmpty {
                    columns.append(column)
                    (column, used) = ([], 0)
                    if columns.count == count {
                        pages.append(Page(columns: columns, keyWidth: keyWidth))
                        columns = []
                    }
                }
                // A blank line never starts a column.
                if column.isEmpty, entry.keys.isEmpty, !entry.isHeading { continue }
                column.append(entry)
                used += entry.lines.count
            }
            if !column.isEmpty { columns.append(column) }
            if !columns.isEmpty { pages.append(Page(columns: columns, keyWidth: keyWidth)) }
            if best == nil || pages.count < best!.count { best = pages }
        }
        return best ?? []
    }

    static func pageCount(width: Int, height: Int) -> Int { max(1, pages(width: width, height: height).count) }

    /// What the footer and the status line say: how to turn the page or close.
    static func footer(page: Int, of count: Int) -> String {
        guard count > 1 else { return tr("Any key closes this help.") }
        // TRANSLATORS: the help overlay's footer when it has several pages; {key} is the Space key's name.
        return page + 1 < count
            ? tr("Page {page} of {count} · {key} shows the next · any other key closes", ["page": page + 1, "count": count, "key": Key.character(" ").description])
            : tr("Page {page} of {count} · any key closes", ["page": page + 1, "count": count])
    }

    static func draw(page requested: Int, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        let pages = pages(width: buffer.width, height: buffer.height)
        guard !pages.isEmpty else { return }
        let index = max(0, min(requested, pages.count - 1))
        let page = pages[index]
        let widths = page.columns.map { entries in page.keyWidth + 2 + (entries.flatMap(\.lines).map(TextWidth.of).max() ?? 0) }
        let footer = footer(page: index, of: pages.count)
        let contentWidth = max(widths.reduce(0, +) + 2 * (widths.count - 1), TextWidth.of(footer))
        let rowCount = page.columns.map { $0.reduce(0) { $0 + $1.lines.count } }.max() ?? 0
        let inner = Modal.draw(width: min(buffer.width - 4, contentWidth + 4), height: min(buffer.height - 2, rowCount + 3), title: tr("Keys"),
                               theme: theme, into: &buffer)
        buffer.mark(buffer.area, MouseTarget.overlay.tag)
        var x = inner.x
        for (column, entries) in page.columns.enumerated() {
            var y = inner.y
            for entry in entries {
                buffer.write(TextWidth.pad(entry.keys, to: page.keyWidth), x: x, y: y, style: theme[.accent], clip: inner)
                for line in entry.lines {
                    let heading = entry.isHeading
                    buffer.write(line, x: heading ? x : x + page.keyWidth + 2, y: y, style: heading ? theme[.title] : theme[.text], clip: inner)
                    y += 1
                }
            }
            x += widths[column] + 2
        }
        for (offset, line) in TextWrap.lines(footer, width: inner.width).suffix(1).enumerated() {
            buffer.write(line, x: inner.x, y: inner.maxY - 1 + offset, style: theme[.dim], clip: inner)
        }
    }
}

/// The entry form for a reading, fitted to the measure.
enum FormOverlay {
    static func draw(_ form: EntryForm, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        // Fields and the note two rows each, the error's three, a blank and the keys, the frame's two.
        let height = form.fields.count * 2 + 8
        var title = "\(form.activity.title) · \(form.date.shortText)"
        if let time = form.activity.schedule.time(ofOccurrence: form.occurrence) { title += " · \(time)" }
        // TRANSLATORS: after the form's title (activity · date · time) when it changes a reading already recorded.
        if form.editing != nil { title += " · " + trc("form title", "editing") }
        let inner = Modal.draw(width: min(buffer.width - 4, 72), height: min(buffer.height - 2, height), title: title, theme: theme, into: &buffer)
        buffer.mark(buffer.area, MouseTarget.overlay.tag)
        let labelWidth = min(inner.width / 3, max(6, form.fields.map { TextWidth.of($0.label) }.max() ?? 6) + 1)
        var y = inner.y
        for (index, field) in form.fields.enumerated() {
            let focused = index == form.focus
            buffer.write(TextWidth.pad(field.label, to: labelWidth), x: inner.x, y: y, style: focused ? theme[.accent].bolded : theme[.text], clip: inner)
            drawInput(field.input, x: inner.x + labelWidth + 1, y: y, width: inner.width - labelWidth - 1, focused: focused, theme: theme, into: &buffer)
            buffer.write(TextWidth.truncate(field.hint, to: inner.width - labelWidth - 1), x: inner.x + labelWidth + 1, y: y + 1, style: theme[.dim], clip: inner)
            y += 2
        }
        // TRANSLATORS: the reading form's last field, a free-text note on the reading.
        buffer.write(TextWidth.pad(trc("form field", "Note"), to: labelWidth), x: inner.x, y: y, style: form.isOnNote ? theme[.accent].bolded : theme[.text], clip: inner)
        drawInput(.text(form.note), x: inner.x + labelWidth + 1, y: y, width: inner.width - labelWidth - 1, focused: form.isOnNote, theme: theme, into: &buffer)
        // TRANSLATORS: under the note field: it may be left empty.
        buffer.write(TextWidth.truncate(trc("form field hint", "optional"), to: inner.width - labelWidth - 1), x: inner.x + labelWidth + 1, y: y + 1,
                     style: theme[.dim], clip: inner)
        if let error = form.error {
            // The form's rows between the note and its keys; a longer message ends in "…".
            let room = max(1, inner.maxY - 1 - (y + 2))
            for (offset, line) in TextWrap.limited(TextWrap.lines("✗ " + error, width: inner.width), to: room).enumerated() {
                buffer.write(line, x: inner.x, y: y + 2 + offset, style: theme[.alert], clip: inner)
            }
        }
        // Whole key hints, as many as fit.
        let keys = TextWidth.fitting(Keymap.hints(for: .symptoms, in: .form).map { "\($0.keys) \($0.name)" }, separator: " · ", in: inner.width)
        buffer.write(keys, x: inner.x, y: inner.maxY - 1, style: theme[.dim], clip: inner)
    }

    static func drawInput(_ input: EntryForm.Input, x: Int, y: Int, width: Int, focused: Bool, theme: Theme, into buffer: inout Buffer) {
        let clip = Rect(x: x, y: y, width: width, height: 1)
        switch input {
        case .text(let text):
            // Brackets show where to type even on a terminal without colour or reverse video;
            // a long entry shows its end, where the typing happens.
            let room = min(width, 48) - 2
            var visible = text + (focused ? "▏" : "")
            while TextWidth.of(visible) > room { visible.removeFirst() }
            if visible.count < text.count + (focused ? 1 : 0) { visible = "…" + visible.dropFirst() }
            buffer.write("[" + TextWidth.pad(visible, to: room) + "]", x: x, y: y, style: focused ? theme[.selection] : theme[.text], clip: clip)
        case .scale(let value, let range):
            // A slider: low ━━━●━━━ high, then the value.
            let steps = range.upperBound - range.lowerBound
            var track = ""
            for step in 0...steps { track += value.map { $0 - range.lowerBound == step ? "●" : "━" } ?? "━" }
            // TRANSLATORS: a scale in the reading form before a value is chosen.
            let text = "\(range.lowerBound) \(track) \(range.upperBound)   " + (value.map { "\($0)" } ?? trc("form field", "not set"))
            buffer.write(text, x: x, y: y, style: focused ? theme[.accent] : theme[.text], clip: clip)
        case .boolean(let value):
            let yes = (value == true ? "(•) " : "( ) ") + Answer.yes, no = (value == false ? "(•) " : "( ) ") + Answer.no
            buffer.write("\(yes)   \(no)", x: x, y: y, style: focused ? theme[.accent] : theme[.text], clip: clip)
        case .choice(let index, let options):
            // As many options as fit, always including the chosen one; ‹ › say more are hidden.
            let widths = options.map { TextWidth.of($0) + 3 }
            var first = 0
            let target = index ?? 0
            while first < target, widths[first...target].reduce(0, +) > width - 4 { first += 1 }
            var column = x
            if first > 0 { column += buffer.write("‹ ", x: column, y: y, style: theme[.dim], clip: clip) }
            var last = first
            for i in first..<options.count {
                guard column + widths[i] <= x + width - 2 else { break }
                let style = i == index ? (focused ? theme[.selection] : theme[.accent].reversed) : theme[.text]
                column += buffer.write(" \(options[i]) ", x: column, y: y, style: style, clip: clip) + 1
                last = i
            }
            if last < options.count - 1 { buffer.write("›", x: column, y: y, style: theme[.dim], clip: clip) }
        }
    }
}

/// Shown when the store has no plan yet: the sample plans to start from, those in the reader's
/// language first. Sized to what it says, the list scrolling with the selection on a short screen.
enum WelcomeScreen {
    static func draw(state: AppState, samples: [SamplePlan], context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        let width = min(buffer.width - 4, 76), textWidth = max(1, width - 4)
        let intro = TextWrap.lines(tr("There is no care plan in {path} yet. Choose a plan to start from; you can edit it later and re-import it.",
                                      ["path": context.databasePath]), width: textWidth)
        // TRANSLATORS: the welcome screen's keys; {enter} is the Enter key's name. Keep "careplan import FILE" as it is.
        let footer = TextWrap.lines(tr("↑↓ choose · {enter} imports · q quits · or careplan import FILE", ["enter": Key.enter.description]),
                                    width: textWidth)
        let empty = TextWrap.lines(tr("No sample plans found. Import your own: careplan import PLAN.yaml"), width: textWidth)
        let listHeight = samples.isEmpty ? empty.count : samples.count
        let height = min(buffer.height - 2, intro.count + 1 + listHeight + 1 + footer.count + 2)
        let inner = Modal.draw(width: width, height: height, title: tr("Welcome to careplan"), theme: theme, into: &buffer)
        var y = inner.y
        // The list keeps at least three rows; the introduction gives way first on a short screen.
        let rows = max(1, min(listHeight, inner.height - footer.count - 1 - min(intro.count + 1, max(0, inner.height - footer.count - 1 - 3))))
        for line in TextWrap.limited(intro, to: max(0, inner.height - footer.count - 1 - rows - 1)) {
            buffer.write(line, x: inner.x, y: y, style: theme[.text], clip: inner)
            y += 1
        }
        y += 1
        if samples.isEmpty {
            for line in empty.prefix(rows) {
                buffer.write(line, x: inner.x, y: y, style: theme[.warn], clip: inner)
                y += 1
            }
        }
        let first = max(0, min(state.welcomeSelection - rows + 1, samples.count - rows))
        for index in samples.indices.dropFirst(first).prefix(rows) {
            let sample = samples[index]
            let selected = index == state.welcomeSelection
            let text = (selected ? "▸ " : "  ") + trn("{title} ({count} activity)", "{title} ({count} activities)", sample.activityCount,
                                                       ["title": sample.title])
            buffer.mark(Rect(x: inner.x, y: y, width: inner.width, height: 1), MouseTarget.sample(index).tag)
            buffer.write(TextWidth.pad(text, to: inner.width), x: inner.x, y: y, style: selected ? theme[.selection] : theme[.text], clip: inner)
            y += 1
        }
        for (offset, line) in footer.enumerated() {
            buffer.write(line, x: inner.x, y: inner.maxY - footer.count + offset, style: theme[.dim], clip: inner)
        }
    }
}

/// Shown instead of the dashboard when the window is smaller than it can be used at.
enum TooSmallScreen {
    static let minimum = (width: 80, height: 24)

    static func draw(context: RenderContext, into buffer: inout Buffer) {
        // TRANSLATORS: sizes in columns × rows.
        let text = tr("Terminal too small: need {width}×{height}, have {currentWidth}×{currentHeight}",
                      ["width": String(minimum.width), "height": String(minimum.height),
                       "currentWidth": String(buffer.width), "currentHeight": String(buffer.height)])
        let lines = TextWrap.lines(text, width: max(1, buffer.width))
        let top = max(0, (buffer.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < buffer.height {
            buffer.write(line, x: max(0, (buffer.width - TextWidth.of(line)) / 2), y: top + offset, style: context.theme[.warn])
        }
    }
}
