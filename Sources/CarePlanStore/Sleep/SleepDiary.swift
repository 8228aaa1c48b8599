import Foundation
import Localization

/// The sleep diary, after the Consensus Sleep Diary: what a person writes down in the morning about
/// the night that just ended, and the figures that follow from it.
///
/// A diary reading keeps one value per field, in this order. Clock times are stored as wall-clock
/// minutes from the midnight of the morning the night ended (23:10 the evening before is -50,
/// 06:40 is 400) with the time as typed in `text`; durations in minutes. The last three fields are
/// derived when the reading is recorded (time in bed, total sleep, efficiency), so history,
/// exports and statistics carry them without knowing the diary's rules, which live only here.
public enum SleepDiary {
    public enum Field: String, CaseIterable, Sendable {
        case bed, lightsOut = "lights-out", latency, awakenings, awake, wake, up, quality
        case timeInBed = "time-in-bed", totalSleep = "total-sleep", efficiency

        /// What the form and the messages call it.
        public var label: String {
            switch self {
            // TRANSLATORS: the questions of the sleep diary (the Consensus Sleep Diary), as the form labels them.
            case .bed: return trc("sleep diary", "Into bed")
            case .lightsOut: return trc("sleep diary", "Lights out")
            case .latency: return trc("sleep diary", "Minutes to fall asleep")
            case .awakenings: return trc("sleep diary", "Awakenings")
            case .awake: return trc("sleep diary", "Minutes awake in the night")
            case .wake: return trc("sleep diary", "Final wake time")
            case .up: return trc("sleep diary", "Out of bed")
            case .quality: return trc("sleep diary", "Quality (1–5)")
            case .timeInBed: return trc("sleep diary", "Time in bed")
            case .totalSleep: return trc("sleep diary", "Total sleep")
            case .efficiency: return trc("sleep diary", "Efficiency")
            }
        }

        public var isClockTime: Bool { [.bed, .lightsOut, .wake, .up].contains(self) }
        /// Typed by the person; the rest are derived.
        public var isEntered: Bool { ![.timeInBed, .totalSleep, .efficiency].contains(self) }
    }

    /// The measure fields of a `sleep` measure, in the order readings keep them.
    public static let fields: [Measure.Field] = Field.allCases.map { field in
        switch field {
        case .bed, .lightsOut, .wake, .up: return Measure.Field(name: field.rawValue)
        case .latency, .awake: return Measure.Field(name: field.rawValue, unit: "min", range: 0...720)
        case .awakenings: return Measure.Field(name: field.rawValue, range: 0...50)
        case .quality: return Measure.Field(name: field.rawValue, range: 1...5, normal: 3...5)
        case .timeInBed: return Measure.Field(name: field.rawValue, unit: "min")
        case .totalSleep: return Measure.Field(name: field.rawValue, unit: "min", normal: 420...540)
        case .efficiency: return Measure.Field(name: field.rawValue, unit: "%", normal: 85...100, decimals: 0)
        }
    }

    /// What a person entered, as typed: clock times (`23:10`, `11:10pm`, `23.10`), minutes, a count
    /// and a quality. Bed, wake and up are needed; lights out defaults to bed, latency, awakenings
    /// and minutes awake to 0, quality to none.
    public struct Entry: Hashable, Sendable {
        public var bed: String?
        public var lightsOut: String?
        public var latency: String?
        public var awakenings: String?
        public var awake: String?
        public var wake: String?
        public var up: String?
        public var quality: String?

        public init(bed: String? = nil, lightsOut: String? = nil, latency: String? = nil, awakenings: String? = nil, awake: String? = nil,
                    wake: String? = nil, up: String? = nil, quality: String? = nil) {
            self.bed = bed
            self.lightsOut = lightsOut
            self.latency = latency
            self.awakenings = awakenings
            self.awake = awake
            self.wake = wake
            self.up = up
            self.quality = quality
        }

        public var isEmpty: Bool { [bed, lightsOut, latency, awakenings, awake, wake, up, quality].allSatisfy { $0 == nil } }
    }

    /// The reading for the night that ended on the morning of `date`, validated: every problem
    /// names the field and what is accepted. Times are read backwards from getting up, which is
    /// on `date`: each earlier time is the latest such clock time before the next.
    public static func values(for activity: Activity, entry: Entry, date: LocalDate, zone: TimeZone) throws -> [ReadingValue] {
        let id = activity.id
        func invalid(_ field: Field, _ message: String) -> CarePlanError { .invalidValue(id: id, field: field.rawValue, message: message) }
        // `missing` says which time to give, and how it may be typed.
        func time(_ field: Field, _ text: String?, missing: @autoclosure () -> String) throws -> TimeOfDay {
            guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid(field, missing()) }
            guard let time = TimeOfDay(entered: text) else {
                // TRANSLATORS: 23:10, 11:10pm and 23.10 are ways a time may be typed; keep them as they are.
                throw invalid(field, tr("'{text}' is not a time of day; enter it like 23:10, 11:10pm or 23.10", ["text": text]))
            }
            return time
        }
        // TRANSLATORS: a sleep diary's time left out; 23:10, 11:10pm and 23.10 are ways a time may be typed.
        let up = try time(.up, entry.up, missing: tr("missing; give the time you got out of bed (07:00), like 23:10, 11:10pm or 23.10"))
        let wake = try time(.wake, entry.wake, missing: tr("missing; give the time you last woke up (06:40), like 23:10, 11:10pm or 23.10"))
        let bed = try time(.bed, entry.bed, missing: tr("missing; give the time you went to bed (23:10), like 23:10, 11:10pm or 23.10"))
        let lightsOut = try entry.lightsOut.map {
            try time(.lightsOut, $0, missing: tr("missing; give the time you tried to sleep, like 23:10, 11:10pm or 23.10"))
        } ?? bed

        // Backwards from getting up: the latest such clock time at or before the next one.
        func before(_ time: TimeOfDay, _ next: Int) -> Int { next - ((next - time.minutes) % 1440 + 1440) % 1440 }
        let upMinutes = up.minutes
        let wakeMinutes = before(wake, upMinutes)
        let lightsMinutes = before(lightsOut, wakeMinutes)
        let bedMinutes = before(bed, lightsMinutes)
        guard upMinutes - bedMinutes < 1440 else {
            throw invalid(.bed, tr("bed {bed} comes after lights out {lightsOut}; the times go bed, lights out, wake, up, within one night",
                                   ["bed": bed.description, "lightsOut": lightsOut.description]))
        }
        let fields = Dictionary(uniqueKeysWithValues: zip(Field.allCases, Self.fields))
        func number(_ field: Field, _ text: String?, type: Measure.ValueType = .integer) throws -> ReadingValue? {
            guard let text else { return nil }
            return try ReadingParser.value(text, field: fields[field]!, type: type, unit: nil, id: id)
        }
        let latency = try number(.latency, entry.latency)?.value ?? 0
        let awake = try number(.awake, entry.awake)?.value ?? 0
        let awakenings = try number(.awakenings, entry.awakenings)?.value ?? 0
        let quality = try number(.quality, entry.quality, type: .scale)

        let zoneInstant = { (minutes: Int) in date.instant(minutes: minutes, in: zone) }
        let asleepSpan = (zoneInstant(wakeMinutes) - zoneInstant(lightsMinutes)) / 60
        guard Int(latency) <= asleepSpan else {
            // TRANSLATORS: {count} minutes to fall asleep; {span} minutes from lights out to waking.
            throw invalid(.latency, trn("{count} min is longer than the {span} min from lights out ({lightsOut}) to waking ({wake})",
                                        "{count} min is longer than the {span} min from lights out ({lightsOut}) to waking ({wake})",
                                        Int(latency), ["span": asleepSpan, "lightsOut": lightsOut.description, "wake": wake.description]))
        }
        guard Int(latency + awake) <= asleepSpan else {
            throw invalid(.awake, tr("{latency} min to fall asleep and {awake} min awake add up to more than the {span} min from lights out ({lightsOut}) to waking ({wake})",
                                     ["latency": Int(latency), "awake": Int(awake), "span": asleepSpan,
                                      "lightsOut": lightsOut.description, "wake": wake.description]))
        }
        if awake > 0, awakenings == 0 {
            throw invalid(.awakenings, trn("{count} min awake in the night needs at least one awakening; give how many times you woke",
                                           "{count} min awake in the night needs at least one awakening; give how many times you woke", Int(awake)))
        }

        var values = [
            ReadingValue(name: Field.bed.rawValue, value: Double(bedMinutes), text: bed.description),
            ReadingValue(name: Field.lightsOut.rawValue, value: Double(lightsMinutes), text: lightsOut.description),
            ReadingValue(name: Field.latency.rawValue, value: latency, unit: "min"),
            ReadingValue(name: Field.awakenings.rawValue, value: awakenings),
            ReadingValue(name: Field.awake.rawValue, value: awake, unit: "min"),
            ReadingValue(name: Field.wake.rawValue, value: Double(wakeMinutes), text: wake.description),
            ReadingValue(name: Field.up.rawValue, value: Double(upMinutes), text: up.description),
            quality ?? ReadingValue(name: Field.quality.rawValue),
        ]
        let figures = Self.figures(values, date: date, zone: zone)!
        values += Self.derived(figures)
        return values
    }

    /// The three derived values, from the night's figures.
    static func derived(_ figures: SleepFigures) -> [ReadingValue] {
        [
            ReadingValue(name: Field.timeInBed.rawValue, value: Double(figures.timeInBed / 60), unit: "min"),
            ReadingValue(name: Field.totalSleep.rawValue, value: figures.totalSleep.map { Double($0 / 60) }, unit: "min"),
            ReadingValue(name: Field.efficiency.rawValue, value: figures.efficiency.map { ($0 * 100).rounded() }, unit: "%"),
        ]
    }

    /// A diary reading's night: time in bed = bed → up; total sleep = lights out → wake, less the
    /// latency and the minutes awake; efficiency = total sleep / time in bed. On instants in
    /// `zone`, so a night across a clock change counts its real length. Nil for a reading that is
    /// not a diary's.
    public static func figures(_ values: [ReadingValue], date: LocalDate, zone: TimeZone) -> SleepFigures? {
        func value(_ field: Field) -> Double? { values.first { $0.name == field.rawValue }?.value }
        guard let bed = value(.bed), let up = value(.up), let wake = value(.wake) else { return nil }
        let lightsOut = value(.lightsOut) ?? bed
        let latency = Int(value(.latency) ?? 0) * 60, awake = Int(value(.awake) ?? 0) * 60
        let instant = { (minutes: Double) in date.instant(minutes: Int(minutes), in: zone) }
        let bedStart = instant(bed), bedEnd = instant(up), lights = instant(lightsOut), finalWake = instant(wake)
        let asleep = max(0, finalWake - lights - latency - awake)
        return SleepFigures(bedStart: bedStart, bedEnd: bedEnd, timeInBed: bedEnd - bedStart, totalSleep: asleep,
                            latency: latency, wakeAfterOnset: awake, awakenings: value(.awakenings).map { Int($0) },
                            onset: lights + latency, finalWake: finalWake, sources: [SleepFigures.diarySource])
    }

    /// A device's night written as a diary would hold it (health data filling a linked diary):
    /// bed and lights out at the start of time in bed, up at its end, wake at the final awakening,
    /// the minutes awake being the wake after sleep onset; the figures are the device's own.
    public static func values(from figures: SleepFigures, date: LocalDate, zone: TimeZone) -> [ReadingValue] {
        let zone = figures.clockZone(zone)
        func clock(_ instant: Int) -> (minutes: Double, text: String) {
            let minutes = date.minutes(at: instant, in: zone)
            return (Double(minutes), TimeOfDay(wrapping: minutes).description)
        }
        let bed = clock(figures.bedStart), up = clock(figures.bedEnd), wake = clock(figures.finalWake ?? figures.bedEnd)
        func minutes(_ seconds: Int?) -> Double? { seconds.map { Double($0 / 60) } }
        return [
            ReadingValue(name: Field.bed.rawValue, value: bed.minutes, text: bed.text),
            ReadingValue(name: Field.lightsOut.rawValue, value: bed.minutes, text: bed.text),
            ReadingValue(name: Field.latency.rawValue, value: minutes(figures.latency), unit: "min"),
            ReadingValue(name: Field.awakenings.rawValue, value: figures.awakenings.map(Double.init)),
            ReadingValue(name: Field.awake.rawValue, value: minutes(figures.wakeAfterOnset), unit: "min"),
            ReadingValue(name: Field.wake.rawValue, value: wake.minutes, text: wake.text),
            ReadingValue(name: Field.up.rawValue, value: up.minutes, text: up.text),
            ReadingValue(name: Field.quality.rawValue),
        ] + derived(figures)
    }

    /// The quality a diary reading gives, 1...5.
    public static func quality(_ values: [ReadingValue]) -> Int? {
        values.first { $0.name == Field.quality.rawValue }?.value.map { Int($0) }
    }
}
