import Foundation

/// Numbers as people write them: 37.5, 120, -2.5 (no trailing ".0"), or with fixed `decimals`.
public enum NumberText {
    public static func string(_ value: Double, decimals: Int? = nil) -> String {
        if let decimals {
            return String(format: "%.\(decimals)f", value)
        }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
