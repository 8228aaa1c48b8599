import CarePlanStore
import Localization
import TerminalUI

/// Connect (CareKit's fourth module): the care team and personal contacts the plan lists, and for
/// the selected one how to reach them, their notes and the activities they are responsible for.
enum ConnectPane {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, focused: Bool, into buffer: inout Buffer) {
        let theme = context.theme
        let inner = Frame.draw(rect, title: Pane.connect.title, focused: focused, theme: theme, into: &buffer)
        guard inner.height > 1, inner.width > 20 else { return }
        let contacts = PaneRows.contacts(data)
        if contacts.isEmpty {
            // TRANSLATORS: keep "contacts:" (the plan file's key) and the path docs/plan-format.md as they are.
            let text = tr("No contacts in the plan. List the care team under contacts: in the plan file (see docs/plan-format.md, Contacts) and import it again.")
            let lines = TextWrap.lines(text, width: inner.width)
            for (offset, line) in lines.prefix(inner.height).enumerated() {
                buffer.write(line, x: inner.x, y: inner.y + offset, style: theme[.dim], clip: inner)
            }
            return
        }
        let selected = min(max(state.contactSelection, 0), contacts.count - 1)
        let (listArea, detailArea) = inner.splitLeft(min(max(inner.width * 2 / 5, 24), 48))
        drawList(listArea, contacts: contacts, selected: selected, theme: theme, into: &buffer)
        drawDetail(detailArea.inset(horizontal: 1), contact: contacts[selected], data: data, theme: theme, into: &buffer)
    }

    /// Group headings, then each contact's name and role; the selection kept in view.
    static func drawList(_ rect: Rect, contacts: [Contact], selected: Int, theme: Theme, into buffer: inout Buffer) {
        var lines: [(index: Int?, text: String)] = []
        for group in Contact.Group.allCases {
            let members = contacts.enumerated().filter { $0.element.group == group }
            guard !members.isEmpty else { continue }
            lines.append((nil, group.title))
            lines += members.map { ($0.offset, $0.element.name) }
        }
        let position = lines.firstIndex { $0.index == selected } ?? 0
        let start = lines.count > rect.height ? min(max(0, position - rect.height / 2), lines.count - rect.height) : 0
        for (offset, line) in lines.dropFirst(start).prefix(rect.height).enumerated() {
            let y = rect.y + offset
            guard let index = line.index else {
                buffer.write(line.text, x: rect.x, y: y, style: theme[.title], clip: rect)
                continue
            }
            buffer.mark(Rect(x: rect.x, y: y, width: rect.width, height: 1), MouseTarget.contactRow(index).tag)
            let isSelected = index == selected
            buffer.write(isSelected ? "▸ " : "  ", x: rect.x, y: y, style: theme[.accent], clip: rect)
            // The name whole where it fits; the role after it only when there is room to read some of it.
            let x = rect.x + 2 + buffer.write(TextWidth.truncate(line.text, to: rect.width - 3), x: rect.x + 2, y: y,
                                              style: isSelected ? theme[.selection] : theme[.text], clip: rect)
            if rect.maxX - x >= 10 {
                buffer.write(TextWidth.truncate(" · " + contacts[index].role, to: rect.maxX - x - 1), x: x, y: y, style: theme[.dim], clip: rect)
            }
        }
    }

    /// The selected contact in full: role, phone, email, address, responsibilities, notes.
    static func drawDetail(_ rect: Rect, contact: Contact, data: DashboardData, theme: Theme, into buffer: inout Buffer) {
        var y = rect.y
        /// `text` wrapped to the width, each line after `label` (and under it, indented alike).
        func line(_ text: String, _ role: ThemeRole = .text, label: String = "") {
            let indent = TextWidth.of(label)
            for (offset, wrapped) in TextWrap.lines(text, width: max(8, rect.width - indent)).enumerated() where y < rect.maxY {
                if offset == 0, !label.isEmpty { buffer.write(label, x: rect.x, y: y, style: theme[.dim], clip: rect) }
                buffer.write(wrapped, x: rect.x + indent, y: y, style: theme[role], clip: rect)
                y += 1
            }
        }
        line(contact.name, .title)
        line("\(contact.role) · \(contact.group.title.lowercased())", .dim)
        y += 1
        // The ways to reach them, their values in one column after the widest label.
        let labels = (phone: trc("contact", "Phone"), email: trc("contact", "Email"), address: trc("contact", "Address"))
        let labelWidth = max(TextWidth.of(labels.phone), TextWidth.of(labels.email), TextWidth.of(labels.address)) + 2
        if let phone = contact.phone { line(phone, label: TextWidth.pad(labels.phone, to: labelWidth)) }
        if let email = contact.email { line(email, label: TextWidth.pad(labels.email, to: labelWidth)) }
        if let address = contact.address { line(address, label: TextWidth.pad(labels.address, to: labelWidth)) }
        let titles = Dictionary(uniqueKeysWithValues: data.plan.activities(on: data.day.date).map { ($0.id, $0.title) })
        if !contact.activities.isEmpty {
            y += 1
            // TRANSLATORS: a heading over the activities a contact is responsible for.
            line(tr("Responsible for"), .title)
            for id in contact.activities { line(titles[id] ?? id, label: "  ") }
        }
        if let notes = contact.notes {
            y += 1
            line(notes, .accent)
        }
    }
}
