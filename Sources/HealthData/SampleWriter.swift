import CarePlanStore
import GRDB

/// Writes samples inside a write transaction the caller holds (an import is all or nothing), each
/// at most once: a sample whose natural key is stored already is left as it is, so importing the
/// same export again, or a newer one holding everything older, adds only what is new.
///
/// Statements are prepared once and type and source names become ids once per import: a large
/// export is millions of rows.
public final class SampleWriter {
    let db: Database
    private var typeIds: [String: Int64] = [:]
    private var sourceIds: [String: Int64] = [:]
    private let quantity: Statement
    private let category: Statement
    private let pressure: Statement
    private let workout: Statement
    private let workoutEvent: Statement
    private let workoutStatistic: Statement
    private let bloodPressurePart: Statement

    public init(_ db: Database) throws {
        self.db = db
        quantity = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO quantitySample (typeId, sourceId, start, end, utcOffset, day, value, unit, sourceVersion, device,
                createdAt, wasUserEntered, timeZone, motionContext) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        category = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO categorySample (typeId, sourceId, start, end, utcOffset, day, value, sourceVersion, device, createdAt, timeZone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        pressure = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO bloodPressure (sourceId, start, end, utcOffset, day, systolic, diastolic, sourceVersion, device,
                createdAt, wasUserEntered) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        workout = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO workout (activityType, sourceId, start, end, utcOffset, day, duration, distance, energy, sourceVersion,
                device, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        workoutEvent = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO workoutEvent (workoutId, type, date, utcOffset, duration) VALUES (?, ?, ?, ?, ?)
            """)
        workoutStatistic = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO workoutStatistic (workoutId, typeId, average, minimum, maximum, sum, unit) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        // Top-level systolic and diastolic records wait here (a temporary table: nothing of it
        // reaches the file) until the end, where each pair becomes one reading.
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS bloodPressurePart (
                systolic INTEGER NOT NULL, sourceId INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL, day INTEGER NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL, sourceVersion TEXT,
                device TEXT, createdAt INTEGER, wasUserEntered INTEGER);
            DELETE FROM bloodPressurePart;
            """)
        bloodPressurePart = try db.makeStatement(sql: """
            INSERT INTO bloodPressurePart (systolic, sourceId, start, end, utcOffset, day, value, unit, sourceVersion, device, createdAt,
                wasUserEntered) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    func typeId(_ type: HealthType) throws -> Int64 {
        try id(of: type.identifier, in: "healthType", column: "identifier", cache: &typeIds)
    }

    func sourceId(_ source: SampleSource) throws -> Int64 {
        try id(of: source.name, in: "healthSource", column: "name", cache: &sourceIds)
    }

    /// The row id of a type or source name, made on first sight; asked once per name and import.
    private func id(of name: String, in table: String, column: String, cache: inout [String: Int64]) throws -> Int64 {
        if let id = cache[name] { return id }
        try db.execute(sql: "INSERT OR IGNORE INTO \(table) (\(column)) VALUES (?)", arguments: [name])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM \(table) WHERE \(column) = ?", arguments: [name])!
        cache[name] = id
        return id
    }

    private func added(_ statement: Statement, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Bool {
        statement.setUncheckedArguments(StatementArguments(arguments))
        try statement.execute()
        return db.changesCount > 0
    }

    /// Stores the sample unless it is there already; true when it was added.
    public func add(_ sample: QuantitySample) throws -> Bool {
        let stored = HealthUnit.stored(sample.value, exported: sample.unit)
        return try added(quantity, [try typeId(sample.type), try sourceId(sample.source), sample.start.utc, sample.end.utc,
                                    sample.start.offset, sample.start.day, stored.value, sample.unit, sample.source.version,
                                    sample.source.device, sample.created?.utc, sample.wasUserEntered, sample.timeZone,
                                    sample.motionContext])
    }

    public func add(_ sample: CategorySample) throws -> Bool {
        try added(category, [try typeId(sample.type), try sourceId(sample.source), sample.start.utc, sample.end.utc, sample.start.offset,
                             sample.start.day, sample.value, sample.source.version, sample.source.device, sample.created?.utc,
                             sample.timeZone])
    }

    public func add(_ reading: BloodPressureReading) throws -> Bool {
        try added(pressure, [try sourceId(reading.source), reading.start.utc, reading.end.utc, reading.start.offset, reading.start.day,
                             reading.systolic, reading.diastolic, reading.source.version, reading.source.device, reading.created?.utc,
                             reading.wasUserEntered])
    }

    /// Stores the workout with its events and statistics unless it is there already.
    public func add(_ workout: Workout) throws -> Bool {
        guard try added(self.workout, [workout.activityType, try sourceId(workout.source), workout.start.utc, workout.end.utc,
                                       workout.start.offset, workout.start.day, workout.duration, workout.distance, workout.energy,
                                       workout.source.version, workout.source.device, workout.created?.utc]) else { return false }
        let id = db.lastInsertedRowID
        for event in workout.events {
            _ = try added(workoutEvent, [id, event.type, event.date.utc, event.date.offset, event.duration])
        }
        for statistic in workout.statistics {
            let convert = { (value: Double?) in value.map { v in statistic.unit.map { HealthUnit.stored(v, exported: $0).value } ?? v } }
            _ = try added(workoutStatistic, [id, try typeId(statistic.type), convert(statistic.average), convert(statistic.minimum),
                                             convert(statistic.maximum), convert(statistic.sum), statistic.unit])
        }
        return true
    }

    /// A systolic or diastolic record outside a correlation. Exports repeat each BloodPressure
    /// correlation's two values as top-level records; they are kept aside and paired at `finish`.
    public func addBloodPressurePart(_ sample: QuantitySample) throws {
        let mmHg = UnitRegistry.unit("mmHg")!
        let value = HealthUnit.unit(sample.unit).flatMap { UnitRegistry.convert(sample.value, from: $0, to: mmHg) } ?? sample.value
        _ = try added(bloodPressurePart, [sample.type == .systolic, try sourceId(sample.source), sample.start.utc, sample.end.utc,
                                          sample.start.offset, sample.start.day, value, sample.unit, sample.source.version,
                                          sample.source.device, sample.created?.utc, sample.wasUserEntered])
    }

    /// Pairs the parts kept aside: a systolic and a diastolic from the same source over the same
    /// interval are one reading, stored unless a correlation already brought it. A part without a
    /// partner is kept as the quantity sample it is, unless it is half of a reading already stored. Returns the readings and the single systolic
    /// and diastolic samples added.
    public func finish() throws -> (readings: Int, systolic: Int, diastolic: Int) {
        try db.execute(sql: """
            INSERT OR IGNORE INTO bloodPressure (sourceId, start, end, utcOffset, day, systolic, diastolic, sourceVersion, device,
                createdAt, wasUserEntered)
            SELECT s.sourceId, s.start, s.end, s.utcOffset, s.day, s.value, d.value, s.sourceVersion, s.device, s.createdAt, s.wasUserEntered
            FROM bloodPressurePart s JOIN bloodPressurePart d
              ON d.systolic = 0 AND d.sourceId = s.sourceId AND d.start = s.start AND d.end = s.end
            WHERE s.systolic = 1
            """)
        let readings = db.changesCount
        var singles: [Int] = []
        for (isSystolic, type) in [(1, HealthType.systolic), (0, HealthType.diastolic)] {
            try db.execute(sql: """
                INSERT OR IGNORE INTO quantitySample (typeId, sourceId, start, end, utcOffset, day, value, unit, sourceVersion, device,
                    createdAt, wasUserEntered)
                SELECT ?, p.sourceId, p.start, p.end, p.utcOffset, p.day, p.value, p.unit, p.sourceVersion, p.device, p.createdAt,
                       p.wasUserEntered
                FROM bloodPressurePart p
                WHERE p.systolic = ? AND NOT EXISTS (SELECT 1 FROM bloodPressurePart o WHERE o.systolic <> p.systolic
                      AND o.sourceId = p.sourceId AND o.start = p.start AND o.end = p.end)
                  AND NOT EXISTS (SELECT 1 FROM bloodPressure b WHERE b.sourceId = p.sourceId AND b.start = p.start AND b.end = p.end)
                """, arguments: [try typeId(type), isSystolic])
            singles.append(db.changesCount)
        }
        try db.execute(sql: "DELETE FROM bloodPressurePart")
        return (readings, singles[0], singles[1])
    }
}
