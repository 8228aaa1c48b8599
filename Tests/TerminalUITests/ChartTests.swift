import Testing
@testable import TerminalUI

/// Chart builders are pure: numbers in, rows of text out. Expected strings here were worked out
/// by hand from the dot geometry (comments show the working) and pin the exact glyphs.
@Suite struct LineChartTests {
    private func lines(_ rows: [StyledRow]) -> [String] { rows.map(\.plainText) }

    @Test func brailleJoinsNeighboursAndLeavesGapsBlank() {
        // 8×8 dots; points at dot x 1, 3, 5, 7 (slot centres), y 0, 7, gap, 4 (5 of 0...10 rounds up).
        // Bresenham (1,0)→(3,7) runs (1,1) (2,2) (2,3) (2,4) (2,5) (3,6); nothing joins across the nil.
        let rows = LineChart.render(values: [0, 10, nil, 5], width: 4, height: 2, range: 0...10, style: .braille)
        #expect(lines(rows) == [" ⡜ ⢀", "⢠⠃  "])
        #expect(rows[0] == [StyledSpan(" ", role: .text), StyledSpan("⡜", role: .series1),
                            StyledSpan(" ", role: .text), StyledSpan("⢀", role: .series1)])
    }

    @Test func blocksUseHalfCells() {
        // 4×4 dots: (0,0) (1,3) gap (3,2); the join passes (0,1) and (1,2).
        let rows = LineChart.render(values: [0, 10, nil, 5], width: 4, height: 2, range: 0...10, style: .blocks)
        #expect(lines(rows) == [" █ ▄", "█   "])
    }

    @Test func asciiMarksPointsAndSlopes() {
        // Slot centres at columns 2 and 7; Bresenham (2,0)→(7,1) passes (3,0) (4,0) (5,1) (6,1):
        // flat where the row holds, leaning where it changes.
        let rising = LineChart.render(values: [0, 10], width: 10, height: 2, range: 0...10, style: .ascii)
        #expect(lines(rising) == ["     /-*  ", "  *-/     "])
        let falling = LineChart.render(values: [10, 0], width: 10, height: 2, range: 0...10, style: .ascii)
        #expect(lines(falling) == ["  *-\\     ", "     \\-*  "])
        let flat = LineChart.render(values: [3, 3], width: 6, height: 1, range: 0...10, style: .ascii)
        #expect(lines(flat) == [" *--* "])  // slots of 3 columns: centres 1 and 4
    }

    @Test func bandShadesItsRowsButNotTheLine() {
        // 5 rows of 0...10: band 4...6 covers only the middle row (4 → 1.6 → 2, 6 → 2.4 → 2).
        let rows = LineChart.render(values: [8, nil, 2], width: 6, height: 5, range: 0...10, band: 4...6, style: .ascii)
        #expect(lines(rows) == ["      ", " *    ", "......", "     *", "      "])
        #expect(rows[2] == [StyledSpan("......", role: .normalBand)])

        let braille = LineChart.render(values: [5, 5], width: 4, height: 3, range: 0...10, band: 4...6, style: .braille)
        // 12 dot rows: band 4...6 is dot rows 4...7 (4.4 → 4, 6.6 → 7), exactly the middle cell row;
        // the flat line at dot row 6 (5.5 rounds up) runs from dot x 2 to 6 through it.
        #expect(lines(braille) == ["    ", "·⠒⠒⠂", "    "])
        #expect(braille[1] == [StyledSpan("·", role: .normalBand), StyledSpan("⠒⠒⠂", role: .series1)])
        #expect(braille[0] == [StyledSpan("    ", role: .text)])

        let blocks = LineChart.render(values: [nil, nil], width: 3, height: 3, range: 0...10, band: 4...6, style: .blocks)
        #expect(lines(blocks) == ["   ", "···", "   "])
        // Band 2...5 over six braille rows of 0...10 is dot rows 5...12 (4.6 → 5, 11.5 → 12): most of
        // the rows for 1.7–3.3 and 3.3–5, one dot of the row above, which must not be shaded.
        let wide = LineChart.render(values: [nil], width: 2, height: 6, range: 0...10, band: 2...5, style: .braille)
        #expect(lines(wide) == ["  ", "  ", "  ", "··", "··", "  "])
        // In ASCII 5 falls exactly between the rows for 4 and 6; the band stops inside, at 4.
        let edge = LineChart.render(values: [nil], width: 2, height: 6, range: 0...10, band: 2...5, style: .ascii)
        #expect(lines(edge) == ["  ", "  ", "  ", "..", "..", "  "])
        // A band thinner than half a row still shows, in the row it touches (5...5 is dot row 6 of 12).
        let thin = LineChart.render(values: [nil], width: 2, height: 3, range: 0...10, band: 5...5, style: .braille)
        #expect(lines(thin) == ["  ", "··", "  "])
        // A band wholly outside the range draws nothing rather than hugging an edge.
        let outside = LineChart.render(values: [nil], width: 3, height: 3, range: 0...10, band: 20...30, style: .ascii)
        #expect(lines(outside) == ["   ", "   ", "   "])
    }

    @Test func valuesOutsideTheRangeClampToTheEdges() {
        let rows = LineChart.render(values: [-5, 20], width: 2, height: 3, range: 0...10, style: .ascii)
        // (0,0) → (1,2) passes (1,1), which rises.
        #expect(lines(rows) == [" *", " /", "* "])
        let infinite = LineChart.render(values: [-.infinity, .infinity, .nan], width: 3, height: 2, range: 0...10, style: .ascii)
        #expect(lines(infinite) == [" * ", "*  "])
    }

    @Test func minMaxBarsSpanTheirRange() {
        let rows = LineChart.render(values: [5], width: 1, height: 5, range: 0...10, minMax: [(2, 8)], style: .ascii)
        #expect(lines(rows) == [" ", "|", "*", "|", " "])
        #expect(rows[1] == [StyledSpan("|", role: .series2)])
    }

    @Test func everyRowIsExactlyTheWidth() {
        let values: [Double?] = [3, 9, nil, 1, 12, -4, 6]
        for style in ChartStyle.allCases {
            for width in [1, 5, 7, 28] {
                let rows = LineChart.render(values: values, width: width, height: 4, range: 0...10, band: 2...5,
                                            minMax: values.map { $0.map { ($0 - 1, $0 + 1) } }, style: style)
                #expect(rows.count == 4)
                for row in rows { #expect(TextWidth.of(row.plainText) == width, "\(style) width \(width)") }
            }
        }
        #expect(LineChart.render(values: [1], width: 3, height: 0, range: 0...1, style: .braille).isEmpty)
        #expect(LineChart.render(values: [], width: 3, height: 2, range: 0...1, style: .braille).map(\.plainText) == ["   ", "   "])
    }
}

@Suite struct BarChartTests {
    @Test func nilDrawsNothingAndZeroDrawsABaseline() {
        // Group width 3, two series: bars in columns 0 and 1, column 2 the gap.
        let rows = BarChart.grouped(groups: [[nil, 0], [1, 0.5]], maxValues: [1, 1], height: 2, groupWidth: 3, style: .blocks)
        #expect(rows.map(\.plainText) == ["   █  ", " ▁ ██ "])
        #expect(rows[1] == [StyledSpan(" ", role: .text), StyledSpan("▁", role: .series2), StyledSpan(" ", role: .text),
                            StyledSpan("█", role: .series1), StyledSpan("█", role: .series2), StyledSpan(" ", role: .text)])
        let ascii = BarChart.grouped(groups: [[nil, 0], [1, 0.5]], maxValues: [1, 1], height: 2, groupWidth: 3, style: .ascii)
        #expect(ascii.map(\.plainText) == ["   #  ", " _ ## "])
    }

    @Test func partialTopsUseEighthBlocks() {
        // 3 of 8 over 2 rows = 6 eighths in the bottom cell; 13 of 16 = a full cell and 5 eighths.
        let rows = BarChart.grouped(groups: [[3, 13]], maxValues: [8, 16], height: 2, groupWidth: 3, style: .braille)
        #expect(rows.map(\.plainText) == [" ▅ ", "▆█ "])
        // Over the maximum is a full bar, a sliver is still visible, negative reads as zero.
        let edges = BarChart.grouped(groups: [[99, 0.001, -3]], maxValues: [10, 10, 10], height: 1, groupWidth: 4, style: .blocks)
        #expect(edges.map(\.plainText) == ["█▁▁ "])
        let asciiSliver = BarChart.grouped(groups: [[0.001, 0]], maxValues: [10, 10], height: 2, groupWidth: 3, style: .ascii)
        #expect(asciiSliver.map(\.plainText) == ["   ", "._ "])
    }

    @Test func groupsAreCentredAndSizedToTheirWidth() {
        let rows = BarChart.grouped(groups: [[1, 1], [1, nil], []], maxValues: [1, 1], height: 3, groupWidth: 4, style: .blocks)
        #expect(rows.map(\.plainText) == Array(repeating: " ██  █      ", count: 3))
        // Too narrow for every series: the gap between groups wins over the last bars.
        let narrow = BarChart.grouped(groups: [[1, 1, 1]], maxValues: [1, 1, 1], height: 1, groupWidth: 2, style: .ascii)
        #expect(narrow.map(\.plainText) == ["# "])
        // Series beyond four reuse the four series roles.
        let five = BarChart.grouped(groups: [[1, 1, 1, 1, 1]], maxValues: [1, 1, 1, 1, 1], height: 1, groupWidth: 6, style: .blocks)
        #expect(five[0].map(\.role) == [.series1, .series2, .series3, .series4, .series1, .text])
    }
}

@Suite struct SparklineTests {
    @Test func mapsTheSeriesOntoEightLevels() {
        #expect(Sparkline.render([0, 5, 10], style: .blocks) == "▁▄█")
        #expect(Sparkline.render([0, 1, 2, 3, 4, 5, 6, 7], style: .braille) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render([0, nil, 10], style: .blocks) == "▁ █")
        #expect(Sparkline.render([0, 5, 10], style: .ascii) == "_-#")
        #expect(Sparkline.render([0, 1, 2, 3, 4], style: .ascii) == "_.-=#")
    }

    @Test func flatSeriesSitsMidHeightAndRangesClamp() {
        #expect(Sparkline.render([7, 7, 7], style: .blocks) == "▄▄▄")
        #expect(Sparkline.render([7], style: .ascii) == "-")
        #expect(Sparkline.render([nil, nil], style: .blocks) == "  ")
        #expect(Sparkline.render([], style: .blocks) == "")
        #expect(Sparkline.render([-5, 50, 15, .nan], range: 0...10, style: .blocks) == "▁██ ")
        #expect(Sparkline.render([.infinity, 1], style: .blocks) == "█▄")
    }
}

@Suite struct AxisTests {
    @Test func yLabelsMarkTopMiddleAndBottom() {
        #expect(Axis.yLabels(range: 0...10, height: 5, decimals: 0, unit: nil) == ["10", "  ", " 5", "  ", " 0"])
        #expect(Axis.yLabels(range: 36...39, height: 4, decimals: 1, unit: "°C") == ["39.0 °C", "38.0 °C", "       ", "36.0 °C"])
        #expect(Axis.yLabels(range: -1...1, height: 3, decimals: 0, unit: "") == [" 1", " 0", "-1"])
        #expect(Axis.yLabels(range: -0.4...0, height: 2, decimals: 0, unit: nil) == ["0", "0"])
        #expect(Axis.yLabels(range: 0...1, height: 1, decimals: 0, unit: nil) == ["1"])
        #expect(Axis.yLabels(range: 0...1, height: 0, decimals: 0, unit: nil) == [])
    }

    @Test func xLabelsCentreUnderGroups() {
        #expect(Axis.xLabels(["Mo", "Tu", "We"], groupWidth: 4) == " Mo  Tu  We ")
        #expect(Axis.xLabels(["Mon", "Tue"], groupWidth: 3) == "Mo Tu ")
        #expect(Axis.xLabels(["体温"], groupWidth: 5) == "体温 ")
        #expect(Axis.xLabels(["x"], groupWidth: 0) == "")
    }
}

@Suite struct RingTests {
    @Test func thresholdsNeverRoundToEmptyOrFull() {
        let cases: [(Double?, String, String)] = [
            (nil, "–", "-"), (0, "○", "."), (-1, "○", "."), (0.001, "◔", ":"), (0.374, "◔", ":"),
            (0.375, "◑", "o"), (0.624, "◑", "o"), (0.625, "◕", "O"), (0.999, "◕", "O"), (1, "●", "@"), (1.5, "●", "@"),
            (.nan, "–", "-"),
        ]
        for (fraction, unicode, ascii) in cases {
            #expect(Ring.glyph(fraction: fraction, style: .braille) == unicode, "\(String(describing: fraction))")
            #expect(Ring.glyph(fraction: fraction, style: .blocks) == unicode)
            #expect(Ring.glyph(fraction: fraction, style: .ascii) == ascii)
        }
    }
}

@Suite struct ChartOutputTests {
    @Test func asciiStyleIsPrintableASCIIOnly() {
        let values: [Double?] = [3, 9, nil, 1, 12, -4, 6]
        var text = LineChart.render(values: values, width: 21, height: 6, range: 0...10, band: 2...5,
                                    minMax: values.map { $0.map { ($0 - 2, $0 + 2) } }, style: .ascii).map(\.plainText)
        text += BarChart.grouped(groups: [[0.5, nil], [0, 2], [1, 0.1]], maxValues: [1, 2], height: 3, groupWidth: 3, style: .ascii).map(\.plainText)
        text.append(Sparkline.render(values, style: .ascii))
        text += [nil, 0, 0.2, 0.5, 0.7, 1].map { Ring.glyph(fraction: $0, style: .ascii) }
        for line in text {
            #expect(line.unicodeScalars.allSatisfy { (0x20...0x7e).contains($0.value) }, "\(line)")
        }
    }

    @Test func nonFiniteInputDoesNotTrap() {
        let infinite = -Double.infinity...Double.infinity
        #expect(LineChart.render(values: [1, .infinity], width: 2, height: 1, range: infinite, style: .ascii).map(\.plainText) == ["**"])
        #expect(Sparkline.render([1, .infinity], range: infinite, style: .blocks) == "▄▄")
        #expect(BarChart.grouped(groups: [[.infinity]], maxValues: [.infinity], height: 1, groupWidth: 2, style: .blocks).map(\.plainText) == ["█ "])
        #expect(Axis.yLabels(range: 0...Double.infinity, height: 2, decimals: 0, unit: nil) == ["∞", "0"])
    }

    @Test func drawWritesRowsInTheirRolesClippedToTheRect() {
        let theme = Theme(name: "t", styles: [.text: .plain, .series1: TextStyle(bold: true), .normalBand: TextStyle(dim: true)])
        var buffer = Buffer(width: 6, height: 3)
        let rows: [StyledRow] = [[StyledSpan("ab", role: .series1), StyledSpan("cdef", role: .normalBand)],
                                 [StyledSpan("·", role: .normalBand), StyledSpan("⣿", role: .series1)],
                                 [StyledSpan("never", role: .text)]]
        buffer.draw(rows, in: Rect(x: 1, y: 0, width: 4, height: 2), theme: theme)
        #expect(HeadlessRenderer.plainText(buffer) == " abcd\n ·⣿\n\n")
        #expect(buffer[1, 0].style == TextStyle(bold: true))
        #expect(buffer[3, 0].style == TextStyle(dim: true))
        #expect(buffer[5, 0] == .blank)
        #expect(buffer[2, 1].text == "⣿" && buffer[2, 1].style == TextStyle(bold: true))
        #expect(rows[0].plainText == "abcdef")
    }
}
