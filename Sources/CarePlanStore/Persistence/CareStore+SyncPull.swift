import Foundation
import GRDB
import Localization

/// A tick another careplan recorded for this person, on its way in from the server: the outcome
/// it stands for, and the resource.
public struct SyncedTick: Sendable {
    public var outcome: Outcome
    public var binding: SyncBinding

    public init(outcome: Outcome, binding: SyncBinding) {
        self.outcome = outcome
        self.binding = binding
    }
}

extension StoreReader {
    /// The versions of the server resources bound to events among `resources` (`Observation/ID`):
    /// what a pull has already taken. All of them when there are many.
    public func syncVersions(of resources: [String]) throws -> [String: String] {
        guard !resources.isEmpty else { return [:] }
        var versions: [String: String] = [:]
        let rows: [Row]
        if resources.count <= 500 {
            rows = try Row.fetchAll(db, sql: """
                SELECT resource, version FROM syncResource WHERE personId = person() AND resource IN (\(databaseQuestionMarks(count: resources.count)))
                """, arguments: StatementArguments(resources))
        } else {
            rows = try Row.fetchAll(db, sql: "SELECT resource, version FROM syncResource WHERE personId = person()")
        }
        for row in rows { versions[row[0]] = row[1] ?? "" }
        return versions
    }
}

extension CareStore {
    /// Binds an event to the server's resource that stands for it; the event, now as the server
    /// has it, no longer waits to go.
    static func bind(_ activityId: String, _ date: LocalDate, _ occurrence: Int, to binding: SyncBinding, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO syncResource (personId, activityId, date, occurrence, resource, identifier, origin, version) VALUES (person(), ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (personId, activityId, date, occurrence) DO UPDATE
            SET resource = excluded.resource, identifier = excluded.identifier, origin = excluded.origin, version = excluded.version
            """, arguments: [activityId, date.iso, occurrence, binding.resource, binding.identifier, binding.origin.rawValue, binding.version])
        try db.execute(sql: "DELETE FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                       arguments: [activityId, date.iso, occurrence])
    }

    /// Ticks another careplan recorded, each on its own occurrence when that is open here. One
    /// ticked here too while the computers were apart is one dose: the tick already on the server
    /// is kept and this computer's, not sent yet, gives way to it (so one resource stands for the
    /// dose); one ticked here and sent already stays as it is. One transaction. Returns how many
    /// landed and the occurrences ticked on both computers.
    public func takeTicks(_ ticks: [SyncedTick], clock: CareClock) throws -> (landed: Int, both: [String]) {
        guard !ticks.isEmpty else { return (0, []) }
        return try write { db in
            let plan = try StoreReader(db).plan()
            var landed = 0, both: [String] = []
            for tick in ticks {
                let outcome = tick.outcome
                guard let history = plan.history(outcome.activityId), history.kind == .intervention,
                      history.activity(on: outcome.date).schedule.hasEvent(on: outcome.date, occurrence: outcome.occurrence),
                      outcome.date <= clock.today else { continue }
                let recorded = try StoreReader.outcomes(of: outcome.activityId, on: outcome.date, db)
                if let here = recorded.first(where: { $0.occurrence == outcome.occurrence }) {
                    guard here.source == nil, try Self.binding(outcome.activityId, outcome.date, outcome.occurrence, db) == nil else { continue }
                    try Self.delete(here, db, refresh: false)
                    both.append(tr("{activity} on {date}: ticked on both computers; the tick already on the server kept",
                                   ["activity": outcome.activityId, "date": outcome.date.iso]))
                }
                try Self.insert(outcome, db)
                landed += 1
                try Self.bind(outcome.activityId, outcome.date, outcome.occurrence, to: tick.binding, db)
            }
            return (landed, both)
        }
    }

    /// The event a server resource stands for here, and whether it changed here since it was last
    /// sent or taken (it waits to go).
    static func boundEvent(_ resource: String, _ db: Database) throws -> (activityId: String, date: LocalDate, occurrence: Int, changedHere: Bool)? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT r.activityId, r.date, r.occurrence, EXISTS (SELECT 1 FROM syncPending p WHERE p.personId = r.personId
                AND p.activityId = r.activityId AND p.date = r.date AND p.occurrence = r.occurrence)
            FROM syncResource r WHERE r.personId = person() AND r.resource = ?
            """, arguments: [resource]), let date = LocalDate(iso: row[1] as String) else { return nil }
        return (row[0], date, row[2], row[3])
    }

    /// The resource bound to an event, if any.
    static func binding(_ activityId: String, _ date: LocalDate, _ occurrence: Int, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT resource FROM syncResource WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                            arguments: [activityId, date.iso, occurrence])
    }

    /// New versions of resources already bound here (another computer, or the clinic, edited a
    /// reading or a tick): each event takes the values, time and note of its new version, unless
    /// it changed here since (then this computer's change goes to the server over it at this
    /// sync's push: the later edit wins). One transaction. Returns how many were taken and the
    /// events kept as changed here.
    public func takeEdits(readings: [(reading: ExternalReading, version: String?, resource: String)], ticks: [SyncedTick],
                          clock: CareClock) throws -> (taken: Int, keptHere: [String]) {
        guard !readings.isEmpty || !ticks.isEmpty else { return (0, []) }
        return try write { db in
            let plan = try StoreReader(db).plan()
            var taken = 0, keptHere: [String] = []
            let edits = readings.map { (resource: $0.resource, version: $0.version, reading: Optional($0.reading), tick: Outcome?.none) }
                + ticks.map { (resource: $0.binding.resource, version: $0.binding.version, reading: ExternalReading?.none, tick: Optional($0.outcome)) }
            for edit in edits {
                guard let (activityId, date, occurrence, changedHere) = try Self.boundEvent(edit.resource, db) else { continue }
                guard let history = plan.history(activityId),
                      let current = try StoreReader.outcomes(of: activityId, on: date, db).first(where: { $0.occurrence == occurrence }) else { continue }
                if changedHere {
                    keptHere.append(tr("{activity} on {date}: changed here and on the server; this computer's change sent",
                                       ["activity": activityId, "date": date.iso]))
                    continue
                }
                var updated = current
                if let reading = edit.reading {
                    guard let values = try? Self.values(of: reading, for: history.activity(on: date), on: date, clock: clock) else { continue }
                    (updated.values, updated.recordedAt, updated.utcOffset, updated.note) = (values, reading.recordedAt, reading.utcOffset, reading.note)
                } else if let tick = edit.tick {
                    (updated.recordedAt, updated.utcOffset, updated.note) = (tick.recordedAt, tick.utcOffset, tick.note)
                }
                if updated != current {
                    try Self.delete(current, db, refresh: false)
                    try Self.insert(updated, db)
                    taken += 1
                }
                try db.execute(sql: "UPDATE syncResource SET version = ? WHERE personId = person() AND resource = ?", arguments: [edit.version, edit.resource])
                try db.execute(sql: "DELETE FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                               arguments: [activityId, date.iso, occurrence])
            }
            return (taken, keptHere)
        }
    }

    /// Server resources that became entered-in-error (another computer cleared a tick or a
    /// reading, its own or this one's): the outcomes they stand for are cleared here too (a
    /// questionnaire's answers voided with them), unless
    /// changed here since. One transaction; returns how many were cleared.
    public func clearSynced(resources: [String]) throws -> Int {
        guard !resources.isEmpty else { return 0 }
        return try write { db in
            let plan = try StoreReader(db).plan()
            var cleared = 0
            for resource in resources {
                guard let (activityId, date, occurrence, changedHere) = try Self.boundEvent(resource, db) else { continue }
                try db.execute(sql: "DELETE FROM syncResource WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                               arguments: [activityId, date.iso, occurrence])
                guard !changedHere, let outcome = try StoreReader.outcomes(of: activityId, on: date, db).first(where: { $0.occurrence == occurrence }),
                      outcome.source == nil else { continue }
                try Self.delete(outcome, db)
                try Self.voidResponses(activityId, date, occurrence, db)
                try db.execute(sql: "DELETE FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                               arguments: [activityId, date.iso, occurrence])
                if let history = plan.history(activityId) { try refill(history.activity(on: date), on: date, db) }
                cleared += 1
            }
            return cleared
        }
    }
}
