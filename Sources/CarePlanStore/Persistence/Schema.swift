import GRDB

/// The database schema, only ever changed by appending migrations.
///
/// Only outcomes are stored per day; events are computed from schedules. Dates are `YYYY-MM-DD`
/// text (they sort as dates, and `sqlite3` shows them as people read them). The unique key
/// (activityId, date, occurrence) is both the "one outcome per event" rule and the index that makes
/// an activity's range of days cheap; `outcome_on_date` makes one day across all activities cheap.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: plan, activities, versions, outcomes") { db in
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
        return migrator
    }
}
