import Foundation
import GRDB
import Localization

/// What FHIR needs the store to remember (migration v9).
///
/// - `storeIdentity`: a random UUID made with the store, so identifiers careplan gives its FHIR
///   resources are the same on every export of this store and never collide with another
///   person's store.
/// - `fhirObservation`: each Observation taken in, by its identifier, and the event its reading
///   landed on, so importing the same file again adds nothing.
enum FHIRRows {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE storeIdentity (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                uuid TEXT NOT NULL
            );
            CREATE TABLE fhirObservation (
                identifier TEXT PRIMARY KEY,     -- 'system|value', or 'id:<Observation.id>' without an identifier
                activityId TEXT NOT NULL,
                date TEXT NOT NULL,
                occurrence INTEGER NOT NULL,
                importedAt TEXT NOT NULL
            );
            """)
        try makeIdentity(db)
    }

    /// The store's random identity, made once with the store (by v9, or with a new store's schema).
    static func makeIdentity(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO storeIdentity (id, uuid) VALUES (1, ?)", arguments: [UUID().uuidString.lowercased()])
    }
}

extension StoreReader {
    /// The store's own UUID (lower case), made with it.
    public func storeUUID() throws -> String {
        guard let uuid = try String.fetchOne(db, sql: "SELECT uuid FROM storeIdentity WHERE id = 1") else {
            throw StoreError.damaged(path: path, detail: tr("the store's identity (table storeIdentity) is missing"))
        }
        return uuid
    }

    /// The id of the person the store is open for.
    public func personId() throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT person()"))
    }

    /// The events FHIR Observations filled, by the Observation's key (`system|value` or `id:…`).
    public func importedObservations() throws -> [String: (activityId: String, date: LocalDate, occurrence: Int)] {
        var result: [String: (activityId: String, date: LocalDate, occurrence: Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT identifier, activityId, date, occurrence FROM fhirObservation WHERE personId = person()") {
            guard let date = LocalDate(iso: row[2] as String) else { continue }
            result[row[0]] = (row[1], date, row[3])
        }
        return result
    }
}
