import Localization
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
        // TRANSLATORS: "key hint" words follow their key in the status line ("←/→ day", "Space tick",
        // "q quit"): one short word each, saying what the key does or moves through. Keys that share
        // a word are shown together ("←/→ day"), so give the same word to both of a pair.
        KeyBinding(.nextPane, [.tab], short: trc("key hint", "pane"), help: tr("Next pane"), status: all),
        KeyBinding(.previousPane, [.backTab], short: trc("key hint", "pane"), help: tr("Previous pane")),
        KeyBinding(.showCare, [.character("1")], short: trc("key hint", "care"), help: Pane.care.title),
        KeyBinding(.showSymptoms, [.character("2")], short: trc("key hint", "symptoms"), help: Pane.symptoms.title),
        KeyBinding(.showInsights, [.character("3")], short: trc("key hint", "insights"), help: Pane.insights.title),
        KeyBinding(.showConnect, [.character("4")], short: trc("key hint", "connect"), help: tr("Connect: the care team")),
        KeyBinding(.up, [.up, .character("k")], short: trc("key hint", "item"), help: tr("Previous item"), status: [.care, .symptoms, .connect]),
        KeyBinding(.down, [.down, .character("j")], short: trc("key hint", "item"), help: tr("Next item"), status: [.care, .symptoms, .connect]),
        KeyBinding(.previousDay, [.left, .character("h")], short: trc("key hint", "day"), help: tr("Previous day"), status: all),
        KeyBinding(.nextDay, [.right, .character("l")], short: trc("key hint", "day"), help: tr("Next day"), status: all),
        KeyBinding(.previousWeek, [.character("[")], short: trc("key hint", "week"), help: tr("Previous week (Insights: period)"), status: [.insights]),
        KeyBinding(.nextWeek, [.character("]")], short: trc("key hint", "week"), help: tr("Next week (Insights: period)"), status: [.insights]),
        KeyBinding(.today, [.character("t")], short: trc("key hint", "today"), help: tr("Go to today"), status: all),
        KeyBinding(.nextDue, [.character("n")], short: trc("key hint", "next due"), help: tr("Next overdue or due item today")),
        KeyBinding(.nextPerson, [.character("P")], short: trc("key hint", "person"), help: tr("Next person's plan")),
        KeyBinding(.toggle, [.character(" ")], short: trc("key hint", "tick"), help: tr("Tick the next occurrence (or untick)"), status: [.care]),
        KeyBinding(.open, [.enter], short: trc("key hint", "record"), help: tr("Record a reading (Care Card: tick)"), status: [.symptoms]),
        KeyBinding(.nextChart, [.character("c")], short: trc("key hint", "chart"), help: tr("Chart the next assessment"), status: [.insights]),
        KeyBinding(.nextRange, [.character("r")], short: trc("key hint", "range"), help: tr("Insights range: week to year"), status: [.insights]),
        KeyBinding(.undo, [.character("u")], short: trc("key hint", "undo"), help: tr("Undo the last change (repeatable)"), status: [.care, .symptoms]),
        KeyBinding(.prepareReport, [.character("p")], short: trc("key hint", "report"), help: tr("Connect: write the report for this contact"), status: [.connect]),
        KeyBinding(.openDocument, [.character("o")], short: trc("key hint", "open"), help: tr("Connect: open the report, or an email to them"), status: [.connect]),
        KeyBinding(.sleepTimer, [.character("z")], short: trc("key hint", "sleep"), help: tr("Sleep timer: in bed, then up")),
        KeyBinding(.help, [.character("?")], short: trc("key hint", "help"), help: tr("Show or hide this help"), status: all),
        KeyBinding(.quit, [.character("q"), .control("c")], short: trc("key hint", "quit"), help: tr("Quit"), status: all),
        // Read in a reading form too: the form is still open after fg.
        KeyBinding(.suspend, [.control("z")], short: trc("key hint", "suspend"), help: tr("Suspend to the shell (fg comes back)")),
        KeyBinding(.click, [], keyText: trc("mouse", "Click"), short: trc("key hint", "click"),
                   help: tr("Select; on a box, tick it")),
        KeyBinding(.scroll, [], keyText: trc("mouse", "Wheel"), short: trc("key hint", "scroll"), help: tr("Move through the list under it")),

        KeyBinding(.save, [.enter], short: trc("key hint", "save"), help: tr("Save the reading"), context: .form, status: all),
        KeyBinding(.cancel, [.escape], short: trc("key hint", "cancel"), help: tr("Close without saving"), context: .form, status: all),
        KeyBinding(.nextField, [.tab, .down], short: trc("key hint", "field"), help: tr("Next field"), context: .form, status: all),
        KeyBinding(.previousField, [.backTab, .up], short: trc("key hint", "field"), help: tr("Previous field"), context: .form, status: all),
        KeyBinding(.decrease, [.left], short: trc("key hint", "less"), help: tr("One less, or previous option"), context: .form),
        KeyBinding(.increase, [.right], short: trc("key hint", "more"), help: tr("One more, or next option"), context: .form),
        KeyBinding(.erase, [.backspace, .delete], short: trc("key hint", "erase"), help: tr("Erase the last character"), context: .form),
        KeyBinding(.clearField, [.control("u")], short: trc("key hint", "clear"), help: tr("Clear the field"), context: .form),
        KeyBinding(.quit, [.control("c")], short: trc("key hint", "quit"), help: tr("Quit without saving"), context: .form),

        // A questionnaire: a choice by its key (the score before it), ↑↓ and Enter; typed answers.
        KeyBinding(.save, [.enter], short: trc("key hint", "choose"), help: tr("Choose the answer and go on; on the review, record the answers or change the one selected"),
                   context: .survey, status: all),
        KeyBinding(.previousField, [.up], short: trc("key hint", "row"), help: tr("Previous answer, or previous question of a table"), context: .survey, status: all),
        KeyBinding(.nextField, [.down], short: trc("key hint", "row"), help: tr("Next answer, or next question of a table"), context: .survey, status: all),
        KeyBinding(.decrease, [.left], short: trc("key hint", "answer"), help: tr("In a table: the answer to the left"), context: .survey),
        KeyBinding(.increase, [.right], short: trc("key hint", "answer"), help: tr("In a table: the answer to the right"), context: .survey),
        KeyBinding(.back, [.backTab, .pageUp], short: trc("key hint", "back"), help: tr("Previous page"), context: .survey, status: all),
        KeyBinding(.forward, [.tab, .pageDown], short: trc("key hint", "next"), help: tr("Next page, leaving the answer as it is"), context: .survey, status: all),
        KeyBinding(.erase, [.backspace, .delete], short: trc("key hint", "erase"), help: tr("Erase the last character"), context: .survey),
        KeyBinding(.clearField, [.control("u")], short: trc("key hint", "clear"), help: tr("Clear the answer"), context: .survey),
        KeyBinding(.cancel, [.escape], short: trc("key hint", "leave"), help: tr("Leave: keep the answers as a draft, or discard them"), context: .survey, status: all),
        KeyBinding(.quit, [.control("c")], short: trc("key hint", "quit"), help: tr("Quit, keeping the answers as a draft"), context: .survey),
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
