import Foundation
import Localization

/// Numbers as people write them: 37.5, 120, -2.5 (no trailing ".0"), or with fixed `decimals`; in
/// the reader's language (`37,5` in Polish, groups of digits as it writes them). Files that other
/// programs read (plan YAML, CSV) take `plain`, which is the same in every language.
public enum NumberText {
    /// A number for a reader: `37.2`, `37,2` in Polish.
    public static func string(_ value: Double, decimals: Int? = nil) -> String {
        Language.current.numbers.localized(decimal: plain(value, decimals: decimals))
    }

    /// A number for a file: always with a point (`37.2`), never grouped.
    public static func plain(_ value: Double, decimals: Int? = nil) -> String {
        if let decimals {
            return FixedDecimals.text(value, decimals: decimals)
        }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        if let short = shortest(value) { return short }
        var text = FixedDecimals.text(value, decimals: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The common case without printf (a table of five years by day formats 7,000 numbers, and
    /// `withVaList` cast each to `CVarArg` at 1,700 instructions a number): Swift's shortest
    /// round-trip digits, when they are the ones `%.6f` with its zeros trimmed prints. Below 1e9 a
    /// Double is within 6e-8 of the decimal it reads as, so a reading of at most six decimals is
    /// what rounding to six gives; anything else (more decimals, an exponent) is nil.
    static func shortest(_ value: Double) -> String? {
        guard value.isFinite, abs(value) < 1e9 else { return nil }
        let text = value.description
        var decimals = -1
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."): decimals = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"): if decimals >= 0 { decimals += 1 }
            case UInt8(ascii: "-") where decimals < 0: continue
            default: return nil
            }
        }
        return decimals >= 1 && decimals <= 6 ? text : nil
    }

    /// A count in groups of digits, as the summaries print them: 1,048,576; 1 048 576 in Polish.
    public static func grouped(_ count: Int) -> String {
        Language.current.numbers.grouped(count)
    }
}
