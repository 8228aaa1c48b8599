// Generated from Schema.migrator by SchemaSnapshotTests: do not edit. After adding a migration, run
//   CAREPLAN_WRITE_SCHEMA_SNAPSHOT=1 swift test --filter SchemaSnapshotTests
// A new store is made from it in one transaction (NewStore.swift, docs/storage.md).
extension Schema {
    static let snapshot = Snapshot(
        migrations: [
            "v1: plan, activities, versions, outcomes",
            "v2: covering index for reading statistics",
            "v3: definitions as JSON, plan revision, tracked-from days, day summaries",
            "v4: activity versions as columns",
            "v5: health samples",
            "v6: health figures per day, activities linked to health data",
            "v7: sleep diary settings, the bedside sleep timer",
            "v8: contacts, the care team and personal contacts",
            "v9: LOINC codes, the store's identity, FHIR observations taken in",
            "v10: reminders: grace and quiet hours, notifications sent",
            "v11: the patient's date of birth and identifiers",
            "v12: several people, each with their own plan, readings, contacts and health data",
            "v13: the language a plan is written in",
            "v14: a device is its fields, not the address HealthKit printed; which sources wrote from which devices",
            "v15: sync with a FHIR server: the server, the changes waiting to go, the resources that stand for events; an intervention's medicine",
            "v16: sync's waiting changes in order, and what the plan sent was made from",
            "v17: questionnaires and their responses",
        ],
        statements: [
            #"""
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)
            """#,
            #"""
            CREATE TABLE "outcomeValue" ("outcomeId" INTEGER NOT NULL REFERENCES "outcome"("id") ON DELETE CASCADE, "position" INTEGER NOT NULL, "name" TEXT NOT NULL, "value" DOUBLE, "text" TEXT, "unit" TEXT, "enteredValue" DOUBLE, "enteredUnit" TEXT, PRIMARY KEY ("outcomeId", "position"))
            """#,
            #"""
            CREATE INDEX "outcomeValue_statistics" ON "outcomeValue"("outcomeId", "name", "value")
            """#,
            #"""
            CREATE TABLE healthType (
                id INTEGER PRIMARY KEY,
                identifier TEXT NOT NULL UNIQUE   -- as HealthKit names it: HKQuantityTypeIdentifierHeartRate
            )
            """#,
            #"""
            CREATE TABLE healthDevice (
                id INTEGER PRIMARY KEY,
                sourceVersion TEXT NOT NULL,      -- '' when the export gives none
                device TEXT NOT NULL,             -- '<<HKDevice: 0x…>, name:Apple Watch, …>', or ''
                UNIQUE (sourceVersion, device)
            )
            """#,
            #"""
            CREATE TABLE workoutEvent (
                workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                type TEXT NOT NULL,               -- HKWorkoutEventTypePause, ...Resume, ...Lap, ...Segment, ...Marker
                date INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL,
                duration REAL,                    -- seconds
                PRIMARY KEY (workoutId, type, date)
            )
            """#,
            #"""
            CREATE TABLE workoutStatistic (
                workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                typeId INTEGER NOT NULL REFERENCES healthType(id),
                average REAL, minimum REAL, maximum REAL, sum REAL,   -- canonical unit
                unit TEXT,                        -- as exported
                PRIMARY KEY (workoutId, typeId)
            )
            """#,
            #"""
            CREATE TABLE storeIdentity (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                uuid TEXT NOT NULL
            )
            """#,
            #"""
            CREATE TABLE person (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,   -- what --person matches: 'Mum'
                createdAt TEXT NOT NULL
            )
            """#,
            #"""
            CREATE TABLE "plan" (
                personId INTEGER NOT NULL REFERENCES person(id),
            title TEXT NOT NULL,
            patient TEXT,
            updatedAt TEXT NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0,
            graceMinutes INTEGER,
            quietHours TEXT,
            patientBorn TEXT, language TEXT,
            PRIMARY KEY (personId)
            )
            """#,
            #"""
            CREATE TABLE "patientIdentifier" (
                personId INTEGER NOT NULL REFERENCES person(id),
            position INTEGER NOT NULL,
            system TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (personId, position)
            )
            """#,
            #"""
            CREATE TABLE "activity" (
                personId INTEGER NOT NULL REFERENCES person(id),
            id TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('intervention', 'assessment')),
            position INTEGER NOT NULL,
            createdAt TEXT NOT NULL,
            trackedFrom TEXT,
            PRIMARY KEY (personId, id)
            )
            """#,
            #"""
            CREATE TABLE "activityVersion" (
                personId INTEGER NOT NULL REFERENCES person(id),
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
            loinc TEXT, graceMinutes INTEGER, medication TEXT, questionnaireUrl TEXT, questionnaireVersion TEXT,
            PRIMARY KEY (personId, activityId, version),
            FOREIGN KEY (personId, activityId) REFERENCES activity(personId, id) ON DELETE RESTRICT
            )
            """#,
            #"""
            CREATE TABLE "activityTime" (
                personId INTEGER NOT NULL REFERENCES person(id),
            activityId TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            time TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, version, position)
            )
            """#,
            #"""
            CREATE TABLE "measureField" (
                personId INTEGER NOT NULL REFERENCES person(id),
            activityId TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            name TEXT NOT NULL, unit TEXT,
            rangeLow DOUBLE, rangeHigh DOUBLE, normalLow DOUBLE, normalHigh DOUBLE,
            decimals INTEGER, loinc TEXT,
            PRIMARY KEY (personId, activityId, version, position)
            )
            """#,
            #"""
            CREATE TABLE "fieldOption" (
                personId INTEGER NOT NULL REFERENCES person(id),
            activityId TEXT NOT NULL, version INTEGER NOT NULL, field INTEGER NOT NULL, position INTEGER NOT NULL,
            option TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, version, field, position)
            )
            """#,
            #"""
            CREATE TABLE "activityHealthSource" (
                personId INTEGER NOT NULL REFERENCES person(id),
            activityId TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, version, position)
            )
            """#,
            #"""
            CREATE TABLE "outcome" (
                personId INTEGER NOT NULL REFERENCES person(id),
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
            )
            """#,
            #"""
            CREATE TABLE "daySummary" (
                personId INTEGER NOT NULL REFERENCES person(id),
            activityId TEXT NOT NULL,
            field TEXT NOT NULL,
            day INTEGER NOT NULL,   -- days since 1970-01-01 of the outcome's local date
            count INTEGER NOT NULL,
            sum REAL, min REAL, max REAL, last REAL,
            PRIMARY KEY (personId, activityId, field, day),
            FOREIGN KEY (personId, activityId) REFERENCES activity(personId, id) ON DELETE RESTRICT
            ) WITHOUT ROWID
            """#,
            #"""
            CREATE TABLE "reminderSent" (
                personId INTEGER NOT NULL REFERENCES person(id),
            activityId TEXT NOT NULL,
            date TEXT NOT NULL,
            occurrence INTEGER NOT NULL,
            stage TEXT NOT NULL CHECK (stage IN ('due', 'overdue')),
            sentAt TEXT NOT NULL,
            PRIMARY KEY (personId, activityId, date, occurrence, stage)
            )
            """#,
            #"""
            CREATE TABLE "fhirObservation" (
                personId INTEGER NOT NULL REFERENCES person(id),
            identifier TEXT NOT NULL,         -- 'system|value', or 'id:<Observation.id>' without an identifier
            activityId TEXT NOT NULL,
            date TEXT NOT NULL,
            occurrence INTEGER NOT NULL,
            importedAt TEXT NOT NULL,
            PRIMARY KEY (personId, identifier)
            )
            """#,
            #"""
            CREATE TABLE "contact" (
                personId INTEGER NOT NULL REFERENCES person(id),
            name TEXT NOT NULL,
            position INTEGER NOT NULL,        -- the order of the plan file that last listed it
            PRIMARY KEY (personId, name)
            )
            """#,
            #"""
            CREATE TABLE "contactVersion" (
                personId INTEGER NOT NULL REFERENCES person(id),
            name TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            effectiveFrom TEXT NOT NULL,
            importedAt TEXT NOT NULL,
            removed INTEGER NOT NULL DEFAULT 0,
            role TEXT,
            groupName TEXT CHECK (groupName IN ('care-team', 'personal')),
            phone TEXT, email TEXT, address TEXT, notes TEXT, crisisLine BOOLEAN NOT NULL DEFAULT 0,
            PRIMARY KEY (personId, name, version),
            FOREIGN KEY (personId, name) REFERENCES contact(personId, name)
            )
            """#,
            #"""
            CREATE TABLE "contactActivity" (
                personId INTEGER NOT NULL REFERENCES person(id),
            name TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL,
            activityId TEXT NOT NULL,
            PRIMARY KEY (personId, name, version, position)
            )
            """#,
            #"""
            CREATE TABLE "sleepTimer" (
                personId INTEGER NOT NULL REFERENCES person(id),
            start INTEGER NOT NULL,           -- UTC seconds
            utcOffset INTEGER NOT NULL,
            PRIMARY KEY (personId)
            )
            """#,
            #"""
            CREATE TABLE "healthSource" (
                personId INTEGER NOT NULL REFERENCES person(id),
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,               -- the app or device that wrote the sample: "Omron connect"
            priority INTEGER,                 -- 1 first, when sources overlap; NULL: the default order
            defaultRank INTEGER NOT NULL DEFAULT 2,   -- the default order: 0 a watch, 1 an iPhone, 2 anything else
            UNIQUE (personId, name)
            )
            """#,
            #"""
            CREATE TABLE "quantitySample" (
                personId INTEGER NOT NULL REFERENCES person(id),
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
            ) WITHOUT ROWID
            """#,
            #"""
            CREATE TABLE "categorySample" (
                personId INTEGER NOT NULL REFERENCES person(id),
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            start INTEGER NOT NULL, end INTEGER NOT NULL, utcOffset INTEGER NOT NULL, day INTEGER NOT NULL,
            value TEXT NOT NULL,              -- HKCategoryValueSleepAnalysisAsleepCore; '' when the record has none
            deviceId INTEGER REFERENCES healthDevice(id),
            createdAt INTEGER,
            timeZone TEXT,
            PRIMARY KEY (personId, typeId, sourceId, start, end, value)
            ) WITHOUT ROWID
            """#,
            #"""
            CREATE TABLE "bloodPressure" (
                personId INTEGER NOT NULL REFERENCES person(id),
            id INTEGER PRIMARY KEY,
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            start INTEGER NOT NULL, end INTEGER NOT NULL, utcOffset INTEGER NOT NULL, day INTEGER NOT NULL,
            systolic REAL NOT NULL,           -- mmHg
            diastolic REAL NOT NULL,
            deviceId INTEGER REFERENCES healthDevice(id),
            createdAt INTEGER,
            wasUserEntered INTEGER,
            UNIQUE (personId, sourceId, start, end, systolic, diastolic)
            )
            """#,
            #"""
            CREATE TABLE "workout" (
                personId INTEGER NOT NULL REFERENCES person(id),
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
            )
            """#,
            #"""
            CREATE TABLE "healthImport" (
                personId INTEGER NOT NULL REFERENCES person(id),
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,
            bytes INTEGER NOT NULL,           -- of the XML
            crc32 INTEGER NOT NULL,           -- of the XML
            sinceDay INTEGER,                 -- --since, as days since 1970-01-01; NULL for all of it
            importedAt INTEGER NOT NULL,      -- UTC seconds
            samples INTEGER NOT NULL,         -- added and already there
            added INTEGER NOT NULL,
            skipped INTEGER NOT NULL
            )
            """#,
            #"""
            CREATE TABLE "quantityDay" (
                personId INTEGER NOT NULL REFERENCES person(id),
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            day INTEGER NOT NULL,
            sourceId INTEGER NOT NULL REFERENCES healthSource(id),
            count INTEGER NOT NULL,
            sum REAL NOT NULL, minimum REAL NOT NULL, maximum REAL NOT NULL,
            lastStart INTEGER NOT NULL,       -- the day's latest sample: its start
            lastValue REAL NOT NULL,          -- and its value
            PRIMARY KEY (personId, typeId, day, sourceId)
            ) WITHOUT ROWID
            """#,
            #"""
            CREATE TABLE "mergedDay" (
                personId INTEGER NOT NULL REFERENCES person(id),
            typeId INTEGER NOT NULL REFERENCES healthType(id),
            day INTEGER NOT NULL,
            total REAL NOT NULL,
            PRIMARY KEY (personId, typeId, day)
            ) WITHOUT ROWID
            """#,
            #"""
            CREATE INDEX outcome_on_date ON outcome(personId, date)
            """#,
            #"""
            CREATE INDEX categorySample_on_day ON categorySample(personId, typeId, day)
            """#,
            #"""
            CREATE INDEX bloodPressure_on_day ON bloodPressure(personId, day)
            """#,
            #"""
            CREATE INDEX workout_on_day ON workout(personId, day)
            """#,
            #"""
            CREATE TABLE healthSourceDevice (
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                deviceId INTEGER NOT NULL REFERENCES healthDevice(id),
                PRIMARY KEY (sourceId, deviceId)
            ) WITHOUT ROWID
            """#,
            #"""
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
            , planKey TEXT)
            """#,
            #"""
            CREATE TABLE syncPending (
                personId INTEGER NOT NULL,
                activityId TEXT NOT NULL,
                date TEXT NOT NULL,
                occurrence INTEGER NOT NULL,
                change INTEGER NOT NULL,
                PRIMARY KEY (personId, activityId, date, occurrence)
            ) WITHOUT ROWID
            """#,
            #"""
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
            ) WITHOUT ROWID
            """#,
            #"""
            CREATE INDEX syncResource_on_resource ON syncResource(personId, resource)
            """#,
            #"""
            CREATE TRIGGER syncPending_after_outcome_insert AFTER INSERT ON outcome
            WHEN EXISTS (SELECT 1 FROM syncServer WHERE personId = NEW.personId)
            BEGIN
                INSERT INTO syncPending (personId, activityId, date, occurrence, change)
                VALUES (NEW.personId, NEW.activityId, NEW.date, NEW.occurrence,
                        (SELECT coalesce(max(change), 0) + 1 FROM syncPending))
                ON CONFLICT (personId, activityId, date, occurrence) DO UPDATE SET change = excluded.change;
            END
            """#,
            #"""
            CREATE TRIGGER syncPending_after_outcome_delete AFTER DELETE ON outcome
            WHEN EXISTS (SELECT 1 FROM syncServer WHERE personId = OLD.personId)
            BEGIN
                INSERT INTO syncPending (personId, activityId, date, occurrence, change)
                VALUES (OLD.personId, OLD.activityId, OLD.date, OLD.occurrence,
                        (SELECT coalesce(max(change), 0) + 1 FROM syncPending))
                ON CONFLICT (personId, activityId, date, occurrence) DO UPDATE SET change = excluded.change;
            END
            """#,
            #"""
            CREATE TRIGGER syncPending_after_outcome_update AFTER UPDATE ON outcome
            WHEN EXISTS (SELECT 1 FROM syncServer WHERE personId = NEW.personId)
            BEGIN
                INSERT INTO syncPending (personId, activityId, date, occurrence, change)
                VALUES (NEW.personId, NEW.activityId, NEW.date, NEW.occurrence,
                        (SELECT coalesce(max(change), 0) + 1 FROM syncPending))
                ON CONFLICT (personId, activityId, date, occurrence) DO UPDATE SET change = excluded.change;
            END
            """#,
            #"""
            CREATE INDEX syncPending_by_change ON syncPending(personId, change)
            """#,
            #"""
            CREATE INDEX syncPending_change ON syncPending(change)
            """#,
            #"""
            CREATE TABLE questionnaire (
                url TEXT NOT NULL,
                version TEXT NOT NULL,
                json TEXT NOT NULL,
                importedAt TEXT NOT NULL,
                PRIMARY KEY (url, version)
            )
            """#,
            #"""
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
            )
            """#,
            #"""
            INSERT INTO sqlite_sequence (name, seq) VALUES ('outcome', 0)
            """#,
        ])
}
