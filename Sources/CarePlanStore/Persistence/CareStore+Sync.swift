import Foundation
import GRDB

/// Where a person's plan is kept on a FHIR server, and how far careplan has synced with it.
public struct SyncSettings: Sendable, Equatable {
    /// The server's FHIR base, without a trailing slash: `https://fhir.example.org/r4`.
    public var url: String
    /// The identifier system of the Patient and the CarePlan on the server: this store's own
    /// (`urn:uuid:…`), or the one of the store a second computer joined.
    public var planSystem: String
    /// The Patient's and the CarePlan's ids on the server, once known.
    public var patientId: String?
    public var carePlanId: String?
    /// The CarePlan's version on the server and a digest of its content, when last sent or taken:
    /// a plan whose digest differs is a change waiting to go; a server version that moved is the
    /// clinic's change.
    public var carePlanVersion: String?
    public var planDigest: String?
    /// What the CarePlan of `planDigest` was made from (the plan's revision, the day, the ids):
    /// while it is the same, so is the CarePlan, and a sync need not build it to know.
    public var planKey: String?
    /// The server's time the next search for changes starts from (its own clock, never ours).
    public var pulledSince: String?
    /// The file the bearer token is read from each time (never the token itself).
    public var tokenFile: String?
    /// When the last sync finished (local ISO 8601), and what stopped the last one that failed.
    public var lastSync: String?
    public var lastProblem: String?

    public init(url: String, planSystem: String) {
        self.url = url
        self.planSystem = planSystem
    }
}

/// The server's resource that stands for an event: `Observation/ID`, its identifier
/// (`system|value`), and whose it is.
public struct SyncBinding: Sendable, Equatable {
    public enum Origin: String, Sendable { case own, careplan, clinic }
    public var resource: String
    public var identifier: String
    public var origin: Origin
    /// Its version on the server when last sent or taken (`_history/N`).
    public var version: String?

    public init(resource: String, identifier: String, origin: Origin, version: String? = nil) {
        self.resource = resource
        self.identifier = identifier
        self.origin = origin
        self.version = version
    }
}

/// An event whose outcome changed since it was last sent: its outcome now (nil once cleared),
/// and the resource that already stands for it on the server, if any.
public struct PendingEvent: Sendable {
    public var activityId: String
    public var date: LocalDate
    public var occurrence: Int
    /// Which change this is: a push removes the event from the waiting list only if it is still
    /// this change (a tick made while the push was on its way waits for the next).
    public var change: Int64
    public var outcome: Outcome?
    public var binding: SyncBinding?
}

/// How many of a person's changes wait to go, by kind.
public struct PendingCounts: Sendable, Equatable {
    public var readings = 0
    public var ticks = 0
    public var cleared = 0
}

extension StoreReader {
    /// The person's sync settings; nil when they have never synced.
    public func syncSettings() throws -> SyncSettings? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT url, planSystem, patientId, carePlanId, carePlanVersion, planDigest, pulledSince, lastSync, lastProblem, tokenFile, planKey
            FROM syncServer WHERE personId = person()
            """) else { return nil }
        var settings = SyncSettings(url: row[0], planSystem: row[1])
        settings.patientId = row[2]
        settings.carePlanId = row[3]
        settings.carePlanVersion = row[4]
        settings.planDigest = row[5]
        settings.pulledSince = row[6]
        settings.lastSync = row[7]
        settings.lastProblem = row[8]
        settings.tokenFile = row[9]
        settings.planKey = row[10]
        return settings
    }

    /// Up to `limit` events waiting to go, oldest change first, with their outcomes and bindings.
    public func pendingEvents(limit: Int = .max) throws -> [PendingEvent] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.activityId, p.date, p.occurrence, p.change, o.id, r.resource, r.identifier, r.origin, r.version
            FROM syncPending p
            LEFT JOIN outcome o ON o.personId = p.personId AND o.activityId = p.activityId AND o.date = p.date AND o.occurrence = p.occurrence
            LEFT JOIN syncResource r ON r.personId = p.personId AND r.activityId = p.activityId AND r.date = p.date AND r.occurrence = p.occurrence
            WHERE p.personId = person() ORDER BY p.change LIMIT ?
            """, arguments: [limit == .max ? -1 : limit])
        let outcomes = try OutcomeQuery.fetch(db, ids: rows.compactMap { $0[4] as Int64? })
        let byEvent = Dictionary(outcomes.map { ("\($0.activityId)\u{0}\($0.date.iso)\u{0}\($0.occurrence)", $0) }, uniquingKeysWith: { a, _ in a })
        return rows.compactMap { row in
            guard let date = LocalDate(iso: row[1] as String) else { return nil }
            let activityId: String = row[0], occurrence: Int = row[2]
            let binding = (row[5] as String?).map { SyncBinding(resource: $0, identifier: row[6], origin: SyncBinding.Origin(rawValue: row[7]) ?? .clinic, version: row[8]) }
            return PendingEvent(activityId: activityId, date: date, occurrence: occurrence, change: row[3],
                                outcome: byEvent["\(activityId)\u{0}\(date.iso)\u{0}\(occurrence)"], binding: binding)
        }
    }

    /// How many events wait to go: readings and ticks, and cleared ones the server still has.
    public func pendingCounts() throws -> PendingCounts {
        var counts = PendingCounts()
        for row in try Row.fetchAll(db, sql: """
            SELECT a.kind, o.id IS NOT NULL, r.resource IS NOT NULL, r.origin FROM syncPending p
            LEFT JOIN activity a ON a.personId = p.personId AND a.id = p.activityId
            LEFT JOIN outcome o ON o.personId = p.personId AND o.activityId = p.activityId AND o.date = p.date AND o.occurrence = p.occurrence
            LEFT JOIN syncResource r ON r.personId = p.personId AND r.activityId = p.activityId AND r.date = p.date AND r.occurrence = p.occurrence
            WHERE p.personId = person()
            """) {
            let present: Bool = row[1], onServer: Bool = row[2], origin: String? = row[3]
            if origin == SyncBinding.Origin.clinic.rawValue { continue }
            if !present {
                if onServer { counts.cleared += 1 }
            } else if (row[0] as String?) == Activity.Kind.intervention.rawValue {
                counts.ticks += 1
            } else {
                counts.readings += 1
            }
        }
        return counts
    }
}

extension CareStore {
    /// Starts syncing the person with a server, or moves them to another one: every outcome they
    /// have waits to go, in the same transaction. Moving to another server forgets what stood for
    /// events on the old one.
    public func connectSync(_ settings: SyncSettings) throws {
        try write { db in
            let current = try StoreReader(db: db, path: path).syncSettings()
            if current?.url == settings.url, current?.planSystem == settings.planSystem {
                try db.execute(sql: "UPDATE syncServer SET tokenFile = ? WHERE personId = person()", arguments: [settings.tokenFile])
                return
            }
            try db.execute(sql: "DELETE FROM syncResource WHERE personId = person()")
            try db.execute(sql: "DELETE FROM syncPending WHERE personId = person()")
            try db.execute(sql: "DELETE FROM syncServer WHERE personId = person()")
            try db.execute(sql: "INSERT INTO syncServer (personId, url, planSystem, tokenFile) VALUES (person(), ?, ?, ?)",
                           arguments: [settings.url, settings.planSystem, settings.tokenFile])
            try db.execute(sql: """
                INSERT INTO syncPending (personId, activityId, date, occurrence, change)
                SELECT personId, activityId, date, occurrence, row_number() OVER (ORDER BY date, activityId, occurrence)
                FROM outcome WHERE personId = person()
                """)
        }
    }

    /// Saves what a sync learnt about the server (ids, versions, how far it read), in one transaction.
    public func saveSync(_ update: (inout SyncSettings) -> Void) throws {
        try write { db in try Self.saveSync(db, path: path, update) }
    }

    static func saveSync(_ db: Database, path: String, _ update: (inout SyncSettings) -> Void) throws {
        guard var settings = try StoreReader(db: db, path: path).syncSettings() else { return }
        update(&settings)
        try db.execute(sql: """
            UPDATE syncServer SET patientId = ?, carePlanId = ?, carePlanVersion = ?, planDigest = ?, pulledSince = ?, lastSync = ?, lastProblem = ?,
                tokenFile = ?, planKey = ?
            WHERE personId = person()
            """, arguments: [settings.patientId, settings.carePlanId, settings.carePlanVersion, settings.planDigest, settings.pulledSince,
                             settings.lastSync, settings.lastProblem, settings.tokenFile, settings.planKey])
    }

    /// What one acknowledged push changed: each event sent leaves the waiting list (if it has not
    /// changed again meanwhile) and is bound to its resource; a cleared event's resource, now
    /// entered-in-error on the server, is forgotten. One transaction with `update`.
    public func recordPush(_ sent: [(event: PendingEvent, binding: SyncBinding?)], update: (inout SyncSettings) -> Void) throws {
        try write { db in
            let remove = try db.cachedStatement(sql: """
                DELETE FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ? AND change = ?
                """)
            let bind = try db.cachedStatement(sql: """
                INSERT INTO syncResource (personId, activityId, date, occurrence, resource, identifier, origin, version) VALUES (person(), ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (personId, activityId, date, occurrence) DO UPDATE
                SET resource = excluded.resource, identifier = excluded.identifier, origin = excluded.origin, version = excluded.version
                """)
            let unbind = try db.cachedStatement(sql: "DELETE FROM syncResource WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?")
            for (event, binding) in sent {
                try remove.execute(arguments: [event.activityId, event.date.iso, event.occurrence, event.change])
                if let binding {
                    try bind.execute(arguments: [event.activityId, event.date.iso, event.occurrence, binding.resource, binding.identifier, binding.origin.rawValue,
                                                 binding.version])
                } else {
                    try unbind.execute(arguments: [event.activityId, event.date.iso, event.occurrence])
                }
            }
            try Self.saveSync(db, path: path, update)
        }
    }
}
