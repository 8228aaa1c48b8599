import Foundation

/// How sleep reads everywhere it is shown (`careplan sleep`, the dashboard, `today`, `history`):
/// `7 h 05 min`, `86 %`, `23:10`.
public enum SleepText {
    /// `7 h 05 min`, `45 min`; rounded to the minute.
    public static func duration(_ seconds: Int) -> String {
        let minutes = Int((Double(seconds) / 60).rounded())
        let sign = minutes < 0 ? "-" : ""
        let m = abs(minutes)
        if m < 60 { return "\(sign)\(m) min" }
        return "\(sign)\(m / 60) h \(m % 60 < 10 ? "0" : "")\(m % 60) min"
    }

    /// `86 %`.
    public static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded())) %" }

    /// The wall-clock time in `zone` at `instant`: `23:10`.
    public static func clock(_ instant: Int, zone: TimeZone) -> String {
        let local = instant + zone.offset(at: instant)
        return TimeOfDay(wrapping: Int((Double(local) / 60).rounded(.down))).description
    }

    /// `23:05–07:02`: time in bed, as clocks in `zone` showed it.
    public static func span(_ figures: SleepFigures, zone: TimeZone) -> String {
        "\(clock(figures.bedStart, zone: zone))–\(clock(figures.bedEnd, zone: zone))"
    }

    /// A night in one line: `in bed 23:05–07:02 · asleep 6 h 58 min · 88 % · to sleep 14 min · 2 awakenings`.
    public static func summary(_ figures: SleepFigures, zone: TimeZone) -> String {
        var parts = ["in bed " + span(figures, zone: zone)]
        guard let total = figures.totalSleep else { return (parts + ["sleep not measured"]).joined(separator: " · ") }
        parts.append("asleep " + duration(total))
        if let efficiency = figures.efficiency { parts.append(percent(efficiency)) }
        if let latency = figures.latency { parts.append("to sleep " + duration(latency)) }
        if let awakenings = figures.awakenings { parts.append(count(awakenings, "awakening")) }
        return parts.joined(separator: " · ")
    }

    /// `1 awakening`, `2 awakenings`.
    public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// A sleep diary reading in one line: `23:10–07:00 · asleep 6 h 55 min · 86 % · quality 3`.
    public static func diaryReading(_ values: [ReadingValue]) -> String {
        func value(_ field: SleepDiary.Field) -> ReadingValue? { values.first { $0.name == field.rawValue } }
        var parts: [String] = []
        if let bed = value(.bed)?.text, let up = value(.up)?.text { parts.append("\(bed)–\(up)") }
        if let total = value(.totalSleep)?.value { parts.append("asleep " + duration(Int(total) * 60)) } else { parts.append("sleep not measured") }
        if let efficiency = value(.efficiency)?.value { parts.append("\(NumberText.string(efficiency)) %") }
        if let quality = value(.quality)?.value { parts.append("quality \(NumberText.string(quality))") }
        return parts.joined(separator: " · ")
    }
}
