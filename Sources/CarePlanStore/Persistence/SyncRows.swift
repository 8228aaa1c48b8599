import GRDB

/// What sync with a FHIR server keeps in the store (migrations v15 and v16, docs/sync.md).
///
/// - `syncServer`: per person, the server's FHIR base, whose Patient and CarePlan careplan keeps
///   there, and how far its last pull read.
/// - `syncPending`: the events whose outcome changed since they were last sent. Triggers on
///   `outcome` write it in the very transaction of the tick, the reading, the edit or the undo,
///   so nothing recorded can be missed by a sync, whatever wrote it and whenever sync runs.
///   `change` grows with every change: a push deletes a row only when it is the change it sent.
/// - `syncResource`: the server's resource that stands for an event, and whose it is (`own`:
///   this store's; `careplan`: another careplan's, updated in place; `clinic`: never written to),
///   and its version on the server when last sent or taken.
enum SyncRows {
    static func create(_ db: Database) throws {
        // The medicine an intervention gives (`medication:`), which decides the resource its ticks are.
        try db.execute(sql: "ALTER TABLE activityVersion ADD COLUMN medication TEXT")
        try db.execute(sql: """
            CREATE TABLE syncServer (
                personId INTEGER PRIMARY KEY REFERENCES person(id) ON DELETE CASCADE,
                url TEXT NOT NULL,
                planSystem TEXT NOT NULL,
                patientId TEXT,
                carePlanId TEXT,
                carePlanVersion TEXT,
                planDigest TEXT,
                pulledSince TEXT,
                tokenFile TEXT,
                lastSync TEXT,
                lastProblem TEXT
            );
            CREATE TABLE syncPending (
                personId INTEGER NOT NULL,
                activityId TEXT NOT NULL,
                date TEXT NOT NULL,
                occurrence INTEGER NOT NULL,
                change INTEGER NOT NULL,
                PRIMARY KEY (personId, activityId, date, occurrence)
            ) WITHOUT ROWID;
            CREATE TABLE syncResource (
                personId INTEGER NOT NULL,
                activityId TEXT NOT NULL,
                date TEXT NOT NULL,
                occurrence INTEGER NOT NULL,
                resource TEXT NOT NULL,
                identifier TEXT NOT NULL,
                origin TEXT NOT NULL CHECK (origin IN ('own', 'careplan', 'clinic')),
                version TEXT,
                PRIMARY KEY (personId, activityId, date, occurrence)
            ) WITHOUT ROWID;
            CREATE INDEX syncResource_on_resource ON syncResource(personId, resource);
            """)
        // Only the people who sync pay for it: one indexed look-up per outcome written otherwise.
        for (event, row) in [("INSERT", "NEW"), ("DELETE", "OLD"), ("UPDATE", "NEW")] {
            try db.execute(sql: """
                CREATE TRIGGER syncPending_after_outcome_\(event.lowercased()) AFTER \(event) ON outcome
                WHEN EXISTS (SELECT 1 FROM syncServer WHERE personId = \(row).personId)
                BEGIN
                    INSERT INTO syncPending (personId, activityId, date, occurrence, change)
                    VALUES (\(row).personId, \(row).activityId, \(row).date, \(row).occurrence,
                            (SELECT coalesce(max(change), 0) + 1 FROM syncPending))
                    ON CONFLICT (personId, activityId, date, occurrence) DO UPDATE SET change = excluded.change;
                END
                """)
        }
    }

    /// v16: the waiting changes by `change`, which a push reads in order 200 at a time and every
    /// write numbers after the last (without it each was a scan of all that wait: a year waiting
    /// to go is 43,000 rows); and `planKey`, what the CarePlan last sent was made from (the plan's
    /// revision, the day, the ids), so a sync knows the plan is unchanged without building it.
    static func orderAndPlanKey(_ db: Database) throws {
        // The second index serves the triggers' max(change), over every person.
        try db.execute(sql: """
            CREATE INDEX syncPending_by_change ON syncPending(personId, change);
            CREATE INDEX syncPending_change ON syncPending(change);
            ALTER TABLE syncServer ADD COLUMN planKey TEXT;
            """)
    }
}
