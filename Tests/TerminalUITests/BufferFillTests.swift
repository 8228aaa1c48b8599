import PropertyBased
import Testing
@testable import TerminalUI

/// `Buffer.fill` (every pane's and modal's background) leaves the cells, and the clip's notes,
/// exactly as writing the same characters row by row would: a wide character cut at an edge loses
/// its other half, one covered goes whole, and what runs off the buffer is noted only when it is
/// more than spaces.
@Suite(.shrinking) struct BufferFillTests {
    /// A 12×4 buffer with wide characters, rules and letters written over it.
    static let drawn = Gen.int(in: 0...9_999).array(of: 0...8).map { seeds -> Buffer in
        var buffer = Buffer(width: 12, height: 4)
        for seed in seeds {
            buffer.write(["血圧", "💊x", "│─", "ab", "日本語"][seed % 5], x: seed / 5 % 12, y: seed / 60 % 4)
        }
        return buffer
    }
    /// Rectangles inside, across the edge of, and off the buffer.
    static let rect = zip(Gen.int(in: -3...13), Gen.int(in: -2...5), Gen.int(in: 0...15), Gen.int(in: 0...6))
        .map { x, y, width, height in Rect(x: x, y: y, width: width, height: height) }
    static let character = Gen.int(in: 0...3).map { [" ", "x", "#", "░"][$0] as Character }

    /// What `fill` did before it set cells itself: one clipped write per row.
    static func writtenRowByRow(_ buffer: Buffer, _ rect: Rect, _ character: Character, _ style: TextStyle) -> Buffer {
        var buffer = buffer
        let line = String(repeating: character, count: max(0, rect.width))
        for y in rect.y..<rect.maxY { buffer.write(line, x: rect.x, y: y, style: style, clip: rect) }
        return buffer
    }

    /// Each row's cells as `text`, `text/width` for a wide or continuation cell, `*` after a bold one.
    static func rows(_ buffer: Buffer) -> [String] {
        (0..<buffer.height).map { y in
            (0..<buffer.width).map { x in
                let cell = buffer[x, y]
                return cell.text + (cell.width == 1 ? "" : "/\(cell.width)") + (cell.style.bold ? "*" : "")
            }.joined(separator: "|")
        }
    }

    @Test func fillingIsWritingRowByRow() async {
        await propertyCheck(count: 400, input: Self.drawn, Self.rect, Self.character) { buffer, rect, character in
            var filled = buffer
            let style = TextStyle(bold: true)
            filled.fill(rect, with: character, style: style)
            let expected = Self.writtenRowByRow(buffer, rect, character, style)
            #expect(Self.rows(filled) == Self.rows(expected), "\(rect) with '\(character)'")
            #expect(filled.cells == expected.cells)
            #expect(filled.clipped == expected.clipped, "\(rect) with '\(character)'")
        }
    }

    @Test func aWideCharacterCutByTheFillLosesItsOtherHalf() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.write("血圧血", x: 0, y: 0)
        buffer.fill(Rect(x: 1, y: 0, width: 4, height: 1), with: ".")
        #expect((0..<6).map { buffer[$0, 0].text } == [" ", ".", ".", ".", ".", " "])
        #expect((0..<6).allSatisfy { buffer[$0, 0].width == 1 })
    }
}
