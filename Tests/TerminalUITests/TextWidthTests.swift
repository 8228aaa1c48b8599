import PropertyBased
import Testing
@testable import TerminalUI

/// The widths and cuts of text, whichever way they are worked out (ASCII by its bytes, letters a
/// column each by their scalars, anything else character by character), are those of the
/// characters one by one.
@Suite(.shrinking) struct TextWidthTests {
    /// Pieces of text as the dashboard meets them: ASCII, Polish and French letters, rules and
    /// arrows, a combining accent, Chinese, an emoji, a joiner, a tab.
    static let text = Gen.int(in: 0...13).array(of: 0...24).map { picks in
        picks.map { ["a", "Z", " ", "ą", "ł", "é", "─", "▸", "e\u{301}", "体", "💊", "\u{200D}", "\t", "…"][$0] }.joined()
    }

    /// Width a character at a time, as `of` was always defined.
    static func characterWidth(_ text: String) -> Int { text.reduce(0) { $0 + TextWidth.of($1) } }

    /// The cut a character at a time: as many whole characters as fit, then the ellipsis.
    static func characterCut(_ text: String, _ columns: Int, ellipsis: Bool) -> String {
        guard columns > 0 else { return "" }
        if characterWidth(text) <= columns { return text }
        var result = "", used = 0
        for character in text {
            let width = TextWidth.of(character)
            if used + width > (ellipsis ? columns - 1 : columns) { break }
            result.append(character)
            used += width
        }
        return ellipsis ? result + "…" : result
    }

    @Test func widthsAndCutsAreThoseOfTheCharacters() async {
        await propertyCheck(count: 500, input: Self.text, Gen.int(in: 0...30), Gen.bool) { text, columns, ellipsis in
            #expect(TextWidth.of(text) == Self.characterWidth(text), "\(text.debugDescription)")
            #expect(TextWidth.of(text[...]) == Self.characterWidth(text), "\(text.debugDescription)")
            #expect(TextWidth.truncate(text, to: columns, ellipsis: ellipsis) == Self.characterCut(text, columns, ellipsis: ellipsis),
                    "\(text.debugDescription) to \(columns)")
        }
    }

    @Test func aPolishQuestionIsCutAtItsColumnsWithAnEllipsis() {
        let question = "Kłopoty z zaśnięciem lub przerywany sen, albo zbyt długi sen"
        #expect(TextWidth.of(question) == question.count)
        #expect(TextWidth.truncate(question, to: 20) == "Kłopoty z zaśnięcie…")
        #expect(TextWidth.pad("Żółw", to: 6) == "Żółw  ")
    }
}
