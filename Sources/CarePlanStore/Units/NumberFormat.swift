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

    /// A count with thousands separated by commas, as the summaries print them: 1,048,576.
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (count < 0 ? "-" : "") + result
    }
}
