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

    /// How help and the status line write the key.
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        case .control(let c): return "Ctrl-\(c.uppercased())"
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
        case .click: return "Click"
        case .wheelUp: return "Wheel up"
        case .wheelDown: return "Wheel down"
        }
    }
}
