import TerminalUI

/// One row of the action table: the action, its keys, a short name for the status line and
/// the help text. Key handling, the status line and the help overlay are all derived from this
/// table (as calcurse does), so they cannot disagree.
public struct KeyBinding: Sendable {
    public var action: Action
    public var keys: [Key]
    /// How help writes the keys when they are not keys (the mouse).
    public var keyText: String?
    public var short: String
    public var help: String
    public var context: KeyContext
    /// Panes whose status line shows it (empty: not shown in the status line). Form bindings show
    /// in the form's status line when this holds any pane.
    public var statusPanes: Set<Pane>

    init(_ action: Action, _ keys: [Key], keyText: String? = nil, short: String, help: String, context: KeyContext = .dashboard,
         status: Set<Pane> = []) {
        self.action = action
        self.keys = keys
        self.keyText = keyText
        self.short = short
        self.help = help
        self.context = context
        statusPanes = status
    }

    /// "↑ k", "Click".
    public var keysText: String { keyText ?? keys.map(\.description).joined(separator: " ") }
}

public enum Keymap {
    private static let all = Set(Pane.allCases)

    public static let bindings: [KeyBinding] = [
        KeyBinding(.nextPane, [.tab], short: "pane", help: "Next pane", status: all),
        KeyBinding(.previousPane, [.backTab], short: "pane", help: "Previous pane"),
        KeyBinding(.showCare, [.character("1")], short: "care", help: "Care Card"),
        KeyBinding(.showSymptoms, [.character("2")], short: "symptoms", help: "Symptom Tracker"),
        KeyBinding(.showInsights, [.character("3")], short: "insights", help: "Insights"),
        KeyBinding(.showConnect, [.character("4")], short: "connect", help: "Connect: the care team"),
        KeyBinding(.up, [.up, .character("k")], short: "item", help: "Previous item", status: [.care, .symptoms, .connect]),
        KeyBinding(.down, [.down, .character("j")], short: "item", help: "Next item", status: [.care, .symptoms, .connect]),
        KeyBinding(.previousDay, [.left, .character("h")], short: "day", help: "Previous day", status: all),
        KeyBinding(.nextDay, [.right, .character("l")], short: "day", help: "Next day", status: all),
        KeyBinding(.previousWeek, [.character("[")], short: "week", help: "Previous week (Insights: period)", status: [.insights]),
        KeyBinding(.nextWeek, [.character("]")], short: "week", help: "Next week (Insights: period)", status: [.insights]),
        KeyBinding(.today, [.character("t")], short: "today", help: "Go to today", status: all),
        KeyBinding(.nextDue, [.character("n")], short: "next due", help: "Next overdue or due item today"),
        KeyBinding(.nextPerson, [.character("P")], short: "person", help: "Next person's plan"),
        KeyBinding(.toggle, [.character(" ")], short: "tick", help: "Tick the next occurrence (or untick)", status: [.care]),
        KeyBinding(.open, [.enter], short: "record", help: "Record a reading (Care Card: tick)", status: [.symptoms]),
        KeyBinding(.nextChart, [.character("c")], short: "chart", help: "Chart the next assessment", status: [.insights]),
        KeyBinding(.nextRange, [.character("r")], short: "range", help: "Insights range: week to year", status: [.insights]),
        KeyBinding(.undo, [.character("u")], short: "undo", help: "Undo the last change (repeatable)", status: [.care, .symptoms]),
        KeyBinding(.prepareReport, [.character("p")], short: "report", help: "Connect: write the report for this contact", status: [.connect]),
        KeyBinding(.openDocument, [.character("o")], short: "open", help: "Connect: open the report, or an email to them", status: [.connect]),
        KeyBinding(.sleepTimer, [.character("z")], short: "sleep", help: "Sleep timer: in bed, then up"),
        KeyBinding(.help, [.character("?")], short: "help", help: "Show or hide this help", status: all),
        KeyBinding(.quit, [.character("q"), .control("c")], short: "quit", help: "Quit", status: all),
        // Read in a reading form too: the form is still open after fg.
        KeyBinding(.suspend, [.control("z")], short: "suspend", help: "Suspend to the shell (fg comes back)"),
        KeyBinding(.click, [], keyText: "Click", short: "click",
                   help: "Select; on a box, tick it"),
        KeyBinding(.scroll, [], keyText: "Wheel", short: "scroll", help: "Move through the list under it"),

        KeyBinding(.save, [.enter], short: "save", help: "Save the reading", context: .form, status: all),
        KeyBinding(.cancel, [.escape], short: "cancel", help: "Close without saving", context: .form, status: all),
        KeyBinding(.nextField, [.tab, .down], short: "field", help: "Next field", context: .form, status: all),
        KeyBinding(.previousField, [.backTab, .up], short: "field", help: "Previous field", context: .form, status: all),
        KeyBinding(.decrease, [.left], short: "less", help: "One less, or previous option", context: .form),
        KeyBinding(.increase, [.right], short: "more", help: "One more, or next option", context: .form),
        KeyBinding(.erase, [.backspace, .delete], short: "erase", help: "Erase the last character", context: .form),
        KeyBinding(.clearField, [.control("u")], short: "clear", help: "Clear the field", context: .form),
        KeyBinding(.quit, [.control("c")], short: "quit", help: "Quit without saving", context: .form),
    ]

    private static let byKey: [KeyContext: [Key: Action]] = {
        var table: [KeyContext: [Key: Action]] = [:]
        for binding in bindings { for key in binding.keys { table[binding.context, default: [:]][key] = binding.action } }
        return table
    }()

    /// The action `key` asks for in `context`; nil for keys the table does not bind (in a form,
    /// those are typed into the field).
    public static func action(for key: Key, in context: KeyContext = .dashboard) -> Action? {
        if case .mouse(let event) = key { return event.kind == .click ? .click : .scroll }
        return byKey[context]?[key]
    }

    /// The bindings help lists for a context, in table order.
    public static func bindings(in context: KeyContext) -> [KeyBinding] { bindings.filter { $0.context == context } }

    /// The status line's key hints for a pane (or an open form), in table order; bindings that
    /// share a short name are merged ("←/→ day").
    public static func hints(for pane: Pane, in context: KeyContext = .dashboard) -> [(keys: String, name: String)] {
        var hints: [(keys: String, name: String)] = []
        for binding in bindings(in: context) where binding.statusPanes.contains(pane) {
            guard let key = binding.keys.first?.description else { continue }
            if let last = hints.last, last.name == binding.short {
                hints[hints.count - 1].keys += "/" + key
            } else {
                hints.append((key, binding.short))
            }
        }
        return hints
    }
}
