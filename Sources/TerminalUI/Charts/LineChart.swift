/// A line chart of evenly spaced readings, drawn on a grid of dots finer than cells (2×4 per
/// cell in braille, 1×2 in blocks, 1×1 in ASCII) so that one plotting routine serves every style.
public enum LineChart {
    /// Draws `values` left to right across `width` columns, point `i` at the centre of the
    /// `i`-th of `values.count` equal slots (so it lines up with `Axis.xLabels`). `nil` is a gap:
    /// the line is broken there rather than dropping to zero. Values outside `range` sit on the
    /// edge row. `band` (the normal range) shades the rows it covers wherever the line is not;
    /// `minMax` adds a vertical bar per point (role `.series2`), even where the value itself is
    /// missing. Every row is `width` columns.
    public static func render(values: [Double?], width: Int, height: Int, range: ClosedRange<Double>,
                              band: ClosedRange<Double>? = nil, minMax: [(Double, Double)?]? = nil,
                              style: ChartStyle) -> [StyledRow] {
        guard height > 0 else { return [] }
        guard width > 0 else { return Array(repeating: [], count: height) }
        var canvas = DotCanvas(style: style, columns: width, rows: height)
        let scale = DotScale(range: range, dots: canvas.dotRows)

        // Integer slot centres: exact, and the same column whatever the style's dot width.
        let columns = canvas.dotColumns
        func slotCentre(_ i: Int) -> Int { min((2 * i + 1) * columns / (2 * values.count), columns - 1) }

        let points: [(x: Int, y: Int)?] = values.indices.map { i in
            guard let value = values[i], !value.isNaN else { return nil }
            return (slotCentre(i), scale.dot(value))
        }

        if let minMax {
            for (i, pair) in minMax.prefix(points.count).enumerated() {
                guard let pair, !pair.0.isNaN, !pair.1.isNaN else { continue }
                let (a, b) = (scale.dot(pair.0), scale.dot(pair.1))
                for y in min(a, b)...max(a, b) { canvas.bars[canvas.index(slotCentre(i), y)] = true }
            }
        }
        // Only neighbours are joined: a nil between two readings must stay visible as a gap.
        for i in points.indices.dropLast() {
            if let a = points[i], let b = points[i + 1] { canvas.join(a, b) }
        }
        // Points last, so that in ASCII a reading is always `*`, never a join character.
        for case let point? in points { canvas.line[canvas.index(point.x, point.y)] = .point }

        if let band, band.upperBound >= range.lowerBound, band.lowerBound <= range.upperBound {
            // A band edge exactly between two rows stays inside: 2...5 on rows of 0, 2, 4, 6...
            // must not shade the row labelled 6. A band thinner than that keeps its nearest row.
            var low = scale.dot(max(band.lowerBound, range.lowerBound))
            var high = scale.dot(min(band.upperBound, range.upperBound), tiesDown: true)
            if low > high { (low, high) = (scale.dot(band.lowerBound), scale.dot(band.lowerBound)) }
            for y in low...high { canvas.band[y] = true }
        }
        return canvas.styledRows()
    }
}

/// Maps values to dot rows (0 = bottom), clamping to the edges.
private struct DotScale {
    let range: ClosedRange<Double>
    let dots: Int

    func dot(_ value: Double, tiesDown: Bool = false) -> Int {
        let span = range.upperBound - range.lowerBound
        var fraction = span > 0 ? (value - range.lowerBound) / span
            : (value < range.lowerBound ? 0 : value > range.upperBound ? 1 : 0.5)
        // Clamp before converting: Int(±infinity) and Int(nan) trap (an infinite range gives nan).
        if fraction.isNaN { fraction = 0.5 }
        fraction = min(max(fraction, 0), 1)
        let position = fraction * Double(dots - 1)
        return Int(tiesDown ? (position - 0.5).rounded(.up) : position.rounded())
    }
}

/// What a line dot is; ASCII needs to know to pick `*`, `-`, `/` or `\`, the others only that it is set.
private enum Mark: UInt8 { case none, point, flat, rising, falling }

/// Three layers of dots (line, min–max bars, band rows) turned into glyphs cell by cell.
private struct DotCanvas {
    let style: ChartStyle
    let columns: Int, rows: Int
    let cellWidth: Int, cellHeight: Int
    var line: [Mark]
    var bars: [Bool]
    var band: [Bool]

    init(style: ChartStyle, columns: Int, rows: Int) {
        (self.style, self.columns, self.rows) = (style, columns, rows)
        switch style {
        case .braille: (cellWidth, cellHeight) = (2, 4)
        case .blocks: (cellWidth, cellHeight) = (1, 2)
        case .ascii: (cellWidth, cellHeight) = (1, 1)
        }
        line = Array(repeating: .none, count: columns * cellWidth * rows * cellHeight)
        bars = Array(repeating: false, count: line.count)
        band = Array(repeating: false, count: rows * cellHeight)
    }

    var dotColumns: Int { columns * cellWidth }
    var dotRows: Int { rows * cellHeight }
    func index(_ x: Int, _ y: Int) -> Int { y * dotColumns + x }

    /// Bresenham between two points in dot space, end points excluded (they are drawn as points).
    mutating func join(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int)) {
        var path: [(x: Int, y: Int)] = []
        var (x, y) = a
        let dx = abs(b.x - x), dy = -abs(b.y - y)
        let sx = x < b.x ? 1 : -1, sy = y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            path.append((x, y))
            if x == b.x && y == b.y { break }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x += sx }
            if e2 <= dx { error += dx; y += sy }
        }
        guard path.count > 2 else { return }
        for k in 1..<(path.count - 1) {
            // A dot where the path changes row leans with the segment; elsewhere it is flat.
            let steps = path[k - 1].y != path[k].y || path[k + 1].y != path[k].y
            // Points arrive left to right, so the segment's direction is its vertical sign.
            let mark: Mark = !steps ? .flat : b.y > a.y ? .rising : .falling
            line[index(path[k].x, path[k].y)] = mark
        }
    }

    /// Cell rows, top first.
    func styledRows() -> [StyledRow] {
        let bandRows = bandCellRows()
        return (0..<rows).map { row in
            var out: StyledRow = []
            for column in 0..<columns {
                let (text, role) = cell(column: column, row: row, inBand: bandRows[row])
                out.add(text, role)
            }
            return out
        }
    }

    /// Which cell rows show the band. A cell row counts when most of its dot rows are in the band;
    /// counting any overlap made a band of 2...5 shade the row labelled 6. A band too thin to fill
    /// most of any row still shows wherever it touches, rather than vanishing.
    private func bandCellRows() -> [Bool] {
        let counts = (0..<rows).map { row in
            (0..<cellHeight).filter { band[dotRows - 1 - (row * cellHeight + $0)] }.count
        }
        let mostly = counts.map { 2 * $0 > cellHeight }
        return mostly.contains(true) ? mostly : counts.map { $0 > 0 }
    }

    private func cell(column: Int, row: Int, inBand: Bool) -> (String, ThemeRole) {
        var lineBits = 0, barBits = 0, asciiMark = Mark.none
        for dy in 0..<cellHeight {
            let y = dotRows - 1 - (row * cellHeight + dy)
            for dx in 0..<cellWidth {
                let i = index(column * cellWidth + dx, y)
                let bit = style == .braille ? LineChartGlyphs.brailleBit[dy][dx] : 1 << dy
                if line[i] != .none { lineBits |= bit; asciiMark = line[i] }
                if bars[i] { barBits |= bit }
            }
        }
        switch style {
        case .braille:
            // Bars under a point merge into one braille glyph; the cell takes the line's colour.
            if lineBits != 0 { return (LineChartGlyphs.braille(lineBits | barBits), .series1) }
            if barBits != 0 { return (LineChartGlyphs.braille(barBits), .series2) }
            return inBand ? ("·", .normalBand) : (" ", .text)
        case .blocks:
            // Half blocks cannot merge two colours, so the point wins and the bar breaks around it.
            if lineBits != 0 { return (["", "▀", "▄", "█"][lineBits], .series1) }
            if barBits != 0 { return ("│", .series2) }
            return inBand ? ("·", .normalBand) : (" ", .text)
        case .ascii:
            switch asciiMark {
            case .point: return ("*", .series1)
            case .flat: return ("-", .series1)
            case .rising: return ("/", .series1)
            case .falling: return ("\\", .series1)
            case .none: break
            }
            if barBits != 0 { return ("|", .series2) }
            return inBand ? (".", .normalBand) : (" ", .text)
        }
    }
}

private enum LineChartGlyphs {
    /// Unicode braille bit for the dot at (column dx, row dy from the top) of a 2×4 cell.
    static let brailleBit: [[Int]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    static func braille(_ bits: Int) -> String {
        String(Character(Unicode.Scalar(UInt32(0x2800 + bits))!))
    }
}
