import CarePlanStore
import TerminalUI

/// Insights for the selected week (first version): daily adherence beside one assessment's daily
/// value as grouped bars (CareKit's Insights chart), and that assessment as a line with its
/// normal band.
enum InsightsPane {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, focused: Bool, into buffer: inout Buffer) {
        let theme = context.theme
        let monday = data.week[0].date
        let inner = Frame.draw(rect, title: "\(Pane.insights.title) · week of \(DateText.short(monday))", focused: focused, theme: theme, into: &buffer)
        guard inner.height >= 4 else { return }
        let series = data.chartSeries
        let chosen = series.isEmpty ? nil : series[state.insightsAssessment % series.count]
        let adherence = WeekSeries.adherence(data.week, today: state.today)
        let values = chosen.map { WeekSeries.values(of: $0.activity, field: $0.field, in: data.week) } ?? Array(repeating: nil, count: 7)
        let readings = chosen.map { WeekSeries.readings(of: $0.activity, field: $0.field, in: data.week) } ?? []
        let field = chosen?.measureField

        buffer.write(summary(data: data, today: state.today, chosen: chosen, readings: readings), x: inner.x, y: inner.y, style: theme[.text], clip: inner)
        let body = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
        // Side by side when wide enough, else stacked.
        let sideBySide = body.width >= 70
        let (barArea, lineArea) = sideBySide ? body.splitLeft(body.width / 2) : body.splitTop(body.height / 2)
        drawBars(barArea, adherence: adherence, values: values, chosen: chosen, field: field, context: context, into: &buffer)
        drawLine(sideBySide ? lineArea.inset(horizontal: 1) : lineArea, values: values, chosen: chosen, field: field, context: context, into: &buffer)
    }

    /// The week's adherence, and the chosen series' readings: their average, and the lowest and
    /// highest single reading (a hypo at 3.2 must show even when the day averages 5.1).
    static func summary(data: DashboardData, today: LocalDate, chosen: ChartSeries?, readings: [Double]) -> String {
        var completed = 0, total = 0
        for day in data.week where day.date <= today {
            if case .due(let c, let t) = day.adherence { completed += c; total += t }
        }
        var text = total == 0 ? "Adherence: nothing due yet" : "Adherence: \(completed) of \(total) (\(Int((Double(completed) / Double(total) * 100).rounded())) %)"
        if let chosen {
            if readings.isEmpty {
                text += " · \(chosen.title): no readings"
            } else {
                let decimals = chosen.measureField.decimals ?? 1
                let unit = chosen.measureField.unit.map { " " + $0 } ?? ""
                let average = readings.reduce(0, +) / Double(readings.count)
                text += " · \(chosen.title): \(readings.count) readings, avg \(NumberText.string(average, decimals: decimals))\(unit), lowest \(NumberText.string(readings.min()!)), highest \(NumberText.string(readings.max()!))"
            }
        }
        return text
    }

    static func drawBars(_ rect: Rect, adherence: [Double?], values: [Double?], chosen: ChartSeries?, field: Measure.Field?, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height >= 4 else { return }
        let legendY = rect.y
        var x = rect.x
        let swatch = context.chartStyle == .ascii ? "#" : "█"
        x += buffer.write("\(swatch) adherence %", x: x, y: legendY, style: theme[.series1], clip: rect) + 2
        if let chosen {
            // The second series' bars are scaled to its entry range; say so, or their heights mean nothing.
            let scale = field?.range.map { " (0–\(NumberText.string($0.upperBound)))" } ?? ""
            buffer.write(TextWidth.truncate("\(swatch) \(chosen.title)\(scale)", to: max(0, rect.maxX - x - 1)), x: x, y: legendY, style: theme[.series2], clip: rect)
        }
        let chartHeight = rect.height - 2
        let groupWidth = max(3, min(8, rect.width / 7))
        let valueMax = field?.range?.upperBound ?? (values.compactMap { $0 }.max() ?? 1)
        let groups = (0..<7).map { [adherence[$0].map { $0 * 100 }, values[$0]] }
        let rows = BarChart.grouped(groups: groups, maxValues: [100, max(valueMax, 1)], height: chartHeight, groupWidth: groupWidth, style: context.chartStyle)
        buffer.draw(rows, in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: chartHeight), theme: theme)
        let labels = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        buffer.write(Axis.xLabels(labels, groupWidth: groupWidth), x: rect.x, y: rect.maxY - 1, style: theme[.axis], clip: rect)
    }

    static func drawLine(_ rect: Rect, values: [Double?], chosen: ChartSeries?, field: Measure.Field?, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height >= 4, let chosen else {
            buffer.write("No assessments to chart.", x: rect.x, y: rect.y, style: theme[.dim], clip: rect)
            return
        }
        var title = chosen.title
        if let normal = field?.normal { title += " · normal \(NumberText.string(normal.lowerBound))–\(NumberText.string(normal.upperBound))" }
        buffer.write(TextWidth.truncate(title, to: rect.width), x: rect.x, y: rect.y, style: theme[.series2], clip: rect)
        let present = values.compactMap { $0 }
        let range = chartRange(present, field: field)
        let chartHeight = rect.height - 2
        // A narrow range (0–1 for yes/no) needs a decimal to tell its labels apart.
        let decimals = field?.decimals ?? (range.upperBound - range.lowerBound < 5 ? 1 : 0)
        let labels = Axis.yLabels(range: range, height: chartHeight, decimals: decimals, unit: field?.unit)
        let labelWidth = labels.map { TextWidth.of($0) }.max() ?? 0
        // A multiple of 7, so each day's point sits over its label.
        let chartWidth = max(7, min(rect.width - labelWidth - 1, 56) / 7 * 7)
        for (row, label) in labels.enumerated() {
            buffer.write(label, x: rect.x, y: rect.y + 1 + row, style: theme[.axis], clip: rect)
        }
        let rows = LineChart.render(values: values, width: chartWidth, height: chartHeight, range: range, band: field?.normal, style: context.chartStyle)
        buffer.draw(rows, in: Rect(x: rect.x + labelWidth + 1, y: rect.y + 1, width: chartWidth, height: chartHeight), theme: theme)
        buffer.write(Axis.xLabels(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], groupWidth: chartWidth / 7), x: rect.x + labelWidth + 1, y: rect.maxY - 1, style: theme[.axis], clip: rect)
    }

    /// The values' spread widened to include the normal band, inside the entry range.
    static func chartRange(_ values: [Double], field: Measure.Field?) -> ClosedRange<Double> {
        var low = values.min() ?? field?.normal?.lowerBound ?? field?.range?.lowerBound ?? 0
        var high = values.max() ?? field?.normal?.upperBound ?? field?.range?.upperBound ?? 1
        if let normal = field?.normal { low = min(low, normal.lowerBound); high = max(high, normal.upperBound) }
        if let range = field?.range { low = max(low, range.lowerBound); high = min(high, range.upperBound) }
        if high <= low { high = low + 1 }
        let margin = (high - low) * 0.1
        low -= margin
        high += margin
        // The margin never reaches values that cannot be entered (no -1 on a 0–10 pain scale).
        if let range = field?.range { low = max(low, range.lowerBound); high = min(high, range.upperBound) }
        return low...high
    }
}
