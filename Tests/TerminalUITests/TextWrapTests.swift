import Testing
import TerminalUI

/// Wrapping in terminal cells: at spaces in English and Polish, between characters in Chinese and
/// Japanese, never losing text.
@Suite struct TextWrapTests {
    @Test func englishBreaksAtSpaces() {
        #expect(TextWrap.lines("Take after the morning reading, with water.", width: 16)
            == ["Take after the", "morning reading,", "with water."])
        #expect(TextWrap.lines("one\n\ntwo", width: 10) == ["one", "", "two"])
    }

    @Test func chineseBreaksBetweenCharactersKeepingPunctuationWithItsWord() {
        let text = "每天早上空腹服用1片，用温水送服。如出现头晕、乏力，请联系家庭医生。"
        for width in [6, 9, 10, 11, 20] {
            let lines = TextWrap.lines(text, width: width)
            #expect(lines.joined() == text, "width \(width): text lost or changed")
            for line in lines {
                #expect(TextWidth.of(line) <= width, "width \(width): '\(line)' is too wide")
                #expect(!"，。、".contains(line.first!), "width \(width): '\(line)' starts with closing punctuation")
            }
        }
    }

    @Test func japaneseKeepsBracketsAndSmallKanaInPlace() {
        let text = "血糖値が70未満のときは「ブドウ糖」を飲んでください。ちょっとでも不安なら連絡してください。"
        for width in 6...16 {
            let lines = TextWrap.lines(text, width: width)
            #expect(lines.joined() == text)
            for (index, line) in lines.enumerated() {
                #expect(TextWidth.of(line) <= width)
                #expect(!"」。ょっ".contains(line.first!), "width \(width): '\(line)' starts with a character that never starts a line")
                if index < lines.count - 1 { #expect(line.last != "「", "width \(width): '\(line)' ends with an opening bracket") }
            }
        }
    }

    @Test func aWordWiderThanTheLineGoesOnRatherThanBeingCut() {
        #expect(TextWrap.lines("see https://example.org/a/long/path now", width: 12)
            == ["see", "https://exam", "ple.org/a/lo", "ng/path now"])
    }

    @Test func mixedScriptsBreakWhereEitherAllows() {
        let lines = TextWrap.lines("氨氯地平 5 mg 每天1片", width: 8)
        #expect(lines.joined(separator: " ").replacingOccurrences(of: " ", with: "") == "氨氯地平5mg每天1片")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 8 })
    }
}
