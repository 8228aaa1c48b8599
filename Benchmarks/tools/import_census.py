#!/usr/bin/env python3
"""What an Apple Health importer stored: rows per type, blood pressure, sleep stages (issue 27).

Usage: python3 import_census.py SCHEMA DATABASE   (prints one JSON object)

SCHEMA is the importer whose tables DATABASE holds: careplan, healthkit-to-sqlite,
apple-health-export-mcp or vitalog. careplan-bench runs it after the last timed import of each,
with the Python of the importer's own virtualenv (vitalog's DuckDB file needs its duckdb
module; the others are SQLite, read with the standard library), so reading never changes the
importer's environment, and careplan's store is read by the system's python3.

Each importer keeps the export in its own shape, so the same questions are asked of each:
  rows       records per type, as the export names them without the HK...Identifier prefix,
             plus Workout and ActivitySummary (0 where an importer does not keep them);
  bloodPressure
             stored: systolic values kept; readings: distinct (source, start, value) among them.
             An export repeats each blood-pressure reading (top-level Records and the
             Correlation's children), so stored == 2 × readings means kept twice;
  sleep      rows: sleep-analysis rows; stages: those whose value still says which stage
             (AsleepCore, AsleepDeep, AsleepREM, Awake).
"""
import json
import sys

STAGES = ("HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
          "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake")
PREFIXES = ("HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier")


def short(identifier):
    for prefix in PREFIXES:
        if identifier.startswith(prefix):
            return identifier[len(prefix):]
    return identifier


def stage_list():
    return ", ".join("'%s'" % stage for stage in STAGES)


def one(db, sql):
    return db.execute(sql).fetchone()[0]


def careplan(db):
    """Quantity and category samples by type; a blood-pressure reading is one row holding both values."""
    rows = {}
    for table in ("quantitySample", "categorySample"):
        for identifier, count in db.execute(
                f"SELECT t.identifier, count(*) FROM {table} s JOIN healthType t ON t.id = s.typeId GROUP BY 1"):
            rows[short(identifier)] = count
    readings = one(db, "SELECT count(*) FROM bloodPressure")
    rows["BloodPressureSystolic"] = rows.get("BloodPressureSystolic", 0) + readings
    rows["BloodPressureDiastolic"] = rows.get("BloodPressureDiastolic", 0) + readings
    rows["Workout"] = one(db, "SELECT count(*) FROM workout")
    rows["ActivitySummary"] = 0
    distinct = one(db, "SELECT count(*) FROM (SELECT DISTINCT sourceId, start, systolic FROM bloodPressure)")
    sleep = """FROM categorySample s JOIN healthType t ON t.id = s.typeId
               WHERE t.identifier = 'HKCategoryTypeIdentifierSleepAnalysis'"""
    return rows, distinct, one(db, f"SELECT count(*) {sleep}"), one(db, f"SELECT count(*) {sleep} AND s.value IN ({stage_list()})")


def healthkit_to_sqlite(db):
    """A table per type (rHeartRate, ...), every attribute a TEXT column; workouts and summaries beside."""
    tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    rows = {name[1:]: one(db, f'SELECT count(*) FROM "{name}"') for name in tables if name.startswith("r")}
    rows["Workout"] = one(db, "SELECT count(*) FROM workouts") if "workouts" in tables else 0
    rows["ActivitySummary"] = one(db, "SELECT count(*) FROM activity_summary") if "activity_summary" in tables else 0
    distinct = one(db, 'SELECT count(*) FROM (SELECT DISTINCT sourceName, startDate, value FROM "rBloodPressureSystolic")') \
        if "rBloodPressureSystolic" in tables else 0
    sleep = '"rSleepAnalysis"' if "rSleepAnalysis" in tables else None
    return (rows, distinct, one(db, f"SELECT count(*) FROM {sleep}") if sleep else 0,
            one(db, f"SELECT count(*) FROM {sleep} WHERE value IN ({stage_list()})") if sleep else 0)


def apple_health_export_mcp(db):
    """One record table keyed by a hash of the record's content; workouts beside; no activity summaries."""
    rows = {short(t): n for t, n in db.execute("SELECT type, count(*) FROM record GROUP BY type")}
    rows["Workout"] = one(db, "SELECT count(*) FROM workout")
    rows["ActivitySummary"] = 0
    systolic = "FROM record WHERE type = 'HKQuantityTypeIdentifierBloodPressureSystolic'"
    sleep = "FROM record WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis'"
    return (rows, one(db, f"SELECT count(*) FROM (SELECT DISTINCT source, start, value {systolic})"),
            one(db, f"SELECT count(*) {sleep}"), one(db, f"SELECT count(*) {sleep} AND value IN ({stage_list()})"))


def vitalog(db):
    """DuckDB staging tables; record types already without their prefix; values read as numbers."""
    rows = dict(db.execute("SELECT record_type, count(*) FROM stg_records GROUP BY 1").fetchall())
    rows["Workout"] = one(db, "SELECT count(*) FROM stg_workouts")
    rows["ActivitySummary"] = one(db, "SELECT count(*) FROM stg_activity_summary")
    systolic = "FROM stg_records WHERE record_type = 'BloodPressureSystolic'"
    sleep = "FROM stg_records WHERE record_type = 'SleepAnalysis'"
    # A sleep stage is text, which vitalog's number-or-NULL value cannot hold: a row keeps only its
    # times, so a stage is kept only if some sleep row's value survived at all.
    return (rows, one(db, f"SELECT count(*) FROM (SELECT DISTINCT source_name, start_date, value {systolic})"),
            one(db, f"SELECT count(*) {sleep}"), one(db, f"SELECT count(value) {sleep}"))


def open_database(schema, path):
    if schema == "vitalog":
        import duckdb
        return duckdb.connect(path, read_only=True)
    import sqlite3
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    schema, path = sys.argv[1], sys.argv[2]
    census = {"careplan": careplan, "healthkit-to-sqlite": healthkit_to_sqlite,
              "apple-health-export-mcp": apple_health_export_mcp, "vitalog": vitalog}.get(schema)
    if census is None:
        sys.exit(f"unknown schema {schema!r}")
    db = open_database(schema, path)
    rows, readings, sleep_rows, stage_rows = census(db)
    db.close()
    print(json.dumps({"rows": dict(sorted(rows.items())),
                      "bloodPressure": {"stored": rows.get("BloodPressureSystolic", 0), "readings": readings},
                      "sleep": {"rows": sleep_rows, "stages": stage_rows}}))


if __name__ == "__main__":
    main()
