import Localization

/// One terminal cell: a grapheme, how many columns it takes, and its style. The cell after a
/// two-column character is a continuation (empty text, width 0).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: UInt8
    public var style: TextStyle

    public init(_ text: String = " ", width: UInt8 = 1, style: TextStyle = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
    var isContinuation: Bool { width == 0 }
}

/// A screen's worth of cells. Widgets draw into it; backends show it (ncurses draws only the
/// cells that changed since the last frame, the headless backend prints it as text).
public struct Buffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Regions a click can land on, in drawing order (later ones lie on top), each with what the
    /// drawing code says is there. Drawing and clicking share the layout this way, never a copy of it.
    public private(set) var hotspots: [Hotspot] = []
    /// Text a write could not show because it ran past its clip: a layout that does not hold
    /// (`careplan snapshot --check-layout`, the layout tests in every language). Text that is
    /// meant to be shortened is cut with an ellipsis first (`TextWidth.truncate`) and never lands here.
    public private(set) var clipped: [ClippedText] = []

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Records that `rect` shows `tag` (clipped to the buffer; empty regions are dropped).
    public mutating func mark(_ rect: Rect, _ tag: String) {
        let clipped = rect.intersection(area)
        guard clipped.width > 0, clipped.height > 0 else { return }
        hotspots.append(Hotspot(rect: clipped, tag: tag))
    }

    /// The tag of the topmost region at (x, y), if any.
    public func hotspot(x: Int, y: Int) -> String? {
        hotspots.last { $0.rect.contains(x: x, y: y) }?.tag
    }

    /// Writes `text` from (x, y), clipped to `clip` (default: the whole buffer); returns the
    /// columns used. Wide characters that would straddle the edge are not drawn half.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, style: TextStyle = .plain, clip: Rect? = nil) -> Int {
        let clip = clip ?? area
        guard y >= clip.y, y < clip.maxY, y >= 0, y < height else { return 0 }
        let text = String(text)
        // Whether the clip dropped anything: only then is what it dropped worked out (rarely).
        var dropped = false
        defer { if dropped { noteClipped(text, x: x, y: y, clip: clip) } }
        // Nearly all that is drawn (ASCII, box drawing, Braille, arrows) is one cell per Unicode
        // scalar: no grapheme breaking, no control characters to picture.
        if TextWidth.isOneColumnPerScalar(text) {
            let lower = max(clip.x, 0), upper = min(clip.maxX, width)
            var column = x
            // A rule, a bar or a sleep strip repeats one symbol: its glyph is made once, not per cell.
            var last: (scalar: Unicode.Scalar, glyph: String)?
            for scalar in text.unicodeScalars {
                guard column < upper else {
                    dropped = true
                    break
                }
                if column < lower { dropped = true }
                if column >= lower {
                    clearWide(at: column, y: y)
                    let glyph: String
                    if scalar.value < 0x7F {
                        glyph = Self.asciiGlyphs[Int(scalar.value) - 0x20]
                    } else if let last, last.scalar == scalar {
                        glyph = last.glyph
                    } else {
                        glyph = String(scalar)
                        last = (scalar, glyph)
                    }
                    self[column, y] = Cell(glyph, width: 1, style: style)
                }
                column += 1
            }
            return column - x
        }
        var column = x
        for character in SafeText.terminal(text) {
            var w = TextWidth.of(character)
            var glyph = String(character)
            if character == "\t" || character.isNewline { (glyph, w) = (" ", 1) }
            if w == 0 { continue }
            if column + w > min(clip.maxX, width) {
                dropped = true
                break
            }
            if column < max(clip.x, 0) { dropped = true }
            if column >= max(clip.x, 0) {
                clearWide(at: column, y: y)
                self[column, y] = Cell(glyph, width: UInt8(w), style: style)
                if w == 2 {
                    clearWide(at: column + 1, y: y)
                    self[column + 1, y] = Cell("", width: 0, style: style)
                }
            }
            column += w
        }
        return column - x
    }

    /// Records the part of `text` written from `x` that falls outside `clip` or the buffer, when it
    /// is more than spaces and rules (a frame's line drawn long and clipped to size loses nothing).
    private mutating func noteClipped(_ text: String, x: Int, y: Int, clip: Rect) {
        let lower = max(clip.x, 0), upper = min(clip.maxX, width)
        guard x < lower || x + TextWidth.of(text) > upper else { return }
        var column = x, lost = ""
        for character in text {
            let w = max(TextWidth.of(character), character == "\t" || character.isNewline ? 1 : 0)
            if column < lower || column + w > upper { lost.append(character) }
            column += w
        }
        guard lost.contains(where: { !$0.isWhitespace && !("\u{2500}"..."\u{259F}").contains($0) }) else { return }
        clipped.append(ClippedText(text: text, lost: lost, x: x, y: y))
    }

    /// The printable ASCII characters, space to tilde, each as the text of a cell.
    private static let asciiGlyphs: [String] = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }

    /// Overwriting half of a wide character blanks its other half, so no stray half-glyph remains.
    private mutating func clearWide(at x: Int, y: Int) {
        let cell = self[x, y]
        if cell.isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        if cell.width == 2, x + 1 < width { self[x + 1, y] = Cell(" ", style: cell.style) }
    }

    /// Fills a rectangle with one character and style.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: TextStyle = .plain) {
        // A printable ASCII character is one cell: each cell of the rectangle is set to it, and
        // only a wide character cut at either edge needs its other half blanked, as `write` would
        // (a modal's background, every pane's: much of each frame). A fill that runs off the
        // buffer with more than spaces is written, so that the clip notes what it lost.
        let shown = rect.intersection(area)
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, (0x20..<0x7F).contains(scalar.value),
              shown == rect || character == " " else {
            let line = String(repeating: character, count: max(0, rect.width))
            for y in rect.y..<rect.maxY { write(line, x: rect.x, y: y, style: style, clip: rect) }
            return
        }
        guard shown.width > 0, shown.height > 0 else { return }
        let cell = Cell(Self.asciiGlyphs[Int(scalar.value) - 0x20], width: 1, style: style)
        for y in shown.y..<shown.maxY {
            clearWide(at: shown.x, y: y)
            clearWide(at: shown.maxX - 1, y: y)
            for x in shown.x..<shown.maxX { self[x, y] = cell }
        }
    }

    /// Sets the style of every cell in `rect`, keeping the text.
    public mutating func restyle(_ rect: Rect, _ change: (inout TextStyle) -> Void) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) { change(&self[x, y].style) }
        }
    }

    /// The text of row `y`, continuation cells left out.
    public func line(_ y: Int) -> String {
        var text = ""
        text.reserveCapacity(width)
        for x in 0..<width where !self[x, y].isContinuation { text += self[x, y].text }
        return text
    }
}

/// A write that lost text to its clip: the whole text, what was not shown, and where it started.
public struct ClippedText: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var lost: String
    public var x: Int
    public var y: Int

    public var description: String {
        // TRANSLATORS: where a layout check found text cut off: the screen's row and column, the text, and what was lost.
        tr("row {row}, column {column}: '{text}' lost '{lost}'", ["row": y + 1, "column": x + 1, "text": text, "lost": lost])
    }
}

/// A region of a frame and what is drawn there, for turning a click into what it points at.
public struct Hotspot: Hashable, Sendable {
    public var rect: Rect
    public var tag: String
}
