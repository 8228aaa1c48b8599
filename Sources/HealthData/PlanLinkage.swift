import CarePlanStore
import Foundation
import GRDB
import Localization

/// Fills the plan's linked activities from health data, like CareKit's HealthKit linkage:
///
/// - an assessment's day takes that day's samples in time order, sample 1 in occurrence 0 and so
///   on, wherever no reading was typed; samples beyond the schedule's occurrences (or displaced
///   by a typed reading) are kept as the day's extra readings, so every sample counts in
///   statistics and charts while the day shows as many readings as the plan asks for;
/// - an intervention is done on days the data shows it: the day's total (sources merged, see
///   `SourcePriority`) reaching its goal, a workout's active minutes, a mindful session.
///
/// What it writes are outcomes whose `source` names the data ("Apple Health · Omron connect"),
/// worked out again on every sync and rewritten where they differ (`DerivedOutcomes`); typed
/// outcomes are never touched. It runs inside the transaction of whatever changed the data or the
/// plan: an import, a forget, a new priority.
public enum PlanLinkage {
    /// What the `source` of a filled outcome starts with, before the sample's source name.
    public static let sourcePrefix = "Apple Health · "

    /// Syncs every linked activity (or `activityId` alone) on its scheduled days from `from` (all
    /// days when nil) through `through` (today: nothing is filled in the future).
    /// Sleep diaries cut nights on clocks in `zone` (nil: the commands' zone, looked up only when
    /// a sleep diary is filled: it costs a time-zone lookup, and a tick should not pay it).
    public static func sync(_ db: Database, activityId: String? = nil, from: LocalDate? = nil, through: LocalDate,
                            zone: TimeZone? = nil) throws {
        // A store that never held health data has nothing to fill or take back (a plan import's
        // usual case): sources outlive their samples, so none means nothing was ever filled.
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM healthSource WHERE personId = person())") == true else { return }
        let plan = try StoreReader(db).plan()
        let linked = plan.histories.filter { history in
            (activityId == nil || history.id == activityId) && history.versions.contains { $0.activity.health != nil }
        }
        guard !linked.isEmpty else { return }
        let context = try Context(db, zone: zone)
        for history in linked {
            let first = max(from ?? history.start, history.start)
            guard first <= through else { continue }
            var outcomes: [Outcome] = []
            let typed = try StoreReader(db).outcomes(activityId: history.id, from: first, to: through).filter { $0.source == nil }
            let typedByDay = Dictionary(grouping: typed, by: \.date)
            // Versions in force over the range, each over its own days.
            var day = first
            while day <= through {
                let activity = history.activity(on: day)
                var last = through
                if let next = history.versions.map(\.effectiveFrom).filter({ $0 > day }).min() { last = min(through, next.adding(days: -1)) }
                if let link = activity.health {
                    outcomes += try fill(activity, link: link, from: day, to: last, typed: typedByDay, context: context)
                }
                day = last.adding(days: 1)
            }
            try DerivedOutcomes.replace(db, activityId: history.id, from: first, to: through, with: outcomes)
        }
    }

    /// What the sync needs of the health tables, read once.
    struct Context {
        let db: Database
        let typeIds: [String: Int64]
        let sources: [Int64: String]
        let priority: SourcePriority
        let zone: TimeZone?

        init(_ db: Database, zone: TimeZone?) throws {
            self.db = db
            self.zone = zone
            typeIds = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT identifier, id FROM healthType").map { ($0[0], $0[1]) })
            sources = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM healthSource WHERE personId = person()").map { ($0[0], $0[1]) })
            priority = try SourcePriority.load(db)
        }

        /// The source ids a link takes: all, or those it names (typed with plain spaces will do).
        func sourceIds(_ link: HealthLink) -> Set<Int64>? {
            guard !link.sources.isEmpty else { return nil }
            let names = Array(sources.values)
            let wanted = Set(link.sources.compactMap { SourcePriority.resolve($0, among: names) })
            return Set(sources.filter { wanted.contains($0.value) }.keys)
        }

        func label(_ sourceId: Int64) -> String { PlanLinkage.sourcePrefix + (sources[sourceId] ?? "?") }
    }

    /// A sample as an assessment reads it: when, where from, and its values in the measure's fields.
    struct Reading {
        var day: Int, start: Int, offset: Int, sourceId: Int64, values: [Double]
    }

    static func fill(_ activity: Activity, link: HealthLink, from: LocalDate, to: LocalDate, typed: [LocalDate: [Outcome]],
                     context: Context) throws -> [Outcome] {
        guard let kind = link.kind else { return [] }
        let allowed = context.sourceIds(link)
        switch (activity.kind, kind) {
        case (.assessment, .quantity), (.assessment, .bloodPressure):
            guard let measure = activity.measure else { return [] }
            let readings = try self.readings(link, kind: kind, from: from, to: to, allowed: allowed, context: context)
            return place(readings, activity: activity, measure: measure, typed: typed, context: context)
        case (.assessment, .sleepAnalysis):
            return try nights(activity, from: from, to: to, typed: typed, context: context)
        case (.intervention, _):
            return try done(activity, link: link, kind: kind, from: from, to: to, allowed: allowed, typed: typed, context: context)
        default:
            return []
        }
    }

    /// The samples of the range in time order, values converted from the stored unit.
    static func readings(_ link: HealthLink, kind: HealthKitCatalogue.Kind, from: LocalDate, to: LocalDate, allowed: Set<Int64>?,
                         context: Context) throws -> [Reading] {
        let rows: [Row]
        if case .bloodPressure = kind {
            rows = try Row.fetchAll(context.db, sql: """
                SELECT day, start, utcOffset, sourceId, systolic, diastolic FROM bloodPressure WHERE personId = person() AND day BETWEEN ? AND ?
                ORDER BY day, start
                """, arguments: [from.dayNumber, to.dayNumber])
        } else {
            guard let typeId = context.typeIds[link.type] else { return [] }
            let range = QuantityRange(typeId: typeId, days: from.dayNumber...to.dayNumber).clause()
            rows = try Row.fetchAll(context.db, sql: """
                SELECT day, start, utcOffset, sourceId, value FROM quantitySample WHERE \(range.sql) ORDER BY day, start
                """, arguments: range.arguments)
        }
        return rows.compactMap { row in
            let sourceId: Int64 = row[3]
            if let allowed, !allowed.contains(sourceId) { return nil }
            return Reading(day: row[0], start: row[1], offset: row[2], sourceId: sourceId, values: (4..<row.count).map { row[$0] })
        }
    }

    /// Each day's readings into its occurrences: sample k into occurrence k unless typed there,
    /// the rest after every occurrence the day has.
    static func place(_ readings: [Reading], activity: Activity, measure: Measure, typed: [LocalDate: [Outcome]], context: Context) -> [Outcome] {
        var result: [Outcome] = []
        var index = 0
        while index < readings.count {
            let day = readings[index].day
            var end = index
            while end < readings.count, readings[end].day == day { end += 1 }
            let date = LocalDate(dayNumber: day)
            let schedule = activity.schedule
            if schedule.isOpen(on: date) {
                let count = schedule.occurrences(on: date)
                let taken = Set((typed[date] ?? []).map(\.occurrence))
                var extra = max(count, (taken.max() ?? -1) + 1)
                for (k, reading) in readings[index..<end].enumerated() {
                    let occurrence: Int
                    if k < count, !taken.contains(k) { occurrence = k } else { occurrence = extra; extra += 1 }
                    let values = zip(measure.fields, reading.values).map { field, stored -> ReadingValue in
                        let value = field.unit.flatMap(UnitRegistry.unit).map { unit in
                            UnitRegistry.convert(stored, from: UnitRegistry.base(of: unit.dimension), to: unit) ?? stored
                        } ?? stored
                        return ReadingValue(name: field.name, value: measure.type == .integer ? value.rounded() : value, unit: field.unit)
                    }
                    result.append(Outcome(activityId: activity.id, date: date, occurrence: occurrence,
                                          recordedAt: Date(timeIntervalSince1970: TimeInterval(reading.start)), utcOffset: reading.offset,
                                          values: values, source: context.label(reading.sourceId)))
                }
            }
            index = end
        }
        return result
    }

    /// An intervention's open occurrences on the days the data completes it, recorded at the
    /// day's latest sample (the data's own time, in the offset it was recorded with).
    static func done(_ activity: Activity, link: HealthLink, kind: HealthKitCatalogue.Kind, from: LocalDate, to: LocalDate,
                     allowed: Set<Int64>?, typed: [LocalDate: [Outcome]], context: Context) throws -> [Outcome] {
        let goalUnit = HealthKitCatalogue.goalUnit(of: kind)
        var result: [Outcome] = []
        for figure in try figures(link, kind: kind, from: from, to: to, allowed: allowed, context: context) {
            let date = LocalDate(dayNumber: figure.day)
            if let goal = link.goal, figure.total + 1e-9 < goal { continue }
            let count = activity.schedule.occurrences(on: date)
            let taken = Set((typed[date] ?? []).map(\.occurrence))
            let total = figure.total
            let number = total >= 100 ? NumberText.grouped(Int(total.rounded())) : NumberText.string((total * 10).rounded() / 10)
            // "6,500 steps", "workout 35 min".
            let text = goalUnit.dimension == .count
                // TRANSLATORS: a day's total that did an activity, after "Apple Health · ": "6,500 steps". {quantity}
                // is the data type's name in lower case (steps, flights climbed).
                ? tr("{amount} {quantity}", ["amount": number, "quantity": figure.shown])
                // TRANSLATORS: a day's figure that did an activity, after "Apple Health · ": "workout 35 min",
                // "weight 80.4 kg". {quantity} is the data type's name in lower case, or "workout", "mindful".
                : tr("{quantity} {amount} {unit}", ["quantity": figure.shown, "amount": number, "unit": UnitRegistry.display(goalUnit.symbol)])
            for occurrence in 0..<count where !taken.contains(occurrence) {
                result.append(Outcome(activityId: activity.id, date: date, occurrence: occurrence,
                                      recordedAt: Date(timeIntervalSince1970: TimeInterval(figure.latest.utc)), utcOffset: figure.latest.offset,
                                      source: sourcePrefix + text))
            }
        }
        return result
    }

    /// A day's figure for an intervention: in the goal's unit, what it is called, and when its
    /// latest sample was.
    struct DayFigure {
        var day: Int, total: Double, shown: String, latest: HealthInstant
    }

    static func figures(_ link: HealthLink, kind: HealthKitCatalogue.Kind, from: LocalDate, to: LocalDate, allowed: Set<Int64>?,
                        context: Context) throws -> [DayFigure] {
        let db = context.db
        func keep(_ sourceId: Int64) -> Bool { allowed?.contains(sourceId) ?? true }
        switch kind {
        case .quantity(let dimension):
            guard let typeId = context.typeIds[link.type] else { return [] }
            let type = HealthType(link.type)
            let goalUnit = HealthKitCatalogue.goalUnit(of: kind), base = UnitRegistry.base(of: dimension)
            // Each day's latest sample among the sources taken, from the per-day figures.
            var latest: [Int: (start: Int, sourceId: Int64, value: Double)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT day, sourceId, lastStart, lastValue FROM quantityDay WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ?
                """, arguments: [typeId, from.dayNumber, to.dayNumber]) where keep(row[1]) {
                let day: Int = row[0], start: Int = row[2]
                if start >= latest[day]?.start ?? Int.min { latest[day] = (start, row[1], row[3]) }
            }
            let totals: [Int: Double]
            if type.aggregation == .discrete {
                // No goal (the plan refuses one): any sample completes the day, shown with its latest value.
                totals = latest.mapValues(\.value)
            } else if allowed == nil {
                totals = Dictionary(uniqueKeysWithValues: try CareStore.days(db, typeId: typeId, cumulative: true, from: from, to: to)
                    .map { ($0.start.dayNumber, $0.sum ?? 0) })
            } else {
                totals = Dictionary(uniqueKeysWithValues: try CareStore.mergedTotals(db, typeId: typeId, days: from.dayNumber...to.dayNumber,
                                                                                     priority: context.priority, sources: allowed)
                    .map { ($0.day, $0.total.sum) })
            }
            let offset = try db.makeStatement(sql: """
                SELECT utcOffset FROM quantitySample WHERE personId = person() AND typeId = ? AND sourceId = ? AND start = ? LIMIT 1
                """)
            return try latest.keys.sorted().compactMap { day in
                guard let total = totals[day], let last = latest[day] else { return nil }
                let recorded = try Int.fetchOne(offset, arguments: [typeId, last.sourceId, last.start]) ?? 0
                return DayFigure(day: day, total: UnitRegistry.convert(total, from: base, to: goalUnit) ?? total, shown: type.title.lowercased(),
                                 latest: HealthInstant(utc: last.start, offset: recorded))
            }
        case .workout(let activityType):
            var figures: [Int: DayFigure] = [:]
            let names = allowed.map { Set($0.compactMap { context.sources[$0] }) }
            for workout in try CareStore.workouts(db, from: from, to: to)
            where (names?.contains(workout.source) ?? true) && (activityType == nil || activityType == workout.activityType) {
                let day = workout.start.day, minutes = Double(workout.activeSeconds) / 60
                figures[day, default: DayFigure(day: day, total: 0, shown: trc("health data filled an activity", "workout"), latest: workout.end)].total += minutes
                figures[day]!.latest = workout.end
            }
            return figures.values.sorted { $0.day < $1.day }
        case .mindfulSession:
            guard let typeId = context.typeIds[link.type] else { return [] }
            var figures: [Int: DayFigure] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT day, sourceId, start, end, utcOffset FROM categorySample WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ?
                ORDER BY start
                """, arguments: [typeId, from.dayNumber, to.dayNumber]) where keep(row[1]) {
                let day: Int = row[0], start: Int = row[2], end: Int = row[3]
                let ended = HealthInstant(utc: end, offset: row[4])
                figures[day, default: DayFigure(day: day, total: 0, shown: trc("health data filled an activity", "mindful"), latest: ended)].total += Double(end - start) / 60
                figures[day]!.latest = ended
            }
            return figures.values.sorted { $0.day < $1.day }
        case .bloodPressure, .sleepAnalysis:
            return []
        }
    }

    /// A sleep diary's first occurrence on each night the devices measured, unless typed: the
    /// night's figures as a diary would hold them, recorded when time in bed ended.
    static func nights(_ activity: Activity, from: LocalDate, to: LocalDate, typed: [LocalDate: [Outcome]], context: Context) throws -> [Outcome] {
        let zone = context.zone ?? CareClock.environmentZone
        let nights = try SleepNights.load(StoreReader(context.db), from: from, through: to, settings: activity.measure?.sleep ?? .standard,
                                          zone: zone)
        return nights.compactMap { night in
            guard let figures = night.device, activity.schedule.isOpen(on: night.date), activity.schedule.occurrences(on: night.date) > 0,
                  !(typed[night.date] ?? []).contains(where: { $0.occurrence == 0 }) else { return nil }
            let recorded = Date(timeIntervalSince1970: TimeInterval(figures.bedEnd))
            return Outcome(activityId: activity.id, date: night.date, occurrence: 0, recordedAt: recorded,
                           utcOffset: figures.clockZone(zone).secondsFromGMT(for: recorded), values: SleepDiary.values(from: figures, date: night.date, zone: zone),
                           source: PlanLinkage.sourcePrefix + figures.sources.joined(separator: ", "))
        }
    }
}

extension CareStore {
    /// The store, set to fill linked activities whenever the plan or a linked day changes
    /// (`healthFill`): how careplan opens a store for a person.
    @discardableResult
    public func fillingLinkedActivities(zone: TimeZone? = nil) -> CareStore {
        healthFill = { db, activityId, from, through in try PlanLinkage.sync(db, activityId: activityId, from: from, through: through, zone: zone) }
        return self
    }
}
