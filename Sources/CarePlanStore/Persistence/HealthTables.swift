import GRDB

/// The tables that hold health data the way HealthKit models it: quantity, category, blood
/// pressure and workout samples, each with its source.
///
/// They live in the store's own migrator, beside the plan, because one migrator that knows every
/// table is what lets a store from a newer careplan be recognised and refused; the model, the
/// import and the queries over them are the HealthData and AppleHealthImport targets' business.
///
/// Instants are whole seconds since 1970 in UTC (`start`, `end`, `createdAt`), each sample keeps
/// the offset it was recorded with (`utcOffset`, seconds east of UTC) and its `day`: the local
/// calendar day of its start in that offset, as days since 1970-01-01, like an outcome's date.
/// Values are REAL in the canonical unit of their dimension; `unit` is the unit as exported.
/// Every sample kind has a natural key (type, source, start, end, value), so importing the same
/// export twice stores nothing twice. For the two big tables it is the primary key of a table
/// without row ids: one B-tree less to write per sample, which was a third of an import's writing.
enum HealthTables {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE healthType (
                id INTEGER PRIMARY KEY,
                identifier TEXT NOT NULL UNIQUE   -- as HealthKit names it: HKQuantityTypeIdentifierHeartRate
            );
            CREATE TABLE healthSource (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,        -- the app or device that wrote the sample: "Omron connect"
                priority INTEGER,                 -- 1 first, when sources overlap; NULL: the default order
                defaultRank INTEGER NOT NULL DEFAULT 2   -- the default order: 0 a watch, 1 an iPhone, 2 anything else
            );
            -- The app's version and the device description, kept once: a watch writes the same
            -- 130-character description on every one of its million heart rates.
            CREATE TABLE healthDevice (
                id INTEGER PRIMARY KEY,
                sourceVersion TEXT NOT NULL,      -- '' when the export gives none
                device TEXT NOT NULL,             -- '<<HKDevice: 0x…>, name:Apple Watch, …>', or ''
                UNIQUE (sourceVersion, device)
            );
            CREATE TABLE quantitySample (
                typeId INTEGER NOT NULL REFERENCES healthType(id),
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                start INTEGER NOT NULL,
                end INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL,
                day INTEGER NOT NULL,
                value REAL NOT NULL,
                unit TEXT NOT NULL,
                deviceId INTEGER REFERENCES healthDevice(id),
                createdAt INTEGER,
                wasUserEntered INTEGER,           -- HKWasUserEntered: 1 typed by hand, 0 measured
                timeZone TEXT,                    -- HKTimeZone
                motionContext INTEGER,            -- HKMetadataKeyHeartRateMotionContext: 0 not set, 1 sedentary, 2 active
                PRIMARY KEY (typeId, sourceId, start, end, value)
            ) WITHOUT ROWID;
            CREATE INDEX quantitySample_on_day ON quantitySample(typeId, day);   -- dropped in v6 (QuantityRange)
            CREATE TABLE categorySample (
                typeId INTEGER NOT NULL REFERENCES healthType(id),
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                start INTEGER NOT NULL,
                end INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL,
                day INTEGER NOT NULL,
                value TEXT NOT NULL,              -- HKCategoryValueSleepAnalysisAsleepCore; '' when the record has none
                deviceId INTEGER REFERENCES healthDevice(id),
                createdAt INTEGER,
                timeZone TEXT,
                PRIMARY KEY (typeId, sourceId, start, end, value)
            ) WITHOUT ROWID;
            CREATE INDEX categorySample_on_day ON categorySample(typeId, day);
            -- One reading per HKCorrelationTypeIdentifierBloodPressure, however often the export
            -- repeats its two values.
            CREATE TABLE bloodPressure (
                id INTEGER PRIMARY KEY,
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                start INTEGER NOT NULL,
                end INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL,
                day INTEGER NOT NULL,
                systolic REAL NOT NULL,           -- mmHg
                diastolic REAL NOT NULL,
                deviceId INTEGER REFERENCES healthDevice(id),
                createdAt INTEGER,
                wasUserEntered INTEGER,
                UNIQUE (sourceId, start, end, systolic, diastolic)
            );
            CREATE INDEX bloodPressure_on_day ON bloodPressure(day);
            CREATE TABLE workout (
                id INTEGER PRIMARY KEY,
                activityType TEXT NOT NULL,       -- HKWorkoutActivityTypeRunning
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                start INTEGER NOT NULL,
                end INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL,
                day INTEGER NOT NULL,
                duration REAL,                    -- seconds, as the export states it
                distance REAL,                    -- metres
                energy REAL,                      -- kcal
                deviceId INTEGER REFERENCES healthDevice(id),
                createdAt INTEGER,
                UNIQUE (activityType, sourceId, start, end)
            );
            CREATE INDEX workout_on_day ON workout(day);
            CREATE TABLE workoutEvent (
                workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                type TEXT NOT NULL,               -- HKWorkoutEventTypePause, ...Resume, ...Lap, ...Segment, ...Marker
                date INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL,
                duration REAL,                    -- seconds
                PRIMARY KEY (workoutId, type, date)
            );
            -- Each export imported: what it was (its size and CRC-32, so the same file is
            -- recognised without reading it again), when, and what it brought.
            CREATE TABLE healthImport (
                id INTEGER PRIMARY KEY,
                file TEXT NOT NULL,
                bytes INTEGER NOT NULL,           -- of the XML
                crc32 INTEGER NOT NULL,           -- of the XML
                sinceDay INTEGER,                 -- --since, as days since 1970-01-01; NULL for all of it
                importedAt INTEGER NOT NULL,      -- UTC seconds
                samples INTEGER NOT NULL,         -- added and already there
                added INTEGER NOT NULL,
                skipped INTEGER NOT NULL
            );
            CREATE TABLE workoutStatistic (
                workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                typeId INTEGER NOT NULL REFERENCES healthType(id),
                average REAL, minimum REAL, maximum REAL, sum REAL,   -- canonical unit
                unit TEXT,                        -- as exported
                PRIMARY KEY (workoutId, typeId)
            );
            """)
    }
}
