import TerminalUI

/// Columns of text lined up by terminal width (wide characters and all), two spaces apart, for the
/// commands that print tables.
enum TextTable {
    static func lines(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { TextWidth.of($0[column]) }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column -> String in
                let cell = row[column]
                guard column < row.count - 1 || rightAligned.contains(column) else { return cell }
                let pad = String(repeating: " ", count: max(0, widths[column] - TextWidth.of(cell)))
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }
    }
}
