import Foundation
import GRDB

/// A recorded outcome, and the one it replaced when a resettable reading was entered again.
public struct RecordedOutcome: Sendable {
    public var activity: Activity
    public var outcome: Outcome
    public var replaced: Outcome?
}

extension CareStore {
    /// Marks an intervention's occurrence done: `occurrence`, or the first open one that day.
    @discardableResult
    public func markDone(_ id: String, date: LocalDate, occurrence: Int? = nil, note: String? = nil, clock: CareClock) throws -> RecordedOutcome {
        try record(id, kind: .intervention, date: date, occurrence: occurrence, note: note, clock: clock) { _ in [] }
    }

    /// Records an assessment reading from what the user typed (one input per field).
    @discardableResult
    public func log(_ id: String, inputs: [String], unit: String? = nil, date: LocalDate, occurrence: Int? = nil,
                    note: String? = nil, clock: CareClock) throws -> RecordedOutcome {
        try record(id, kind: .assessment, date: date, occurrence: occurrence, note: note, clock: clock) { activity in
            try ReadingParser.values(for: activity, inputs: inputs, unit: unit)
        }
    }

    /// Clears a recorded outcome: `occurrence`, or the latest one recorded that day.
    /// Refused for activities that are not resettable.
    @discardableResult
    public func reset(_ id: String, date: LocalDate, occurrence: Int? = nil) throws -> Outcome {
        try write { db in
            let history = try Self.history(id, db, path: path)
            guard history.activity(on: date).resettable else { throw CarePlanError.notResettable(id: id) }
            let recorded = try Self.outcomes(of: id, on: date, db)
            let target = occurrence.map { n in recorded.first { $0.occurrence == n } } ?? recorded.last
            guard let target else {
                throw CarePlanError.notRecorded(id: id, date: date, occurrence: occurrence ?? 0)
            }
            try OutcomeRecord.deleteAll(db, keys: [["activityId": id, "date": date.iso, "occurrence": target.occurrence]])
            return target
        }
    }

    /// Checks the event exists and is open (or may be replaced), then writes the outcome, all in
    /// one transaction: a rejected action writes nothing.
    private func record(_ id: String, kind: Activity.Kind, date: LocalDate, occurrence: Int?, note: String?, clock: CareClock,
                        values: (Activity) throws -> [ReadingValue]) throws -> RecordedOutcome {
        try write { db in
            let history = try Self.history(id, db, path: path)
            guard history.kind == kind else { throw CarePlanError.wrongKind(id: id, kind: history.kind) }
            let activity = history.activity(on: date)
            let schedule = activity.schedule
            guard schedule.covers(date), schedule.isAsNeeded || schedule.occurrences(on: date) > 0 else {
                throw CarePlanError.notScheduled(id: id, date: date, schedule: schedule.summary)
            }
            guard date <= clock.today else { throw CarePlanError.futureDate(date, today: clock.today) }
            // What was typed is checked first: a bad value is the more useful thing to hear about.
            let readings = try values(activity)
            let recorded = try Self.outcomes(of: id, on: date, db)
            let taken = Set(recorded.map(\.occurrence))
            let index: Int
            if schedule.isAsNeeded {
                // Each log of an as-needed activity is its own entry, numbered in order.
                let next = (taken.max() ?? -1) + 1
                index = occurrence ?? next
                guard index == next || taken.contains(index) else {
                    throw CarePlanError.noSuchOccurrence(id: id, date: date, occurrence: index, count: next + 1)
                }
            } else {
                let count = schedule.occurrences(on: date)
                if let occurrence {
                    guard (0..<count).contains(occurrence) else {
                        throw CarePlanError.noSuchOccurrence(id: id, date: date, occurrence: occurrence, count: count)
                    }
                    index = occurrence
                } else {
                    guard let open = (0..<count).first(where: { !taken.contains($0) }) else {
                        throw CarePlanError.allOccurrencesRecorded(id: id, date: date, count: count)
                    }
                    index = open
                }
            }
            let previous = recorded.first { $0.occurrence == index }
            if previous != nil {
                guard kind == .assessment else { throw CarePlanError.alreadyRecorded(id: id, date: date, occurrence: index, resettable: activity.resettable) }
                guard activity.resettable else { throw CarePlanError.notResettable(id: id) }
                try OutcomeRecord.deleteAll(db, keys: [["activityId": id, "date": date.iso, "occurrence": index]])
            }
            let outcome = Outcome(activityId: id, date: date, occurrence: index, recordedAt: clock.now,
                                  utcOffset: clock.utcOffsetSeconds, note: note.flatMap { $0.isEmpty ? nil : $0 }, values: readings)
            try Self.insert(outcome, db)
            return RecordedOutcome(activity: activity, outcome: outcome, replaced: previous)
        }
    }

    static func history(_ id: String, _ db: Database, path: String) throws -> ActivityHistory {
        let plan = try loadPlan(db, path: path)
        guard let history = plan.history(id) else { throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id)) }
        return history
    }

    static func insert(_ outcome: Outcome, _ db: Database) throws {
        var record = OutcomeRecord(id: nil, activityId: outcome.activityId, date: outcome.date.iso, occurrence: outcome.occurrence,
                                   recordedAt: Timestamp.string(outcome.recordedAt), utcOffset: outcome.utcOffset, note: outcome.note)
        try record.insert(db)
        for (position, value) in outcome.values.enumerated() {
            try OutcomeValueRecord(outcomeId: record.id!, position: position, name: value.name, value: value.value, text: value.text,
                                   unit: value.unit, enteredValue: value.enteredValue, enteredUnit: value.enteredUnit).insert(db)
        }
    }

    static func outcomes(of id: String, on date: LocalDate, _ db: Database) throws -> [Outcome] {
        try OutcomeQuery.fetch(db, activityId: id, from: date, to: date)
    }
}
