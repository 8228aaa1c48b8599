import Testing
@testable import TerminalUI

/// What lands in the cells: every pane is drawn through `Buffer.write`, and the text a snapshot or
/// a terminal shows comes out of `HeadlessRenderer`.
@Suite struct BufferTests {
    /// The cells of row 0 as (text, width), continuation cells included.
    func cells(_ text: String, width: Int = 12, clip: Rect? = nil) -> [String] {
        var buffer = Buffer(width: width, height: 1)
        buffer.write(text, x: 0, y: 0, clip: clip)
        return (0..<width).map { buffer[$0, 0].text + (buffer[$0, 0].width == 1 ? "" : "/\(buffer[$0, 0].width)") }
    }

    @Test func textThatIsOneColumnPerScalarFillsOneCellPerScalar() {
        #expect(TextWidth.isOneColumnPerScalar("Ramipril 5 mg"))
        #expect(TextWidth.isOneColumnPerScalar("┌─┐│━┃ ⣿⡇ ··· …°é±→"))
        #expect(cells("┃⣿é…", width: 5) == ["┃", "⣿", "é", "…", " "])
    }

    @Test func marksWideCharactersEmojiAndControlsTakeTheGraphemePath() {
        for text in ["Cafe\u{301}", "血圧", "💊", "❤\u{FE0F}", "a\u{1B}[2J", "x\u{200D}y", "\u{85}"] {
            #expect(!TextWidth.isOneColumnPerScalar(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // A combining mark stays on its letter, a wide character takes two cells, an escape is pictured.
        #expect(cells("Cafe\u{301}!", width: 6) == ["C", "a", "f", "e\u{301}", "!", " "])
        #expect(cells("血x", width: 4) == ["血/2", "/0", "x", " "])
        #expect(cells("\u{1B}[2J", width: 5) == ["␛", "[", "2", "J", " "])
    }

    @Test func writingStopsAtTheClipAndOverwritesHalfAWideCharacterCleanly() {
        #expect(cells("abcdef", width: 6, clip: Rect(x: 2, y: 0, width: 2, height: 1)) == [" ", " ", "c", "d", " ", " "])
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("血", x: 0, y: 0)
        buffer.write("│", x: 1, y: 0)
        #expect((0..<4).map { buffer[$0, 0].text } == [" ", "│", " ", " "])
    }

    @Test func plainTextTrimsTrailingSpacesAndSkipsContinuations() {
        var buffer = Buffer(width: 8, height: 2)
        buffer.write("血圧 ok", x: 0, y: 0)
        buffer.write("┃ x", x: 2, y: 1)
        #expect(HeadlessRenderer.plainText(buffer) == "血圧 ok\n  ┃ x\n")
    }

    @Test func wrappingFillsLinesToTheWidthOnWordBoundaries() {
        #expect(TextWrap.lines("Ten ankle pumps, ten straight-leg raises.", width: 16) == ["Ten ankle pumps,", "ten straight-leg", "raises."])
        // Japanese breaks between characters too, so the lines fill (TextWrapTests has the rules).
        #expect(TextWrap.lines("血圧を 測る 朝と夜", width: 7) == ["血圧を", "測る 朝", "と夜"])
        // A word wider than the line goes on to the next rather than losing its end.
        #expect(TextWrap.lines("Supercalifragilistic word", width: 8) == ["Supercal", "ifragili", "stic", "word"])
        #expect(TextWrap.lines("one\n\ntwo", width: 10) == ["one", "", "two"])
    }
}
