import CNcursesW

/// How many terminal columns text takes. `体` and `💊` take two, combining marks none; counting
/// Characters gets this wrong, so widths come from the C library's `wcwidth`.
public enum TextWidth {
    /// `wcwidth` answers for the current LC_CTYPE; under the plain "C" locale every non-ASCII
    /// character is -1. Make sure a UTF-8 character type is in force once per process.
    private static let localeReady: Bool = {
        if let current = setlocale(LC_CTYPE, ""), String(cString: current).uppercased().contains("UTF-8") || String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" {
            return true
        }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    public static func of(_ character: Character) -> Int {
        _ = localeReady
        var width = 0
        var first = true
        for scalar in character.unicodeScalars {
            let w = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
            // A grapheme's width is its base's; marks and joiners add nothing.
            if first { width = max(w, scalar.value < 0x20 ? 0 : (w < 0 ? 1 : w)) }
            first = false
        }
        return width
    }

    /// Whether every Unicode scalar of `text` is a grapheme of its own, one column wide, that no
    /// neighbour can join: printable ASCII, Latin-1 and Latin Extended letters before the combining
    /// marks, and the symbol blocks a dashboard draws with (punctuation, arrows, box drawing,
    /// blocks, shapes, Braille) where `wcwidth` says 1. Such text can be laid out scalar by scalar
    /// without grapheme breaking; anything else (marks, joiners, variation selectors, emoji, wide
    /// characters, controls) answers false.
    public static func isOneColumnPerScalar(_ text: some StringProtocol) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F: continue
            case 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x2060, 0x2070..<0x20D0, 0x2100..<0x2C00:
                _ = localeReady
                guard wcwidth(wchar_t(bitPattern: scalar.value)) == 1 else { return false }
            default: return false
            }
        }
        return true
    }

    /// Plain ASCII, the common case, is counted from its bytes (one column each, control
    /// characters none) without breaking it into graphemes; anything else goes character by character.
    /// Inlinable, so that other modules' calls are specialised for their String or Substring: the
    /// generic body walked the bytes through protocol witnesses, 1,700 instructions a table cell.
    @inlinable
    public static func of(_ text: some StringProtocol) -> Int {
        var columns = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nonASCIIWidth(text) }
            if byte >= 0x20 { columns += 1 }
        }
        return columns
    }

    /// Text with letters beyond ASCII: a column a scalar when each is one column wide on its own
    /// (Polish, French, the dashboard's rules and arrows), counted without breaking the text into
    /// graphemes; anything else character by character.
    @usableFromInline
    static func nonASCIIWidth(_ text: some StringProtocol) -> Int {
        if isOneColumnPerScalar(text) { return text.unicodeScalars.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`, with `…` when it was cut.
    public static func truncate(_ text: String, to columns: Int, ellipsis: Bool = true) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        let limit = ellipsis ? columns - 1 : columns
        if isOneColumnPerScalar(text) {
            // Each scalar its own grapheme, a column wide: the cut is a prefix of the scalars
            // (a questionnaire's table cuts nine questions at every frame).
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: text.unicodeScalars.prefix(limit))
            return ellipsis ? String(kept) + "…" : String(kept)
        }
        var result = "", used = 0
        for character in text {
            let w = of(character)
            if used + w > limit { break }
            result.append(character)
            used += w
        }
        return ellipsis ? result + "…" : result
    }

    /// As many whole `items` as fit in `columns`, joined by `separator`, in order: a row of hints
    /// gives way item by item rather than being cut in the middle of one. `pinned` (an index) is
    /// kept whatever else gives way, as long as it fits on its own.
    public static func fitting(_ items: [String], separator: String, in columns: Int, pinned: Int? = nil) -> String {
        let widths = items.map(of), gap = of(separator)
        var kept = Array(repeating: false, count: items.count)
        var used = 0, count = 0
        func keep(_ index: Int) -> Bool {
            let needed = widths[index] + (count > 0 ? gap : 0)
            guard used + needed <= columns else { return false }
            (used, count, kept[index]) = (used + needed, count + 1, true)
            return true
        }
        if let pinned, items.indices.contains(pinned) { _ = keep(pinned) }
        for index in items.indices where !kept[index] {
            guard keep(index) else { break }
        }
        return items.indices.filter { kept[$0] }.map { items[$0] }.joined(separator: separator)
    }

    /// `text` padded with spaces (or cut) to exactly `columns`.
    public static func pad(_ text: String, to columns: Int) -> String {
        let width = of(text)
        if width <= columns { return text + String(repeating: " ", count: columns - width) }
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }
}
