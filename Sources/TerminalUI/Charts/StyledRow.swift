/// A run of text drawn in one theme role. Charts return roles rather than styles so that they
/// stay pure functions of numbers, testable without a theme.
public struct StyledSpan: Hashable, Sendable {
    public var text: String
    public var role: ThemeRole

    public init(_ text: String, role: ThemeRole) {
        self.text = text
        self.role = role
    }
}

/// One line of chart output, left to right.
public typealias StyledRow = [StyledSpan]

extension Array where Element == StyledSpan {
    /// The row without its roles, for tests, snapshots and `NO_COLOR` logs.
    public var plainText: String { map(\.text).joined() }

    /// Appends text, extending the last span when the role is the same, so that a row holds a
    /// few long spans instead of one per cell.
    mutating func add(_ text: String, _ role: ThemeRole) {
        guard !text.isEmpty else { return }
        if let last = indices.last, self[last].role == role {
            self[last].text += text
        } else {
            append(StyledSpan(text, role: role))
        }
    }
}

extension Buffer {
    /// Draws chart rows top-down from the top left of `rect`, each span in its role's style;
    /// anything beyond `rect` is cut off rather than spilling into a neighbouring pane.
    public mutating func draw(_ rows: [StyledRow], in rect: Rect, theme: Theme) {
        for (i, row) in rows.prefix(rect.height).enumerated() {
            var x = rect.x
            for span in row {
                guard x < rect.maxX else { break }
                write(span.text, x: x, y: rect.y + i, style: theme[span.role], clip: rect)
                // Advance by the span's full width, not what was drawn, so clipping one span
                // never shifts the next one left.
                x += TextWidth.of(span.text)
            }
        }
    }
}
