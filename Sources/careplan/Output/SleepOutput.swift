import CareInsights
import CarePlanStore
import Foundation
import HealthData
import Localization
import TerminalUI

/// `careplan sleep` as text: one night with the device's and the diary's figures side by side, or
/// a range night by night with its averages, regularity, trend and messages.
enum SleepOutput {
    static func night(_ night: SleepNight, settings: SleepSettings, zone: TimeZone, hasDiary: Bool, timer: HealthInstant?) -> [String] {
        var lines = [night.headline.map { tr("Night of {date} · in bed {span}", ["date": night.date.longText, "span": SleepText.span($0, zone: zone)]) }
                     ?? tr("Night of {date}", ["date": night.date.longText])]
        let columns = [(SleepSettings.Headline.device, night.device), (.diary, night.diary)].filter { $0.1 != nil }
        if columns.isEmpty {
            lines.append(hasDiary
                ? tr("No sleep recorded for this night; keep the diary (careplan log ID --bed 23:10 --wake 06:40 --up 07:00), import Apple Health data (careplan health import), or use the bedside timer (careplan sleep start, stop).")
                : tr("No sleep recorded for this night, import Apple Health data (careplan health import), or use the bedside timer (careplan sleep start, stop)."))
        } else {
            let figures = columns.map(\.1!)
            let notMeasured = tr("not measured")
            var rows: [[String]] = [
                // TRANSLATORS: the figures of a night, in careplan sleep: the device's and the diary's side by side.
                [tr("In bed")] + figures.map { SleepText.duration($0.timeInBed) },
                [tr("Asleep")] + figures.map { $0.totalSleep.map(SleepText.duration) ?? notMeasured },
                [tr("To fall asleep")] + figures.map { $0.latency.map(SleepText.duration) ?? "–" },
                [tr("Awake after sleep onset")] + figures.map { $0.wakeAfterOnset.map(SleepText.duration) ?? "–" },
                [trn("Awakenings (≥ {count} min)", "Awakenings (≥ {count} min)", settings.awakeningMinutes)] + figures.map { $0.awakenings.map(String.init) ?? "–" },
                [tr("Efficiency")] + figures.map { $0.efficiency.map(SleepText.percent) ?? "–" },
                [tr("Midpoint of sleep")] + figures.map { f in f.midpoint.map { SleepText.clock($0, zone: f.clockZone(zone)) } ?? "–" },
            ]
            if figures.contains(where: { $0.stagedSleep > 0 }) {
                for stage in SleepStage.staged {
                    rows.append([stage.title.prefix(1).uppercased() + stage.title.dropFirst()] + figures.map { f in
                        f.stagedSleep > 0 ? "\(SleepText.duration(f.stages[stage] ?? 0)) (\(SleepText.percent(f.share(of: stage) ?? 0)))" : "–"
                    })
                }
            }
            rows.append([tr("Sources")] + figures.map { ListText.joined($0.shownSources) })
            lines += TextTable.lines(header: [""] + columns.map { source($0.0) }, rows: rows)
            if let quality = night.quality { lines.append(tr("Quality (diary): {quality} of 5", ["quality": String(quality)])) }
            if let note = night.note { lines.append(tr("Note: {note}", ["note": SafeText.terminal(note, keepLineBreaks: false)])) }
            if columns.count == 2, let source = night.headlineSource {
                // TRANSLATORS: "headline: diary" and "headline: device" are written in the plan file as they are.
                lines.append(source == .device ? tr("Averages and messages use the device's figures; headline: diary on the sleep measure uses the diary's")
                                               : tr("Averages and messages use the diary's figures; headline: device on the sleep measure uses the device's"))
            }
        }
        for nap in night.naps {
            let span = SleepText.span(nap, zone: zone)
            lines.append(nap.totalSleep.map { tr("Nap {span}, asleep {duration}", ["span": span, "duration": SleepText.duration($0)]) }
                         ?? tr("Nap {span}, in bed {duration}", ["span": span, "duration": SleepText.duration(nap.timeInBed)]))
        }
        if let timer { lines.append(timerLine(timer)) }
        return lines
    }

    static func range(_ insight: SleepInsight, zone: TimeZone, timer: HealthInstant?) -> [String] {
        let statistics = insight.statistics
        // TRANSLATORS: {period} is "week of 16 Nov 2026", "November 2026"...; {measured} how many of the nights have sleep measured.
        var lines = [trn("Sleep · {period} ({first} to {last}): {count} night, {measured} with sleep measured",
                         "Sleep · {period} ({first} to {last}): {count} nights, {measured} with sleep measured", statistics.nights,
                         ["period": insight.period.title, "first": insight.period.first.iso, "last": insight.period.last.iso, "measured": statistics.measured])]
        let notMeasured = tr("not measured")
        let rows = insight.nights.filter { !$0.isEmpty }.map { night -> [String] in
            let date = tr("{weekday} {date}", ["weekday": night.date.weekday.shortName, "date": night.date.shortText])
            guard let head = night.headline else { return [date, tr("naps only"), "", "", "", "", "", "", ""] }
            return [date, SleepText.span(head, zone: zone), SleepText.duration(head.timeInBed), head.totalSleep.map(SleepText.duration) ?? notMeasured,
                    head.latency.map(SleepText.duration) ?? "–", head.wakeAfterOnset.map(SleepText.duration) ?? "–",
                    head.awakenings.map(String.init) ?? "–", head.efficiency.map(SleepText.percent) ?? "–",
                    night.headlineSource.map { night.device != nil && night.diary != nil ? tr("{source} (both)", ["source": source($0)]) : source($0) } ?? ""]
        }
        if rows.isEmpty {
            lines.append(tr("No nights recorded in this period."))
        } else {
            // TRANSLATORS: headings of the table of nights in careplan sleep --range: the night, bedtime to getting up, time in bed, asleep,
            // time to fall asleep, awake after falling asleep, awakenings, sleep efficiency, and where the figures come from (device or diary).
            let header = [trc("table heading", "Night"), trc("table heading", "Bed → up"), trc("table heading", "In bed"), trc("table heading", "Asleep"),
                          trc("table heading", "To sleep"), trc("table heading", "Awake"), trc("table heading", "Wakes"), trc("table heading", "Eff."),
                          trc("table heading", "From")]
            lines += TextTable.lines(header: header, rows: rows)
            lines.append("")
            lines += statistics.summaryLines
            if let trend = insight.trend {
                let arrow = trend.direction == .up ? "↗" : trend.direction == .down ? "↘" : "→"
                lines.append(trn("Trend: asleep {arrow} {duration} a week ({count} night)", "Trend: asleep {arrow} {duration} a week ({count} nights)", trend.n,
                                 ["arrow": arrow, "duration": SleepText.duration(Int((trend.slopePerWeek * 60).rounded()))]))
            }
            if let before = insight.previous.totalSleep {
                lines.append(previous(insight.period.range, asleep: SleepText.duration(Int(before.mean * 60)), nights: before.count))
            }
        }
        if !insight.messages.isEmpty {
            lines.append(tr("Messages"))
            for message in insight.messages { lines.append("  \(InsightsText.levelColumn(message.level))  \(message.text)") }
        }
        if let timer { lines.append(timerLine(timer)) }
        return lines
    }

    /// "The week before: asleep 7 h 10 min on average (7 nights)".
    static func previous(_ range: InsightRange, asleep: String, nights: Int) -> String {
        switch range {
        case .week: return trn("The week before: asleep {duration} on average ({count} night)", "The week before: asleep {duration} on average ({count} nights)",
                               nights, ["duration": asleep])
        case .month: return trn("The month before: asleep {duration} on average ({count} night)", "The month before: asleep {duration} on average ({count} nights)",
                                nights, ["duration": asleep])
        case .quarter: return trn("The quarter before: asleep {duration} on average ({count} night)", "The quarter before: asleep {duration} on average ({count} nights)",
                                  nights, ["duration": asleep])
        case .year: return trn("The year before: asleep {duration} on average ({count} night)", "The year before: asleep {duration} on average ({count} nights)",
                               nights, ["duration": asleep])
        }
    }

    /// Whose figures: the device's (Apple Health, the bedside timer) or the diary's.
    static func source(_ headline: SleepSettings.Headline) -> String {
        switch headline {
        // TRANSLATORS: where a night's figures come from: a device (a watch, the bedside timer) or the sleep diary.
        case .device: return trc("sleep figures from", "device")
        case .diary: return trc("sleep figures from", "diary")
        }
    }

    static func timerLine(_ timer: HealthInstant) -> String {
        tr("Sleep timer running since {time} (careplan sleep stop)", ["time": timer.localText])
    }
}
