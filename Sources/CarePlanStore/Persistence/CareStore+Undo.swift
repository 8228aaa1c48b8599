import Foundation
import GRDB

extension CareStore {
    /// Takes back an outcome recorded in this session: removes it and, when it had replaced an
    /// earlier reading, puts that one back exactly as it was. One transaction. Refused for
    /// activities that are not resettable, and when the event no longer holds what this session
    /// wrote (another program changed or cleared it since): undo never destroys someone else's entry.
    public func undoRecording(_ recorded: Outcome, restoring previous: Outcome?) throws {
        try write { db in
            let id = recorded.activityId
            let history = try Self.history(id, db, path: path)
            guard history.activity(on: recorded.date).resettable else { throw CarePlanError.notResettable(id: id) }
            let current = try Self.outcomes(of: id, on: recorded.date, db).first { $0.occurrence == recorded.occurrence }
            guard let current, current.isSameRecord(as: recorded) else {
                throw CarePlanError.changedElsewhere(id: id, date: recorded.date, occurrence: recorded.occurrence)
            }
            try OutcomeRecord.deleteAll(db, keys: [["activityId": id, "date": recorded.date.iso, "occurrence": recorded.occurrence]])
            if let previous { try Self.insert(previous, db) }
        }
    }

    /// Puts back an outcome that was cleared (undoing a reset), with its original timestamp,
    /// values and note. Refused when that event has been recorded again since.
    public func restore(_ outcome: Outcome) throws {
        try write { db in
            if try Self.outcomes(of: outcome.activityId, on: outcome.date, db).contains(where: { $0.occurrence == outcome.occurrence }) {
                throw CarePlanError.alreadyRecorded(id: outcome.activityId, date: outcome.date, occurrence: outcome.occurrence, resettable: true)
            }
            try Self.insert(outcome, db)
        }
    }

    /// The most recent reading of each of `activityIds` on or before `date`: one indexed lookup per
    /// activity, whatever the length of the history.
    public func latestOutcomes(of activityIds: [String], onOrBefore date: LocalDate) throws -> [String: Outcome] {
        try read { db in
            var latest: [String: Outcome] = [:]
            for id in activityIds {
                let row = try Row.fetchOne(db.cachedStatement(sql: """
                    SELECT date FROM outcome WHERE activityId = ? AND date <= ? ORDER BY date DESC LIMIT 1
                    """), arguments: [id, date.iso])
                guard let day: String = row?["date"], let found = LocalDate(iso: day) else { continue }
                latest[id] = try OutcomeQuery.fetch(db, activityId: id, from: found, to: found).last
            }
            return latest
        }
    }
}

/// Notices commits made by any process to the database (e.g. `careplan log` in another terminal),
/// through SQLite's `data_version`, which only changes for one connection when others commit; so
/// the watcher keeps a connection of its own.
public final class ChangeWatcher: @unchecked Sendable {
    private let queue: DatabaseQueue
    private var lastVersion: Int?

    public init(path: String) throws {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(1)
        queue = try DatabaseQueue(path: path, configuration: config)
    }

    /// True when something was committed since the last call (false on the first call).
    public func hasChanged() -> Bool {
        guard let version = try? queue.read({ try Int.fetchOne($0, sql: "PRAGMA data_version") }) else { return false }
        defer { lastVersion = version }
        return lastVersion.map { $0 != version } ?? false
    }
}
