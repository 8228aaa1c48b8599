/// Grouped bar charts, as in CareKit's Insights: per day, one bar per series side by side.
public enum BarChart {
    /// Draws one group per element of `groups` (a day), each `groupWidth` columns wide, with one
    /// one-column bar per series (`maxValues.count` series; series `i` in role `.series1 + i`),
    /// centred in the group so that `Axis.xLabels` with the same `groupWidth` lines up under it.
    /// A bar's height is `value / maxValues[i]` of `height` rows, topped with an eighth block
    /// (ASCII: whole `#` rows). `nil` draws nothing and `0` a baseline `▁` (ASCII `_`), because
    /// "no reading" and "0 %" mean different things to a patient. A positive value never
    /// vanishes: at least one eighth (ASCII `.`) shows.
    public static func grouped(groups: [[Double?]], maxValues: [Double], height: Int, groupWidth: Int,
                               style: ChartStyle) -> [StyledRow] {
        guard height > 0 else { return [] }
        let width = max(0, groupWidth)
        let series = maxValues.count
        // Keep a blank column between groups when there is any room for one.
        let shown = min(series, width > 1 ? width - 1 : width)
        let leftPad = (width - shown) / 2
        let seriesRoles: [ThemeRole] = [.series1, .series2, .series3, .series4]

        var rows = Array(repeating: StyledRow(), count: height)
        for group in groups {
            for row in 0..<height { rows[row].add(String(repeating: " ", count: leftPad), .text) }
            for i in 0..<shown {
                let value = i < group.count ? group[i] : nil
                let column = bar(value, max: maxValues[i], height: height, style: style)
                for row in 0..<height {
                    rows[row].add(column[row], column[row] == " " ? .text : seriesRoles[i % seriesRoles.count])
                }
            }
            let rightPad = width - leftPad - shown
            for row in 0..<height { rows[row].add(String(repeating: " ", count: rightPad), .text) }
        }
        return rows
    }

    /// One bar's cells, top first.
    static func bar(_ value: Double?, max limit: Double, height: Int, style: ChartStyle) -> [String] {
        var cells = Array(repeating: " ", count: height)
        guard let value, !value.isNaN else { return cells }
        if value <= 0 {
            cells[height - 1] = style == .ascii ? "_" : "▁"
            return cells
        }
        // A non-positive maximum cannot scale anything; treat any positive value as full.
        // ∞/∞ is nan, which would trap in Int(); an infinite value is a full bar.
        let ratio = value / limit
        let fraction = limit > 0 && !ratio.isNaN ? min(ratio, 1) : 1
        if style == .ascii {
            let full = Int((fraction * Double(height)).rounded())
            if full == 0 { cells[height - 1] = "." }
            for row in 0..<full { cells[height - 1 - row] = "#" }
            return cells
        }
        let eighths = Swift.max(1, Int((fraction * Double(height * 8)).rounded()))
        for row in 0..<height {
            let filled = eighths - (height - 1 - row) * 8
            if filled >= 8 { cells[row] = "█" } else if filled > 0 { cells[row] = ChartStyle.eighths[filled - 1] }
        }
        return cells
    }
}
