import GRDB
import Localization

/// How the store keeps questionnaires and their responses (migration v17).
///
/// - `questionnaire`: each form a plan asked, word for word as its file gave it, once per canonical
///   url and version (a form is the same for everyone in the store; FHIR says a url and version
///   name one content). An activity version names its form in two columns.
/// - `questionnaireResponse`: every response, each answering of an event a new row (`revision` 1,
///   2…): answering a past occurrence again keeps the earlier response, and the new one says
///   `amended`. The answers are the QuestionnaireResponse's `item` list as FHIR nests it (groups,
///   repeats, follow-ups under their answer), keyed by linkId; the response's scores are the event's
///   outcome, a reading like any other. A response `in-progress` is a draft, and has no outcome.
enum FormRows {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE activityVersion ADD COLUMN questionnaireUrl TEXT;
            ALTER TABLE activityVersion ADD COLUMN questionnaireVersion TEXT;   -- '' when the form gives none
            -- A contact to call in a crisis (crisis-line: true).
            ALTER TABLE contactVersion ADD COLUMN crisisLine BOOLEAN NOT NULL DEFAULT 0;
            CREATE TABLE questionnaire (
                url TEXT NOT NULL,
                version TEXT NOT NULL,
                json TEXT NOT NULL,
                importedAt TEXT NOT NULL,
                PRIMARY KEY (url, version)
            );
            CREATE TABLE questionnaireResponse (
                id INTEGER PRIMARY KEY,
                personId INTEGER NOT NULL REFERENCES person(id),
                activityId TEXT NOT NULL,
                date TEXT NOT NULL,
                occurrence INTEGER NOT NULL CHECK (occurrence >= 0),
                revision INTEGER NOT NULL CHECK (revision >= 1),
                status TEXT NOT NULL CHECK (status IN ('in-progress', 'completed', 'amended', 'entered-in-error')),
                questionnaireUrl TEXT NOT NULL,
                questionnaireVersion TEXT NOT NULL,
                author TEXT,               -- who answered, when not the patient ('Anna (daughter)')
                startedAt TEXT NOT NULL,   -- UTC, ISO 8601
                completedAt TEXT,          -- NULL while in progress
                utcOffset INTEGER NOT NULL,
                items TEXT NOT NULL,       -- QuestionnaireResponse.item, JSON
                alerts TEXT,               -- linkIds whose answers need the care team, space-separated; NULL: none
                acknowledgedAt TEXT,       -- when the person said they had seen the alert
                UNIQUE (personId, activityId, date, occurrence, revision),
                FOREIGN KEY (questionnaireUrl, questionnaireVersion) REFERENCES questionnaire(url, version)
            );
            """)
    }

    /// Keeps `forms`; one the store holds already must be word for word the same.
    static func store(_ forms: [StoredForm], importedAt: String, _ db: Database) throws {
        for form in forms {
            let reference = form.reference
            if let kept = try String.fetchOne(db, sql: "SELECT json FROM questionnaire WHERE url = ? AND version = ?",
                                              arguments: [reference.url, reference.version]) {
                guard kept == form.json else { throw CarePlanError.formChanged(canonical: reference.canonical) }
                continue
            }
            try db.execute(sql: "INSERT INTO questionnaire (url, version, json, importedAt) VALUES (?, ?, ?, ?)",
                           arguments: [reference.url, reference.version, form.json, importedAt])
        }
    }

    /// The form `reference` names, as its file gave it.
    static func form(_ reference: FormReference, _ db: Database) throws -> StoredForm? {
        try String.fetchOne(db, sql: "SELECT json FROM questionnaire WHERE url = ? AND version = ?", arguments: [reference.url, reference.version])
            .map { StoredForm(reference: reference, json: $0) }
    }

    /// Every form the store keeps, oldest first.
    static func forms(_ db: Database) throws -> [StoredForm] {
        try Row.fetchAll(db, sql: "SELECT url, version, json FROM questionnaire ORDER BY importedAt, url, version").map {
            StoredForm(reference: FormReference(url: $0[0], version: $0[1]), json: $0[2])
        }
    }
}
