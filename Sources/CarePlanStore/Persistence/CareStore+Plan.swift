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
        try reading { try $0.plan() }
    }

    /// Makes the store's plan match `plan` from `effective` on, in one transaction.
    ///
    /// New activities are added, followed from `effective` (or today, if that is earlier); an
    /// activity that differs from its version in force on `effective` gets a new version from that
    /// day (until any version dated later), so earlier days keep their schedule and outcomes;
    /// identical ones are left alone (re-importing is idempotent). Activities missing from the file
    /// are kept. A change that would leave a recorded outcome without its event is refused, and then
    /// nothing is written.
    @discardableResult
    public func importPlan(_ plan: CarePlan, effective: LocalDate, clock: CareClock) throws -> ImportReport {
        // Encoded before the write lock is taken: the transaction only reads and writes rows.
        let definitions = try Dictionary(plan.activities.map { ($0.id, try StoredActivity.json($0)) }, uniquingKeysWith: { a, _ in a })
        let tracked = min(effective, clock.today).iso
        return try write { db in
            let now = Timestamp.string(clock.now)
            let existing = try StoreReader(db: db, path: path).plan()
            try db.execute(sql: """
                INSERT INTO plan (id, title, patient, updatedAt, revision) VALUES (1, ?, ?, ?, 1)
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, patient = excluded.patient, updatedAt = excluded.updatedAt
                """, arguments: [plan.title, plan.patient, now])
            var report = ImportReport(title: plan.title, changes: [])
            for (position, activity) in plan.activities.enumerated() {
                guard let history = existing.history(activity.id) else {
                    try db.execute(sql: "INSERT INTO activity (id, kind, position, createdAt, trackedFrom) VALUES (?, ?, ?, ?, ?)",
                                   arguments: [activity.id, activity.kind.rawValue, position, now, tracked])
                    // The first version governs from the activity's first day, whatever the import date,
                    // so a later version effective before the import date still leaves earlier days to it.
                    try ActivityVersionRecord(activityId: activity.id, version: 1, effectiveFrom: activity.schedule.start.iso,
                                              importedAt: now, definition: definitions[activity.id]!).insert(db)
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
                                          importedAt: now, definition: definitions[activity.id]!).insert(db)
                report.changes.append((activity.id, .changed(version: version, effective: effective)))
            }
            let inFile = Set(plan.activities.map(\.id))
            for (offset, history) in existing.histories.filter({ !inFile.contains($0.id) }).enumerated() {
                try db.execute(sql: "UPDATE activity SET position = ? WHERE id = ?", arguments: [plan.activities.count + offset, history.id])
                report.changes.append((history.id, .notInFile))
            }
            try Self.bumpRevision(db)
            return report
        }
    }

    /// Marks the plan changed, so writes validated against the old one try again.
    static func bumpRevision(_ db: Database) throws {
        try db.execute(sql: "UPDATE plan SET revision = revision + 1")
    }

    /// Every outcome the new version would govern must still match one of its events.
    static func checkOutcomesFit(_ db: Database, activity: Activity, history: ActivityHistory, effective: LocalDate) throws {
        // The new version governs from `effective` until a version with a later effective date.
        let until = history.versions.map(\.effectiveFrom).filter { $0 > effective }.min()
        var request = OutcomeRecord.filter(Column("activityId") == activity.id && Column("date") >= effective.iso)
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
                               arguments: [try StoredActivity.json(activity), id, stored.version])
            }
            try Self.bumpRevision(db)
            return lastDay ?? date
        }
    }
}

extension StoreReader {
    /// The plan with every activity's versions, in display order: rows, with SQLite's JSON
    /// functions taking each stored definition apart into typed columns. No YAML, and no JSON
    /// parser in Swift: decoding 120 activities through Foundation was a fifth of `careplan today`.
    public func plan() throws -> PlanSnapshot {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT title, patient, revision FROM plan WHERE id = 1"))
        let activities = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, kind, trackedFrom FROM activity ORDER BY position, createdAt"))
        let versions = try StoredVersions(db, activityId: nil, path: path)
        let histories = try activities.map { row -> ActivityHistory in
            let id: String = row[0]
            return try history(id: id, kind: row[1], trackedFrom: row[2], versions: versions.byActivity[id] ?? [])
        }
        return PlanSnapshot(title: row?["title"] ?? "", patient: row?["patient"], histories: histories.filter { !$0.versions.isEmpty },
                            revision: row?["revision"] ?? 0)
    }

    /// One activity's history and the plan's revision, without decoding the rest of the plan.
    func history(_ id: String) throws -> (history: ActivityHistory?, revision: Int, known: () throws -> [String]) {
        let revision = try Int.fetchOne(db.cachedStatement(sql: "SELECT revision FROM plan WHERE id = 1")) ?? 0
        let known = { try String.fetchAll(self.db, sql: "SELECT id FROM activity ORDER BY position, createdAt") }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT kind, trackedFrom FROM activity WHERE id = ?"), arguments: [id]) else {
            return (nil, revision, known)
        }
        let versions = try StoredVersions(db, activityId: id, path: path)
        let history = try self.history(id: id, kind: row[0], trackedFrom: row[1], versions: versions.byActivity[id] ?? [])
        return (history.versions.isEmpty ? nil : history, revision, known)
    }

    private func history(id: String, kind: String, trackedFrom: String?, versions: [ActivityVersion]) throws -> ActivityHistory {
        guard let kind = Activity.Kind(rawValue: kind) else {
            throw StoreError.damaged(path: path, detail: "activity '\(id)' has an unknown kind '\(kind)'")
        }
        return ActivityHistory(id: id, kind: kind, versions: versions, trackedFrom: trackedFrom.flatMap { LocalDate(iso: $0) })
    }
}

/// Stored activity versions read back through SQLite's JSON functions (`json_extract`,
/// `json_each`): one query for the versions, one for their measures' fields, every value a typed
/// column. The JSON shape is `StoredActivity`'s; a row this careplan cannot have written is damage.
struct StoredVersions {
    var byActivity: [String: [ActivityVersion]] = [:]

    init(_ db: Database, activityId: String?, path: String) throws {
        let filter = activityId == nil ? "" : "WHERE v.activityId = ?"
        let arguments: StatementArguments = activityId.map { [$0] } ?? []
        // Lists come back as "index=value" joined by the unit separator, put in order here.
        func list(_ column: String) -> String {
            "(SELECT group_concat(key || '=' || value, char(31)) FROM json_each(\(column)))"
        }
        let versions = try db.cachedStatement(sql: """
            SELECT v.activityId, v.version, v.effectiveFrom, v.definition ->> '$.kind', v.definition ->> '$.title', v.definition ->> '$.text',
                   v.definition ->> '$.instructions', v.definition ->> '$.group', v.definition ->> '$.color', v.definition ->> '$.optional',
                   v.definition ->> '$.resettable', v.definition ->> '$.schedule.start', v.definition ->> '$.schedule.end',
                   v.definition ->> '$.schedule.daily', v.definition ->> '$.schedule.asNeeded', v.definition ->> '$.schedule.every.days',
                   v.definition ->> '$.schedule.every.times', \(list("v.definition, '$.schedule.weekly'")), \(list("v.definition, '$.schedule.times'")),
                   v.definition ->> '$.measure.type', v.definition ->> '$.measure.aggregate', v.definition ->> '$.id'
            FROM activityVersion v \(filter)
            ORDER BY v.effectiveFrom, v.version
            """)
        let fields = try db.cachedStatement(sql: """
            SELECT v.activityId, v.version, f.value ->> '$.name', f.value ->> '$.unit', f.value ->> '$.range[0]', f.value ->> '$.range[1]',
                   f.value ->> '$.normal[0]', f.value ->> '$.normal[1]', f.value ->> '$.decimals', \(list("f.value, '$.options'"))
            FROM activityVersion v, json_each(v.definition, '$.measure.fields') f \(filter)
            ORDER BY v.activityId, v.version, f.key
            """)
        var measureFields: [String: [Measure.Field]] = [:]
        let fieldRows = try Row.fetchCursor(fields, arguments: arguments)
        while let row = try fieldRows.next() {
            let key = "\(row[0] as String)#\(row[1] as Int)"
            func interval(_ low: Int, _ high: Int) -> ClosedRange<Double>? {
                guard let a: Double = row[low], let b: Double = row[high], a <= b else { return nil }
                return a...b
            }
            guard let name: String = row[2] else { throw StoreError.damaged(path: path, detail: "a measure field of '\(row[0] as String)' has no name") }
            measureFields[key, default: []].append(Measure.Field(name: name, unit: row[3], range: interval(4, 5), normal: interval(6, 7),
                                                                 decimals: row[8], options: Self.ordered(row[9]).map(\.value)))
        }
        let rows = try Row.fetchCursor(versions, arguments: arguments)
        while let row = try rows.next() {
            let id: String = row[0], number: Int = row[1]
            let damaged = StoreError.damaged(path: path, detail: "version \(number) of activity '\(id)' cannot be read")
            guard let effective = LocalDate(iso: row[2] as String), let kind = (row[3] as String?).flatMap(Activity.Kind.init(rawValue:)),
                  let title: String = row[4], let start = (row[11] as String?).flatMap({ LocalDate(iso: $0) }), row[21] as String? == id else {
                throw damaged
            }
            let pattern: Schedule.Pattern
            if let daily: Int = row[13] {
                pattern = .daily(daily)
            } else if let weekly: String = row[17] {
                var perDay: [Weekday: Int] = [:]
                for (key, count) in Self.ordered(weekly, keyed: true) {
                    guard let day = Weekday(key: key), let n = Int(count) else { throw damaged }
                    perDay[day] = n
                }
                pattern = .weekly(perDay)
            } else if let days: Int = row[15], let times: Int = row[16] {
                pattern = .every(days: days, times: times)
            } else if row[14] as Bool? == true {
                pattern = .asNeeded
            } else {
                throw damaged
            }
            let times = try Self.ordered(row[18]).map { entry -> TimeOfDay in
                guard let time = TimeOfDay(text: entry.value) else { throw damaged }
                return time
            }
            let end = (row[12] as String?).flatMap { LocalDate(iso: $0) }
            var measure: Measure?
            if let typeText: String = row[19] {
                guard let type = Measure.ValueType(rawValue: typeText),
                      let aggregate = (row[20] as String?).flatMap(Measure.Aggregate.init(rawValue:)) else { throw damaged }
                measure = Measure(type: type, fields: measureFields["\(id)#\(number)"] ?? [], aggregate: aggregate)
            }
            let activity = Activity(id: id, kind: kind, title: title, text: row[5], instructions: row[6], group: row[7], color: row[8],
                                    optional: row[9] ?? false, resettable: row[10] ?? true,
                                    schedule: Schedule(start: start, end: end, pattern: pattern, times: times), measure: measure)
            byActivity[id, default: []].append(ActivityVersion(version: number, effectiveFrom: effective, activity: activity))
        }
    }

    /// "0=08:00␟1=20:00" (from `json_each`, joined by the unit separator) as its entries in index
    /// order; for an object (`keyed`), its "mon=1␟wed=2" pairs as given.
    static func ordered(_ text: String?, keyed: Bool = false) -> [(key: String, value: String)] {
        guard let text, !text.isEmpty else { return [] }
        let entries = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { entry -> (key: String, value: String) in
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        return keyed ? entries : entries.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }
    }
}
