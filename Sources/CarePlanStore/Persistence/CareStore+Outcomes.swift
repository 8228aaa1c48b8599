import Foundation
import GRDB
import Localization

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
            // A questionnaire's reading is its answers' score, never a number typed in their place.
            guard activity.questionnaire == nil else { throw CarePlanError.isAQuestionnaire(id: id) }
            return try ReadingParser.values(for: activity, inputs: inputs, unit: unit)
        }
    }

    /// Records a sleep diary entry for the night that ended on the morning of `date`.
    @discardableResult
    public func logSleep(_ id: String, entry: SleepDiary.Entry, date: LocalDate, occurrence: Int? = nil, note: String? = nil,
                         clock: CareClock) throws -> RecordedOutcome {
        try record(id, kind: .assessment, date: date, occurrence: occurrence, note: note, clock: clock) { activity in
            guard activity.measure?.type == .sleep else {
                // TRANSLATORS: --bed and --wake are options, "measure: type: sleep" what a plan file says; keep them as they are.
                throw CarePlanError.invalidValue(id: id, field: "value", message: tr("--bed, --wake and the other sleep options are for a sleep diary (measure: type: sleep); '{id}' takes values",
                                                                                     ["id": id]))
            }
            return try SleepDiary.values(for: activity, entry: entry, date: date, zone: clock.timeZone)
        }
    }

    /// Clears a recorded outcome: `occurrence`, or the latest one recorded that day.
    /// Refused for activities that are not resettable.
    @discardableResult
    public func reset(_ id: String, date: LocalDate, occurrence: Int? = nil) throws -> Outcome {
        try validated(id) { history in
            guard history.activity(on: date).resettable else { throw CarePlanError.notResettable(id: id) }
            return { db in
                let recorded = try StoreReader.outcomes(of: id, on: date, db)
                let target = occurrence.map { n in recorded.first { $0.occurrence == n } } ?? recorded.last { $0.source == nil } ?? recorded.last
                guard let target else {
                    throw CarePlanError.notRecorded(id: id, date: date, occurrence: occurrence ?? 0)
                }
                // Health data filled it: clearing it would only last until the data is read again.
                if let source = target.source { throw CarePlanError.filledByHealthData(id: id, date: date, source: source) }
                try Self.delete(target, db)
                try Self.voidResponses(id, date, target.occurrence, db)
                // A sample of the day may fill the occurrence now.
                try self.refill(history.activity(on: date), on: date, db)
                return target
            }
        }
    }

    /// Checks the event exists and is open (or may be replaced), then writes the outcome, all
    /// against one revision of the plan: a rejected action writes nothing.
    private func record(_ id: String, kind: Activity.Kind, date: LocalDate, occurrence: Int?, note: String?, clock: CareClock,
                        values: @escaping (Activity) throws -> [ReadingValue]) throws -> RecordedOutcome {
        try validated(id) { history in
            let activity = history.activity(on: date)
            guard history.kind == kind else {
                throw activity.questionnaire != nil ? CarePlanError.isAQuestionnaire(id: id) : CarePlanError.wrongKind(id: id, kind: history.kind)
            }
            let schedule = activity.schedule
            guard schedule.isOpen(on: date) else {
                throw CarePlanError.notScheduled(id: id, date: date, schedule: schedule.summary)
            }
            guard date <= clock.today else { throw CarePlanError.futureDate(date, today: clock.today) }
            if let note, let problem = InputLimits.check(note, InputLimits.longText, .note) {
                throw CarePlanError.invalidValue(id: id, field: "note", message: problem)
            }
            // What was typed is checked first, and before the write lock: a bad value is the more
            // useful thing to hear about, and parsing it holds nobody up.
            let readings = try values(activity)
            return { db in
                let recorded = try StoreReader.outcomes(of: id, on: date, db)
                // What health data filled is open to what a person records; with none open, the
                // first filled occurrence takes it.
                let index = try Self.occurrence(occurrence, of: activity, on: date, taken: Set(recorded.map(\.occurrence)),
                                                filled: Set(recorded.filter { $0.source != nil }.map(\.occurrence)))
                let previous = recorded.first { $0.occurrence == index }
                if let previous, previous.source != nil {
                    // A typed reading wins over the sample that filled the occurrence; the refill
                    // below keeps the sample as one of the day's extra readings.
                    try Self.delete(previous, db, refresh: false)
                } else if let previous {
                    guard kind == .assessment else { throw CarePlanError.alreadyRecorded(id: id, date: date, occurrence: index, resettable: activity.resettable) }
                    guard activity.resettable else { throw CarePlanError.notResettable(id: id) }
                    try Self.delete(previous, db, refresh: false)
                }
                let outcome = Outcome(activityId: id, date: date, occurrence: index, recordedAt: clock.now,
                                      utcOffset: clock.utcOffsetSeconds, note: note.flatMap { $0.isEmpty ? nil : $0 }, values: readings)
                try Self.insert(outcome, db)
                if previous?.source != nil { try self.refill(activity, on: date, db) }
                return RecordedOutcome(activity: activity, outcome: outcome, replaced: previous)
            }
        }
    }

    /// The occurrence an outcome goes to: the one asked for, else the first open one (for
    /// as-needed activities, the next entry).
    static func occurrence(_ asked: Int?, of activity: Activity, on date: LocalDate, taken: Set<Int>, filled: Set<Int> = []) throws -> Int {
        let id = activity.id
        if activity.schedule.isAsNeeded {
            // Each log of an as-needed activity is its own entry, numbered in order.
            let next = (taken.max() ?? -1) + 1
            let index = asked ?? next
            guard index == next || taken.contains(index) else {
                throw CarePlanError.noSuchOccurrence(id: id, date: date, occurrence: index, count: next + 1)
            }
            return index
        }
        let count = activity.schedule.occurrences(on: date)
        if let asked {
            guard activity.schedule.hasEvent(on: date, occurrence: asked) else {
                throw CarePlanError.noSuchOccurrence(id: id, date: date, occurrence: asked, count: count)
            }
            return asked
        }
        guard let open = (0..<count).first(where: { !taken.contains($0) }) ?? (0..<count).first(where: { filled.contains($0) }) else {
            throw CarePlanError.allOccurrencesRecorded(id: id, date: date, count: count)
        }
        return open
    }

    /// Validates against the plan outside any write transaction, then runs the write that
    /// `validate` returns in one, after checking (one row read) that the plan is the one validated
    /// against. Should an import have landed in between, it starts over with the new plan. A
    /// caller that has just read the activity (`history(of:)`) gives that `read` for the first try.
    func validated<T>(_ id: String, read: ActivityAsRead? = nil, _ validate: (ActivityHistory) throws -> (Database) throws -> T) throws -> T {
        var given = read
        for _ in 0..<5 {
            let current = try given ?? history(of: id)
            given = nil
            let write = try validate(current.history)
            let result: T? = try self.write { db in
                guard try Self.revision(db) == current.revision else { return nil }
                return try write(db)
            }
            if let result { return result }
        }
        throw StoreError.database(path: path, message: tr("the plan kept changing while this was being recorded; nothing was written, try again"))
    }

    /// Places health data in `activity`'s day again after a person changed it, when it is linked.
    func refill(_ activity: Activity, on date: LocalDate, _ db: Database) throws {
        guard activity.health != nil else { return }
        try healthFill?(db, activity.id, date, date)
    }

    static func revision(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT revision FROM plan WHERE personId = person()")) ?? 0
    }

    /// Writes one outcome and its values, and refreshes that day's summaries.
    static func insert(_ outcome: Outcome, _ db: Database) throws {
        try OutcomeRows.insert(outcome, skipExisting: false, db)
        try DaySummaries.refresh(db, activityId: outcome.activityId, dates: [outcome.date])
    }

    /// Deletes the outcome of `outcome`'s event (its values go with it), and refreshes that day's
    /// summaries unless an insert into the same day follows.
    static func delete(_ outcome: Outcome, _ db: Database, refresh: Bool = true) throws {
        try OutcomeRows.delete(activityId: outcome.activityId, date: outcome.date, occurrence: outcome.occurrence, db)
        if refresh { try DaySummaries.refresh(db, activityId: outcome.activityId, dates: [outcome.date]) }
    }
}
