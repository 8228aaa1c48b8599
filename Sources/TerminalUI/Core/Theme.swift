/// What a piece of the interface is, so that a theme can say how it looks.
public enum ThemeRole: String, CaseIterable, Sendable {
    case background, text, dim, accent, ok, warn, alert
    case header, status, selection, border, title, tab, activeTab
    case ring, ringEmpty, future, notStarted, nothingDue, today
    case normalBand, axis
    case series1, series2, series3, series4
}

/// A colour theme: a style per role, and a colour per activity palette name (`blue`, `green`...).
public struct Theme: Sendable, Equatable {
    public var name: String
    public var styles: [ThemeRole: TextStyle]
    public var palette: [String: TerminalColor]

    public init(name: String, styles: [ThemeRole: TextStyle], palette: [String: TerminalColor] = [:]) {
        self.name = name
        self.styles = styles
        self.palette = palette
    }

    public subscript(role: ThemeRole) -> TextStyle { styles[role] ?? styles[.text] ?? .plain }

    /// The colour for an activity's palette name, on the role's style.
    public func activity(_ paletteName: String?, role: ThemeRole = .text) -> TextStyle {
        guard let name = paletteName, let color = palette[name] else { return self[role] }
        return self[role].with(foreground: color)
    }

    /// The same theme with every colour removed (attributes kept): for `NO_COLOR` and monochrome terminals.
    public var monochrome: Theme {
        Theme(name: name, styles: styles.mapValues(\.withoutColor), palette: [:])
    }

    /// A built-in theme that needs no file: attributes only, so it reads on any terminal.
    public static let fallback = Theme(name: "fallback", styles: [
        .text: .plain, .dim: TextStyle(dim: true), .accent: TextStyle(bold: true), .ok: .plain,
        .warn: TextStyle(bold: true), .alert: TextStyle(bold: true, reverse: true), .header: TextStyle(reverse: true),
        .status: TextStyle(reverse: true), .selection: TextStyle(reverse: true), .title: TextStyle(bold: true),
        .activeTab: TextStyle(bold: true, reverse: true), .future: TextStyle(dim: true), .notStarted: TextStyle(dim: true),
        .nothingDue: TextStyle(dim: true), .today: TextStyle(bold: true, underline: true),
    ])
}
