/// How charts draw: braille dots (finest), block elements, or plain ASCII. Braille renders
/// badly in some fonts and ASCII survives any terminal or log, so every chart supports all three.
public enum ChartStyle: String, CaseIterable, Sendable {
    case braille, blocks, ascii
}

extension ChartStyle {
    /// Lower eighth blocks, one to eight eighths of a cell. Shared by bars and sparklines so a
    /// height means the same glyph everywhere.
    static let eighths: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Sparkline levels from low to high. ASCII has no partial blocks, so its ramp goes by ink.
    var levels: [String] {
        self == .ascii ? ["_", ".", "-", "=", "#"] : ChartStyle.eighths
    }

    /// The level (0..<count) for a fraction of the full height. Ties round down so that the exact
    /// middle of an eight-level ramp is `▄`, the glyph that is visibly half full.
    static func level(_ fraction: Double, count: Int) -> Int {
        // nan (from an infinite range) would trap in Int(); draw it mid height instead.
        let f = fraction.isNaN ? 0.5 : min(max(fraction, 0), 1)
        let index = Int((f * Double(count - 1) - 0.5).rounded(.up))
        return min(max(index, 0), count - 1)
    }
}
