import Foundation

/// The human-readable output: plain fixed-width text, so it pastes into docs/performance.md as is.
enum ReportTable {
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, width - text.count))
        return right ? gap + text : text + gap
    }

    static func number(_ value: Double?, decimals: Int = 2) -> String {
        value.map { String(format: "%.\(decimals)f", $0) } ?? "–"
    }

    /// 1234567 → "1,234,567", the same whatever the locale.
    static func grouped(_ value: Int) -> String {
        var digits = String(value), result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }

    static func verdict(_ pass: Bool?) -> String {
        switch pass {
        case true?: return "pass"
        case false?: return "FAIL"
        case nil: return ""
        }
    }

    static func histories(_ histories: [BuiltHistory]) -> String {
        var lines = ["history  days      outcomes   file MB    seed s  source",
                     "-------  ----  ------------  --------  --------  ------"]
        for h in histories {
            lines.append([pad(h.label, 7), pad("\(h.days)", 4, right: true), pad(grouped(h.outcomes), 12, right: true),
                          pad(number(Double(h.fileBytes) / 1_000_000, decimals: 1), 8, right: true),
                          pad(number(h.seedSeconds), 8, right: true),
                          h.reused ? "cached (--cache)" : "built fresh"].joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    static func rows(_ rows: [ResultRow]) -> String {
        let header = ["measurement", "history", "n", "median", "p90", "1st call", "via GRDB", "SQL floor", "ratio", "target", "result"]
        let widths = [19, 7, 3, 8, 8, 8, 8, 9, 6, 26, 6]
        let rightAligned: Set<Int> = [2, 3, 4, 5, 6, 7, 8]
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { pad($1, widths[$0], right: rightAligned.contains($0)) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        var lines = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        var previous = ""
        for row in rows {
            if !previous.isEmpty, row.measurement != previous { lines.append("") }
            previous = row.measurement
            let isMemory = row.unit == "MB"
            // Ratios get 3 decimals: a 2.004× that fails must not print as a 2.00× that looks like a pass.
            lines.append(line([row.measurement, row.history, row.runs.map(String.init) ?? "",
                               isMemory ? number(row.median, decimals: 1) + " MB" : number(row.median),
                               isMemory ? "" : number(row.p90), isMemory ? "" : number(row.firstCall),
                               row.viaGRDB.map { number($0) } ?? "", row.floor.map { number($0) } ?? "",
                               row.ratio.map { number($0, decimals: 3) + "×" } ?? "", row.target ?? "", verdict(row.pass)]))
        }
        return lines.joined(separator: "\n")
    }

    static func targets(_ checks: [TargetCheck]) -> String {
        let width = checks.map(\.target.count).max() ?? 0
        return checks.map { check in
            "\(pad(verdict(check.pass).isEmpty ? "n/a" : verdict(check.pass), 4))  \(pad(check.target, width))  \(check.measured)"
        }.joined(separator: "\n")
    }
}
