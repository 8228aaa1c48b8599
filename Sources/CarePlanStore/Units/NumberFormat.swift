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
            return String(format: "%.\(decimals)f", value)
        }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A count in groups of digits, as the summaries print them: 1,048,576; 1 048 576 in Polish.
    public static func grouped(_ count: Int) -> String {
        Language.current.numbers.grouped(count)
    }
}
