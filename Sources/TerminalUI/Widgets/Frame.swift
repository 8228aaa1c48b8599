/// A bordered box with a title; returns the area inside the border for the content.
public enum Frame {
    @discardableResult
    public static func draw(_ rect: Rect, title: String, focused: Bool, theme: Theme, into buffer: inout Buffer) -> Rect {
        guard rect.width >= 4, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let border = focused ? theme[.accent] : theme[.border]
        let (h, v) = focused ? ("━", "┃") : ("─", "│")
        let (tl, tr, bl, br) = focused ? ("┏", "┓", "┗", "┛") : ("┌", "┐", "└", "┘")
        let inner = String(repeating: h, count: rect.width - 2)
        buffer.write(tl + inner + tr, x: rect.x, y: rect.y, style: border)
        for y in rect.y + 1..<rect.maxY - 1 {
            buffer.write(v, x: rect.x, y: y, style: border)
            buffer.write(v, x: rect.maxX - 1, y: y, style: border)
        }
        buffer.write(bl + inner + br, x: rect.x, y: rect.maxY - 1, style: border)
        let label = " " + TextWidth.truncate(title, to: rect.width - 6) + " "
        buffer.write(label, x: rect.x + 2, y: rect.y, style: focused ? theme[.accent].bolded : theme[.title])
        return rect.inset(horizontal: 2, vertical: 1)
    }
}

/// Text wrapped to a width, on word boundaries (words longer than the width are cut).
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // The line's width is kept as it grows, rather than measuring it again for every word.
            var line = "", used = 0
            for word in paragraph.split(separator: " ") {
                let wordWidth = TextWidth.of(word)
                let gap = line.isEmpty ? 0 : 1
                if used + gap + wordWidth <= width {
                    if gap > 0 { line += " " }
                    line += word
                    used += gap + wordWidth
                } else {
                    if !line.isEmpty { lines.append(line) }
                    line = TextWidth.truncate(String(word), to: width, ellipsis: false)
                    used = TextWidth.of(line)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
