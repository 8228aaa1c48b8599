import Foundation
import GRDB

extension CareStore {
    /// Takes back an outcome recorded in this session: removes it and, when it had replaced an
    /// earlier reading, puts that one back exactly as it was. One transaction. Refused for
    /// activities that are not resettable, and when the event no longer holds what this session
    /// wrote (another program changed or cleared it since): undo never destroys someone else's entry.
    public func undoRecording(_ recorded: Outcome, restoring previous: Outcome?) throws {
        let id = recorded.activityId
        try validated(id) { history in
            guard history.activity(on: recorded.date).resettable else { throw CarePlanError.notResettable(id: id) }
            return { db in
                let current = try StoreReader.outcomes(of: id, on: recorded.date, db).first { $0.occurrence == recorded.occurrence }
                guard let current, current.isSameRecord(as: recorded) else {
                    throw CarePlanError.changedElsewhere(id: id, date: recorded.date, occurrence: recorded.occurrence)
                }
                try Self.delete(recorded, db, refresh: previous == nil || previous?.source != nil)
                // A reading health data filled is placed again by the refill, around what is typed.
                if let previous, previous.source == nil { try Self.insert(previous, db) }
                if previous?.source != nil { try self.refill(history.activity(on: recorded.date), on: recorded.date, db) }
            }
        }
    }

    /// Puts back an outcome that was cleared (undoing a reset), with its original timestamp,
    /// values and note. Refused when that event has been recorded again since, or no longer exists.
    public func restore(_ outcome: Outcome) throws {
        try validated(outcome.activityId) { history in
            guard history.activity(on: outcome.date).schedule.hasEvent(on: outcome.date, occurrence: outcome.occurrence) else {
                throw CarePlanError.noSuchOccurrence(id: outcome.activityId, date: outcome.date, occurrence: outcome.occurrence,
                                                     count: history.activity(on: outcome.date).schedule.occurrences(on: outcome.date))
            }
            return { db in
                let occupant = try StoreReader.outcomes(of: outcome.activityId, on: outcome.date, db).first { $0.occurrence == outcome.occurrence }
                if let occupant {
                    // Health data may have filled the occurrence since it was cleared: what was typed comes first.
                    guard occupant.source != nil else {
                        throw CarePlanError.alreadyRecorded(id: outcome.activityId, date: outcome.date, occurrence: outcome.occurrence, resettable: true)
                    }
                    try Self.delete(occupant, db, refresh: false)
                }
                try Self.insert(outcome, db)
                if occupant != nil { try self.refill(history.activity(on: outcome.date), on: outcome.date, db) }
            }
        }
    }

    /// The most recent reading of each of `activityIds` on or before `date`.
    public func latestOutcomes(of activityIds: [String], onOrBefore date: LocalDate) throws -> [String: Outcome] {
        try reading { try $0.latestOutcomes(of: activityIds, onOrBefore: date) }
    }
}

extension StoreReader {
    /// The most recent outcome of each of `activityIds` on or before `date` (the last occurrence of
    /// its latest day): one statement with an index seek per activity for their ids, then rowid
    /// look-ups for them and their values, whatever the length of the history.
    public func latestOutcomes(of activityIds: [String], onOrBefore date: LocalDate) throws -> [String: Outcome] {
        guard !activityIds.isEmpty else { return [:] }
        let list = Array(repeating: "(?)", count: activityIds.count).joined(separator: ", ")
        let seek = try db.cachedStatement(sql: """
            SELECT (SELECT id FROM outcome o WHERE o.personId = person() AND o.activityId = a.column1 AND o.date <= ?
                    ORDER BY o.date DESC, o.occurrence DESC LIMIT 1) FROM (VALUES \(list)) a
            """)
        var arguments: [any DatabaseValueConvertible] = [date.iso]
        arguments += activityIds
        let ids = try Int64?.fetchAll(seek, arguments: StatementArguments(arguments)).compactMap { $0 }
        let found = try OutcomeQuery.fetch(db, ids: ids)
        return Dictionary(found.map { ($0.activityId, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

/// Notices commits made by any process to the database (e.g. `careplan log` in another terminal),
/// through SQLite's `data_version`, which only changes for one connection when others commit; so
/// the watcher keeps a connection of its own.
public final class ChangeWatcher: @unchecked Sendable {
    private let queue: DatabaseQueue
    private var lastVersion: Int?

    public init(path: String, key: StoreKey? = nil) throws {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(1)
        config.prepareDatabase { db in try key?.apply(to: db) }
        queue = try DatabaseQueue(path: path, configuration: config)
    }

    /// True when something was committed since the last call (false on the first call).
    public func hasChanged() -> Bool {
        guard let version = try? queue.read({ try Int.fetchOne($0, sql: "PRAGMA data_version") }) else { return false }
        defer { lastVersion = version }
        return lastVersion.map { $0 != version } ?? false
    }
}
