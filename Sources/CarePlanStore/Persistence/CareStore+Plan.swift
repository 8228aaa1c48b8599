import Foundation
import GRDB
import Localization

/// What an import did to each activity, for the user to read.
public struct ImportReport: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case added
        case unchanged
        /// A new version governs from `effective` on; earlier days keep the previous one.
        case changed(version: Int, effective: LocalDate)
        /// In the store but not in the file: kept as it is (nothing is deleted by an import).
        case notInFile
        /// A contact the file no longer lists: out of the plan from `effective` on (kept for the days before).
        case removed(effective: LocalDate)
    }

    public var title: String
    public var changes: [(id: String, change: Change)]
    /// What happened to each contact, by name.
    public var contactChanges: [(name: String, change: Change)] = []
    /// Whether the plan's `reminders:` (grace, quiet hours) changed.
    public var remindersChanged = false
    /// Whether the patient's name, date of birth or identifiers changed.
    public var patientChanged = false
    /// Whether the language the plan says it is written in changed.
    public var languageChanged = false

    public init(title: String, changes: [(id: String, change: Change)], contactChanges: [(name: String, change: Change)] = []) {
        self.title = title
        self.changes = changes
        self.contactChanges = contactChanges
    }

    public static func == (a: ImportReport, b: ImportReport) -> Bool {
        a.title == b.title && a.changes.map(\.id) == b.changes.map(\.id) && a.changes.map(\.change) == b.changes.map(\.change)
            && a.contactChanges.map(\.name) == b.contactChanges.map(\.name) && a.contactChanges.map(\.change) == b.contactChanges.map(\.change)
    }

    /// True when the import wrote nothing new (re-importing the same file).
    public var changedNothing: Bool {
        !remindersChanged && !patientChanged && !languageChanged && (changes.map(\.change) + contactChanges.map(\.change)).allSatisfy { $0 == .unchanged || $0 == .notInFile }
    }
}

extension CareStore {
    /// The plan with every activity's versions, in display order.
    public func plan() throws -> PlanSnapshot {
        try reading { try $0.plan() }
    }

    /// One activity's versions, read without the rest of the plan, for a command about that one
    /// activity (`careplan answer`), with the plan's revision they were read at, which a write
    /// given them checks again (`submit(_:response:…read:)`); an id the store does not have throws,
    /// naming those it has.
    public func history(of id: String) throws -> ActivityAsRead {
        let (history, revision, known) = try reading { try $0.history(id) }
        guard let history else { throw CarePlanError.unknownActivity(id, known: try reading { _ in try known() }) }
        return ActivityAsRead(history: history, revision: revision)
    }

    /// Makes the store's plan match `plan` from `effective` on, in one transaction.
    ///
    /// New activities are added, followed from `effective` (or today, if that is earlier); an
    /// activity that differs from its version in force on `effective` gets a new version from that
    /// day (until any version dated later), so earlier days keep their schedule and outcomes;
    /// identical ones are left alone (re-importing is idempotent). Activities missing from the file
    /// are kept. A change that would leave a recorded outcome without its event is refused, and then
    /// nothing is written. Every row is written only where it differs, and the plan's revision
    /// moves only when a row did: a file that changes nothing leaves the store byte for byte as it
    /// was.
    @discardableResult
    /// Activities linked to health data are filled again in the same transaction (`healthFill`).
    public func importPlan(_ plan: CarePlan, effective: LocalDate, clock: CareClock) throws -> ImportReport {
        let tracked = min(effective, clock.today).iso
        suggestFirstPerson(plan.patient)
        return try write { db in
            let now = Timestamp.string(clock.now)
            let existing = try StoreReader(db: db, path: path).plan()
            // What the rows below change, counted by SQLite: nothing, when the file says what the store holds.
            let changesBefore = db.totalChangesCount
            try db.execute(sql: """
                INSERT INTO plan (personId, title, patient, updatedAt, revision, graceMinutes, quietHours, patientBorn, language)
                VALUES (person(), ?, ?, ?, 1, ?, ?, ?, ?)
                ON CONFLICT (personId) DO UPDATE SET title = excluded.title, patient = excluded.patient, updatedAt = excluded.updatedAt,
                    graceMinutes = excluded.graceMinutes, quietHours = excluded.quietHours, patientBorn = excluded.patientBorn,
                    language = excluded.language
                WHERE title IS NOT excluded.title OR patient IS NOT excluded.patient OR graceMinutes IS NOT excluded.graceMinutes
                    OR quietHours IS NOT excluded.quietHours OR patientBorn IS NOT excluded.patientBorn OR language IS NOT excluded.language
                """, arguments: [plan.title, plan.patient, now, plan.reminders.graceMinutes, plan.reminders.quietText, plan.patientDetails.born?.iso,
                                 plan.language])
            if existing.patientDetails.identifiers != plan.patientDetails.identifiers {
                try db.execute(sql: "DELETE FROM patientIdentifier WHERE personId = person()")
                for (position, identifier) in plan.patientDetails.identifiers.enumerated() {
                    try db.execute(sql: "INSERT INTO patientIdentifier (personId, position, system, value) VALUES (person(), ?, ?, ?)",
                                   arguments: [position, identifier.system, identifier.value])
                }
            }
            try FormRows.store(plan.forms, importedAt: now, db)
            var report = ImportReport(title: plan.title, changes: [])
            report.remindersChanged = !existing.isEmpty && existing.reminders != plan.reminders
            report.patientChanged = !existing.isEmpty && (existing.patient != plan.patient || existing.patientDetails != plan.patientDetails)
            report.languageChanged = !existing.isEmpty && existing.language != plan.language
            for (position, activity) in plan.activities.enumerated() {
                guard let history = existing.history(activity.id) else {
                    try db.execute(sql: "INSERT INTO activity (personId, id, kind, position, createdAt, trackedFrom) VALUES (person(), ?, ?, ?, ?, ?)",
                                   arguments: [activity.id, activity.kind.rawValue, position, now, tracked])
                    // The first version governs from the activity's first day, whatever the import date,
                    // so a later version effective before the import date still leaves earlier days to it.
                    try ActivityRows.insert(activity, version: 1, effectiveFrom: activity.schedule.start, importedAt: now, into: db)
                    report.changes.append((activity.id, .added))
                    continue
                }
                try ActivityRows.setPosition(position, of: activity.id, in: db)
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
                try ActivityRows.insert(activity, version: version, effectiveFrom: effective, importedAt: now, into: db)
                report.changes.append((activity.id, .changed(version: version, effective: effective)))
            }
            report.contactChanges = try ContactRows.importContacts(plan.contacts, existing: existing.contactHistories, effective: effective,
                                                                  importedAt: now, into: db)
            let inFile = Set(plan.activities.map(\.id))
            for (offset, history) in existing.histories.filter({ !inFile.contains($0.id) }).enumerated() {
                try ActivityRows.setPosition(plan.activities.count + offset, of: history.id, in: db)
                report.changes.append((history.id, .notInFile))
            }
            if db.totalChangesCount != changesBefore { try Self.bumpRevision(db) }
            try healthFill?(db, nil, nil, clock.today)
            return report
        }
    }

    /// Marks the plan changed, so writes validated against the old one try again.
    static func bumpRevision(_ db: Database) throws {
        try db.execute(sql: "UPDATE plan SET revision = revision + 1 WHERE personId = person()")
    }

    /// Every outcome the new version would govern must still match one of its events.
    static func checkOutcomesFit(_ db: Database, activity: Activity, history: ActivityHistory, effective: LocalDate) throws {
        // The new version governs from `effective` until a version with a later effective date.
        let until = history.versions.map(\.effectiveFrom).filter { $0 > effective }.min()
        // Outcomes health data filled are placed again after the import, under the new version.
        var request = OutcomeRecord.filter(sql: "personId = person()").filter(Column("activityId") == activity.id && Column("date") >= effective.iso && Column("source") == nil)
        if let until { request = request.filter(Column("date") < until.iso) }
        for outcome in try request.order(Column("date"), Column("occurrence")).fetchAll(db) {
            let date = LocalDate(iso: outcome.date)!
            if !activity.schedule.hasEvent(on: date, occurrence: outcome.occurrence) {
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
            let plan = try StoreReader(db: db, path: path).plan()
            guard let history = plan.history(id) else {
                throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id))
            }
            // What health data filled after the last day goes with the days; what people recorded stops the end.
            try db.execute(sql: "DELETE FROM outcome WHERE personId = person() AND activityId = ? AND date > ? AND source IS NOT NULL", arguments: [id, date.iso])
            let later = OutcomeRecord.filter(sql: "personId = person()").filter(Column("activityId") == id && Column("date") > date.iso && Column("source") == nil)
            if let first = try later.order(Column("date")).fetchOne(db) {
                throw CarePlanError.endBeforeOutcomes(id: id, end: date, firstLater: LocalDate(iso: first.date)!, count: try later.fetchCount(db))
            }
            if let starting = history.versions.first(where: { $0.activity.schedule.start > date }) {
                throw CarePlanError.invalidValue(id: id, field: "end", message: tr("a version of it starts on {start}, after {date}; end it on or after that day",
                                                                                   ["start": starting.activity.schedule.start.iso, "date": date.iso]))
            }
            var lastDay: LocalDate?
            for stored in history.versions {
                if let end = stored.activity.schedule.end, end <= date {
                    lastDay = max(lastDay ?? end, end)
                    continue
                }
                lastDay = date
                try ActivityRows.setEnd(date, activityId: id, version: stored.version, in: db)
            }
            try Self.bumpRevision(db)
            return lastDay ?? date
        }
    }
}

extension StoreReader {
    /// The plan with every activity's versions, in display order: column reads (ActivityRows).
    /// `.dueList` reads what a due list shows (see `PlanDetail`).
    public func plan(_ detail: PlanDetail = .full) throws -> PlanSnapshot {
        let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT title, patient, revision, graceMinutes, quietHours, patientBorn, language, (SELECT name FROM person WHERE id = person()) AS person
            FROM plan WHERE personId = person()
            """))
        let versions = try ActivityRows.read(db, activityId: nil, path: path, detail: detail)
        // A cursor rather than Row.fetchAll, whose first use in a process costs a search of every
        // conformance in the program (docs/performance.md, "careplan status").
        var histories: [ActivityHistory] = []
        let activities = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, kind, trackedFrom FROM activity WHERE personId = person() ORDER BY position, createdAt"))
        while let activity = try activities.next() {
            let id: String = activity[0]
            histories.append(try history(id: id, kind: activity[1], trackedFrom: activity[2], versions: versions[id] ?? []))
        }
        let quiet = (row?[4] as String?).flatMap(Reminders.quiet)
        var plan = PlanSnapshot(title: row?[0] ?? "", patient: row?[1], histories: histories.filter { !$0.versions.isEmpty },
                                revision: row?[2] ?? 0, contacts: detail == .full ? try ContactRows.read(db, path: path) : [],
                                reminders: Reminders(graceMinutes: row?[3] ?? Reminders.standard.graceMinutes, quiet: quiet),
                                patientDetails: detail == .full ? try patientDetails(born: row?[5]) : PatientDetails())
        plan.person = row?[7]
        plan.language = row?[6]
        return plan
    }

    /// The date of birth as stored and the identifiers, in the file's order.
    func patientDetails(born: String?) throws -> PatientDetails {
        let identifiers = try Row.fetchAll(db.cachedStatement(sql: "SELECT system, value FROM patientIdentifier WHERE personId = person() ORDER BY position"))
            .map { PatientDetails.Identifier(system: $0[0], value: $0[1]) }
        let date = born.flatMap { LocalDate(iso: $0) }
        if let born, date == nil { throw StoreError.damaged(path: path, detail: tr("the patient's date of birth '{date}'", ["date": born])) }
        return PatientDetails(born: date, identifiers: identifiers)
    }

    /// One activity's history and the plan's revision, without decoding the rest of the plan.
    func history(_ id: String) throws -> (history: ActivityHistory?, revision: Int, known: () throws -> [String]) {
        let revision = try Int.fetchOne(db.cachedStatement(sql: "SELECT revision FROM plan WHERE personId = person()")) ?? 0
        let known = { try String.fetchAll(self.db, sql: "SELECT id FROM activity WHERE personId = person() ORDER BY position, createdAt") }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT kind, trackedFrom FROM activity WHERE personId = person() AND id = ?"), arguments: [id]) else {
            return (nil, revision, known)
        }
        let versions = try ActivityRows.read(db, activityId: id, path: path)
        let history = try self.history(id: id, kind: row[0], trackedFrom: row[1], versions: versions[id] ?? [])
        return (history.versions.isEmpty ? nil : history, revision, known)
    }

    private func history(id: String, kind: String, trackedFrom: String?, versions: [ActivityVersion]) throws -> ActivityHistory {
        guard let kind = Activity.Kind(rawValue: kind) else {
            throw StoreError.damaged(path: path, detail: tr("activity '{id}' has an unknown kind '{kind}'", ["id": id, "kind": kind]))
        }
        return ActivityHistory(id: id, kind: kind, versions: versions, trackedFrom: trackedFrom.flatMap { LocalDate(iso: $0) })
    }
}
