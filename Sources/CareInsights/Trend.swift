import CarePlanStore

/// Which way a field's daily values moved over a period, by how much, and on how many days.
///
/// The slope is the ordinary least-squares fit of the daily headline values against the day
/// (days without readings are left out, not counted as 0), given per week because a per-day slope
/// of blood pressure is a number too small to read.
public struct Trend: Hashable, Sendable {
    public enum Direction: String, Sendable {
        case up, down, flat
    }

    /// Change per 7 days of the fitted line, in the field's unit.
    public var slopePerWeek: Double
    /// Days with a value that the fit used.
    public var n: Int
    /// The fitted change from the first to the last day with a value.
    public var change: Double
    public var direction: Direction

    /// Below this share of the field's scale (see `scale`), a fitted change counts as flat.
    public static let flatShare = 0.1

    /// Fits `points` (day offset, value); nil with fewer than 3 points or all on one day.
    static func fit(_ points: [(x: Double, y: Double)], scale: Double) -> Trend? {
        let n = points.count
        guard n >= 3 else { return nil }
        let meanX = points.reduce(0) { $0 + $1.x } / Double(n)
        let meanY = points.reduce(0) { $0 + $1.y } / Double(n)
        var sxy = 0.0, sxx = 0.0
        for point in points {
            sxy += (point.x - meanX) * (point.y - meanY)
            sxx += (point.x - meanX) * (point.x - meanX)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        let span = points.map(\.x).max()! - points.map(\.x).min()!
        let change = slope * span
        // A zero scale means every value was the same: nothing moved.
        let direction: Direction = scale == 0 || abs(change) < flatShare * scale ? .flat : change > 0 ? .up : .down
        return Trend(slopePerWeek: slope * 7, n: n, change: change, direction: direction)
    }

    /// What "a sizeable change" is measured against: the width of the healthy band, else of what
    /// may be entered, else of the values seen.
    static func scale(_ field: Measure.Field, values: [Double]) -> Double {
        if let normal = field.normal, normal.upperBound > normal.lowerBound { return normal.upperBound - normal.lowerBound }
        if let range = field.range, range.upperBound > range.lowerBound { return range.upperBound - range.lowerBound }
        return (values.max() ?? 0) - (values.min() ?? 0)
    }
}
