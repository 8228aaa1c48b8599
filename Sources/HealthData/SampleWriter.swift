import CarePlanStore
import GRDB

/// Writes samples inside a write transaction the caller holds (an import is all or nothing), each
/// at most once: a sample whose natural key is stored already is left as it is, so importing the
/// same export again, or a newer one holding everything older, adds only what is new.
///
/// Statements are prepared once, and type, source and device become ids once per import: a large
/// export is millions of rows.
public final class SampleWriter {
    let db: Database
    private var typeIds: [String: Int64] = [:]
    private var sourceIds: [String: Int64] = [:]
    private var deviceIds: [String: [String: Int64]] = [:]
    /// The (source, device) pairs known to be in `healthSourceDevice`.
    private var linked: Set<[Int64]> = []
    /// The last id handed out of each kind: samples come in runs of one type, source and device.
    private var lastType: (String, Int64)?, lastSource: (SampleSource, Int64)?, lastDevice: (SampleSource, Int64?)?
    private var units = UnitMemo()
    private let quantity: RowInsert
    private let category: RowInsert
    private let pressure: RowInsert
    private let workout: RowInsert
    private let workoutEvent: RowInsert
    private let workoutStatistic: RowInsert
    private let bloodPressurePart: RowInsert
    /// Whose samples: `person()` asked once and bound to each row, rather than SQLite calling
    /// back into Swift for it a million times an import.
    private let personId: Int64
    private let tally: DayTally
    /// The earliest day of any sample added: linked activities are filled again from there.
    public private(set) var firstDayAdded: Int?

    private func added(_ day: Int) -> Bool {
        if day < firstDayAdded ?? Int.max { firstDayAdded = day }
        return true
    }

    public init(_ db: Database) throws {
        self.db = db
        guard let personId = try Int64.fetchOne(db, sql: "SELECT person()") else {
            throw DatabaseError(message: "health samples written for no one: the store was opened for nobody")
        }
        self.personId = personId
        tally = try DayTally(db, personId: personId)
        quantity = try RowInsert(db, sql: """
            INSERT OR IGNORE INTO quantitySample (personId, typeId, sourceId, start, end, utcOffset, day, value, unit, deviceId,
                createdAt, wasUserEntered, timeZone, motionContext) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        category = try RowInsert(db, sql: """
            INSERT OR IGNORE INTO categorySample (personId, typeId, sourceId, start, end, utcOffset, day, value, deviceId, createdAt, timeZone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        pressure = try RowInsert(db, sql: """
            INSERT OR IGNORE INTO bloodPressure (personId, sourceId, start, end, utcOffset, day, systolic, diastolic, deviceId, createdAt,
                wasUserEntered)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        workout = try RowInsert(db, sql: """
            INSERT OR IGNORE INTO workout (personId, activityType, sourceId, start, end, utcOffset, day, duration, distance, energy, deviceId,
                createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        workoutEvent = try RowInsert(db, sql: """
            INSERT OR IGNORE INTO workoutEvent (workoutId, type, date, utcOffset, duration) VALUES (?, ?, ?, ?, ?)
            """)
        workoutStatistic = try RowInsert(db, sql: """
            INSERT OR IGNORE INTO workoutStatistic (workoutId, typeId, average, minimum, maximum, sum, unit) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        // Top-level systolic and diastolic records wait here (a temporary table: nothing of it
        // reaches the file) until the end, where each pair becomes one reading.
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS bloodPressurePart (
                systolic INTEGER NOT NULL, sourceId INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL,
                utcOffset INTEGER NOT NULL, day INTEGER NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL, deviceId INTEGER,
                createdAt INTEGER, wasUserEntered INTEGER);
            -- Pairing looks each part's partner up by source and interval: without this, once per
            -- part through all the others (a tenth of an import's writing for 3,652 readings).
            CREATE INDEX IF NOT EXISTS temp.bloodPressurePart_on_interval ON bloodPressurePart(sourceId, start, end);
            DELETE FROM bloodPressurePart;
            """)
        bloodPressurePart = try RowInsert(db, sql: """
            INSERT INTO bloodPressurePart (systolic, sourceId, start, end, utcOffset, day, value, unit, deviceId, createdAt, wasUserEntered)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    func typeId(_ type: HealthType) throws -> Int64 {
        if let lastType, lastType.0 == type.identifier { return lastType.1 }
        defer { lastType = (type.identifier, typeIds[type.identifier]!) }
        if let id = typeIds[type.identifier] { return id }
        let id = try id(in: "healthType", where: "identifier = ?", insert: "(identifier) VALUES (?)", [type.identifier])
        typeIds[type.identifier] = id
        return id
    }

    func sourceId(_ source: SampleSource) throws -> Int64 {
        if let lastSource, lastSource.0 === source || lastSource.0.name == source.name { return lastSource.1 }
        defer { lastSource = (source, sourceIds[source.name]!) }
        if let id = sourceIds[source.name] { return id }
        // A new source's place in the default order comes from the device it first writes from.
        // Sources are each person's own: their watch, their phone, their priority.
        try db.execute(sql: "INSERT OR IGNORE INTO healthSource (personId, name, defaultRank) VALUES (person(), ?, ?)",
                       arguments: [source.name, SourcePriority.defaultRank(name: source.name, device: source.device)])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM healthSource WHERE personId = person() AND name = ?", arguments: [source.name])!
        sourceIds[source.name] = id
        return id
    }

    /// The version and device of a source, kept once (the device as its fields: the reader has
    /// taken the address out); nil when the export gives neither. Which source wrote from which
    /// device is kept too, once a pair.
    func deviceId(_ source: SampleSource) throws -> Int64? {
        if let lastDevice, lastDevice.0 === source { return lastDevice.1 }
        let version = source.version ?? "", device = source.device ?? ""
        guard !version.isEmpty || !device.isEmpty else {
            lastDevice = (source, nil)
            return nil
        }
        let id: Int64
        if let known = deviceIds[version]?[device] {
            id = known
        } else {
            id = try self.id(in: "healthDevice", where: "sourceVersion = ? AND device = ?", insert: "(sourceVersion, device) VALUES (?, ?)",
                             [version, device])
            deviceIds[version, default: [:]][device] = id
        }
        let pair = [try sourceId(source), id]
        if linked.insert(pair).inserted {
            try db.execute(sql: "INSERT OR IGNORE INTO healthSourceDevice (sourceId, deviceId) VALUES (?, ?)", arguments: [pair[0], pair[1]])
        }
        lastDevice = (source, id)
        return id
    }

    /// The row id of a type, source or device, made on first sight; asked once per value and import.
    private func id(in table: String, where condition: String, insert: String, _ values: [String]) throws -> Int64 {
        try db.execute(sql: "INSERT OR IGNORE INTO \(table) \(insert)", arguments: StatementArguments(values))
        return try Int64.fetchOne(db, sql: "SELECT id FROM \(table) WHERE \(condition)", arguments: StatementArguments(values))!
    }

    /// Stores the sample unless it is there already; true when it was added.
    public func add(_ sample: QuantitySample) throws -> Bool {
        let stored = units.conversion(sample.unit).stored(sample.value)
        let (type, source, device) = (try typeId(sample.type), try sourceId(sample.source), try deviceId(sample.source))
        return try insertQuantity(typeId: type, cumulative: sample.type.aggregation == .cumulative, sourceId: source, deviceId: device,
                                  start: sample.start, end: sample.end, created: sample.created, stored: stored,
                                  wasUserEntered: sample.wasUserEntered, motionContext: sample.motionContext,
                                  unit: { $0.text(sample.unit) }, timeZone: { $0.text(sample.timeZone) })
    }

    public func add(_ sample: CategorySample) throws -> Bool {
        let (type, source, device) = (try typeId(sample.type), try sourceId(sample.source), try deviceId(sample.source))
        return try insertCategory(typeId: type, sourceId: source, deviceId: device, start: sample.start, end: sample.end, created: sample.created,
                                  value: { $0.text(sample.value) }, timeZone: { $0.text(sample.timeZone) })
    }

    /// The ids and the stored form shared by a run of an import's rows: a row of the same kind and
    /// source as the one before costs no look-up, and nothing the reading thread also holds is
    /// retained (`SampleRow`). Only plain values: copying it touches no reference count.
    private struct RowRun {
        var kind: UnsafeMutableRawPointer
        var source: UnsafeMutableRawPointer
        var typeId: Int64
        var sourceId: Int64
        var deviceId: Int64?
        var cumulative: Bool
        var rule: StoredConversion.Rule
        var unit: UnsafeBufferPointer<CChar>?
    }
    @exclusivity(unchecked) private var rowRun: RowRun?

    private func run(of row: SampleRow) throws -> RowRun {
        if let rowRun, rowRun.kind == row.kind.toOpaque(), rowRun.source == row.source.toOpaque() { return rowRun }
        let kind = row.kind.takeUnretainedValue(), source = row.source.takeUnretainedValue()
        // A blood-pressure part's type is only named when it is paired (`finish`), as before rows.
        let type = kind.isBloodPressurePart ? 0 : try typeId(kind.type)
        let run = RowRun(kind: row.kind.toOpaque(), source: row.source.toOpaque(), typeId: type, sourceId: try sourceId(source),
                         deviceId: try deviceId(source), cumulative: kind.isCumulative, rule: kind.conversion.rule, unit: kind.unit?.bytes)
        rowRun = run
        return run
    }

    /// An import's quantity sample (`SampleRow`), unless it is there already; true when it was added.
    package func add(quantity row: SampleRow) throws -> Bool {
        let run = try run(of: row)
        return try insertQuantity(typeId: run.typeId, cumulative: run.cumulative, sourceId: run.sourceId, deviceId: run.deviceId,
                                  start: row.start, end: row.end, created: row.created, stored: run.rule.stored(row.value),
                                  wasUserEntered: row.wasUserEntered, motionContext: row.motionContext,
                                  unit: { $0.text(run.unit) }, timeZone: { $0.text(row.timeZone?._withUnsafeGuaranteedRef { $0.bytes }) })
    }

    /// An import's category sample (`SampleRow`), unless it is there already.
    package func add(category row: SampleRow) throws -> Bool {
        let run = try run(of: row)
        return try insertCategory(typeId: run.typeId, sourceId: run.sourceId, deviceId: run.deviceId, start: row.start, end: row.end,
                                  created: row.created, value: { binder in
                                      // A category sample with no value stores ''.
                                      if let text = row.text { binder.text(text._withUnsafeGuaranteedRef { $0.bytes }) } else { binder.text("") }
                                  },
                                  timeZone: { $0.text(row.timeZone?._withUnsafeGuaranteedRef { $0.bytes }) })
    }

    /// The one way a quantity sample reaches its table and the day's figures.
    private func insertQuantity(typeId: Int64, cumulative: Bool, sourceId: Int64, deviceId: Int64?, start: HealthInstant, end: HealthInstant,
                                created: HealthInstant?, stored: Double, wasUserEntered: Bool?, motionContext: Int?,
                                unit: (inout RowInsert.Binder) -> Void, timeZone: (inout RowInsert.Binder) -> Void) throws -> Bool {
        guard try quantity.run(db, {
            $0.int(personId); $0.int(typeId); $0.int(sourceId); $0.int(start.utc); $0.int(end.utc); $0.int(start.offset)
            $0.int(start.day); $0.double(stored); unit(&$0); $0.int(deviceId); $0.int(created?.utc)
            $0.bool(wasUserEntered); timeZone(&$0); $0.int(motionContext)
        }) else { return false }
        try tally.add(db, cumulative: cumulative, typeId: typeId, sourceId: sourceId, day: start.day, start: start.utc, end: end.utc, value: stored)
        return added(start.day)
    }

    /// The one way a category sample reaches its table.
    private func insertCategory(typeId: Int64, sourceId: Int64, deviceId: Int64?, start: HealthInstant, end: HealthInstant, created: HealthInstant?,
                                value: (inout RowInsert.Binder) -> Void, timeZone: (inout RowInsert.Binder) -> Void) throws -> Bool {
        try category.run(db) {
            $0.int(personId); $0.int(typeId); $0.int(sourceId); $0.int(start.utc); $0.int(end.utc); $0.int(start.offset)
            $0.int(start.day); value(&$0); $0.int(deviceId); $0.int(created?.utc); timeZone(&$0)
        } && added(start.day)
    }

    public func add(_ reading: BloodPressureReading) throws -> Bool {
        let (source, device) = (try sourceId(reading.source), try deviceId(reading.source))
        return try pressure.run(db) {
            $0.int(personId); $0.int(source); $0.int(reading.start.utc); $0.int(reading.end.utc); $0.int(reading.start.offset); $0.int(reading.start.day)
            $0.double(reading.systolic); $0.double(reading.diastolic); $0.int(device); $0.int(reading.created?.utc)
            $0.bool(reading.wasUserEntered)
        } && added(reading.start.day)
    }

    /// Stores the workout with its events and statistics unless it is there already.
    public func add(_ workout: Workout) throws -> Bool {
        let (source, device) = (try sourceId(workout.source), try deviceId(workout.source))
        guard try self.workout.run(db, {
            $0.int(personId); $0.text(workout.activityType); $0.int(source); $0.int(workout.start.utc); $0.int(workout.end.utc)
            $0.int(workout.start.offset); $0.int(workout.start.day); $0.double(workout.duration); $0.double(workout.distance)
            $0.double(workout.energy); $0.int(device); $0.int(workout.created?.utc)
        }) else { return false }
        _ = added(workout.start.day)
        let id = db.lastInsertedRowID
        for event in workout.events {
            _ = try workoutEvent.run(db) {
                $0.int(id); $0.text(event.type); $0.int(event.date.utc); $0.int(event.date.offset); $0.double(event.duration)
            }
        }
        for statistic in workout.statistics {
            let convert = { (value: Double?) in value.map { v in statistic.unit.map { HealthUnit.stored(v, exported: $0).value } ?? v } }
            let type = try typeId(statistic.type)
            _ = try workoutStatistic.run(db) {
                $0.int(id); $0.int(type); $0.double(convert(statistic.average)); $0.double(convert(statistic.minimum))
                $0.double(convert(statistic.maximum)); $0.double(convert(statistic.sum)); $0.text(statistic.unit)
            }
        }
        return true
    }

    /// A systolic or diastolic record outside a correlation. Exports repeat each BloodPressure
    /// correlation's two values as top-level records; they are kept aside and paired at `finish`.
    public func addBloodPressurePart(_ sample: QuantitySample) throws {
        let (source, device) = (try sourceId(sample.source), try deviceId(sample.source))
        try insertBloodPressurePart(systolic: sample.type == .systolic, value: Self.mmHg(sample.value, unit: sample.unit), sourceId: source,
                                    deviceId: device, start: sample.start, end: sample.end, created: sample.created,
                                    wasUserEntered: sample.wasUserEntered, unit: { $0.text(sample.unit) })
    }

    /// An import's systolic or diastolic record outside a correlation (`SampleRow`).
    package func addBloodPressurePart(_ row: SampleRow) throws {
        let run = try run(of: row)
        let kind = row.kind.takeUnretainedValue()
        try insertBloodPressurePart(systolic: kind.type == .systolic, value: Self.mmHg(row.value, unit: kind.unit?.string ?? ""),
                                    sourceId: run.sourceId, deviceId: run.deviceId, start: row.start, end: row.end, created: row.created,
                                    wasUserEntered: row.wasUserEntered, unit: { $0.text(run.unit) })
    }

    private static func mmHg(_ value: Double, unit: String) -> Double {
        HealthUnit.unit(unit).flatMap { UnitRegistry.convert(value, from: $0, to: UnitRegistry.unit("mmHg")!) } ?? value
    }

    private func insertBloodPressurePart(systolic: Bool, value: Double, sourceId: Int64, deviceId: Int64?, start: HealthInstant, end: HealthInstant,
                                         created: HealthInstant?, wasUserEntered: Bool?, unit: (inout RowInsert.Binder) -> Void) throws {
        _ = try bloodPressurePart.run(db) {
            $0.bool(systolic); $0.int(sourceId); $0.int(start.utc); $0.int(end.utc); $0.int(start.offset)
            $0.int(start.day); $0.double(value); unit(&$0); $0.int(deviceId); $0.int(created?.utc)
            $0.bool(wasUserEntered)
        }
    }

    /// Pairs the parts kept aside: a systolic and a diastolic from the same source over the same
    /// interval are one reading, stored unless a correlation already brought it. A part without a
    /// partner is kept as the quantity sample it is, unless it is half of a reading already stored.
    /// Returns the readings and the single systolic and diastolic samples added.
    ///
    /// Then brings the per-day figures up to date: the last run counted, the days of lone
    /// systolic and diastolic samples recounted, and merged totals for cumulative days touched.
    public func finish() throws -> (readings: Int, systolic: Int, diastolic: Int) {
        let added = try pairBloodPressureParts()
        try tally.flush(db)
        let priority = try SourcePriority.load(db)
        for (typeId, days) in tally.cumulativeDays {
            try MergedDays.refresh(db, typeId: typeId, days: days, priority: priority)
        }
        return added
    }

    private func pairBloodPressureParts() throws -> (readings: Int, systolic: Int, diastolic: Int) {
        try db.execute(sql: """
            INSERT OR IGNORE INTO bloodPressure (personId, sourceId, start, end, utcOffset, day, systolic, diastolic, deviceId, createdAt,
                wasUserEntered)
            SELECT person(), s.sourceId, s.start, s.end, s.utcOffset, s.day, s.value, d.value, s.deviceId, s.createdAt, s.wasUserEntered
            FROM bloodPressurePart s JOIN bloodPressurePart d
              ON d.systolic = 0 AND d.sourceId = s.sourceId AND d.start = s.start AND d.end = s.end
            WHERE s.systolic = 1
            """)
        let readings = db.changesCount
        if readings > 0, let first = try Int.fetchOne(db, sql: "SELECT MIN(day) FROM bloodPressurePart") { _ = added(first) }
        var singles: [Int] = []
        for (isSystolic, type) in [(1, HealthType.systolic), (0, HealthType.diastolic)] {
            try db.execute(sql: """
                INSERT OR IGNORE INTO quantitySample (personId, typeId, sourceId, start, end, utcOffset, day, value, unit, deviceId, createdAt,
                    wasUserEntered)
                SELECT person(), ?, p.sourceId, p.start, p.end, p.utcOffset, p.day, p.value, p.unit, p.deviceId, p.createdAt, p.wasUserEntered
                FROM bloodPressurePart p
                WHERE p.systolic = ? AND NOT EXISTS (SELECT 1 FROM bloodPressurePart o WHERE o.systolic <> p.systolic
                      AND o.sourceId = p.sourceId AND o.start = p.start AND o.end = p.end)
                  AND NOT EXISTS (SELECT 1 FROM bloodPressure b WHERE b.personId = person() AND b.sourceId = p.sourceId AND b.start = p.start
                                  AND b.end = p.end)
                """, arguments: [try typeId(type), isSystolic])
            singles.append(db.changesCount)
        }
        if singles.contains(where: { $0 > 0 }) {
            try HealthDayTables.rebuildQuantityDays(db, where: "typeId IN (?, ?) AND day IN (SELECT day FROM bloodPressurePart)",
                                                    arguments: [try typeId(.systolic), try typeId(.diastolic)])
        }
        try db.execute(sql: "DELETE FROM bloodPressurePart")
        return (readings, singles[0], singles[1])
    }
}
