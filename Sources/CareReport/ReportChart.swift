import CareInsights
import CarePlanStore

/// An assessment's chart for the report as inline SVG: the normal band, the range of each bucket
/// (min to max), the headline value per bucket as a line with points, and the scale's ends.
/// Made from numbers and dates only, so it is trusted markup (the labels' text escaped all the
/// same); it scales to the page width (viewBox, 100 %) and never overflows it.
enum ReportChart {
    static let width = 640.0, height = 160.0, left = 44.0, bottom = 18.0

    static func svg(_ insight: FieldInsight, buckets: [BucketSpan]) -> String {
        let present = insight.buckets.compactMap { $0 }
        let scale = ChartScale.range(present.map(\.min) + present.map(\.max), field: insight.field)
        let plotWidth = width - left - 4, plotHeight = height - bottom - 6
        let count = max(buckets.count, 1)
        func x(_ index: Int) -> Double { left + plotWidth * (Double(index) + 0.5) / Double(count) }
        func y(_ value: Double) -> Double {
            6 + plotHeight * (1 - (value - scale.lowerBound) / (scale.upperBound - scale.lowerBound))
        }
        // Coordinates are SVG's numbers, written with a point in every language; the labels are the reader's.
        func f(_ value: Double) -> String { NumberText.plain((value * 10).rounded() / 10) }
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"100%\" role=\"img\" class=\"chart\">"]
        parts.append("<rect x=\"\(f(left))\" y=\"6\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" class=\"plot\"/>")
        if let normal = insight.field.normal {
            let top = y(min(normal.upperBound, scale.upperBound)), bottomEdge = y(max(normal.lowerBound, scale.lowerBound))
            parts.append("<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(max(0, bottomEdge - top)))\" class=\"normal\"/>")
        }
        for (index, statistics) in insight.buckets.enumerated() {
            guard let statistics, statistics.max > statistics.min else { continue }
            parts.append("<line x1=\"\(f(x(index)))\" y1=\"\(f(y(statistics.max)))\" x2=\"\(f(x(index)))\" y2=\"\(f(y(statistics.min)))\" class=\"spread\"/>")
        }
        let points = insight.values.enumerated().compactMap { index, value in value.map { "\(f(x(index))),\(f(y($0)))" } }
        if points.count > 1 { parts.append("<polyline points=\"\(points.joined(separator: " "))\" class=\"line\"/>") }
        for point in points {
            let xy = point.split(separator: ",")
            parts.append("<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"2.5\" class=\"point\"/>")
        }
        let decimals = insight.field.decimals ?? (scale.upperBound - scale.lowerBound < 5 ? 1 : 0)
        for value in [scale.upperBound, scale.lowerBound] {
            parts.append("<text x=\"\(f(left - 4))\" y=\"\(f(y(value) + 4))\" class=\"axis\" text-anchor=\"end\">\(escaped(NumberText.string(value, decimals: decimals)))</text>")
        }
        if let firstSpan = buckets.first, let lastSpan = buckets.last {
            parts.append("<text x=\"\(f(left))\" y=\"\(f(height - 4))\" class=\"axis\">\(escaped(firstSpan.first.shortText))</text>")
            parts.append("<text x=\"\(f(width - 4))\" y=\"\(f(height - 4))\" class=\"axis\" text-anchor=\"end\">\(escaped(lastSpan.last.shortText))</text>")
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// A label's text as SVG content: the dates' words come from the catalogues.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
