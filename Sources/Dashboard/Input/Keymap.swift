import TerminalUI

/// One row of the action table: the action, its keys, a short name for the status line and
/// the help text. Key handling, the status line and the help overlay are all derived from this
/// table (as calcurse does), so they cannot disagree.
public struct KeyBinding: Sendable {
    public var action: Action
    public var keys: [Key]
    public var short: String
    public var help: String
    /// Panes whose status line shows it (empty: not shown in the status line).
    public var statusPanes: Set<Pane>
}

public enum Keymap {
    private static let all = Set(Pane.allCases)

    public static let bindings: [KeyBinding] = [
        KeyBinding(action: .nextPane, keys: [.tab], short: "pane", help: "Next pane", statusPanes: all),
        KeyBinding(action: .previousPane, keys: [.backTab], short: "pane", help: "Previous pane", statusPanes: []),
        KeyBinding(action: .showCare, keys: [.character("1")], short: "care", help: "Care Card", statusPanes: []),
        KeyBinding(action: .showSymptoms, keys: [.character("2")], short: "symptoms", help: "Symptom Tracker", statusPanes: []),
        KeyBinding(action: .showInsights, keys: [.character("3")], short: "insights", help: "Insights", statusPanes: []),
        KeyBinding(action: .up, keys: [.up, .character("k")], short: "item", help: "Previous item", statusPanes: [.care, .symptoms]),
        KeyBinding(action: .down, keys: [.down, .character("j")], short: "item", help: "Next item", statusPanes: [.care, .symptoms]),
        KeyBinding(action: .previousDay, keys: [.left, .character("h")], short: "day", help: "Previous day", statusPanes: all),
        KeyBinding(action: .nextDay, keys: [.right, .character("l")], short: "day", help: "Next day", statusPanes: all),
        KeyBinding(action: .previousWeek, keys: [.character("[")], short: "week", help: "Previous week (Insights: previous period)", statusPanes: [.insights]),
        KeyBinding(action: .nextWeek, keys: [.character("]")], short: "week", help: "Next week (Insights: next period)", statusPanes: [.insights]),
        KeyBinding(action: .today, keys: [.character("t")], short: "today", help: "Go to today", statusPanes: all),
        KeyBinding(action: .toggle, keys: [.character(" ")], short: "tick", help: "Tick the next occurrence (untick when all are done)", statusPanes: [.care]),
        KeyBinding(action: .open, keys: [.enter], short: "record", help: "Open the reading form (Care Card: tick, like Space)", statusPanes: [.symptoms]),
        KeyBinding(action: .nextChart, keys: [.character("c")], short: "chart", help: "Chart the next assessment", statusPanes: [.insights]),
        KeyBinding(action: .nextRange, keys: [.character("r")], short: "range", help: "Insights range: week, month, quarter, year", statusPanes: [.insights]),
        KeyBinding(action: .undo, keys: [.character("u")], short: "undo", help: "Undo the last change (repeatable)", statusPanes: [.care, .symptoms]),
        KeyBinding(action: .help, keys: [.character("?")], short: "help", help: "Show or hide this help", statusPanes: all),
        KeyBinding(action: .quit, keys: [.character("q"), .control("c")], short: "quit", help: "Quit", statusPanes: all),
    ]

    private static let byKey: [Key: Action] = {
        var table: [Key: Action] = [:]
        for binding in bindings { for key in binding.keys { table[key] = binding.action } }
        return table
    }()

    public static func action(for key: Key) -> Action? { byKey[key] }

    /// The status line's key hints for a pane, in table order; bindings that share a short name
    /// are merged ("←/→ day").
    public static func hints(for pane: Pane) -> [(keys: String, name: String)] {
        var hints: [(keys: String, name: String)] = []
        for binding in bindings where binding.statusPanes.contains(pane) {
            let key = binding.keys[0].description
            if let last = hints.last, last.name == binding.short {
                hints[hints.count - 1].keys += "/" + key
            } else {
                hints.append((key, binding.short))
            }
        }
        return hints
    }
}
