import TerminalUI

/// Columns of text lined up by terminal width (wide characters and all), two spaces apart, for the
/// commands that print tables.
enum TextTable {
    static func lines(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let all = [header] + rows
        // Each cell measured once, for its column's width and its own padding.
        let cellWidths = all.map { $0.map(TextWidth.of) }
        let widths = header.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        // Each line built in place (five years by day is 1,826 lines of six cells).
        return zip(all, cellWidths).map { row, rowWidths in
            var line = ""
            line.reserveCapacity(widths.reduce(2 * (row.count - 1), +))
            for column in row.indices {
                if column > 0 { line += "  " }
                let cell = row[column], right = rightAligned.contains(column)
                // The last column is not padded out when it is left-aligned.
                let pad = column < row.count - 1 || right ? max(0, widths[column] - rowWidths[column]) : 0
                if right { line += String(repeating: " ", count: pad) }
                line += cell
                if !right { line += String(repeating: " ", count: pad) }
            }
            return line
        }
    }
}
