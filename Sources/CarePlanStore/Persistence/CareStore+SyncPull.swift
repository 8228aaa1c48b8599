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
    /// The server resources bound to events, with their versions: what a pull has already taken.
    public func syncVersions() throws -> [String: String] {
        var versions: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT resource, version FROM syncResource WHERE personId = person()") {
            versions[row[0]] = row[1] ?? ""
        }
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

    /// Ticks another careplan recorded, each on its own occurrence when that is open here; one
    /// already ticked here stays as it is (a dose is taken once). One transaction. Returns how
    /// many landed.
    public func takeTicks(_ ticks: [SyncedTick], clock: CareClock) throws -> Int {
        guard !ticks.isEmpty else { return 0 }
        return try write { db in
            let plan = try StoreReader(db).plan()
            var landed = 0
            for tick in ticks {
                let outcome = tick.outcome
                guard let history = plan.history(outcome.activityId), history.kind == .intervention,
                      history.activity(on: outcome.date).schedule.hasEvent(on: outcome.date, occurrence: outcome.occurrence),
                      outcome.date <= clock.today else { continue }
                let recorded = try StoreReader.outcomes(of: outcome.activityId, on: outcome.date, db)
                if !recorded.contains(where: { $0.occurrence == outcome.occurrence }) {
                    try Self.insert(outcome, db)
                    landed += 1
                    try Self.bind(outcome.activityId, outcome.date, outcome.occurrence, to: tick.binding, db)
                }
            }
            return landed
        }
    }

    /// Server resources that became entered-in-error (another computer cleared a tick or a
    /// reading): the outcomes they brought are cleared here too, unless changed here since. One
    /// transaction; returns how many were cleared.
    public func clearSynced(resources: [String]) throws -> Int {
        guard !resources.isEmpty else { return 0 }
        return try write { db in
            let plan = try StoreReader(db).plan()
            var cleared = 0
            for resource in resources {
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT r.activityId, r.date, r.occurrence, EXISTS (SELECT 1 FROM syncPending p WHERE p.personId = r.personId
                        AND p.activityId = r.activityId AND p.date = r.date AND p.occurrence = r.occurrence)
                    FROM syncResource r WHERE r.personId = person() AND r.resource = ? AND r.origin != 'own'
                    """, arguments: [resource]), let date = LocalDate(iso: row[1] as String) else { continue }
                let activityId: String = row[0], occurrence: Int = row[2], changedHere: Bool = row[3]
                try db.execute(sql: "DELETE FROM syncResource WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                               arguments: [activityId, date.iso, occurrence])
                guard !changedHere, let outcome = try StoreReader.outcomes(of: activityId, on: date, db).first(where: { $0.occurrence == occurrence }),
                      outcome.source == nil else { continue }
                try Self.delete(outcome, db)
                try db.execute(sql: "DELETE FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                               arguments: [activityId, date.iso, occurrence])
                if let history = plan.history(activityId) { try refill(history.activity(on: date), on: date, db) }
                cleared += 1
            }
            return cleared
        }
    }
}
