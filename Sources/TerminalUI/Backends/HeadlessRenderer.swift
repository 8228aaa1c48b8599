/// Renders a buffer as text, for tests, `careplan snapshot`, documentation and bug reports.
public enum HeadlessRenderer {
    /// The buffer as plain lines, trailing spaces trimmed.
    public static func plainText(_ buffer: Buffer) -> String {
        (0..<buffer.height).map { y in
            var line = buffer.line(y)
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// The buffer with ANSI SGR escapes (256-colour), as a colour terminal would show it.
    public static func ansiText(_ buffer: Buffer) -> String {
        var out = ""
        for y in 0..<buffer.height {
            var current: TextStyle?
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.width == 0 { continue }
                if cell.style != current {
                    out += sgr(cell.style)
                    current = cell.style
                }
                out += cell.text
            }
            out += "\u{1b}[0m\n"
        }
        return out
    }

    static func sgr(_ style: TextStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let fg = style.foreground.index(paletteSize: 256) { codes.append("38;5;\(fg)") }
        if let bg = style.background.index(paletteSize: 256) { codes.append("48;5;\(bg)") }
        return "\u{1b}[" + codes.joined(separator: ";") + "m"
    }
}
