import Foundation
import GRDB

/// The database schema, only ever changed by appending migrations.
///
/// Only outcomes are stored per day; events are computed from schedules. Dates are `YYYY-MM-DD`
/// text (they sort as dates, and `sqlite3` shows them as people read them). The unique key
/// (activityId, date, occurrence) is both the "one outcome per event" rule and the index that makes
/// an activity's range of days cheap; `outcome_on_date` makes one day across all activities cheap.
enum Schema {
    /// The identifier of the first migration: a database that has it was made by careplan.
    static let firstMigration = "v1: plan, activities, versions, outcomes"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(firstMigration) { db in
            try db.create(table: "plan") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("title", .text).notNull()
                t.column("patient", .text)
                t.column("updatedAt", .text).notNull()
            }
            try db.create(table: "activity") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull().check { ["intervention", "assessment"].contains($0) }
                // Display order: the order of the plan file that last listed it.
                t.column("position", .integer).notNull()
                t.column("createdAt", .text).notNull()
            }
            try db.create(table: "activityVersion") { t in
                t.column("activityId", .text).notNull().references("activity", onDelete: .restrict)
                t.column("version", .integer).notNull().check { $0 >= 1 }
                // The first calendar date this version governs; days before it keep the previous version.
                t.column("effectiveFrom", .text).notNull()
                t.column("importedAt", .text).notNull()
                // The activity in plan-file YAML, the one format people write, export and the store keeps.
                t.column("definition", .text).notNull()
                t.primaryKey(["activityId", "version"])
            }
            try db.create(table: "outcome") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("activityId", .text).notNull().references("activity", onDelete: .restrict)
                t.column("date", .text).notNull()
                t.column("occurrence", .integer).notNull().check { $0 >= 0 }
                // UTC instant, ISO 8601, plus the offset (seconds east of UTC) it was entered at.
                t.column("recordedAt", .text).notNull()
                t.column("utcOffset", .integer).notNull()
                t.column("note", .text)
                t.uniqueKey(["activityId", "date", "occurrence"])
            }
            try db.create(index: "outcome_on_date", on: "outcome", columns: ["date"])
            try db.create(table: "outcomeValue") { t in
                t.column("outcomeId", .integer).notNull().references("outcome", onDelete: .cascade)
                // Values keep the order of the measure's fields (systolic before diastolic).
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("value", .double)
                t.column("text", .text)
                t.column("unit", .text)
                t.column("enteredValue", .double)
                t.column("enteredUnit", .text)
                t.primaryKey(["outcomeId", "position"])
            }
        }
        migrator.registerMigration("v2: covering index for reading statistics") { db in
            // Statistics read (outcomeId, name, value) for a field; with this index they never
            // touch the table itself (about 10 % off a year of insights at ten years of history).
            try db.create(index: "outcomeValue_statistics", on: "outcomeValue", columns: ["outcomeId", "name", "value"])
        }
        migrator.registerMigration("v3: definitions as JSON, plan revision, tracked-from days, day summaries") { db in
            // Activity versions move from plan-file YAML to JSON: loading a plan no longer runs a YAML
            // parser, which was most of a command's time. This is the last time Yams reads a stored row.
            try db.alter(table: "activityVersion") { t in t.add(column: "definitionJSON", .text) }
            let rows = try Row.fetchAll(db, sql: "SELECT activityId, version, definition FROM activityVersion")
            for row in rows {
                let id: String = row["activityId"]
                let decoder = PlanDecoder(file: "activity '\(id)' as stored")
                let activity = try decoder.decodeActivity(row["definition"])
                try db.execute(sql: "UPDATE activityVersion SET definitionJSON = ? WHERE activityId = ? AND version = ?",
                               arguments: [try StoredActivity.json(activity), id, row["version"] as Int])
            }
            try db.alter(table: "activityVersion") { t in t.drop(column: "definition") }
            try db.alter(table: "activityVersion") { t in t.rename(column: "definitionJSON", to: "definition") }

            // Bumped by every change to the plan, so a write can check, with one row read, that the
            // plan it validated against outside the transaction is still the plan.
            try db.alter(table: "plan") { t in t.add(column: "revision", .integer).notNull().defaults(to: 0) }

            // The first day careplan followed an activity: the --effective day of the import that added
            // it (today, by default). Days before it are not reported as missed. Existing activities
            // take the day they were added, or their first outcome if someone filled in earlier days.
            try db.alter(table: "activity") { t in t.add(column: "trackedFrom", .text) }
            try db.execute(sql: """
                UPDATE activity SET trackedFrom = min(substr(createdAt, 1, 10),
                    coalesce((SELECT min(date) FROM outcome WHERE outcome.activityId = activity.id), '9999-12-31'))
                """)

            // Filled for the first person by v12, which gave the table its person.
            try DaySummaries.create(db)
        }
        migrator.registerMigration("v4: activity versions as columns") { db in
            // The v3 JSON taken apart once, here, by SQLite's JSON functions; every later read is
            // plain columns (ActivityRows). Key for key the shape StoredActivity wrote.
            try ActivityRows.create(db, table: "activityVersionColumns")
            let weekdays = Weekday.allCases.map(\.key)
            try db.execute(sql: """
                INSERT INTO activityVersionColumns (activityId, version, effectiveFrom, importedAt, kind, title, text, instructions, groupName,
                    color, optional, resettable, startDate, endDate, pattern, perDay, everyDays, \(weekdays.joined(separator: ", ")),
                    measureType, aggregate)
                SELECT activityId, version, effectiveFrom, importedAt, definition ->> '$.kind', definition ->> '$.title',
                    definition ->> '$.text', definition ->> '$.instructions', definition ->> '$.group', definition ->> '$.color',
                    coalesce(definition ->> '$.optional', 0), coalesce(definition ->> '$.resettable', 1),
                    definition ->> '$.schedule.start', definition ->> '$.schedule.end',
                    CASE WHEN definition ->> '$.schedule.daily' IS NOT NULL THEN 'daily'
                         WHEN json_type(definition, '$.schedule.weekly') IS NOT NULL THEN 'weekly'
                         WHEN json_type(definition, '$.schedule.every') IS NOT NULL THEN 'every'
                         ELSE 'asNeeded' END,
                    coalesce(definition ->> '$.schedule.daily', definition ->> '$.schedule.every.times'),
                    definition ->> '$.schedule.every.days',
                    \(weekdays.map { "definition ->> '$.schedule.weekly.\($0)'" }.joined(separator: ", ")),
                    definition ->> '$.measure.type', definition ->> '$.measure.aggregate'
                FROM activityVersion
                """)
            try db.execute(sql: """
                INSERT INTO activityTime (activityId, version, position, time)
                SELECT v.activityId, v.version, t.key, t.value FROM activityVersion v, json_each(v.definition, '$.schedule.times') t;
                INSERT INTO measureField (activityId, version, position, name, unit, rangeLow, rangeHigh, normalLow, normalHigh, decimals)
                SELECT v.activityId, v.version, f.key, f.value ->> '$.name', f.value ->> '$.unit', f.value ->> '$.range[0]',
                       f.value ->> '$.range[1]', f.value ->> '$.normal[0]', f.value ->> '$.normal[1]', f.value ->> '$.decimals'
                FROM activityVersion v, json_each(v.definition, '$.measure.fields') f;
                INSERT INTO fieldOption (activityId, version, field, position, option)
                SELECT v.activityId, v.version, f.key, o.key, o.value
                FROM activityVersion v, json_each(v.definition, '$.measure.fields') f, json_each(f.value, '$.options') o;
                DROP TABLE activityVersion;
                ALTER TABLE activityVersionColumns RENAME TO activityVersion;
                """)
        }
        migrator.registerMigration("v5: health samples") { db in
            try HealthTables.create(db)
        }
        migrator.registerMigration("v6: health figures per day, activities linked to health data") { db in
            try HealthDayTables.create(db)
            // The per-day figures answer what this index was for; every sample an import wrote updated it.
            try db.execute(sql: "DROP INDEX quantitySample_on_day")
            try ActivityRows.addHealthLinks(db)
            // Outcomes that health data filled say where from; NULL: a person recorded it.
            try db.execute(sql: "ALTER TABLE outcome ADD COLUMN source TEXT")
        }
        migrator.registerMigration("v7: sleep diary settings, the bedside sleep timer") { db in
            try ActivityRows.addSleepSettings(db)
            // `careplan sleep start` running: when it started, until `sleep stop` turns it into an
            // in-bed sample. At most one.
            try db.execute(sql: """
                CREATE TABLE sleepTimer (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    start INTEGER NOT NULL,      -- UTC seconds
                    utcOffset INTEGER NOT NULL
                )
                """)
        }
        migrator.registerMigration("v8: contacts, the care team and personal contacts") { db in
            try ContactRows.create(db)
        }
        migrator.registerMigration("v9: LOINC codes, the store's identity, FHIR observations taken in") { db in
            try ActivityRows.addLOINC(db)
            try FHIRRows.create(db)
        }
        migrator.registerMigration("v10: reminders: grace and quiet hours, notifications sent") { db in
            try db.execute(sql: """
                ALTER TABLE plan ADD COLUMN graceMinutes INTEGER;            -- NULL: 60
                ALTER TABLE plan ADD COLUMN quietHours TEXT;                 -- '22:00-07:00'
                ALTER TABLE activityVersion ADD COLUMN graceMinutes INTEGER; -- NULL: the plan's
                -- Each notification careplan remind sent, so a restart never sends one twice.
                CREATE TABLE reminderSent (
                    activityId TEXT NOT NULL,
                    date TEXT NOT NULL,
                    occurrence INTEGER NOT NULL,
                    stage TEXT NOT NULL CHECK (stage IN ('due', 'overdue')),
                    sentAt TEXT NOT NULL,
                    PRIMARY KEY (activityId, date, occurrence, stage)
                );
                """)
        }
        migrator.registerMigration("v11: the patient's date of birth and identifiers") { db in
            try db.execute(sql: """
                ALTER TABLE plan ADD COLUMN patientBorn TEXT;   -- YYYY-MM-DD
                CREATE TABLE patientIdentifier (
                    position INTEGER PRIMARY KEY,               -- the plan file's order
                    system TEXT NOT NULL,                       -- 'https://fhir.nhs.uk/Id/nhs-number'
                    value TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v12: several people, each with their own plan, readings, contacts and health data") { db in
            try PeopleSchema.migrate(db)
        }
        migrator.registerMigration("v13: the language a plan is written in") { db in
            // A BCP 47 tag: 'zh-CN', 'ja', 'pl'. (No SQL comment here: SQLite would keep it inside the table's definition.)
            try db.execute(sql: "ALTER TABLE plan ADD COLUMN language TEXT")
        }
        migrator.registerMigration("v14: a device is its fields, not the address HealthKit printed; which sources wrote from which devices") { db in
            try DeviceMerge.migrate(db)
        }
        migrator.registerMigration("v15: sync with a FHIR server: the server, the changes waiting to go, the resources that stand for events; an intervention's medicine") { db in
            try SyncRows.create(db)
        }
        migrator.registerMigration("v16: sync's waiting changes in order, and what the plan sent was made from") { db in
            try SyncRows.orderAndPlanKey(db)
        }
        migrator.registerMigration("v17: questionnaires and their responses") { db in
            try FormRows.create(db)
        }
        return migrator
    }
}
