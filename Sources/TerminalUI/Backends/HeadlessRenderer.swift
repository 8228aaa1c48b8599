/// Renders a buffer as text, for tests, `careplan snapshot`, documentation and bug reports.
public enum HeadlessRenderer {
    /// The buffer as plain lines, trailing spaces trimmed.
    public static func plainText(_ buffer: Buffer) -> String {
        // Built as UTF-8 bytes: appending thousands of one-character Strings was most of the cost.
        var bytes: [UInt8] = []
        bytes.reserveCapacity((buffer.width + 1) * buffer.height)
        for y in 0..<buffer.height {
            let start = bytes.count
            for x in 0..<buffer.width where !buffer[x, y].isContinuation { bytes.append(contentsOf: buffer[x, y].text.utf8) }
            while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() }
            bytes.append(0x0A)
        }
        return String(decoding: bytes, as: UTF8.self)
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
