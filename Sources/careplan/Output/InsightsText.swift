import CareInsights
import CarePlanStore
import Localization
import TerminalUI

/// `careplan insights` as text: the same numbers as the JSON and the pane, one bucket a line.
enum InsightsText {
    static func render(_ report: InsightsReport) -> String {
        let period = report.period
        var lines = [heading(report)]
        lines.append("")
        lines.append(tr("Adherence: {summary}", ["summary": adherence(report.adherence.total)]))
        for (span, state) in zip(report.buckets, report.adherence.buckets) {
            lines.append("  \(label(span, bucket: period.bucket))  \(adherence(state))")
        }
        if !report.activities.isEmpty {
            let width = report.activities.map { TextWidth.of($0.title) }.max() ?? 0
            lines.append(tr("By activity:"))
            for series in report.activities {
                lines.append("  \(TextWidth.pad(series.title, to: width))  \(adherence(series.total))")
            }
        }
        if let sleep = report.sleep {
            lines.append("")
            lines.append(trn("Sleep: {count} night (careplan sleep --range {range} lists them)", "Sleep: {count} nights (careplan sleep --range {range} lists them)",
                             sleep.statistics.nights, ["range": period.range.rawValue]))
            lines += sleep.statistics.summaryLines.map { "  " + $0 }
        }
        for insight in report.assessments {
            lines.append("")
            lines += field(insight, report: report)
        }
        lines.append("")
        if report.messages.isEmpty {
            lines.append(tr("Messages: none"))
        } else {
            lines.append(tr("Messages:"))
            for message in report.messages {
                lines.append("  \(levelColumn(message.level))  \(message.text)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Blood pressure plan · week 2026-11-16 to 2026-11-22, by day · today 2026-11-21".
    static func heading(_ report: InsightsReport) -> String {
        let values: KeyValuePairs<String, any PlaceholderValue> = ["title": report.title, "first": report.period.first.iso, "last": report.period.last.iso,
                                                                   "today": report.today.iso]
        switch report.period.range {
        // TRANSLATORS: the heading of careplan insights: the plan's title, the period and how it is divided, and today's date.
        case .week: return tr("{title} · week {first} to {last}, by day · today {today}", values)
        case .month: return tr("{title} · month {first} to {last}, by day · today {today}", values)
        case .quarter: return tr("{title} · quarter {first} to {last}, by week · today {today}", values)
        case .year: return tr("{title} · year {first} to {last}, by month · today {today}", values)
        }
    }

    static func field(_ insight: FieldInsight, report: InsightsReport) -> [String] {
        let field = insight.field
        var about = [field.unit.map(UnitRegistry.display), insight.aggregate.title].compactMap { $0 }
        if let normal = field.normal { about.append(normalRange(normal)) }
        // TRANSLATORS: an assessment's title, then its unit, statistic and normal range: "Pulse (bpm, average, normal 50–100)".
        var lines = [tr("{title} ({about})", ["title": insight.title, "about": ListText.joined(about)])]
        if let overall = insight.overall {
            // The headline statistic first, then the others.
            let figures: [(Measure.Aggregate, Double)] = [(.average, overall.average), (.sum, overall.sum), (.min, overall.min),
                                                          (.max, overall.max), (.last, overall.last)]
            let ordered = figures.filter { $0.0 == insight.aggregate } + figures.filter { $0.0 != insight.aggregate && $0.0 != .sum }
            // TRANSLATORS: a statistic and its value, "average 128.5", in a list after "{count} readings:".
            let listed = ordered.map { tr("{statistic} {value}", ["statistic": $0.0.title, "value": number($0.1, field, average: $0.0 == .average)]) }
            let summary = trn("{count} reading: {figures}", "{count} readings: {figures}", overall.count, ["figures": ListText.joined(listed)])
            guard let trend = insight.trend else {
                lines.append("  " + summary)
                return lines + buckets(insight, report: report)
            }
            let slope = NumberText.string(abs(trend.slopePerWeek), decimals: max(field.decimals ?? 1, 1))
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "summary": summary, "n": trend.n,
                "slope": trend.direction == .flat ? (trend.slopePerWeek < 0 ? "-" : "+") + slope : slope + ReadingText.unitSuffix(field.unit)]
            switch trend.direction {
            // TRANSLATORS: {summary} is "14 readings: average 128.5, ..."; {slope} the change a week, "+0.2" or "1.5 kg"; {n} how many readings the trend is drawn from.
            case .flat: lines.append("  " + tr("{summary}; trend flat ({slope} per week, n = {n})", values))
            case .up: lines.append("  " + tr("{summary}; trend up {slope} per week (n = {n})", values))
            case .down: lines.append("  " + tr("{summary}; trend down {slope} per week (n = {n})", values))
            }
        } else {
            lines.append("  " + tr("no readings"))
        }
        return lines + buckets(insight, report: report)
    }

    /// A line per bucket: its value and its readings' spread.
    static func buckets(_ insight: FieldInsight, report: InsightsReport) -> [String] {
        let field = insight.field
        return zip(report.buckets, insight.buckets).map { span, statistics in
            guard let statistics else { return "  \(label(span, bucket: report.period.bucket))  —" }
            let value = number(statistics.value(insight.aggregate), field, average: insight.aggregate == .average)
            let spread = statistics.count == 1 ? trn("{count} reading", "{count} readings", 1)
                : trn("{count} reading, {low}–{high}", "{count} readings, {low}–{high}", statistics.count,
                      ["low": number(statistics.min, field), "high": number(statistics.max, field)])
            return "  \(label(span, bucket: report.period.bucket))  \(value)  (\(spread))"
        }
    }

    static func adherence(_ state: AdherenceState) -> String {
        // Text has always said "future" for periods still to come; the summary says it in words.
        // TRANSLATORS: adherence of a day, week or month still to come, in careplan insights.
        state == .future ? trc("adherence", "future") : state.summary
    }

    /// "Mon 2026-11-02", "2026-11-02 to 2026-11-08" or "2026-11".
    static func label(_ span: BucketSpan, bucket: Bucket) -> String {
        switch bucket {
        // TRANSLATORS: a day in careplan insights: "Mon 2026-11-02".
        case .day: return tr("{weekday} {date}", ["weekday": span.first.weekday.shortName, "date": span.first.iso])
        case .week: return tr("{first} to {last}", ["first": span.first.iso, "last": span.last.iso])
        case .month: return String(span.first.iso.prefix(7))
        }
    }

    /// Averages get one decimal more than whole readings have.
    static func number(_ value: Double, _ field: Measure.Field, average: Bool = false) -> String {
        NumberText.string(value, decimals: average ? max(field.decimals ?? 1, 1) : field.decimals)
    }

    /// "normal 90–140", in careplan insights and plan.
    static func normalRange(_ normal: ClosedRange<Double>) -> String {
        // TRANSLATORS: a measure's normal range, e.g. "normal 90–140".
        tr("normal {low}–{high}", ["low": NumberText.string(normal.lowerBound), "high": NumberText.string(normal.upperBound)])
    }

    /// A message's level in a column as wide as the widest: "tip    ", "warning", "alert  ".
    static func levelColumn(_ level: InsightMessage.Level) -> String {
        TextWidth.pad(level.displayName, to: InsightMessage.Level.allCases.map { TextWidth.of($0.displayName) }.max() ?? 0)
    }
}
