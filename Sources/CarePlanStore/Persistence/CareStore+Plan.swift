import Foundation
import GRDB

/// What an import did to each activity, for the user to read.
public struct ImportReport: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case added
        case unchanged
        /// A new version governs from `effective` on; earlier days keep the previous one.
        case changed(version: Int, effective: LocalDate)
        /// In the store but not in the file: kept as it is (nothing is deleted by an import).
        case notInFile
    }

    public var title: String
    public var changes: [(id: String, change: Change)]

    public static func == (a: ImportReport, b: ImportReport) -> Bool {
        a.title == b.title && a.changes.map(\.id) == b.changes.map(\.id) && a.changes.map(\.change) == b.changes.map(\.change)
    }

    /// True when the import wrote nothing new (re-importing the same file).
    public var changedNothing: Bool { changes.allSatisfy { $0.change == .unchanged || $0.change == .notInFile } }
}

extension CareStore {
    /// The plan with every activity's versions, in display order.
    public func plan() throws -> PlanSnapshot {
        try read { try Self.loadPlan($0, path: path) }
    }

    static func loadPlan(_ db: Database, path: String) throws -> PlanSnapshot {
        let plan = try PlanRecord.fetchOne(db)
        let activities = try ActivityRecord.order(Column("position"), Column("createdAt")).fetchAll(db)
        let versions = try ActivityVersionRecord.order(Column("effectiveFrom"), Column("version")).fetchAll(db)
        let byActivity = Dictionary(grouping: versions, by: \.activityId)
        let histories = try activities.map { record -> ActivityHistory in
            let decoder = PlanDecoder(file: "\(path) (activity '\(record.id)')")
            let stored = try (byActivity[record.id] ?? []).map { version in
                ActivityVersion(version: version.version, effectiveFrom: LocalDate(iso: version.effectiveFrom)!,
                                activity: try decoder.decodeActivity(version.definition))
            }
            return ActivityHistory(id: record.id, kind: Activity.Kind(rawValue: record.kind)!, versions: stored)
        }
        return PlanSnapshot(title: plan?.title ?? "", patient: plan?.patient, histories: histories.filter { !$0.versions.isEmpty })
    }

    /// Makes the store's plan match `plan` from `effective` on, in one transaction.
    ///
    /// New activities are added; an activity that differs from its version in force on `effective`
    /// gets a new version from that day (until any version dated later), so earlier days keep their
    /// schedule and outcomes; identical ones are left alone (re-importing is idempotent). Activities missing from the file are kept. A change that would leave a
    /// recorded outcome without its event is refused, and then nothing is written.
    @discardableResult
    public func importPlan(_ plan: CarePlan, effective: LocalDate, clock: CareClock) throws -> ImportReport {
        try write { db in
            let now = Timestamp.string(clock.now)
            let existing = try Self.loadPlan(db, path: path)
            try PlanRecord(title: plan.title, patient: plan.patient, updatedAt: now).save(db)
            var report = ImportReport(title: plan.title, changes: [])
            for (position, activity) in plan.activities.enumerated() {
                guard let history = existing.history(activity.id) else {
                    try ActivityRecord(id: activity.id, kind: activity.kind.rawValue, position: position, createdAt: now).insert(db)
                    // The first version governs from the activity's first day, whatever the import date,
                    // so a later version effective before the import date still leaves earlier days to it.
                    try ActivityVersionRecord(activityId: activity.id, version: 1, effectiveFrom: activity.schedule.start.iso,
                                              importedAt: now, definition: PlanEncoder.yaml(activity)).insert(db)
                    report.changes.append((activity.id, .added))
                    continue
                }
                try db.execute(sql: "UPDATE activity SET position = ? WHERE id = ?", arguments: [position, activity.id])
                guard history.kind == activity.kind else {
                    throw CarePlanError.kindChanged(id: activity.id, from: history.kind, to: activity.kind)
                }
                // The file states the plan from `effective` on, so it is compared with the version in
                // force that day: re-importing the file (or its export) finds it equal.
                if history.activity(on: effective) == activity {
                    report.changes.append((activity.id, .unchanged))
                    continue
                }
                try Self.checkOutcomesFit(db, activity: activity, history: history, effective: effective)
                let version = history.versions.map(\.version).max()! + 1
                try ActivityVersionRecord(activityId: activity.id, version: version, effectiveFrom: effective.iso,
                                          importedAt: now, definition: PlanEncoder.yaml(activity)).insert(db)
                report.changes.append((activity.id, .changed(version: version, effective: effective)))
            }
            let inFile = Set(plan.activities.map(\.id))
            for (offset, history) in existing.histories.filter({ !inFile.contains($0.id) }).enumerated() {
                try db.execute(sql: "UPDATE activity SET position = ? WHERE id = ?", arguments: [plan.activities.count + offset, history.id])
                report.changes.append((history.id, .notInFile))
            }
            return report
        }
    }

    /// Every outcome the new version would govern must still match one of its events.
    static func checkOutcomesFit(_ db: Database, activity: Activity, history: ActivityHistory, effective: LocalDate) throws {
        // The new version governs from `effective` until a version with a later effective date.
        let until = history.versions.map(\.effectiveFrom).filter { $0 > effective }.min()
        var request = OutcomeRecord.filter(Column("activityId") == activity.id && Column("date") >= effective.iso)
        if let until { request = request.filter(Column("date") < until.iso) }
        for outcome in try request.order(Column("date"), Column("occurrence")).fetchAll(db) {
            let date = LocalDate(iso: outcome.date)!
            let fits = activity.schedule.covers(date)
                && (activity.schedule.isAsNeeded || outcome.occurrence < activity.schedule.occurrences(on: date))
            if !fits {
                throw CarePlanError.versionBreaksOutcomes(id: activity.id, effective: effective, date: date, occurrence: outcome.occurrence)
            }
        }
    }

    /// Sets the last day of `id` to `date` in every version that ran past it. Outcomes after `date`
    /// would lose their events, so ending before them is refused: nothing is deleted silently.
    /// Returns the activity's last day afterwards: `date`, or an earlier end it already had.
    @discardableResult
    public func end(_ id: String, on date: LocalDate) throws -> LocalDate {
        try write { db in
            let plan = try Self.loadPlan(db, path: path)
            guard let history = plan.history(id) else {
                throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id))
            }
            let later = OutcomeRecord.filter(Column("activityId") == id && Column("date") > date.iso)
            if let first = try later.order(Column("date")).fetchOne(db) {
                throw CarePlanError.endBeforeOutcomes(id: id, end: date, firstLater: LocalDate(iso: first.date)!, count: try later.fetchCount(db))
            }
            if let starting = history.versions.first(where: { $0.activity.schedule.start > date }) {
                throw CarePlanError.invalidValue(id: id, field: "end", message: "a version of it starts on \(starting.activity.schedule.start), after \(date); end it on or after that day")
            }
            var lastDay: LocalDate?
            for stored in history.versions {
                if let end = stored.activity.schedule.end, end <= date {
                    lastDay = max(lastDay ?? end, end)
                    continue
                }
                var activity = stored.activity
                activity.schedule.end = date
                lastDay = date
                try db.execute(sql: "UPDATE activityVersion SET definition = ? WHERE activityId = ? AND version = ?",
                               arguments: [try PlanEncoder.yaml(activity), id, stored.version])
            }
            return lastDay ?? date
        }
    }
}
