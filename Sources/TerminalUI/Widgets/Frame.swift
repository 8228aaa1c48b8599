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

/// Text wrapped to a width in terminal cells. Lines break at spaces, and between the characters
/// of Chinese and Japanese, which write no spaces: never before closing punctuation and small kana
/// (`。」ょ`), never after opening brackets (`「（`), the basic rules of JIS X 4051 and GB/T 15834.
/// A run with no break that is wider than a line goes on to the next, so no text is lost.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in paragraphs(text) {
            // The line's width is kept as it grows, rather than measuring it again for every piece.
            var line = "", used = 0
            for piece in pieces(paragraph) {
                let gap = line.isEmpty || !piece.afterSpace ? 0 : 1
                if used + gap + piece.width <= width {
                    if gap > 0 { line += " " }
                    line += piece.text
                    used += gap + piece.width
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                (line, used) = ("", 0)
                for character in piece.text {
                    let characterWidth = TextWidth.of(character)
                    if used + characterWidth > width, !line.isEmpty {
                        lines.append(line)
                        (line, used) = ("", 0)
                    }
                    line.append(character)
                    used += characterWidth
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The text's lines, split at "\n". Found among the bytes, which is the same split as among
    /// the characters unless a "\r\n" (one character) is there; breaking the text into characters
    /// to find them was a third of wrapping an activity's details on every frame.
    static func paragraphs(_ text: String) -> [Substring] {
        guard !text.utf8.contains(UInt8(ascii: "\r")) else { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// At most `count` of `lines`, the last ending in "…" when some were left out.
    public static func limited(_ lines: [String], to count: Int) -> [String] {
        guard lines.count > count else { return lines }
        guard count > 0 else { return [] }
        var kept = Array(lines.prefix(count))
        // Cut to its own width once something is added, so it ends in the ellipsis.
        kept[count - 1] = TextWidth.truncate(kept[count - 1] + " …", to: max(1, TextWidth.of(kept[count - 1])))
        return kept
    }

    /// What a line may not be broken inside: a word, or one character of Chinese or Japanese with
    /// the punctuation that must stay with it; whether a space came before it.
    struct Piece {
        var text: String
        var width: Int
        var afterSpace: Bool
    }

    static func pieces(_ paragraph: Substring) -> [Piece] {
        // Text whose every scalar is a character of its own, a column wide (English, Polish, the
        // dashboard's symbols), has its words found among the bytes.
        if TextWidth.isOneColumnPerScalar(paragraph) {
            return paragraph.utf8.split(separator: UInt8(ascii: " ")).map { bytes in
                let word = Substring(bytes)
                return Piece(text: String(word), width: TextWidth.of(word), afterSpace: true)
            }
        }
        // Most other text has no Chinese or Japanese in it: then its pieces are its words, found at once.
        if !paragraph.unicodeScalars.contains(where: { $0.value >= 0x1100 && isIdeographic(Character($0)) }) {
            return paragraph.split(separator: " ").map { Piece(text: String($0), width: TextWidth.of($0), afterSpace: true) }
        }
        var pieces: [Piece] = []
        var current = Piece(text: "", width: 0, afterSpace: false)
        var previous: Character?
        var spaceBefore = false
        for character in paragraph {
            if character == " " {
                if !current.text.isEmpty { pieces.append(current) }
                current = Piece(text: "", width: 0, afterSpace: false)
                spaceBefore = true
                previous = nil
                continue
            }
            if let previous, !current.text.isEmpty, breaksBetween(previous, character) {
                pieces.append(current)
                current = Piece(text: "", width: 0, afterSpace: false)
            }
            if current.text.isEmpty { current.afterSpace = spaceBefore }
            spaceBefore = false
            current.text.append(character)
            current.width += TextWidth.of(character)
            previous = character
        }
        if !current.text.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Whether a line may break between two characters with no space between them.
    static func breaksBetween(_ before: Character, _ after: Character) -> Bool {
        guard isIdeographic(before) || isIdeographic(after) else { return false }
        return !noBreakBefore.contains(after) && !noBreakAfter.contains(before)
    }

    /// Chinese characters, kana, Hangul and full-width forms: scripts that break between characters.
    public static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        switch scalar {
        case 0x1100...0x11FF, 0x2E80...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Closing punctuation, iteration marks and small kana, which never start a line.
    static let noBreakBefore: Set<Character> = Set("、。，．・：；？！ー―…‥）」』】〕〉》｝］〟’”%％!),.:;?]}々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
    /// Opening brackets, which never end one.
    static let noBreakAfter: Set<Character> = Set("（「『【〔〈《｛［〝‘“([{")
}
