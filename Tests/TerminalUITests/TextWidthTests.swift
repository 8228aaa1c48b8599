import Testing
@testable import TerminalUI

/// Columns a terminal gives text: what lines up the Care Card, the tables and the CLI's columns.
@Suite struct TextWidthTests {
    @Test func plainTextTakesOneColumnPerCharacterAndControlsNone() {
        #expect(TextWidth.of("Ramipril 5 mg") == 13)
        #expect(TextWidth.of("") == 0)
        #expect(TextWidth.of("a\tb\u{7}") == 2)
    }

    @Test func wideAndCombiningCharactersTakeTheirColumns() {
        #expect(TextWidth.of("血圧") == 4)
        #expect(TextWidth.of("Café") == 4)
        #expect(TextWidth.of("Cafe\u{301}") == 4)
        #expect(TextWidth.of("128/84 mmHg · 72 bpm") == 20)
    }

    @Test func paddingAndCuttingKeepTheColumnCount() {
        for text in ["Ramipril 5 mg", "Blood pressure", "血圧の記録をつける", "Cafe\u{301} au lait", ""] {
            for columns in [0, 1, 5, 9, 20] {
                let padded = TextWidth.pad(text, to: columns)
                // A wide character that does not fit whole leaves its column blank.
                #expect(TextWidth.of(padded) == columns, "'\(text)' to \(columns)")
                if TextWidth.of(text) <= columns { #expect(padded.hasPrefix(text)) }
            }
        }
        #expect(TextWidth.truncate("Breathlessness and fatigue", to: 10) == "Breathles…")
        #expect(TextWidth.truncate("short", to: 10) == "short")
    }
}
