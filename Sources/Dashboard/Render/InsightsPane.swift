import CareInsights
import CarePlanStore
import Localization
import TerminalUI

/// Insights for the selected week, month, quarter or year: adherence beside one assessment as
/// grouped bars (CareKit's Insights chart), that assessment as a line with its min–max and normal
/// bands, the assessments with sparklines and trends, and the messages, most severe first.
/// Everything comes from one `InsightsReport`, the same one `careplan insights` prints.
enum InsightsPane {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, focused: Bool, into buffer: inout Buffer) {
        let theme = context.theme
        guard let report = data.insights else {
            Frame.draw(rect, title: Pane.insights.title, focused: focused, theme: theme, into: &buffer)
            return
        }
        let inner = Frame.draw(rect, title: "\(Pane.insights.title) · \(report.period.title)", focused: focused, theme: theme, into: &buffer)
        guard inner.height >= 6, inner.width >= 40 else { return }
        drawHeader(inner, state: state, report: report, context: context, into: &buffer)
        let body = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
        let (charts, side) = body.splitLeft(body.width * 3 / 5)
        let entries = data.charts
        let selected = entries.isEmpty ? nil : entries[state.insightsAssessment % entries.count]
        if case .sleep(let sleep)? = selected {
            SleepChartView.draw(charts, sleep: sleep, report: report, context: context, into: &buffer)
        } else {
            var chosen: FieldInsight?
            if case .field(let field)? = selected { chosen = field }
            let (barArea, lineArea) = charts.splitTop(charts.height / 2)
            drawBars(barArea.inset(horizontal: 0), report: report, chosen: chosen, context: context, into: &buffer)
            drawLine(lineArea, report: report, chosen: chosen, context: context, into: &buffer)
        }
        drawSide(side.inset(horizontal: 1), report: report, entries: entries, selected: state.insightsAssessment, context: context, into: &buffer)
    }


    /// The range tabs and the period's adherence.
    static func drawHeader(_ rect: Rect, state: AppState, report: InsightsReport, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        var x = rect.x
        for range in InsightRange.allCases {
            let style = range == report.period.range ? theme[.activeTab] : theme[.tab]
            let width = buffer.write(" \(range.name) ", x: x, y: rect.y, style: style, clip: rect)
            buffer.mark(Rect(x: x, y: rect.y, width: width, height: 1), MouseTarget.range(range).tag)
            x += width + 1
        }
        let adherence: String
        switch report.adherence.total {
        case .due(let completed, let total):
            // TRANSLATORS: the period's adherence in Insights: the percentage, then occurrences done of those due.
            adherence = trn("Adherence {percent} % ({count} of {total})", "Adherence {percent} % ({count} of {total})", completed,
                            ["percent": report.adherence.total.percent!, "total": total])
        case .notStarted: adherence = tr("Adherence: the plan had not started")
        case .future: adherence = tr("Adherence: still to come")
        case .nothingDue: adherence = tr("Adherence: nothing due")
        }
        // TRANSLATORS: key hints after the adherence in Insights: r changes the range, [ and ] page through periods.
        let hints = tr("r range · [ ] page")
        // The hints give way first; an adherence longer than the rest of the row ends in "…".
        let room = rect.maxX - x - 2
        let text = TextWidth.of(adherence) <= room ? TextWidth.fitting([adherence, hints], separator: "  · ", in: room) : TextWidth.truncate(adherence, to: room)
        buffer.write("  " + text, x: x, y: rect.y, style: theme[.text], clip: rect)
    }

    /// The x-axis under `report`'s buckets, `groupWidth` columns each: weekdays for a week, day
    /// numbers for a month, week starts for a quarter, months for a year. A label may run over
    /// its neighbours' empty columns; labels that would touch the previous one are left out.
    static func axisLine(_ report: InsightsReport, groupWidth: Int) -> String {
        let labels: [String] = report.buckets.map { bucket in
            switch report.period.range {
            case .week: return groupWidth >= 4 ? bucket.first.weekday.shortName : bucket.first.weekday.narrowName
            case .month: return "\(bucket.first.day)"
            case .quarter: return bucket.first.numericDayMonth
            case .year: return groupWidth >= 4 ? bucket.first.shortMonthName : bucket.first.narrowMonthName
            }
        }
        // One entry per terminal cell: a two-cell character (周二, 11月) fills its first cell and
        // leaves the second empty, so labels are placed by display width.
        var cells = Array(repeating: " ", count: groupWidth * labels.count)
        var free = 0
        for (index, label) in labels.enumerated() {
            let width = TextWidth.of(label)
            let start = max(index * groupWidth + (groupWidth - width) / 2, 0)
            guard start >= free, start + width <= cells.count else { continue }
            var column = start
            for character in label {
                let characterWidth = TextWidth.of(character)
                cells[column] = String(character)
                if characterWidth == 2 { cells[column + 1] = "" }
                column += characterWidth
            }
            free = start + width + 1
        }
        return cells.joined()
    }

    static func drawBars(_ rect: Rect, report: InsightsReport, chosen: FieldInsight?, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height >= 4 else { return }
        let swatch = context.chartStyle == .ascii ? "#" : "█"
        var x = rect.x
        // TRANSLATORS: the legend of the adherence bars in Insights.
        x += buffer.write(swatch + " " + tr("adherence %"), x: x, y: rect.y, style: theme[.series1], clip: rect) + 2
        let range = chosen?.field.range
        if let chosen {
            // The second series' bars are scaled to its entry range; say so, or their heights mean nothing.
            let scale = range.map { " (0–\(NumberText.string($0.upperBound)))" } ?? ""
            buffer.write(TextWidth.truncate("\(swatch) \(chosen.title)\(scale)", to: max(0, rect.maxX - x)), x: x, y: rect.y, style: theme[.series2], clip: rect)
        }
        let count = max(report.buckets.count, 1)
        let groupWidth = max(1, min(8, rect.width / count))
        let values = chosen?.values ?? Array(repeating: nil, count: count)
        let groups = report.adherence.buckets.enumerated().map { index, state in
            [state.fraction.map { $0 * 100 }, index < values.count ? values[index] : nil]
        }
        let valueMax = range?.upperBound ?? (values.compactMap { $0 }.max() ?? 1)
        let chartHeight = rect.height - 2
        let rows = BarChart.grouped(groups: groups, maxValues: [100, max(valueMax, 1)], height: chartHeight, groupWidth: groupWidth, style: context.chartStyle)
        buffer.draw(rows, in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: chartHeight), theme: theme)
        buffer.write(axisLine(report, groupWidth: groupWidth), x: rect.x, y: rect.maxY - 1, style: theme[.axis], clip: rect)
    }

    static func drawLine(_ rect: Rect, report: InsightsReport, chosen: FieldInsight?, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height >= 4 else { return }
        guard let chosen else {
            buffer.write(tr("No measured assessments to chart."), x: rect.x, y: rect.y, style: theme[.dim], clip: rect)
            return
        }
        var title = chosen.title
        if let normal = chosen.field.normal {
            // TRANSLATORS: the normal range in a chart's title: "Systolic · normal 90–134".
            title += " · " + tr("normal {low}–{high}", ["low": NumberText.string(normal.lowerBound), "high": NumberText.string(normal.upperBound)])
        }
        buffer.write(TextWidth.truncate(title, to: rect.width), x: rect.x, y: rect.y, style: theme[.series2], clip: rect)
        let present = chosen.buckets.compactMap { $0 }
        let range = ChartScale.range(present.map(\.min) + present.map(\.max), field: chosen.field)
        let chartHeight = rect.height - 2
        let decimals = chosen.field.decimals ?? (range.upperBound - range.lowerBound < 5 ? 1 : 0)
        let labels = Axis.yLabels(range: range, height: chartHeight, decimals: decimals, unit: chosen.field.unit.map(UnitRegistry.display))
        let labelWidth = labels.map { TextWidth.of($0) }.max() ?? 0
        let count = max(report.buckets.count, 1)
        // A whole number of columns per bucket, so each point sits over its label.
        let groupWidth = max(1, (rect.width - labelWidth - 1) / count)
        let chartWidth = groupWidth * count
        for (row, label) in labels.enumerated() {
            buffer.write(label, x: rect.x, y: rect.y + 1 + row, style: theme[.axis], clip: rect)
        }
        let minMax: [(Double, Double)?] = chosen.buckets.map { $0.map { ($0.min, $0.max) } }
        let rows = LineChart.render(values: chosen.values, width: chartWidth, height: chartHeight, range: range,
                                    band: chosen.field.normal, minMax: report.period.bucket == .day ? nil : minMax, style: context.chartStyle)
        buffer.draw(rows, in: Rect(x: rect.x + labelWidth + 1, y: rect.y + 1, width: chartWidth, height: chartHeight), theme: theme)
        buffer.write(axisLine(report, groupWidth: groupWidth), x: rect.x + labelWidth + 1, y: rect.maxY - 1, style: theme[.axis], clip: rect)
    }

    /// A list entry's title, sparkline values and range, period figure and trend.
    static func summary(_ entry: InsightsChart) -> (title: String, values: [Double?], range: ClosedRange<Double>?, figure: String, trend: Trend?) {
        switch entry {
        case .sleep(let sleep):
            let hours = sleep.buckets.map { $0.totalSleep.map { $0 / 60 } }
            // TRANSLATORS: average hours asleep a night in Insights' list, "7.2 h" (6 columns).
            let figure = sleep.statistics.totalSleep.map { tr("{hours} h", ["hours": NumberText.string(($0.mean / 6).rounded() / 10)]) } ?? "—"
            // TRANSLATORS: Insights' list entry for sleep: the time asleep a night.
            return (tr("Sleep (asleep)"), hours, 0...12, figure, sleep.trend)
        case .field(let field):
            let figure = field.overall.map { NumberText.string($0.value(field.aggregate), decimals: field.field.decimals ?? ($0.value(field.aggregate) < 10 ? 1 : 0)) } ?? "—"
            return (field.title, field.values, field.field.range, figure, field.trend)
        }
    }

    static func drawSide(_ rect: Rect, report: InsightsReport, entries: [InsightsChart], selected: Int, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.width > 10 else { return }
        var y = rect.y
        // TRANSLATORS: the heading of Insights' list of assessments.
        buffer.write(tr("Assessments"), x: rect.x, y: y, style: theme[.title], clip: rect)
        y += 1
        let listRows = min(entries.count, max(1, (rect.height - 3) / 2))
        let first = min(max(0, selected - listRows / 2), max(0, entries.count - listRows))
        for (index, entry) in entries.enumerated().dropFirst(first).prefix(listRows) {
            let isSelected = index == selected % max(entries.count, 1)
            let field = summary(entry)
            let spark = Sparkline.render(field.values, range: field.range, style: context.chartStyle)
            let figure = field.figure
            let arrow: String
            switch field.trend?.direction {
            case .up?: arrow = "↗"
            case .down?: arrow = "↘"
            case .flat?: arrow = "→"
            case nil: arrow = " "
            }
            let shownFigure = String(repeating: " ", count: max(0, 6 - TextWidth.of(figure))) + figure
            let tail = " \(TextWidth.truncate(spark, to: 12, ellipsis: false)) \(shownFigure) \(arrow)"
            let titleWidth = max(4, rect.width - 2 - TextWidth.of(tail))
            buffer.mark(Rect(x: rect.x, y: y, width: rect.width, height: 1), MouseTarget.chart(index).tag)
            buffer.write(isSelected ? "▸ " : "  ", x: rect.x, y: y, style: theme[.accent], clip: rect)
            buffer.write(TextWidth.pad(field.title, to: titleWidth), x: rect.x + 2, y: y, style: isSelected ? theme[.selection] : theme[.text], clip: rect)
            buffer.write(tail, x: rect.x + 2 + titleWidth, y: y, style: theme[.series2], clip: rect)
            y += 1
        }
        if entries.isEmpty {
            buffer.write(tr("no measured assessments"), x: rect.x + 2, y: y, style: theme[.dim], clip: rect)
            y += 1
        }
        y += 1
        guard y < rect.maxY else { return }
        // TRANSLATORS: the heading of Insights' tips, warnings and alerts.
        buffer.write(tr("Messages"), x: rect.x, y: y, style: theme[.title], clip: rect)
        y += 1
        if report.messages.isEmpty {
            buffer.write(TextWidth.truncate(tr("nothing to flag"), to: rect.width - 2), x: rect.x + 2, y: y, style: theme[.dim], clip: rect)
            return
        }
        for message in report.messages where y < rect.maxY {
            let (mark, role): (String, ThemeRole) = message.level == .alert ? ("✗", .alert) : message.level == .warning ? ("!", .warn) : ("•", .ok)
            let lines = TextWrap.lines(message.text, width: rect.width - 2)
            for (offset, line) in lines.enumerated() where y < rect.maxY {
                if offset == 0 { buffer.write(mark, x: rect.x, y: y, style: theme[role].bolded, clip: rect) }
                buffer.write(line, x: rect.x + 2, y: y, style: theme[.text], clip: rect)
                y += 1
            }
        }
    }
}
