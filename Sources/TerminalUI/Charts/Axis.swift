import Foundation
import Localization

/// Axis labels for charts, kept apart from the charts so a pane can choose where (or whether) they go.
public enum Axis {
    /// One label per chart row, top first: the range's top, middle and bottom values, the other
    /// rows blank. All are right-aligned to one width (blanks are spaces), so they can prefix
    /// chart rows directly. Three labels are enough to read a value; more crowd a short chart.
    public static func yLabels(range: ClosedRange<Double>, height: Int, decimals: Int, unit: String?) -> [String] {
        guard height > 0 else { return [] }
        let (top, bottom) = (range.upperBound, range.lowerBound)
        var labels = Array(repeating: "", count: height)
        // The value a row stands for, with the top row at `top` and the bottom row at `bottom`.
        func value(atRow row: Int) -> Double {
            // The ends are exact, not interpolated: they are what the chart clamps to.
            row == 0 ? top : row == height - 1 ? bottom : top - Double(row) * (top - bottom) / Double(height - 1)
        }
        let rows = height >= 3 ? [0, (height - 1) / 2, height - 1] : Array(0..<height)
        for row in rows {
            labels[row] = format(value(atRow: row), decimals: decimals) + (unit.map { $0.isEmpty ? "" : " " + $0 } ?? "")
        }
        let width = labels.map { TextWidth.of($0) }.max() ?? 0
        return labels.map { String(repeating: " ", count: width - TextWidth.of($0)) + $0 }
    }

    /// Labels centred under groups of `groupWidth` columns (as `BarChart.grouped` and
    /// `LineChart` place them), cut to leave a space between neighbours. Exactly
    /// `labels.count * groupWidth` columns.
    public static func xLabels(_ labels: [String], groupWidth: Int) -> String {
        guard groupWidth > 0 else { return "" }
        let room = groupWidth > 1 ? groupWidth - 1 : groupWidth
        return labels.map { label in
            let cut = TextWidth.truncate(label, to: room, ellipsis: false)
            let used = TextWidth.of(cut)
            let left = (groupWidth - used) / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: groupWidth - used - left)
        }.joined()
    }

    /// A fixed number of decimals with the reader's decimal separator (`37.5`, `37,5` in Polish)
    /// whatever the C library's locale, and no `-0`.
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "?" : value > 0 ? "∞" : "-∞" }
        let text = FixedDecimals.text(value, decimals: max(0, decimals))
        let isNegativeZero = text.hasPrefix("-") && text.dropFirst().allSatisfy { $0 == "0" || $0 == "." }
        return Language.current.numbers.localized(decimal: isNegativeZero ? String(text.dropFirst()) : text)
    }
}
