import Localization

/// A key press, decoded from the terminal.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case up, down, left, right
    case enter, escape, tab, backTab, backspace, delete
    case home, end, pageUp, pageDown
    case function(Int)
    case control(Character)
    /// The terminal changed size.
    case resize
    /// A click or a wheel turn at a cell.
    case mouse(MouseEvent)

    /// How help and the status line write the key, in the reader's language where keyboards
    /// label it differently ("Space": "Spacja", "空格").
    public var description: String {
        switch self {
        // TRANSLATORS: key names as help and the status line write them; keep the word printed on
        // keyboards in your language (many keep "Enter", "Esc", "Tab"), and keep them short.
        case .character(" "): return trc("key name", "Space")
        case .character(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .enter: return trc("key name", "Enter")
        case .escape: return trc("key name", "Esc")
        case .tab: return trc("key name", "Tab")
        case .backTab: return trc("key name", "Shift-Tab")
        case .backspace: return trc("key name", "Backspace")
        case .delete: return trc("key name", "Del")
        case .home: return trc("key name", "Home")
        case .end: return trc("key name", "End")
        case .pageUp: return trc("key name", "PgUp")
        case .pageDown: return trc("key name", "PgDn")
        case .function(let n): return "F\(n)"
        // TRANSLATORS: a key pressed with Control, "Ctrl-C"; {key} is the letter.
        case .control(let c): return trc("key name", "Ctrl-{key}", ["key": c.uppercased()])
        case .resize: return "resize"
        case .mouse(let event): return event.description
        }
    }
}

/// What the mouse did, and at which cell (0-based, from the top left).
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case click, wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    public var description: String {
        switch kind {
        case .click: return trc("mouse", "Click")
        case .wheelUp: return trc("mouse", "Wheel up")
        case .wheelDown: return trc("mouse", "Wheel down")
        }
    }
}
