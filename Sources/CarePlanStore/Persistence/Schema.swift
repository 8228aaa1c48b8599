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

            try DaySummaries.create(db)
            try DaySummaries.rebuild(db)
        }
        return migrator
    }
}
