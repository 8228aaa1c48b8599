import CarePlanStore
import Foundation
import GRDB

/// Reads nights from the store: HealthKit's sleep analysis samples (imported, or the bedside
/// timer's) cut into nights by the settings' window, and the plan's sleep diary entries.
///
/// A night belongs to the date the person woke up; its window runs from `windowStart` the evening
/// before to `windowEnd` that day, as clocks in `zone` show them (or, for a sample that says where
/// it was recorded, HealthKit's HKTimeZone, as clocks there showed them: a night in New York is
/// New York's night wherever the export was made and read), so it lasts 23 or 25 hours of real
/// time across a clock change. A sample belongs to the window its start falls in; sleep
/// starting outside every window (a 14:00 nap with a 20:00-12:00 window) is a nap of that day,
/// and so is any episode of a window other than its main sleep.
public enum SleepNights {
    /// Every night from `first` through `last`, one per date, empty ones included.
    public static func load(_ reader: StoreReader, from first: LocalDate, through last: LocalDate, settings: SleepSettings,
                            zone: TimeZone, plan: PlanSnapshot? = nil) throws -> [SleepNight] {
        guard first <= last else { return [] }
        let db = reader.database
        var nights = (first.dayNumber...last.dayNumber).map { SleepNight(date: LocalDate(dayNumber: $0)) }
        func index(_ date: LocalDate) -> Int? {
            let i = date.days(since: first)
            return nights.indices.contains(i) ? i : nil
        }

        // Device samples, by window: in the zone each was recorded in, else in `zone`.
        var windows: [String: [Int: Range<Int>]] = [:]
        func window(_ date: LocalDate, in zone: TimeZone) -> Range<Int> {
            if let known = windows[zone.identifier]?[date.dayNumber] { return known }
            let minutes = settings.windowMinutes
            let range = date.instant(minutes: minutes.lowerBound, in: zone)..<date.instant(minutes: minutes.upperBound, in: zone)
            windows[zone.identifier, default: [:]][date.dayNumber] = range
            return range
        }
        var inWindow: [Int: [SleepInterval]] = [:], outside: [Int: [SleepInterval]] = [:]
        for (sample, offset) in try samples(db, from: first.adding(days: -2), through: last.adding(days: 1)) {
            let lived = sample.zone ?? zone
            switch place(sample.start, offset: offset, window: { window($0, in: lived) }) {
            case .night(let date): inWindow[date.dayNumber, default: []].append(sample)
            case .nap(let date): outside[date.dayNumber, default: []].append(sample)
            }
        }
        for (day, samples) in inWindow {
            guard let i = index(LocalDate(dayNumber: day)) else { continue }
            let episodes = NightBuilder.episodes(samples).map { episode in
                let segments = NightBuilder.segments(episode)
                return (segments, NightBuilder.figures(episode, segments: segments, awakeningMinutes: settings.awakeningMinutes)!)
            }
            // The main sleep: the most sleep, else the most time in bed.
            let main = episodes.indices.max { a, b in
                let x = episodes[a].1, y = episodes[b].1
                return ((x.totalSleep ?? 0), x.timeInBed) < ((y.totalSleep ?? 0), y.timeInBed)
            }!
            nights[i].device = episodes[main].1
            nights[i].segments = episodes[main].0
            nights[i].naps += episodes.indices.filter { $0 != main }.map { episodes[$0].1 }
        }
        for (day, samples) in outside {
            guard let i = index(LocalDate(dayNumber: day)) else { continue }
            nights[i].naps += NightBuilder.episodes(samples).compactMap { NightBuilder.figures($0, awakeningMinutes: settings.awakeningMinutes) }
        }

        // Diary entries a person typed (ones health data filled are the device's figures again).
        for (date, entry) in try diaryEntries(db, plan: try plan ?? reader.plan(), from: first, through: last) {
            guard let i = index(date), let figures = SleepDiary.figures(entry.values, date: date, zone: zone) else { continue }
            nights[i].diary = figures
            nights[i].quality = SleepDiary.quality(entry.values)
            nights[i].note = entry.note
        }

        for i in nights.indices {
            nights[i].naps.sort { $0.bedStart < $1.bedStart }
            switch (nights[i].device, nights[i].diary) {
            case (_?, _?): nights[i].headlineSource = settings.headline
            case (_?, nil): nights[i].headlineSource = .device
            case (nil, let diary?):
                nights[i].headlineSource = .diary
                nights[i].segments = SleepNight.outline(diary)
            case (nil, nil): break
            }
        }
        return nights
    }

    /// The typed diary entry of each night: the first of the plan's diaries whose schedule covers
    /// the date (a plan keeps one; a second one counts only on days the first does not), its first
    /// typed occurrence of the day, and only the values a person entered. One indexed range per
    /// diary, stopping once every date has its diary.
    static func diaryEntries(_ db: Database, plan: PlanSnapshot, from first: LocalDate, through last: LocalDate) throws
        -> [(LocalDate, (values: [ReadingValue], note: String?))] {
        var owner = [String?](repeating: nil, count: last.days(since: first) + 1)
        var wanted: [String: (LocalDate, LocalDate)] = [:]
        for diary in plan.sleepDiaries {
            // Only the days between the diary's first start and its last version's end can be its.
            let start = max(first, diary.start), end = min(last, diary.versions.last?.activity.schedule.end ?? last)
            guard start <= end else { continue }
            var from: LocalDate?, to: LocalDate?
            // One version: every day of the span is covered, with no schedule to ask.
            let single = diary.versions.count == 1
            for offset in start.days(since: first)...end.days(since: first) where owner[offset] == nil {
                let date = first.adding(days: offset)
                guard single || diary.activity(on: date).schedule.covers(date) else { continue }
                owner[offset] = diary.id
                from = from ?? date
                to = date
            }
            if let from, let to { wanted[diary.id] = (from, to) }
            if !owner.contains(nil) { break }
        }
        let entered = SleepDiary.Field.allCases.filter(\.isEntered).count
        let statement = try db.cachedStatement(sql: """
            SELECT o.date, o.note, v.name, v.value, v.text, o.occurrence FROM outcome o JOIN outcomeValue v ON v.outcomeId = o.id AND v.position < ?
            WHERE o.personId = person() AND o.activityId = ? AND o.date BETWEEN ? AND ? AND o.source IS NULL
            ORDER BY o.date, o.occurrence, v.position
            """)
        var result: [(LocalDate, (values: [ReadingValue], note: String?))] = []
        for (id, range) in wanted.sorted(by: { $0.key < $1.key }) {
            // The day and occurrence being read; a later occurrence of the same day is not the night's entry.
            var current: (day: String, occurrence: Int)?
            let rows = try Row.fetchCursor(statement, arguments: [entered, id, range.0.iso, range.1.iso])
            while let row = try rows.next() {
                let day: String = row[0], occurrence: Int = row[5]
                if let current, current.day == day {
                    guard current.occurrence == occurrence else { continue }
                } else {
                    guard let date = LocalDate(iso: day), owner[date.days(since: first)] == id else { continue }
                    current = (day, occurrence)
                    result.append((date, ([], row[1])))
                }
                result[result.count - 1].1.values.append(ReadingValue(name: row[2], value: row[3], text: row[4]))
            }
        }
        return result
    }

    /// Where sleep starting at `instant` belongs: the night whose window holds it, else a nap of
    /// the day it starts on.
    public enum Placement: Equatable, Sendable {
        case night(LocalDate), nap(LocalDate)
    }

    public static func place(_ instant: Int, settings: SleepSettings, zone: TimeZone) -> Placement {
        let offset = zone.offset(at: instant)
        return place(instant, offset: offset) { date in
            let minutes = settings.windowMinutes
            return date.instant(minutes: minutes.lowerBound, in: zone)..<date.instant(minutes: minutes.upperBound, in: zone)
        }
    }

    /// `offset` says which local day to start looking from (the sample's own offset will do: the
    /// windows, in the zone, decide); a sample recorded in another offset (travel) may start a day
    /// either side of it.
    static func place(_ instant: Int, offset: Int, window: (LocalDate) -> Range<Int>) -> Placement {
        let local = HealthInstant(utc: instant, offset: offset).localDate
        for date in [local, local.adding(days: 1), local.adding(days: -1)] where window(date).contains(instant) { return .night(date) }
        return .nap(local)
    }

    /// The sleep analysis samples whose local start day is in the range, with their sources' names,
    /// priority ranks and recorded zones, and the offset each was recorded in.
    static func samples(_ db: Database, from: LocalDate, through: LocalDate) throws -> [(SleepInterval, Int)] {
        guard let typeId = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM healthType WHERE identifier = ?"),
                                              arguments: [HealthKitCatalogue.sleepAnalysis]) else { return [] }
        let priority = try SourcePriority.load(db)
        var sources: [Int64: (String, Int)] = [:]
        var result: [(SleepInterval, Int)] = []
        let zones = RecordedZones()
        // Read along the primary key (person, type, source, start, …), one range of starts per
        // source, rather than through the (type, day) index, which holds only the key and sent
        // every row back into the table: 8,400 instructions a sample, a year of nights 10,000
        // samples. `+day` keeps the planner off that index; the starts' range is the days' with
        // two days either side (a day is a start's local day, its offset under 24 hours), and
        // the day itself still decides. Equal starts are ordered by source, end and value, as the
        // index handed them to the sort before.
        let rows = try Row.fetchCursor(db, sql: """
            SELECT start, end, value, sourceId, utcOffset, timeZone FROM categorySample
            WHERE personId = person() AND typeId = ? AND sourceId IN (SELECT id FROM healthSource) AND start BETWEEN ? AND ?
              AND +day BETWEEN ? AND ?
            ORDER BY start, sourceId, end, value
            """, arguments: [typeId, (from.dayNumber - 2) * 86400, (through.dayNumber + 3) * 86400, from.dayNumber, through.dayNumber])
        while let row = try rows.next() {
            guard let stage = SleepStage(healthKitValue: row[2]) else { continue }
            let sourceId: Int64 = row[3]
            if sources[sourceId] == nil { sources[sourceId] = (priority.names[sourceId] ?? "?", priority.rank(sourceId)) }
            let (name, rank) = sources[sourceId]!
            let zone = (row[5] as String?).flatMap(zones.zone)
            result.append((SleepInterval(start: row[0], end: row[1], stage: stage, source: name, rank: rank, zone: zone), row[4]))
        }
        return result
    }
}
