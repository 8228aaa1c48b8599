import Foundation
import GRDB
import Localization

extension CareStore {
    /// Writes many outcomes at once, fast: generated histories, the demo, benchmarks.
    ///
    /// All outcomes are checked against the plan first (known activity; a day the version in force
    /// schedules; an occurrence below that day's count, or any for as-needed activities; one value
    /// per measure field, inside its `range`), and the first bad one throws before anything is written.
    /// Values are otherwise taken as given: nothing is parsed or converted.
    ///
    /// An outcome whose event already has one, in the store or earlier in `outcomes`, is skipped:
    /// what is recorded wins and is never overwritten. Returns how many outcomes were written.
    ///
    /// Each `batchSize` outcomes are one transaction with reused prepared statements: few commits
    /// (each an fsync) while the write-ahead log stays bounded. If SQLite fails part-way (a full disk),
    /// the batches before the failing one stay written.
    @discardableResult
    public func insert(generated outcomes: [Outcome], batchSize: Int = 10_000) throws -> Int {
        let plan = try plan()
        let histories = Dictionary(plan.histories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for outcome in outcomes {
            try Self.check(outcome, against: histories, plan: plan)
        }
        var written = 0
        var start = outcomes.startIndex
        while start < outcomes.endIndex {
            let end = min(start + max(batchSize, 1), outcomes.endIndex)
            written += try write { db in
                guard try Self.revision(db) == plan.revision else {
                    throw StoreError.database(path: path, message: trn("the plan changed while history was being written; {count} outcome was written before it",
                                                                       "the plan changed while history was being written; {count} outcomes were written before it", written))
                }
                let batch = outcomes[start..<end]
                let count = try Self.insertBatch(batch, db)
                let days = batch.map(\.date)
                if let first = days.min(), let last = days.max() { try DaySummaries.rebuild(db, from: first, through: last) }
                return count
            }
            start = end
        }
        return written
    }

    /// The store's own rules for an event, without the per-outcome queries of `record`.
    static func check(_ outcome: Outcome, against histories: [String: ActivityHistory], plan: PlanSnapshot) throws {
        let id = outcome.activityId
        guard let history = histories[id] else { throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id)) }
        let activity = history.activity(on: outcome.date)
        let schedule = activity.schedule
        guard schedule.isOpen(on: outcome.date) else {
            throw CarePlanError.notScheduled(id: id, date: outcome.date, schedule: schedule.summary)
        }
        guard schedule.hasEvent(on: outcome.date, occurrence: outcome.occurrence) else {
            throw CarePlanError.noSuchOccurrence(id: id, date: outcome.date, occurrence: outcome.occurrence, count: schedule.occurrences(on: outcome.date))
        }
        let fields = activity.measure?.fields ?? []
        guard outcome.values.count == fields.count else {
            throw CarePlanError.wrongValueCount(id: id, expected: fields.map(\.name), got: outcome.values.count)
        }
        for (field, reading) in zip(fields, outcome.values) {
            if let range = field.range, let value = reading.value, !range.contains(value) {
                throw CarePlanError.invalidValue(id: id, field: field.name, message: ReadingParser.outsideRange(NumberText.string(value), low: NumberText.string(range.lowerBound),
                                                                                                                high: NumberText.string(range.upperBound)))
            }
        }
    }

    static func insertBatch(_ outcomes: ArraySlice<Outcome>, _ db: Database) throws -> Int {
        var written = 0
        // Generated outcomes come sorted by date: format each day once.
        var day = Int.min, dayText = ""
        for outcome in outcomes {
            if outcome.date.dayNumber != day {
                day = outcome.date.dayNumber
                dayText = outcome.date.iso
            }
            if try OutcomeRows.insert(outcome, dateText: dayText, skipExisting: true, db) { written += 1 }
        }
        return written
    }
}
