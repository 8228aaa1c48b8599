import CarePlanStore
import Foundation
import GRDB

/// Reads nights from the store: HealthKit's sleep analysis samples (imported, or the bedside
/// timer's) cut into nights by the settings' window, and the plan's sleep diary entries.
///
/// A night belongs to the date the person woke up; its window runs from `windowStart` the evening
/// before to `windowEnd` that day, as clocks in `zone` show them, so it lasts 23 or 25 hours of
/// real time across a clock change. A sample belongs to the window its start falls in; sleep
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

        // Device samples, by window.
        var windows: [Int: Range<Int>] = [:]
        func window(_ date: LocalDate) -> Range<Int> {
            if let known = windows[date.dayNumber] { return known }
            let minutes = settings.windowMinutes
            let range = date.instant(minutes: minutes.lowerBound, in: zone)..<date.instant(minutes: minutes.upperBound, in: zone)
            windows[date.dayNumber] = range
            return range
        }
        var inWindow: [Int: [SleepInterval]] = [:], outside: [Int: [SleepInterval]] = [:]
        for (sample, offset) in try samples(db, from: first.adding(days: -2), through: last.adding(days: 1)) {
            switch place(sample.start, offset: offset, window: window) {
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
        let plan = try plan ?? reader.plan()
        for diary in plan.sleepDiaries {
            for outcome in try reader.outcomes(activityId: diary.id, from: first, to: last) where outcome.source == nil {
                guard let i = index(outcome.date), nights[i].diary == nil,
                      let figures = SleepDiary.figures(outcome.values, date: outcome.date, zone: zone) else { continue }
                nights[i].diary = figures
                nights[i].quality = SleepDiary.quality(outcome.values)
                nights[i].note = outcome.note
            }
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

    /// Where sleep starting at `instant` belongs: the night whose window holds it, else a nap of
    /// the day it starts on.
    public enum Placement: Equatable, Sendable {
        case night(LocalDate), nap(LocalDate)
    }

    public static func place(_ instant: Int, settings: SleepSettings, zone: TimeZone) -> Placement {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
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

    /// The sleep analysis samples whose local start day is in the range, with their sources' names
    /// and priority ranks.
    /// and the offset each was recorded in.
    static func samples(_ db: Database, from: LocalDate, through: LocalDate) throws -> [(SleepInterval, Int)] {
        guard let typeId = try Int64.fetchOne(db, sql: "SELECT id FROM healthType WHERE identifier = ?",
                                              arguments: [HealthKitCatalogue.sleepAnalysis]) else { return [] }
        let priority = try SourcePriority.load(db)
        var sources: [Int64: (String, Int)] = [:]
        var result: [(SleepInterval, Int)] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT start, end, value, sourceId, utcOffset FROM categorySample WHERE typeId = ? AND day BETWEEN ? AND ? ORDER BY start
            """, arguments: [typeId, from.dayNumber, through.dayNumber])
        while let row = try rows.next() {
            guard let stage = SleepStage(healthKitValue: row[2]) else { continue }
            let sourceId: Int64 = row[3]
            if sources[sourceId] == nil { sources[sourceId] = (priority.names[sourceId] ?? "?", priority.rank(sourceId)) }
            let (name, rank) = sources[sourceId]!
            result.append((SleepInterval(start: row[0], end: row[1], stage: stage, source: name, rank: rank), row[4]))
        }
        return result
    }
}
