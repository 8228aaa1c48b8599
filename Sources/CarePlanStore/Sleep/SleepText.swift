import Foundation
import Localization

/// How sleep reads everywhere it is shown (`careplan sleep`, the dashboard, `today`, `history`):
/// `7 h 05 min`, `86 %`, `23:10`.
public enum SleepText {
    /// `7 h 05 min`, `45 min`; rounded to the minute.
    public static func duration(_ seconds: Int) -> String {
        let minutes = Int((Double(seconds) / 60).rounded())
        let sign = minutes < 0 ? "-" : ""
        let m = abs(minutes)
        // TRANSLATORS: a duration in minutes, abbreviated as short as your language writes it: "45 min".
        if m < 60 { return sign + trn("{count} min", "{count} min", m) }
        // TRANSLATORS: a duration in hours and minutes, abbreviated: "7 h 05 min" ({minutes} is always two digits).
        return sign + trn("{count} h {minutes} min", "{count} h {minutes} min", m / 60, ["minutes": (m % 60 < 10 ? "0" : "") + String(m % 60)])
    }

    /// `86 %`.
    public static func percent(_ fraction: Double) -> String { percent(text: String(Int((fraction * 100).rounded()))) }

    /// A percentage already written as a number: `86 %`, `86%` where the language writes it so.
    static func percent(text: String) -> String {
        // TRANSLATORS: a percentage, as your language writes one: "86 %" ({percent} is the number).
        tr("{percent} %", ["percent": text])
    }

    /// The wall-clock time in `zone` at `instant`: `23:10`.
    public static func clock(_ instant: Int, zone: TimeZone) -> String {
        let local = instant + zone.offset(at: instant)
        return TimeOfDay(wrapping: Int((Double(local) / 60).rounded(.down))).description
    }

    /// `23:05–07:02`: time in bed, as clocks showed it where the night was lived (else in `zone`).
    public static func span(_ figures: SleepFigures, zone: TimeZone) -> String {
        let zone = figures.clockZone(zone)
        return "\(clock(figures.bedStart, zone: zone))–\(clock(figures.bedEnd, zone: zone))"
    }

    /// A night in one line: `in bed 23:05–07:02 · asleep 6 h 58 min · 88 % · to sleep 14 min · 2 awakenings`.
    public static func summary(_ figures: SleepFigures, zone: TimeZone) -> String {
        // TRANSLATORS: the parts of a night's summary, joined by " · ": "in bed 23:05–07:02 · asleep 6 h 58 min · 88 %
        // · to sleep 14 min · 2 awakenings" ({span} is two clock times, {duration} hours and minutes).
        var parts = [tr("in bed {span}", ["span": span(figures, zone: zone)])]
        guard let total = figures.totalSleep else { return (parts + [tr("sleep not measured")]).joined(separator: " · ") }
        parts.append(tr("asleep {duration}", ["duration": duration(total)]))
        if let efficiency = figures.efficiency { parts.append(percent(efficiency)) }
        // TRANSLATORS: how long it took to fall asleep, in a night's summary: "to sleep 14 min".
        if let latency = figures.latency { parts.append(tr("to sleep {duration}", ["duration": duration(latency)])) }
        if let awakenings = figures.awakenings { parts.append(trn("{count} awakening", "{count} awakenings", awakenings)) }
        return parts.joined(separator: " · ")
    }

    /// A sleep diary reading in one line: `23:10–07:00 · asleep 6 h 55 min · 86 % · quality 3`.
    public static func diaryReading(_ values: [ReadingValue]) -> String {
        func value(_ field: SleepDiary.Field) -> ReadingValue? { values.first { $0.name == field.rawValue } }
        var parts: [String] = []
        if let bed = value(.bed)?.text, let up = value(.up)?.text { parts.append("\(bed)–\(up)") }
        if let total = value(.totalSleep)?.value {
            parts.append(tr("asleep {duration}", ["duration": duration(Int(total) * 60)]))
        } else {
            parts.append(tr("sleep not measured"))
        }
        if let efficiency = value(.efficiency)?.value { parts.append(percent(text: NumberText.string(efficiency))) }
        // TRANSLATORS: the quality of a night's sleep the diary gives, 1 to 5: "quality 3".
        if let quality = value(.quality)?.value { parts.append(tr("quality {quality}", ["quality": NumberText.string(quality)])) }
        return parts.joined(separator: " · ")
    }
}
