import Foundation
import Localization

/// How nights are cut out of the clock and summarised, set on a plan's sleep measure
/// (`window`, `awakening`, `headline`) or left at these defaults.
public struct SleepSettings: Hashable, Sendable {
    /// Which figures lead when a night has both a diary entry and device data. `rawValue` is the
    /// plan file's word (`headline: device`); `title` the reader's.
    public enum Headline: String, Hashable, Sendable, CaseIterable {
        case device, diary

        /// "device" or "diary" in the reader's language.
        public var title: String {
            // TRANSLATORS: where a night's headline figures come from: a device (a watch) or the sleep diary.
            self == .device ? trc("sleep figures from", "device") : trc("sleep figures from", "diary")
        }
    }

    /// The night of day D runs from `windowStart` on the evening before to `windowEnd` on D
    /// (wall-clock times, 18:00 → 18:00 by default). Sleep starting outside it is a nap of D.
    public var windowStart: TimeOfDay
    public var windowEnd: TimeOfDay
    /// An awakening is a stretch awake of at least this many minutes.
    public var awakeningMinutes: Int
    public var headline: Headline

    /// Sleep separated from the night's main sleep by this long without any sample is a separate
    /// episode: a nap, listed apart.
    public static let episodeGapMinutes = 180

    public static let standard = SleepSettings()

    public init(windowStart: TimeOfDay = TimeOfDay(minutes: 18 * 60)!, windowEnd: TimeOfDay = TimeOfDay(minutes: 18 * 60)!,
                awakeningMinutes: Int = 5, headline: Headline = .device) {
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.awakeningMinutes = awakeningMinutes
        self.headline = headline
    }

    /// `18:00-18:00`, as the plan file writes it.
    public var windowText: String { "\(windowStart)-\(windowEnd)" }

    /// Parses `HH:MM-HH:MM`; nil for anything else.
    public static func window(_ text: String) -> (TimeOfDay, TimeOfDay)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        guard parts.count == 2, let start = TimeOfDay(text: parts[0]), let end = TimeOfDay(text: parts[1]) else { return nil }
        return (start, end)
    }

    /// A night's window as wall-clock minutes from its day's midnight: from the evening before
    /// (negative) to the day itself. The same time at both ends is a whole day; the plan file
    /// refuses a window longer than that.
    public var windowMinutes: Range<Int> { (windowStart.minutes - 1440)..<windowEnd.minutes }
}

extension PlanSnapshot {
    /// The settings of the first sleep diary in force on `date`, else the defaults.
    public func sleepSettings(on date: LocalDate) -> SleepSettings {
        sleepDiaries.lazy.compactMap { $0.activity(on: date).measure?.sleep }.first ?? .standard
    }
}
