/// How a cell looks: colours and attributes.
public struct TextStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, bold: Bool = false,
                dim: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = TextStyle()

    public func with(foreground: TerminalColor) -> TextStyle { var s = self; s.foreground = foreground; return s }
    public func with(background: TerminalColor) -> TextStyle { var s = self; s.background = background; return s }
    public var bolded: TextStyle { var s = self; s.bold = true; return s }
    public var reversed: TextStyle { var s = self; s.reverse = !s.reverse; return s }

    /// The same attributes with no colour, for monochrome terminals and `NO_COLOR`.
    public var withoutColor: TextStyle { var s = self; s.foreground = .default; s.background = .default; return s }
}
