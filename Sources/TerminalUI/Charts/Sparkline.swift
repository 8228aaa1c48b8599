/// One-line charts that fit beside a label: one character per value.
public enum Sparkline {
    /// Maps each value to a level between `range` (default: the values' own minimum and
    /// maximum) — `▁`…`█`, or `_ . - = #` in ASCII. `nil` is a space, so a missing reading never
    /// looks like a low one. A flat series sits at mid height: there is nothing to compare it with.
    public static func render(_ values: [Double?], range: ClosedRange<Double>? = nil, style: ChartStyle) -> String {
        let finite = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = range?.lowerBound ?? finite.min(), let high = range?.upperBound ?? finite.max() else {
            // Only gaps or infinities: nothing to scale against, so draw every reading mid height.
            let middle = style.levels[ChartStyle.level(0.5, count: style.levels.count)]
            return values.map { $0 == nil || $0!.isNaN ? " " : middle }.joined()
        }
        let levels = style.levels
        return values.map { value -> String in
            guard let value, !value.isNaN else { return " " }
            let fraction = high > low ? (value - low) / (high - low) : (value < low ? 0 : value > high ? 1 : 0.5)
            return levels[ChartStyle.level(fraction, count: levels.count)]
        }.joined()
    }
}
