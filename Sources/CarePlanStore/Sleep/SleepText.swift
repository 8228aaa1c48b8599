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
        let local = instant + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        let minutes = ((local / 60) % 1440 + 1440) % 1440
        return TimeOfDay(minutes: minutes)!.description
    }

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
