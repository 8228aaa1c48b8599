import CareInsights
import CarePlanStore
import Foundation
import HealthData
import TerminalUI

/// `careplan sleep` as text: one night with the device's and the diary's figures side by side, or
/// a range night by night with its averages, regularity, trend and messages.
enum SleepOutput {
    static func night(_ night: SleepNight, settings: SleepSettings, zone: TimeZone, hasDiary: Bool, timer: HealthInstant?) -> [String] {
        var lines = ["Night of \(night.date.longText)" + (night.headline.map { " · in bed \(SleepText.span($0, zone: zone))" } ?? "")]
        let columns = [("device", night.device), ("diary", night.diary)].filter { $0.1 != nil }
        if columns.isEmpty {
            lines.append("No sleep recorded for this night" + (hasDiary ? "; keep the diary (careplan log ID --bed 23:10 --wake 06:40 --up 07:00)" : "")
                         + ", import Apple Health data (careplan health import), or use the bedside timer (careplan sleep start, stop).")
        } else {
            let figures = columns.map(\.1!)
            var rows: [[String]] = [
                ["In bed"] + figures.map { SleepText.duration($0.timeInBed) },
                ["Asleep"] + figures.map { $0.totalSleep.map(SleepText.duration) ?? "not measured" },
                ["To fall asleep"] + figures.map { $0.latency.map(SleepText.duration) ?? "–" },
                ["Awake after sleep onset"] + figures.map { $0.wakeAfterOnset.map(SleepText.duration) ?? "–" },
                ["Awakenings (≥ \(settings.awakeningMinutes) min)"] + figures.map { $0.awakenings.map(String.init) ?? "–" },
                ["Efficiency"] + figures.map { $0.efficiency.map(SleepText.percent) ?? "–" },
                ["Midpoint of sleep"] + figures.map { $0.midpoint.map { SleepText.clock($0, zone: zone) } ?? "–" },
            ]
            if figures.contains(where: { $0.stagedSleep > 0 }) {
                for stage in SleepStage.staged {
                    rows.append([stage.title.prefix(1).uppercased() + stage.title.dropFirst()] + figures.map { f in
                        f.stagedSleep > 0 ? "\(SleepText.duration(f.stages[stage] ?? 0)) (\(SleepText.percent(f.share(of: stage) ?? 0)))" : "–"
                    })
                }
            }
            rows.append(["Sources"] + figures.map { $0.sources.joined(separator: ", ") })
            lines += TextTable.lines(header: [""] + columns.map(\.0), rows: rows)
            if let quality = night.quality { lines.append("Quality (diary): \(quality) of 5") }
            if let note = night.note { lines.append("Note: \(SafeText.terminal(note, keepLineBreaks: false))") }
            if columns.count == 2, let source = night.headlineSource {
                let other: SleepSettings.Headline = source == .device ? .diary : .device
                lines.append("Averages and messages use the \(source.rawValue)'s figures; headline: \(other.rawValue) on the sleep measure uses the \(other.rawValue)'s")
            }
        }
        for nap in night.naps {
            lines.append("Nap \(SleepText.span(nap, zone: zone))" + (nap.totalSleep.map { ", asleep \(SleepText.duration($0))" } ?? ", in bed \(SleepText.duration(nap.timeInBed))"))
        }
        if let timer { lines.append("Sleep timer running since \(timer.localText) (careplan sleep stop)") }
        return lines
    }

    static func range(_ insight: SleepInsight, zone: TimeZone, timer: HealthInstant?) -> [String] {
        let statistics = insight.statistics
        var lines = ["Sleep · \(insight.period.title) (\(insight.period.first) to \(insight.period.last)): "
                     + "\(statistics.nights) night\(statistics.nights == 1 ? "" : "s"), \(statistics.measured) with sleep measured"]
        let rows = insight.nights.filter { !$0.isEmpty }.map { night -> [String] in
            let date = "\(night.date.weekday.shortName) \(night.date.shortText)"
            guard let head = night.headline else { return [date, "naps only", "", "", "", "", "", "", ""] }
            return [date, SleepText.span(head, zone: zone), SleepText.duration(head.timeInBed), head.totalSleep.map(SleepText.duration) ?? "not measured",
                    head.latency.map(SleepText.duration) ?? "–", head.wakeAfterOnset.map(SleepText.duration) ?? "–",
                    head.awakenings.map(String.init) ?? "–", head.efficiency.map(SleepText.percent) ?? "–",
                    night.headlineSource.map { night.device != nil && night.diary != nil ? "\($0.rawValue) (both)" : $0.rawValue } ?? ""]
        }
        if rows.isEmpty {
            lines.append("No nights recorded in this period.")
        } else {
            lines += TextTable.lines(header: ["Night", "Bed → up", "In bed", "Asleep", "To sleep", "Awake", "Wakes", "Eff.", "From"], rows: rows)
            lines.append("")
            lines += statistics.summaryLines
            if let trend = insight.trend {
                let arrow = trend.direction == .up ? "↗" : trend.direction == .down ? "↘" : "→"
                lines.append("Trend: asleep \(arrow) \(SleepText.duration(Int((trend.slopePerWeek * 60).rounded()))) a week (\(trend.n) nights)")
            }
            if let before = insight.previous.totalSleep {
                lines.append("The \(insight.period.range.rawValue) before: asleep \(SleepText.duration(Int(before.mean * 60))) on average (\(before.count) nights)")
            }
        }
        if !insight.messages.isEmpty {
            lines.append("Messages")
            for message in insight.messages { lines.append("  \(TextWidth.pad(message.level.name, to: 7))  \(message.text)") }
        }
        if let timer { lines.append("Sleep timer running since \(timer.localText) (careplan sleep stop)") }
        return lines
    }


}
