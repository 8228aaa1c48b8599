/// Completion rings, one glyph per day or activity, as on CareKit's Care Card.
public enum Ring {
    /// The ring for the fraction of due events done.
    ///
    /// | fraction          | braille / blocks | ascii |
    /// | ----------------- | ---------------- | ----- |
    /// | `nil` nothing due | `–`              | `-`   |
    /// | 0 or less         | `○`              | `.`   |
    /// | (0, 0.375)        | `◔`              | `:`   |
    /// | [0.375, 0.625)    | `◑`              | `o`   |
    /// | [0.625, 1)        | `◕`              | `O`   |
    /// | 1 or more         | `●`              | `@`   |
    ///
    /// The edges are strict on purpose: one dose taken never shows as none, and one dose missed
    /// never shows as complete. ASCII has no partial circles, so its glyphs grow in ink instead;
    /// "nothing due" is a dash, never an empty or full ring (CareKit users were misled by empty
    /// days drawn as 100 %).
    public static func glyph(fraction: Double?, style: ChartStyle) -> String {
        let glyphs = style == .ascii ? [".", ":", "o", "O", "@"] : ["○", "◔", "◑", "◕", "●"]
        guard let fraction, !fraction.isNaN else { return style == .ascii ? "-" : "–" }
        switch fraction {
        case ..<0, 0: return glyphs[0]
        case ..<0.375: return glyphs[1]
        case ..<0.625: return glyphs[2]
        case ..<1: return glyphs[3]
        default: return glyphs[4]
        }
    }
}
