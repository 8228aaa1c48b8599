import GRDB

/// Several people in one store (migration v12): a `person` table, and every table that holds one
/// person's plan, readings, contacts or health data keyed by `personId` first.
///
/// Each such table is rebuilt with `personId` leading its keys (SQLite cannot change a key in
/// place), so that two people may both have an activity `bp`, and every per-person query is a
/// seek on the person's part of the index. What was in the store becomes the first person's, named
/// after the plan's patient (else "me"); an empty store gets no person until something is written.
///
/// Queries name the person with `person()`, a function each connection of the store answers with
/// the person it is opened for (`CareStore.Person`): one rule, written once per statement, that a
/// query cannot see or write another person's rows. `personId` has no default, so an insert that
/// forgets it fails instead of filing a reading under the wrong person.
enum PeopleSchema {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE person (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,   -- what --person matches: 'Mum'
                createdAt TEXT NOT NULL
            )
            """)
        // Anything at all in a per-person table makes the first person, who owns it from now on.
        let hasData = try tables.contains { try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \($0.name))") ?? false }
        if hasData {
            try db.execute(sql: """
                INSERT INTO person (id, name, createdAt)
                SELECT 1, coalesce((SELECT nullif(trim(patient), '') FROM plan), '\(PlanSnapshot.unnamedPerson)'),
                       coalesce((SELECT updatedAt FROM plan), strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
                """)
        }
        for table in tables {
            try rebuild(db, table: table.name, definition: table.definition, withoutRowID: table.withoutRowID)
        }
        try db.execute(sql: """
            CREATE INDEX outcome_on_date ON outcome(personId, date);
            CREATE INDEX categorySample_on_day ON categorySample(personId, typeId, day);
            CREATE INDEX bloodPressure_on_day ON bloodPressure(personId, day);
            CREATE INDEX workout_on_day ON workout(personId, day);
            """)
        if hasData {
            // The figures kept beside outcomes and samples, made again from them: stores from
            // before v3 and v6 never had them (those migrations leave this to here).
            try DaySummaries.rebuild(db, person: "1")
            try HealthDayTables.rebuildQuantityDays(db, where: "1", person: "1")
        }
    }

    /// Makes `table` anew with `definition` (its columns after `personId`), moving its rows to
    /// person 1. Foreign keys are off during a migration and checked once at its end (GRDB).
    private static func rebuild(_ db: Database, table: String, definition: String, withoutRowID: Bool) throws {
        try db.execute(sql: """
            CREATE TABLE \(table)_v12 (
                personId INTEGER NOT NULL REFERENCES person(id),
            \(definition)
            )\(withoutRowID ? " WITHOUT ROWID" : "")
            """)
        // The columns both shapes have: plan.id and sleepTimer.id (always 1) give way to personId.
        let columns = try String.fetchAll(db, sql: """
            SELECT name FROM pragma_table_info(?) WHERE name IN (SELECT name FROM pragma_table_info(?))
            """, arguments: [table, "\(table)_v12"]).map { "\"\($0)\"" }
        try db.execute(sql: """
            INSERT INTO \(table)_v12 (personId, \(columns.joined(separator: ", "))) SELECT 1, \(columns.joined(separator: ", ")) FROM \(table);
            DROP TABLE \(table);
            ALTER TABLE \(table)_v12 RENAME TO \(table);
            """)
    }

    /// Every per-person table in its v12 shape, parents before the tables that refer to them.
    /// outcomeValue, workoutEvent and workoutStatistic hang off a row id and need no person;
    /// healthType and healthDevice are names shared by everyone; storeIdentity is the file's.
    static let tables: [(name: String, definition: String, withoutRowID: Bool)] = [
        ("plan", """
            title TEXT NOT NULL,
            patient TEXT,
            updatedAt TEXT NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0,
            graceMinutes INTEGER,
            quietHours TEXT,
            patientBorn TEXT,
            PRIMARY KEY (personId)
            """, withoutRowID: false),
        ("patientIdentifier", """
            position INTEGER NOT NULL,
            system TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (personId, position)
            """, withoutRowID: false),
        ("activity", """
            id TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('intervention', 'assessment')),
            position INTEGER NOT NULL,
            createdAt TEXT NOT NULL,
            trackedFrom TEXT,
            PRIMARY KEY (personId, id)
            """, withoutRowID: false),
        ("activityVersion", """
            activityId TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            effectiveFrom TEXT NOT NULL,
            importedAt TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('intervention', 'assessment')),
            title TEXT NOT NULL,
            text TEXT, instructions TEXT, groupName TEXT, color TEXT,
            optional BOOLEAN NOT NULL,
            resettable BOOLEAN NOT NULL,
            startDate TEXT NOT NULL,
            endDate TEXT,
            pattern TEXT NOT NULL CHECK (pattern IN ('daily', 'weekly', 'every', 'asNeeded')),
            perDay INTEGER, everyDays INTEGER,
            mon INTEGER, tue INTEGER, wed INTEGER, thu INTEGER, fri INTEGER, sat INTEGER, sun INTEGER,
            measureType TEXT, aggregate TEXT,
            healthType TEXT, healthGoal REAL,
            sleepWindow TEXT, sleepAwakening INTEGER, sleepHeadline TEXT,
            loinc TEXT, graceMinutes INTEGER,
            PRIMARY KEY (personId, activityId, version),
            FOREIGN KEY (personId, activityId) REFERENCES activity(personId, id) ON DELETE RESTRICT
            """, withoutRowID: false),
        ("activityTime", """
            activityId TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            time TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, version, position)
            """, withoutRowID: false),
        ("measureField", """
            activityId TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            name TEXT NOT NULL, unit TEXT,
            rangeLow DOUBLE, rangeHigh DOUBLE, normalLow DOUBLE, normalHigh DOUBLE,
            decimals INTEGER, loinc TEXT,
            PRIMARY KEY (personId, activityId, version, position)
            """, withoutRowID: false),
        ("fieldOption", """
            activityId TEXT NOT NULL, version INTEGER NOT NULL, field INTEGER NOT NULL, position INTEGER NOT NULL,
            option TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, version, field, position)
            """, withoutRowID: false),
        ("activityHealthSource", """
            activityId TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, version, position)
            """, withoutRowID: false),
        ("outcome", """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            activityId TEXT NOT NULL,
            date TEXT NOT NULL,
            occurrence INTEGER NOT NULL CHECK (occurrence >= 0),
            recordedAt TEXT NOT NULL,
            utcOffset INTEGER NOT NULL,
            note TEXT,
            source TEXT,
            UNIQUE (personId, activityId, date, occurrence),
            FOREIGN KEY (personId, activityId) REFERENCES activity(personId, id) ON DELETE RESTRICT
            """, withoutRowID: false),
        ("daySummary", """
            activityId TEXT NOT NULL,
            field TEXT NOT NULL,
            day INTEGER NOT NULL,   -- days since 1970-01-01 of the outcome's local date
            count INTEGER NOT NULL,
            sum REAL, min REAL, max REAL, last REAL,
            PRIMARY KEY (personId, activityId, field, day),
            FOREIGN KEY (personId, activityId) REFERENCES activity(personId, id) ON DELETE RESTRICT
            """, withoutRowID: true),
        ("reminderSent", """
            activityId TEXT NOT NULL,
            date TEXT NOT NULL,
            occurrence INTEGER NOT NULL,
            stage TEXT NOT NULL CHECK (stage IN ('due', 'overdue')),
            sentAt TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, date, occurrence, stage)
            """, withoutRowID: false),
        ("fhirObservation", """
            identifier TEXT NOT NULL,         -- 'system|value', or 'id:<Observation.id>' without an identifier
            activityId TEXT NOT NULL,
            date TEXT NOT NULL,
            occurrence INTEGER NOT NULL,
            importedAt TEXT NOT NULL,
            PRIMARY KEY (personId, identifier)
            """, withoutRowID: false),
        ("contact", """
            name TEXT NOT NULL,
            position INTEGER NOT NULL,        -- the order of the plan file that last listed it
            PRIMARY KEY (personId, name)
            """, withoutRowID: false),
        ("contactVersion", """
            name TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            effectiveFrom TEXT NOT NULL,
            importedAt TEXT NOT NULL,
            removed INTEGER NOT NULL DEFAULT 0,
            role TEXT,
            groupName TEXT CHECK (groupName IN ('care-team', 'personal')),
            phone TEXT, email TEXT, address TEXT, notes TEXT,
            PRIMARY KEY (personId, name, version),
            FOREIGN KEY (personId, name) REFERENCES contact(personId, name)
            """, withoutRowID: false),
        ("contactActivity", """
            name TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            activityId TEXT NOT NULL,
            PRIMARY KEY (personId, name, version, position)
            """, withoutRowID: false),
        ("sleepTimer", """
            start INTEGER NOT NULL,           -- UTC seconds
            utcOffset INTEGER NOT NULL,
            PRIMARY KEY (personId)
            """, withoutRowID: false),
        ("healthSource", """
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,               -- the app or device that wrote the sample: "Omron connect"
            priority INTEGER,                 -- 1 first, when sources overlap; NULL: the default order
            defaultRank INTEGER NOT NULL DEFAULT 2,   -- the default order: 0 a watch, 1 an iPhone, 2 anything else
            UNIQUE (personId, name)
            """, withoutRowID: false),
        ("quantitySample", """
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            start INTEGER NOT NULL, end INTEGER NOT NULL, utcOffset INTEGER NOT NULL, day INTEGER NOT NULL,
            value REAL NOT NULL,
            unit TEXT NOT NULL,
            deviceId INTEGER REFERENCES healthDevice(id),
            createdAt INTEGER,
            wasUserEntered INTEGER,           -- HKWasUserEntered: 1 typed by hand, 0 measured
            timeZone TEXT,                    -- HKTimeZone
            motionContext INTEGER,            -- HKMetadataKeyHeartRateMotionContext: 0 not set, 1 sedentary, 2 active
            PRIMARY KEY (personId, typeId, sourceId, start, end, value)
            """, withoutRowID: true),
        ("categorySample", """
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            start INTEGER NOT NULL, end INTEGER NOT NULL, utcOffset INTEGER NOT NULL, day INTEGER NOT NULL,
            value TEXT NOT NULL,              -- HKCategoryValueSleepAnalysisAsleepCore; '' when the record has none
            deviceId INTEGER REFERENCES healthDevice(id),
            createdAt INTEGER,
            timeZone TEXT,
            PRIMARY KEY (personId, typeId, sourceId, start, end, value)
            """, withoutRowID: true),
        ("bloodPressure", """
            id INTEGER PRIMARY KEY,
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            start INTEGER NOT NULL, end INTEGER NOT NULL, utcOffset INTEGER NOT NULL, day INTEGER NOT NULL,
            systolic REAL NOT NULL,           -- mmHg
            diastolic REAL NOT NULL,
            deviceId INTEGER REFERENCES healthDevice(id),
            createdAt INTEGER,
            wasUserEntered INTEGER,
            UNIQUE (personId, sourceId, start, end, systolic, diastolic)
            """, withoutRowID: false),
        ("workout", """
            id INTEGER PRIMARY KEY,
            activityType TEXT NOT NULL,       -- HKWorkoutActivityTypeRunning
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            start INTEGER NOT NULL, end INTEGER NOT NULL, utcOffset INTEGER NOT NULL, day INTEGER NOT NULL,
            duration REAL,                    -- seconds, as the export states it
            distance REAL,                    -- metres
            energy REAL,                      -- kcal
            deviceId INTEGER REFERENCES healthDevice(id),
            createdAt INTEGER,
            UNIQUE (personId, activityType, sourceId, start, end)
            """, withoutRowID: false),
        ("healthImport", """
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,
            bytes INTEGER NOT NULL,           -- of the XML
            crc32 INTEGER NOT NULL,           -- of the XML
            sinceDay INTEGER,                 -- --since, as days since 1970-01-01; NULL for all of it
            importedAt INTEGER NOT NULL,      -- UTC seconds
            samples INTEGER NOT NULL,         -- added and already there
            added INTEGER NOT NULL,
            skipped INTEGER NOT NULL
            """, withoutRowID: false),
        ("quantityDay", """
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            day INTEGER NOT NULL,
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            count INTEGER NOT NULL,
            sum REAL NOT NULL, minimum REAL NOT NULL, maximum REAL NOT NULL,
            lastStart INTEGER NOT NULL,       -- the day's latest sample: its start
            lastValue REAL NOT NULL,          -- and its value
            PRIMARY KEY (personId, typeId, day, sourceId)
            """, withoutRowID: true),
        ("mergedDay", """
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            day INTEGER NOT NULL,
            total REAL NOT NULL,
            PRIMARY KEY (personId, typeId, day)
            """, withoutRowID: true),
    ]
}
