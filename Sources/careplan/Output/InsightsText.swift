import CareInsights
import CarePlanStore
import TerminalUI

/// `careplan insights` as text: the same numbers as the JSON and the pane, one bucket a line.
enum InsightsText {
    static func render(_ report: InsightsReport) -> String {
        let period = report.period
        var lines = ["\(report.title) · \(period.range.rawValue) \(period.first) to \(period.last), by \(period.bucket.rawValue) · today \(report.today)"]
        lines.append("")
        lines.append("Adherence: \(adherence(report.adherence.total))")
        for (span, state) in zip(report.buckets, report.adherence.buckets) {
            lines.append("  \(label(span, bucket: period.bucket))  \(adherence(state))")
        }
        if !report.activities.isEmpty {
            let width = report.activities.map { $0.title.count }.max() ?? 0
            lines.append("By activity:")
            for series in report.activities {
                lines.append("  \(TextWidth.pad(series.title, to: width))  \(adherence(series.total))")
            }
        }
        if let sleep = report.sleep {
            lines.append("")
            lines.append("Sleep: \(sleep.statistics.nights) nights (careplan sleep --range \(period.range.rawValue) lists them)")
            lines += sleep.statistics.summaryLines.map { "  " + $0 }
        }
        for insight in report.assessments {
            lines.append("")
            lines += field(insight, report: report)
        }
        lines.append("")
        if report.messages.isEmpty {
            lines.append("Messages: none")
        } else {
            lines.append("Messages:")
            for message in report.messages {
                lines.append("  \(TextWidth.pad(message.level.name, to: 7))  \(message.text)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func field(_ insight: FieldInsight, report: InsightsReport) -> [String] {
        let field = insight.field
        var heading = "\(insight.title)"
        var about = [field.unit.map(UnitRegistry.display), insight.aggregate.rawValue].compactMap { $0 }
        if let normal = field.normal { about.append("normal \(NumberText.string(normal.lowerBound))–\(NumberText.string(normal.upperBound))") }
        heading += " (" + about.joined(separator: ", ") + ")"
        var lines = [heading]
        if let overall = insight.overall {
            // The headline statistic first, then the others.
            let figures: [(Measure.Aggregate, Double)] = [(.average, overall.average), (.sum, overall.sum), (.min, overall.min),
                                                          (.max, overall.max), (.last, overall.last)]
            let ordered = figures.filter { $0.0 == insight.aggregate } + figures.filter { $0.0 != insight.aggregate && $0.0 != .sum }
            var summary = "  \(overall.count) reading\(overall.count == 1 ? "" : "s"): "
                + ordered.map { "\($0.0.rawValue) \(number($0.1, field, average: $0.0 == .average))" }.joined(separator: ", ")
            if let trend = insight.trend {
                let slope = NumberText.string(abs(trend.slopePerWeek), decimals: max(field.decimals ?? 1, 1))
                summary += trend.direction == .flat
                    ? "; trend flat (\(trend.slopePerWeek < 0 ? "-" : "+")\(slope) per week, n = \(trend.n))"
                    : "; trend \(trend.direction.rawValue) \(slope)\(ReadingText.unitSuffix(field.unit)) per week (n = \(trend.n))"
            }
            lines.append(summary)
        } else {
            lines.append("  no readings")
        }
        for (span, statistics) in zip(report.buckets, insight.buckets) {
            guard let statistics else {
                lines.append("  \(label(span, bucket: report.period.bucket))  —")
                continue
            }
            let value = number(statistics.value(insight.aggregate), field, average: insight.aggregate == .average)
            let spread = statistics.count == 1 ? "1 reading" : "\(statistics.count) readings, \(number(statistics.min, field))–\(number(statistics.max, field))"
            lines.append("  \(label(span, bucket: report.period.bucket))  \(value)  (\(spread))")
        }
        return lines
    }

    static func adherence(_ state: AdherenceState) -> String {
        // Text has always said "future" for periods still to come; the summary says it in words.
        state == .future ? "future" : state.summary
    }

    /// "Mon 2026-11-02", "2026-11-02 to 2026-11-08" or "2026-11".
    static func label(_ span: BucketSpan, bucket: Bucket) -> String {
        switch bucket {
        case .day: return "\(span.first.weekday.shortName) \(span.first)"
        case .week: return "\(span.first) to \(span.last)"
        case .month: return String(span.first.iso.prefix(7))
        }
    }

    /// Averages get one decimal more than whole readings have.
    static func number(_ value: Double, _ field: Measure.Field, average: Bool = false) -> String {
        NumberText.string(value, decimals: average ? max(field.decimals ?? 1, 1) : field.decimals)
    }
}
