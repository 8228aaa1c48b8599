import Foundation
import GRDB
import Localization

/// A reading taken elsewhere (a clinic's FHIR Observation), on its way into the plan: which
/// assessment, when, and the values as text with their units, checked as typed ones are.
public struct ExternalReading: Sendable, Equatable {
    /// What makes it the same reading next time (`system|value` of a FHIR identifier).
    public var key: String
    /// How messages name it: the file's id for it.
    public var label: String
    public var activityId: String
    public var recordedAt: Date
    public var utcOffset: Int
    /// One per field, each with its unit (`185 lb`), as `ReadingParser` reads typed values.
    public var inputs: [String]
    public var note: String?
    /// The occurrence it belongs to when the file says (careplan's own export names it); else the
    /// open one nearest its time.
    public var occurrence: Int?
    /// A sleep diary's night, in place of `inputs`.
    public var sleep: SleepDiary.Entry?

    public init(key: String, label: String, activityId: String, recordedAt: Date, utcOffset: Int, inputs: [String], note: String?,
                occurrence: Int? = nil, sleep: SleepDiary.Entry? = nil) {
        self.key = key
        self.label = label
        self.activityId = activityId
        self.recordedAt = recordedAt
        self.utcOffset = utcOffset
        self.inputs = inputs
        self.note = note
        self.occurrence = occurrence
        self.sleep = sleep
    }

    /// Minutes into its day, on the clocks it was taken on.
    var minutes: Int {
        date.minutes(at: Int(recordedAt.timeIntervalSince1970), in: TimeZone(secondsFromGMT: utcOffset) ?? .gmt)
    }

    /// The calendar day it was taken on, on the clocks it was taken on.
    public var date: LocalDate {
        LocalDate(dayNumber: Int(((recordedAt.timeIntervalSince1970 + Double(utcOffset)) / 86_400).rounded(.down)))
    }
}

/// What became of one external reading.
public enum ExternalReadingResult: Sendable, Equatable {
    case added(Outcome)
    /// Kept beside the day's occurrences as an extra reading (a sync: the occurrence it was for
    /// was recorded on another computer too, or the day's occurrences all have readings).
    case addedAsExtra(Outcome)
    /// Taken in by an earlier import (or earlier in the same file).
    case alreadyTaken
    case refused(String)
}

extension CareStore {
    /// Takes readings into their assessments in one transaction. Each lands on its day's open
    /// occurrence nearest its time (one health data filled is open to it, as to a typed
    /// reading); one that cannot (not scheduled that day, in the future, outside the measure's
    /// range, every occurrence recorded) is refused with the reason and the rest still land.
    /// A reading taken once is never taken again, even after its outcome is cleared.
    /// A sync passes the server's resource of each reading by its key (`bindings`): what lands is
    /// bound to it, and does not wait to go back to the server it came from.
    public func take(_ readings: [ExternalReading], clock: CareClock, bindings: [String: SyncBinding] = [:]) throws -> [ExternalReadingResult] {
        try write { db in
            let plan = try StoreReader(db).plan()
            var known = Set(try String.fetchAll(db, sql: "SELECT identifier FROM fhirObservation WHERE personId = person()"))
            let importedAt = clock.now.localISO8601(offset: clock.utcOffsetSeconds)
            return try readings.map { reading -> ExternalReadingResult in
                guard !known.contains(reading.key) else { return .alreadyTaken }
                guard let history = plan.history(reading.activityId) else { return .refused(tr("the plan has no activity '{id}'", ["id": reading.activityId])) }
                let date = reading.date
                let activity = history.activity(on: date)
                guard date <= clock.today else { return .refused(tr("dated {date}, after today", ["date": date.iso])) }
                guard activity.schedule.isOpen(on: date) else {
                    // TRANSLATORS: {schedule} describes when the activity is due, e.g. "daily at 08:00 from 2026-11-01".
                    return .refused(tr("'{id}' is not scheduled on {date} ({schedule})", ["id": activity.id, "date": date.iso, "schedule": activity.schedule.summary]))
                }
                let values: [ReadingValue]
                do { values = try Self.values(of: reading, for: activity, on: date, clock: clock) } catch { return .refused("\(error)") }
                let recorded = try StoreReader.outcomes(of: activity.id, on: date, db)
                let binding = bindings[reading.key]
                let place: SyncPlace
                if let binding {
                    place = try Self.place(reading, binding: binding, activity: activity, on: date, recorded: recorded, db)
                } else {
                    let taken = Set(recorded.filter { $0.source == nil }.map(\.occurrence))
                    let named = reading.occurrence.flatMap { n in !taken.contains(n) && activity.schedule.hasEvent(on: date, occurrence: n) ? n : nil }
                    guard let index = named ?? Self.nearestOpen(activity, on: date, minutes: reading.minutes, taken: taken) else {
                        return .refused(tr("every occurrence of '{id}' on {date} already has a reading", ["id": activity.id, "date": date.iso]))
                    }
                    place = SyncPlace(occurrence: index, note: reading.note, extra: false)
                }
                // Read again: placing a synced reading may have moved the one it met.
                let previous = try StoreReader.outcomes(of: activity.id, on: date, db).first { $0.occurrence == place.occurrence }
                if let previous { try Self.delete(previous, db, refresh: false) }
                let outcome = Outcome(activityId: activity.id, date: date, occurrence: place.occurrence, recordedAt: reading.recordedAt,
                                      utcOffset: reading.utcOffset, note: place.note, values: values)
                try Self.insert(outcome, db)
                if previous != nil || place.extra { try refill(activity, on: date, db) }
                try db.execute(sql: "INSERT INTO fhirObservation (personId, identifier, activityId, date, occurrence, importedAt) VALUES (person(), ?, ?, ?, ?, ?)",
                               arguments: [reading.key, activity.id, date.iso, place.occurrence, importedAt])
                known.insert(reading.key)
                if let binding { try Self.bind(outcome.activityId, outcome.date, outcome.occurrence, to: binding, db) }
                return place.extra ? .addedAsExtra(outcome) : .added(outcome)
            }
        }
    }

    /// The reading's values as its assessment takes them: a sleep diary's night, else each input
    /// checked as a typed one is.
    static func values(of reading: ExternalReading, for activity: Activity, on date: LocalDate, clock: CareClock) throws -> [ReadingValue] {
        guard let entry = reading.sleep else { return try ReadingParser.values(for: activity, inputs: reading.inputs) }
        // The night on the clocks it was written on: yours when they agree (a night across a clock
        // change keeps its extra or missing hour), else its offset's.
        let zone = clock.timeZone.secondsFromGMT(for: reading.recordedAt) == reading.utcOffset
            ? clock.timeZone : TimeZone(secondsFromGMT: reading.utcOffset) ?? .gmt
        return try SleepDiary.values(for: activity, entry: entry, date: date, zone: zone)
    }

    /// The open occurrence whose time is nearest `minutes` (the first open one when the schedule
    /// has no times; the next entry of an as-needed activity); nil when all are recorded.
    static func nearestOpen(_ activity: Activity, on date: LocalDate, minutes: Int, taken: Set<Int>) -> Int? {
        let schedule = activity.schedule
        if schedule.isAsNeeded { return (taken.max() ?? -1) + 1 }
        let open = (0..<schedule.occurrences(on: date)).filter { !taken.contains($0) }
        guard !schedule.times.isEmpty else { return open.first }
        return open.min { a, b in
            abs((schedule.time(ofOccurrence: a)?.minutes ?? 0) - minutes) < abs((schedule.time(ofOccurrence: b)?.minutes ?? 0) - minutes)
        }
    }
}
