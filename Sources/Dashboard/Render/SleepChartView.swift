import CareInsights
import CarePlanStore
import Foundation
import HealthData
import Localization
import TerminalUI

/// Sleep in Insights: for a week, a strip per night (time across, a character and colour per
/// stage), for longer ranges bars of total sleep and efficiency per bucket; above either, the
/// period's figures. All from the report's `SleepInsight`, the numbers `careplan sleep` prints.
enum SleepChartView {
    static func draw(_ rect: Rect, sleep: SleepInsight, report: InsightsReport, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height >= 4, rect.width >= 30 else { return }
        var y = rect.y
        // Each line's figures as many as fit, whole; the first (the nights) ends in "…" if it alone is too long.
        for items in figureLines(sleep.statistics) where y < rect.maxY {
            let line = TextWidth.of(items[0]) <= rect.width ? TextWidth.fitting(items, separator: " · ", in: rect.width) : TextWidth.truncate(items[0], to: rect.width)
            buffer.write(line, x: rect.x, y: y, style: y == rect.y ? theme[.series2] : theme[.text], clip: rect)
            y += 1
        }
        let body = Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y)
        if sleep.period.range == .week {
            drawStrip(body, sleep: sleep, context: context, into: &buffer)
        } else {
            drawBars(body, sleep: sleep, report: report, context: context, into: &buffer)
        }
    }

    /// "Asleep 6 h 58 min ± 32 min · in bed 7 h 41 min · 91 % efficient", then latency, waking and regularity.
    /// Compact, for the pane's width; `careplan sleep` and the report use `SleepStatistics.summaryLines`.
    static func figureLines(_ s: SleepStatistics) -> [[String]] {
        guard s.nights > 0 else { return [[tr("Sleep: no nights recorded in this period")]] }
        func duration(_ spread: Spread?) -> String? { spread.map { SleepText.duration(Int($0.mean * 60)) } }
        // TRANSLATORS: the period's sleep figures above Insights' sleep chart, each one short item of a
        // line joined with " · ": averages a night; {deviation} is the spread (± 32 min), {time} a clock time.
        var first = [trn("Sleep, {count} night", "Sleep, {count} nights", s.nights)]
        if let total = s.totalSleep {
            first.append(tr("asleep {duration} ± {deviation} min", ["duration": duration(total)!, "deviation": Int(total.deviation.rounded())]))
        }
        if let inBed = duration(s.timeInBed) { first.append(tr("in bed {duration}", ["duration": inBed])) }
        if let efficiency = s.efficiency { first.append(tr("efficiency {percent} %", ["percent": Int(efficiency.mean.rounded())])) }
        var second: [String] = []
        if let latency = duration(s.latency) { second.append(tr("to sleep {duration}", ["duration": latency])) }
        if let waso = duration(s.wakeAfterOnset) { second.append(tr("awake {duration}", ["duration": waso])) }
        if let wakes = s.awakenings { second.append(tr("awakenings {average}", ["average": NumberText.string((wakes.mean * 10).rounded() / 10)])) }
        if let bed = s.bedtime {
            second.append(tr("bed {time} ± {deviation} min", ["time": TimeOfDay(wrapping: bed.mean).description, "deviation": Int(bed.deviation.rounded())]))
        }
        if let wake = s.wakeTime {
            second.append(tr("wake {time} ± {deviation} min", ["time": TimeOfDay(wrapping: wake.mean).description, "deviation": Int(wake.deviation.rounded())]))
        }
        if !s.stageShares.isEmpty {
            second.append(SleepStage.staged.map { "\($0.title) \(SleepText.percent(s.stageShares[$0] ?? 0))" }.joined(separator: " "))
        }
        return [first, second].filter { !$0.isEmpty }
    }

    /// The character and colour of a stage, in the chart style.
    static func mark(_ stage: SleepStage?, style: ChartStyle) -> (String, ThemeRole) {
        let ascii = style == .ascii
        switch stage {
        case .deep?: return (ascii ? "#" : "█", .series1)
        case .core?, .asleep?: return (ascii ? "=" : "▓", .series2)
        case .rem?: return (ascii ? "~" : "▒", .series3)
        case .awake?: return (ascii ? "-" : "░", .warn)
        case .inBed?: return (ascii ? "." : "·", .dim)
        case nil: return (" ", .text)
        }
    }

    /// One row a night: its date, the strip from the week's earliest bedtime to its latest rising
    /// (whole hours), and the night's total sleep and efficiency.
    static func drawStrip(_ rect: Rect, sleep: SleepInsight, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme, zone = context.timeZone
        let nights = sleep.nights
        let labelWidth = 7, figureWidth = 14
        let width = rect.width - labelWidth - figureWidth
        guard width >= 12, rect.height >= 3 else { return }
        // The span in minutes from each night's midnight: 22:00 is -120.
        let edges = nights.flatMap { night in night.segments.flatMap { [night.date.minutes(at: $0.start, in: zone), night.date.minutes(at: $0.end, in: zone)] } }
        let start = ((edges.min() ?? -180) - 30).roundedDown(to: 60), end = ((edges.max() ?? 540) + 30).roundedUp(to: 60)
        let step = Double(end - start) / Double(width)
        let rows = min(nights.count, rect.height - 2)
        var y = rect.y
        for night in nights.suffix(rows) {
            buffer.write("\(night.date.weekday.shortName) \(night.date.day)", x: rect.x, y: y, style: theme[.axis], clip: rect)
            var x = rect.x + labelWidth
            var row = StyledRow()
            // Columns move forward in time, and so does the segment under them.
            let base = night.date.instant(minutes: start, in: zone)
            let segments = night.segments
            var index = 0
            // Columns of one mark run together into one span, made once the run ends (a role has
            // one mark); appending column by column was most of drawing the strip.
            var run: (mark: String, role: ThemeRole, columns: Int)?
            func endRun() {
                if let run { row.append(StyledSpan(String(repeating: run.mark, count: run.columns), role: run.role)) }
            }
            for column in 0..<width {
                let at = base + Int((Double(column) + 0.5) * step * 60)
                while index < segments.count, segments[index].end <= at { index += 1 }
                let stage = index < segments.count && segments[index].start <= at ? segments[index].stage : nil
                let (text, role) = mark(stage, style: context.chartStyle)
                if run?.role == role { run!.columns += 1; continue }
                endRun()
                run = (text, role, 1)
            }
            endRun()
            buffer.draw([row], in: Rect(x: x, y: y, width: width, height: 1), theme: theme)
            x += width + 1
            if let head = night.headline {
                // TRANSLATORS: hours and minutes asleep in a night's row of the sleep strip, "7h05" (5 columns).
                let asleep = head.totalSleep.map { tr("{hours}h{minutes}", ["hours": String($0 / 3600), "minutes": ($0 / 60 % 60 < 10 ? "0" : "") + String($0 / 60 % 60)]) } ?? "  –  "
                let efficiency = head.efficiency.map(SleepText.percent) ?? ""
                let low = head.isBelowEfficiencyGoal
                buffer.write("\(asleep) \(efficiency)", x: x, y: y, style: low ? theme[.warn] : theme[.text], clip: rect)
            }
            y += 1
        }
        // Hours along the bottom, every two, at their columns.
        var axis = Array(repeating: Character(" "), count: width)
        var hour = start
        while hour <= end {
            let column = Int((Double(hour - start) / step).rounded())
            let hourOfDay = ((hour / 60) % 24 + 24) % 24
            let label = (hourOfDay < 10 ? "0" : "") + String(hourOfDay)
            if column + 2 <= width, (hour / 60) % 2 == 0 { for (i, c) in label.enumerated() { axis[column + i] = c } }
            hour += 60
        }
        buffer.write(String(axis), x: rect.x + labelWidth, y: y, style: theme[.axis], clip: rect)
        y += 1
        // The legend, item by item: one that does not fit goes on the next row, if there is one.
        var x = rect.x + labelWidth
        for stage in [SleepStage.deep, .core, .rem, .awake, .inBed] where y < rect.maxY {
            let (text, role) = mark(stage, style: context.chartStyle)
            // Unstaged sleep (a diary, an older watch) shares core's mark.
            let name = " " + (stage == .core ? "\(SleepStage.core.title) / \(SleepStage.asleep.title)" : stage.title)
            if x + TextWidth.of(text + name) > rect.maxX, x > rect.x + labelWidth {
                (x, y) = (rect.x + labelWidth, y + 1)
                guard y < rect.maxY else { break }
            }
            x += buffer.write(text, x: x, y: y, style: theme[role], clip: rect)
            x += buffer.write(TextWidth.truncate(name, to: rect.maxX - x), x: x, y: y, style: theme[.dim], clip: rect) + 2
        }
    }

    /// Grouped bars per bucket: hours asleep (0–12) and efficiency (0–100 %).
    static func drawBars(_ rect: Rect, sleep: SleepInsight, report: InsightsReport, context: RenderContext, into buffer: inout Buffer) {
        let theme = context.theme
        guard rect.height >= 4 else { return }
        let swatch = context.chartStyle == .ascii ? "#" : "█"
        var x = rect.x
        // TRANSLATORS: the legends of the sleep bars in Insights: hours asleep (on a scale of 0 to 12) and efficiency.
        x += buffer.write(swatch + " " + tr("asleep, hours (0–12)"), x: x, y: rect.y, style: theme[.series1], clip: rect) + 2
        buffer.write(swatch + " " + tr("efficiency %"), x: x, y: rect.y, style: theme[.series2], clip: rect)
        let count = max(sleep.buckets.count, 1)
        let groupWidth = max(1, min(8, rect.width / count))
        let groups = sleep.buckets.map { bucket in [bucket.totalSleep.map { $0 / 60 }, bucket.efficiency] }
        let chartHeight = rect.height - 2
        let rows = BarChart.grouped(groups: groups, maxValues: [12, 100], height: chartHeight, groupWidth: groupWidth, style: context.chartStyle)
        buffer.draw(rows, in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: chartHeight), theme: theme)
        buffer.write(InsightsPane.axisLine(report, groupWidth: groupWidth), x: rect.x, y: rect.maxY - 1, style: theme[.axis], clip: rect)
    }
}

private extension Int {
    func roundedDown(to step: Int) -> Int { Int((Double(self) / Double(step)).rounded(.down)) * step }
    func roundedUp(to step: Int) -> Int { Int((Double(self) / Double(step)).rounded(.up)) * step }
}
