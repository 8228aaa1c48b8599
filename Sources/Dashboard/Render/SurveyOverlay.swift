import CarePlanStore
import Localization
import Questionnaires
import TerminalUI

/// A questionnaire's page over the dashboard, as large as the screen allows: the question (or a
/// table of questions sharing one answer list, each answer's key its score), its answers, the
/// calculated items as they stand, what went wrong, the page's place and the keys. The review lists
/// every answer and the button that records them. Text is wrapped or ends in "…", never cut.
enum SurveyOverlay {
    /// One line of the page: pieces of text in their styles, and whether it holds the focus.
    struct Line {
        var pieces: [(text: String, style: TextStyle)]
        var focused = false
        init(_ text: String, _ style: TextStyle, focused: Bool = false) {
            pieces = [(text, style)]
            self.focused = focused
        }
        init(pieces: [(text: String, style: TextStyle)], focused: Bool = false) {
            self.pieces = pieces
            self.focused = focused
        }
    }

    static func draw(_ survey: SurveyState, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        var title = survey.activity.title + " · " + survey.date.shortText
        if let time = survey.activity.schedule.time(ofOccurrence: survey.occurrence) { title += " · \(time)" }
        if survey.amending { title += " · " + trc("form title", "editing") }
        if let wording = survey.form.otherWording(forReader: Language.current.tag) {
            // TRANSLATORS: in a questionnaire's title: its texts are its own, in {language} (a tag: en), not translated by careplan.
            title += " · " + tr("original wording ({language})", ["language": wording])
        }
        let boxWidth = min(buffer.width - 4, 100)
        // The frame's two columns and a space each side.
        let width = max(1, boxWidth - 4)
        let bottom = footer(survey, width: width, theme: theme)
        let content = survey.reviewing ? review(survey, width: width, theme: theme) : page(survey, width: width, theme: theme)
        // As tall as the page needs (and no shorter than a PHQ-9's table, so pages do not jump about).
        let height = min(buffer.height - 2, max(18, content.count + bottom.count + 3))
        let inner = Modal.draw(width: boxWidth, height: height, title: title, theme: theme, into: &buffer)
        buffer.mark(buffer.area, MouseTarget.overlay.tag)
        let room = max(1, inner.height - bottom.count - 1)
        // The focused line stays in view; the page scrolls around it.
        let focus = content.firstIndex(where: \.focused) ?? 0
        let first = max(0, min(focus - room / 2, content.count - room))
        for (offset, line) in content.dropFirst(first).prefix(room).enumerated() { write(line, x: inner.x, y: inner.y + offset, clip: inner, into: &buffer) }
        for (offset, line) in bottom.enumerated() { write(line, x: inner.x, y: inner.maxY - bottom.count + offset, clip: inner, into: &buffer) }
    }

    static func write(_ line: Line, x: Int, y: Int, clip: Rect, into buffer: inout Buffer) {
        var column = x
        for piece in line.pieces { column += buffer.write(piece.text, x: column, y: y, style: piece.style, clip: clip) }
    }

    static func wrapped(_ text: String, width: Int, style: TextStyle, limit: Int = .max) -> [Line] {
        TextWrap.limited(TextWrap.lines(text, width: max(1, width)), to: limit).map { Line($0, style) }
    }

    // MARK: Pages

    static func page(_ survey: SurveyState, width: Int, theme: Theme) -> [Line] {
        guard let page = survey.current else { return [] }
        let form = survey.form
        var lines: [Line] = []
        switch page {
        case .display(let linkId):
            lines += wrapped(form.item(linkId)?.text ?? "", width: width, style: theme[.text])
        case .question(let linkId):
            guard let item = form.item(linkId) else { return [] }
            if let group = form.group(of: linkId), let text = group.text { lines += wrapped(text, width: width, style: theme[.dim], limit: 2) }
            lines += wrapped((item.prefix.map { $0 + " " } ?? "") + (item.text ?? item.linkId) + (item.required ? " *" : ""), width: width,
                             style: theme[.title])
            if let help = item.help { lines += wrapped(help, width: width, style: theme[.dim], limit: 3) }
            lines.append(Line("", theme[.text]))
            if SurveyState.isChoice(item) {
                lines += choices(item, survey: survey, width: width, theme: theme)
                if item.kind == .openChoice || !survey.typed.isEmpty {
                    lines.append(Line("", theme[.text]))
                    lines.append(field(survey.typed, label: item.kind == .openChoice ? tr("Or type your own answer:") : tr("Typed:"),
                                       width: width, theme: theme))
                }
            } else {
                lines.append(field(survey.typed, label: "", width: width, theme: theme))
                lines += wrapped(hint(item), width: width, style: theme[.dim], limit: 2)
            }
        case .table(let group, let rows):
            lines += table(group: group, rows: rows, survey: survey, width: width, theme: theme)
        }
        return lines
    }

    /// A choice's answers, one a line: the focus mark, the key, the answer, ● when chosen.
    static func choices(_ item: QuestionnaireItem, survey: SurveyState, width: Int, theme: Theme) -> [Line] {
        let keys = SurveyState.keys(item), given = survey.response.answers(item.linkId)
        let keyWidth = keys.map(TextWidth.of).max() ?? 1
        return zip(SurveyState.choices(item), keys).enumerated().map { index, pair in
            let (choice, key) = pair
            let chosen = given.contains { AnswerComparison.equal($0, choice) }
            let mark = item.repeats ? (chosen ? "[x]" : "[ ]") : (chosen ? "(•)" : "( )")
            let focused = index == survey.row
            let text = TextWidth.truncate("\(focused ? "▸" : " ") \(TextWidth.pad(key, to: keyWidth))  \(mark) \(FormAnswerText.display(choice))", to: width)
            return Line(text, focused ? theme[.selection] : chosen ? theme[.accent] : theme[.text], focused: focused)
        }
    }

    /// A typed answer's field: brackets show where to type on any terminal.
    static func field(_ text: String, label: String, width: Int, theme: Theme) -> Line {
        let prefix = label.isEmpty ? "" : label + " "
        let room = max(4, min(width - TextWidth.of(prefix), 50) - 2)
        var visible = text + "▏"
        while TextWidth.of(visible) > room { visible.removeFirst() }
        if visible.count < text.count + 1 { visible = "…" + visible.dropFirst() }
        return Line(pieces: [(prefix, theme[.text]), ("[" + TextWidth.pad(visible, to: room) + "]", theme[.selection])], focused: true)
    }

    /// What a typed answer takes: "a whole number, 0–120", "a date such as 2026-11-28", its units.
    static func hint(_ item: QuestionnaireItem) -> String {
        var parts: [String] = []
        switch item.kind {
        case .integer: parts.append(tr("a whole number"))
        case .decimal: parts.append(tr("a number"))
        case .date: parts.append(tr("a date such as 2026-11-28"))
        case .dateTime: parts.append(tr("a date and time such as 2026-11-28T09:30:00+01:00"))
        case .time: parts.append(tr("a time such as 09:30"))
        case .quantity: parts.append(tr("a number with its unit, such as 72 kg"))
        default: break
        }
        if !item.units.isEmpty { parts.append(FormAnswerText.names(item.units)) }
        if let low = item.minValue, let high = item.maxValue { parts.append(FormAnswerText.display(low) + "–" + FormAnswerText.display(high)) }
        if !item.required { parts.append(trc("form field hint", "optional")) }
        return ListText.joined(parts)
    }

    /// A group's questions sharing one answer list: the list once, by key ("0 Not at all · 1
    /// Several days…"), then a row per question with its keys, the chosen one marked. The
    /// focused row's question is written whole.
    static func table(group: String, rows: [String], survey: SurveyState, width: Int, theme: Theme) -> [Line] {
        let form = survey.form
        guard let first = rows.first.flatMap(form.item) else { return [] }
        var lines: [Line] = []
        if let text = form.item(group)?.text { lines += wrapped(text, width: width, style: theme[.title], limit: 3) }
        let keys = SurveyState.keys(first), choices = SurveyState.choices(first)
        // The answers by key, as many a line as fit whole ("0 Not at all · 1 Several days").
        var legend: [String] = []
        for entry in zip(keys, choices).map({ "\($0) \(FormAnswerText.display($1))" }) {
            if let last = legend.last, TextWidth.of(last + " · " + entry) <= width {
                legend[legend.count - 1] = last + " · " + entry
            } else {
                legend += TextWrap.lines(entry, width: max(1, width))
            }
        }
        lines += legend.map { Line($0, theme[.dim]) }
        lines.append(Line("", theme[.text]))
        let answerWidth = keys.map { TextWidth.of($0) + 2 }.reduce(0, +)
        let textWidth = max(8, width - answerWidth - 3)
        for (index, linkId) in rows.enumerated() {
            guard let item = form.item(linkId) else { continue }
            let focused = index == survey.row
            let chosen = survey.response.answers(linkId).first
            // Numbered when the form gives no prefix, so a row can be named ("question 9").
            let question = (item.prefix ?? "\(index + 1).") + " " + (item.text ?? linkId) + (item.required ? "" : " " + trc("form field hint", "(optional)"))
            var text = focused ? TextWrap.limited(TextWrap.lines(question, width: textWidth), to: 3) : [TextWidth.truncate(question, to: textWidth)]
            if text.isEmpty { text = [""] }
            var pieces: [(String, TextStyle)] = [((focused ? "▸ " : "  ") + TextWidth.pad(text[0], to: textWidth) + " ", focused ? theme[.accent].bolded : theme[.text])]
            for (key, choice) in zip(keys, choices) {
                let isChosen = chosen.map { AnswerComparison.equal($0, choice) } == true
                pieces.append((isChosen ? "[\(key)]" : " \(key) ", isChosen ? theme[.selection] : theme[.dim]))
            }
            lines.append(Line(pieces: pieces, focused: focused))
            for more in text.dropFirst() { lines.append(Line("  " + more, theme[.accent].bolded)) }
        }
        return lines
    }

    // MARK: The review

    static func review(_ survey: SurveyState, width: Int, theme: Theme) -> [Line] {
        var lines = [Line(tr("Your answers:"), theme[.title]), Line("", theme[.text])]
        let questions = survey.response.askable
        let answerWidth = min(width / 2, 30)
        let numberWidth = String(questions.count).count + 1
        for (index, item) in questions.enumerated() {
            let values = survey.response.answers(item.linkId)
            let answer = FormAnswerText.shown(values)
            let focused = index == survey.row
            let question = TextWidth.truncate(item.text ?? item.linkId, to: max(4, width - answerWidth - numberWidth - 4))
            let text = (focused ? "▸ " : "  ") + TextWidth.pad("\(index + 1).", to: numberWidth) + " " + TextWidth.pad(question, to: max(4, width - answerWidth - numberWidth - 4))
                + " " + TextWidth.truncate(answer, to: answerWidth)
            let missing = values.isEmpty && item.required
            lines.append(Line(TextWidth.truncate(text, to: width), focused ? theme[.selection] : missing ? theme[.warn] : theme[.text], focused: focused))
        }
        lines.append(Line("", theme[.text]))
        let onButton = survey.row >= questions.count
        // TRANSLATORS: the review's last line: the button that records every answer.
        let button = "[ " + (survey.amending ? tr("Record these answers again") : tr("Record these answers")) + " ]"
        lines.append(Line((onButton ? "▸ " : "  ") + TextWidth.truncate(button, to: width - 2), onButton ? theme[.selection] : theme[.accent], focused: onButton))
        return lines
    }

    // MARK: The bottom lines

    /// What stays at the bottom: the calculated items, what went wrong, the question to leave,
    /// and the page's place with the keys.
    static func footer(_ survey: SurveyState, width: Int, theme: Theme) -> [Line] {
        var lines: [Line] = []
        for (item, values) in survey.response.calculatedShown {
            let reading = FormAnswerText.display(values)
            let band = values.first?.number.flatMap { item.band(of: $0) }
            let text = (item.text ?? item.linkId) + ": " + (band.map { FormScores.banded(reading, $0) } ?? reading)
            lines.append(Line(TextWidth.truncate(text, to: width), theme[.accent]))
        }
        for problem in survey.response.problems.values.sorted() { lines += wrapped("⚠ " + problem, width: width, style: theme[.warn], limit: 2) }
        if let error = survey.error { lines += wrapped("✗ " + error, width: width, style: theme[.alert], limit: 2) }
        if survey.confirmingLeave {
            // TRANSLATORS: Esc in a questionnaire with answers; {enter} is the Enter key's name, d and Esc are keys: keep them.
            lines += wrapped(tr("Keep your answers as a draft to finish later? {enter} keeps · d discards · Esc goes back to the questions",
                                ["enter": Key.enter.description]), width: width, style: theme[.warn].bolded, limit: 3)
            return lines
        }
        let place: String
        if survey.reviewing {
            place = tr("Review")
        } else {
            let progress = survey.progress
            place = tr("{number} of {count}", ["number": progress.number, "count": progress.count])
        }
        let hints = Keymap.hints(for: .symptoms, in: .survey).map { "\($0.keys) \($0.name)" }
        let keys = TextWidth.fitting(hints, separator: " · ", in: max(0, width - TextWidth.of(place) - 3))
        lines.append(Line(pieces: [(place, theme[.accent]), ("   " + keys, theme[.dim])]))
        return lines
    }
}

/// A box that must be read before going on: what an answer that needs the care team means, and
/// whom to call. Any key closes it.
enum NoticeOverlay {
    static func draw(_ notice: AppState.Notice, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        let width = min(buffer.width - 4, 76), textWidth = max(1, width - 4)
        var lines = notice.lines.flatMap { TextWrap.lines($0, width: textWidth) }
        // TRANSLATORS: the last line of a box that stays until a key is pressed.
        let footer = TextWrap.lines(tr("Any key closes this."), width: textWidth)
        lines = TextWrap.limited(lines, to: max(1, buffer.height - 6 - footer.count))
        let inner = Modal.draw(width: width, height: min(buffer.height - 2, lines.count + footer.count + 3), title: notice.title, theme: theme, into: &buffer)
        buffer.mark(buffer.area, MouseTarget.overlay.tag)
        for (offset, line) in lines.enumerated() { buffer.write(line, x: inner.x, y: inner.y + offset, style: theme[.warn].bolded, clip: inner) }
        for (offset, line) in footer.enumerated() { buffer.write(line, x: inner.x, y: inner.maxY - footer.count + offset, style: theme[.dim], clip: inner) }
    }
}
