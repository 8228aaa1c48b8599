import Foundation

/// One value of a reading, in the measure's unit, with what the user typed when it was converted.
public struct ReadingValue: Hashable, Sendable {
    /// The measure field it belongs to (`value`, `systolic`...).
    public var name: String
    /// Numbers, scales, booleans (1/0) and choices (the option's index).
    public var value: Double?
    /// Text readings, the chosen option's name, and yes/no for booleans.
    public var text: String?
    public var unit: String?
    /// Set when the user entered the value in another unit (99.1 degF for a degC measure).
    public var enteredValue: Double?
    public var enteredUnit: String?

    public init(name: String, value: Double? = nil, text: String? = nil, unit: String? = nil,
                enteredValue: Double? = nil, enteredUnit: String? = nil) {
        self.name = name
        self.value = value
        self.text = text
        self.unit = unit
        self.enteredValue = enteredValue
        self.enteredUnit = enteredUnit
    }

}

/// What happened at one event: done, or a reading; stored, at most one per event.
public struct Outcome: Hashable, Sendable {
    public var activityId: String
    public var date: LocalDate
    public var occurrence: Int
    /// The instant it was recorded (UTC) and the offset of the clock it was recorded on.
    public var recordedAt: Date
    public var utcOffset: Int
    public var note: String?
    /// Empty for interventions; in the measure's field order for assessments.
    public var values: [ReadingValue]
    /// Where health data filled it ("Apple Health · Omron connect"); nil when a person recorded it.
    public var source: String?

    public init(activityId: String, date: LocalDate, occurrence: Int, recordedAt: Date, utcOffset: Int,
                note: String? = nil, values: [ReadingValue] = [], source: String? = nil) {
        self.activityId = activityId
        self.date = date
        self.occurrence = occurrence
        self.recordedAt = recordedAt
        self.utcOffset = utcOffset
        self.note = note
        self.values = values
        self.source = source
    }

    /// Whether `other` is this very record as stored: same event, values, note, and recording
    /// time to the second (the store keeps whole seconds).
    public func isSameRecord(as other: Outcome) -> Bool {
        activityId == other.activityId && date == other.date && occurrence == other.occurrence
            && Int(recordedAt.timeIntervalSince1970) == Int(other.recordedAt.timeIntervalSince1970)
            && utcOffset == other.utcOffset && note == other.note && values == other.values && source == other.source
    }

    /// The recording instant as local ISO 8601 with its offset: `2026-11-21T09:30:00+01:00`.
    public var recordedAtLocal: String { recordedAt.localISO8601(offset: utcOffset) }
}

extension Date {
    /// ISO 8601 on clocks `offset` seconds east of UTC: `2026-11-21T09:30:00+01:00`.
    public func localISO8601(offset: Int) -> String {
        formatted(Date.ISO8601FormatStyle(timeSeparator: .colon, timeZoneSeparator: .colon, timeZone: TimeZone(secondsFromGMT: offset) ?? .gmt))
    }
}
