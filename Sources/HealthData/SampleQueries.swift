import CarePlanStore
import GRDB
import Localization

/// One stored sample as listed: when, what, from which source.
public struct ListedSample: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        /// A quantity in `unit` (the base unit of its dimension, or the exported unit when unknown).
        case quantity(Double, unit: String)
        /// A category value as HealthKit names it.
        case category(String)
        /// Systolic and diastolic, mmHg.
        case bloodPressure(Double, Double)
    }

    public var start: HealthInstant
    public var end: HealthInstant
    public var value: Value
    public var source: String
}

/// One stored workout as listed.
public struct ListedWorkout: Hashable, Sendable {
    public var activityType: String
    public var start: HealthInstant
    public var end: HealthInstant
    /// Span minus pauses, seconds.
    public var activeSeconds: Int
    /// Metres and kilocalories, when recorded.
    public var distance: Double?
    public var energy: Double?
    /// Beats per minute, from the workout's statistics.
    public var averageHeartRate: Double?
    public var source: String
}

extension HealthType {
    /// The type a person names: the identifier, or its short name in any case (`StepCount`,
    /// `stepcount`, `BloodPressure`).
    public static func named(_ text: String, among known: [HealthType]) -> HealthType? {
        let wanted = text.lowercased()
        return known.first { $0.identifier.lowercased() == wanted || $0.shortName.lowercased() == wanted }
    }
}

extension CareStore {
    /// The samples of `type` from `from` through `to` (local days, inclusive), oldest first.
    public func samples(of type: HealthType, from: LocalDate?, to: LocalDate?) throws -> [ListedSample] {
        let first = from?.dayNumber ?? Int.min, last = to?.dayNumber ?? Int.max
        let zones = RecordedZones()
        return try read { db in
            func instant(_ row: Row, _ column: String) -> HealthInstant {
                HealthInstant(utc: row[column], offset: row["utcOffset"])
            }
            // The store keeps the offset of the start; a sample that names its zone ends in that
            // zone's offset at its end (a night across the change to summer time).
            func end(_ row: Row) -> HealthInstant { zones.instant(instant(row, "end"), in: row["timeZone"]) }
            if type == .bloodPressure {
                return try Row.fetchAll(db, sql: """
                    SELECT b.start, b.end, b.utcOffset, b.systolic, b.diastolic, s.name FROM bloodPressure b
                    JOIN healthSource s ON s.id = b.sourceId WHERE b.personId = person() AND b.day BETWEEN ? AND ? ORDER BY b.start
                    """, arguments: [first, last]).map {
                    ListedSample(start: instant($0, "start"), end: instant($0, "end"), value: .bloodPressure($0["systolic"], $0["diastolic"]),
                                 source: $0["name"])
                }
            }
            guard let typeId = try Int64.fetchOne(db, sql: "SELECT id FROM healthType WHERE identifier = ?", arguments: [type.identifier]) else {
                return []
            }
            let range = QuantityRange(typeId: typeId, days: first...last).clause(alias: "q")
            let quantities = try Row.fetchAll(db, sql: """
                SELECT q.start, q.end, q.utcOffset, q.timeZone, q.value, q.unit, s.name FROM quantitySample q
                JOIN healthSource s ON s.id = q.sourceId WHERE \(range.sql) ORDER BY q.start
                """, arguments: range.arguments).map {
                ListedSample(start: instant($0, "start"), end: end($0),
                             value: .quantity($0["value"], unit: HealthUnit.storedSymbol($0["unit"])), source: $0["name"])
            }
            let categories = try Row.fetchAll(db, sql: """
                SELECT c.start, c.end, c.utcOffset, c.timeZone, c.value, s.name FROM categorySample c
                JOIN healthSource s ON s.id = c.sourceId WHERE c.personId = person() AND c.typeId = ? AND c.day BETWEEN ? AND ? ORDER BY c.start
                """, arguments: [typeId, first, last]).map {
                ListedSample(start: instant($0, "start"), end: end($0), value: .category($0["value"]), source: $0["name"])
            }
            return (quantities + categories).sorted { $0.start.utc < $1.start.utc }
        }
    }

    /// The workouts from `from` through `to` (local days, inclusive), oldest first, with their
    /// active time (pauses taken out) and average heart rate.
    public func workouts(from: LocalDate?, to: LocalDate?) throws -> [ListedWorkout] {
        try read { db in try Self.workouts(db, from: from, to: to) }
    }

    /// As `workouts(from:to:)`, inside a transaction the caller holds (the plan's linkage).
    static func workouts(_ db: Database, from: LocalDate?, to: LocalDate?) throws -> [ListedWorkout] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT w.id, w.activityType, w.start, w.end, w.utcOffset, w.distance, w.energy, s.name,
                   (SELECT st.average FROM workoutStatistic st JOIN healthType t ON t.id = st.typeId
                    WHERE st.workoutId = w.id AND t.identifier = ?) AS heartRate
            FROM workout w JOIN healthSource s ON s.id = w.sourceId WHERE w.personId = person() AND w.day BETWEEN ? AND ? ORDER BY w.start
            """, arguments: [HealthType.heartRate.identifier, from?.dayNumber ?? Int.min, to?.dayNumber ?? Int.max])
        return try rows.map { row in
            let id: Int64 = row["id"], offset: Int = row["utcOffset"]
            let events = try Row.fetchAll(db, sql: "SELECT type, date, utcOffset FROM workoutEvent WHERE workoutId = ?", arguments: [id]).map {
                WorkoutEvent(type: $0["type"], date: HealthInstant(utc: $0["date"], offset: $0["utcOffset"]))
            }
            let start = HealthInstant(utc: row["start"], offset: offset), end = HealthInstant(utc: row["end"], offset: offset)
            let workout = Workout(activityType: row["activityType"], source: SampleSource(name: row["name"]), start: start, end: end,
                                  events: events)
            return ListedWorkout(activityType: row["activityType"], start: start, end: end, activeSeconds: workout.activeSeconds,
                                 distance: row["distance"], energy: row["energy"], averageHeartRate: row["heartRate"], source: row["name"])
        }
    }
}

extension ListedSample.Value {
    /// As careplan shows readings: `72 bpm`, `97 %`, `128/84 mmHg`, `Asleep REM`.
    public func text(type: HealthType) -> String {
        switch self {
        case .quantity(let value, let unit):
            let shown = UnitRegistry.display(unit)
            let number = NumberText.string((value * 100).rounded() / 100)
            return unit == "%" ? "\(number) %" : "\(number) \(shown)"
        case .bloodPressure(let systolic, let diastolic):
            return "\(NumberText.string(systolic.rounded()))/\(NumberText.string(diastolic.rounded())) \(UnitRegistry.display("mmHg"))"
        case .category(let value):
            if let known = Self.categoryTitles[value] { return known }
            // HKCategoryValueSleepAnalysisAsleepREM: the words after the type's own prefix.
            var name = Substring(value)
            for prefix in ["HKCategoryValue" + type.shortName, "HKCategoryValue"] where name.hasPrefix(prefix) && name.count > prefix.count {
                name = name.dropFirst(prefix.count)
                break
            }
            return HealthType(String(name)).title
        }
    }

    /// The category values careplan knows, as the Health app names them; others are named by
    /// their identifier's words.
    static let categoryTitles: [String: String] = [
        "HKCategoryValueSleepAnalysisInBed": trc("sleep analysis value", "In bed"),
        "HKCategoryValueSleepAnalysisAsleep": trc("sleep analysis value", "Asleep"),
        "HKCategoryValueSleepAnalysisAsleepUnspecified": trc("sleep analysis value", "Asleep unspecified"),
        "HKCategoryValueSleepAnalysisAsleepCore": trc("sleep analysis value", "Asleep core"),
        "HKCategoryValueSleepAnalysisAsleepDeep": trc("sleep analysis value", "Asleep deep"),
        "HKCategoryValueSleepAnalysisAsleepREM": trc("sleep analysis value", "Asleep REM"),
        "HKCategoryValueSleepAnalysisAwake": trc("sleep analysis value", "Awake"),
        // TRANSLATORS: the value of a category sample that has none to give (a mindful session).
        "HKCategoryValueNotApplicable": tr("Not applicable"),
    ]
}

extension HealthInstant {
    /// `2026-03-02 08:10`, in the offset it was recorded with.
    public var localText: String {
        let seconds = ((utc + offset) % 86400 + 86400) % 86400
        let hours = seconds / 3600, minutes = seconds % 3600 / 60
        return localDate.iso + " " + (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }
}
