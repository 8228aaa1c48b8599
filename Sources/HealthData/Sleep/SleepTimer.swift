import CarePlanStore
import Foundation
import GRDB
import Localization

/// The bedside timer: `careplan sleep start` on going to bed, `careplan sleep stop` on getting up
/// (or the dashboard's key). The running timer is one row; stopping it records an "in bed" sample
/// from the source `careplan`, which then counts like any device's: it bounds the night's time in
/// bed and gives a diary-less, watch-less person their time in bed.
public enum SleepTimer {
    public static let sourceName = "careplan"
    /// A timer left running longer than this was forgotten; stopping it is refused (cancel it).
    public static let longestHours = 20

    /// The running timer's start, if one runs.
    public static func running(_ db: Database) throws -> HealthInstant? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT start, utcOffset FROM sleepTimer WHERE personId = person()")).map { HealthInstant(utc: $0[0], offset: $0[1]) }
    }
}

/// What the timer refuses.
public enum SleepTimerError: UserFacingError, Equatable {
    case alreadyRunning(since: String)
    case notRunning
    case stoppedBeforeStart(since: String, now: String)
    case forgotten(since: String, hours: Int)

    public var description: String {
        switch self {
        case .alreadyRunning(let since):
            // TRANSLATORS: {since} is a date and time, 2026-03-02 23:10.
            return tr("the sleep timer is already running since {since}; stop it when you get up (careplan sleep stop), or cancel it (careplan sleep cancel)",
                      ["since": since])
        case .notRunning:
            return tr("no sleep timer is running; start one when you go to bed (careplan sleep start)")
        case .stoppedBeforeStart(let since, let now):
            // TRANSLATORS: {since} and {now} are dates and times, 2026-03-02 23:10.
            return tr("the sleep timer started at {since}, after now ({now}); nothing recorded; cancel it (careplan sleep cancel) or check CAREPLAN_NOW",
                      ["since": since, "now": now])
        case .forgotten(let since, let hours):
            return trn("the sleep timer has run since {since}, over {count} hour: it was forgotten, not a night; nothing recorded; cancel it (careplan sleep cancel)",
                       "the sleep timer has run since {since}, over {count} hours: it was forgotten, not a night; nothing recorded; cancel it (careplan sleep cancel)",
                       hours, ["since": since])
        }
    }
}

/// A night the timer recorded.
public struct TimedNight: Sendable {
    public var start: HealthInstant
    public var end: HealthInstant
    /// The night it belongs to, or the day of a nap.
    public var placement: SleepNights.Placement
}

extension CareStore {
    /// The running timer's start, if any.
    public func sleepTimer() throws -> HealthInstant? { try read { try SleepTimer.running($0) } }

    /// Starts the timer now.
    @discardableResult
    public func startSleepTimer(clock: CareClock) throws -> HealthInstant {
        let now = HealthInstant(utc: Int(clock.now.timeIntervalSince1970.rounded(.down)), offset: clock.utcOffsetSeconds)
        return try write { db in
            if let running = try SleepTimer.running(db) { throw SleepTimerError.alreadyRunning(since: running.localText) }
            try db.execute(sql: "INSERT INTO sleepTimer (personId, start, utcOffset) VALUES (person(), ?, ?)", arguments: [now.utc, now.offset])
            return now
        }
    }

    /// Stops the timer and records the in-bed interval, in one transaction; linked sleep diaries
    /// take the night at once.
    @discardableResult
    public func stopSleepTimer(clock: CareClock) throws -> TimedNight {
        let now = HealthInstant(utc: Int(clock.now.timeIntervalSince1970.rounded(.down)), offset: clock.utcOffsetSeconds)
        return try write { db in
            guard let start = try SleepTimer.running(db) else { throw SleepTimerError.notRunning }
            guard now.utc > start.utc else { throw SleepTimerError.stoppedBeforeStart(since: start.localText, now: now.localText) }
            guard now.utc - start.utc <= SleepTimer.longestHours * 3600 else {
                throw SleepTimerError.forgotten(since: start.localText, hours: SleepTimer.longestHours)
            }
            let writer = try SampleWriter(db)
            _ = try writer.add(CategorySample(type: .sleepAnalysis, source: SampleSource(name: SleepTimer.sourceName), start: start, end: now,
                                              created: now, value: SleepStage.inBed.healthKitValue, timeZone: clock.timeZone.identifier))
            try db.execute(sql: "DELETE FROM sleepTimer WHERE personId = person()")
            let reader = StoreReader(db)
            let plan = try reader.plan()
            let settings = plan.sleepSettings(on: clock.today)
            var placement = SleepNights.place(start.utc, settings: settings, zone: clock.timeZone)
            if case .night(let date) = placement {
                // In the night's window, but hours away from its main sleep: a nap.
                let night = try SleepNights.load(reader, from: date, through: date, settings: settings, zone: clock.timeZone, plan: plan)[0]
                if let main = night.device, !(main.bedStart...main.bedEnd).contains(start.utc) {
                    placement = .nap(HealthInstant(utc: start.utc, offset: start.offset).localDate)
                }
                try PlanLinkage.sync(db, from: min(date, clock.today), through: clock.today, zone: clock.timeZone)
            }
            return TimedNight(start: start, end: now, placement: placement)
        }
    }

    /// Stops the timer without recording anything; the start it had.
    @discardableResult
    public func cancelSleepTimer() throws -> HealthInstant {
        try write { db in
            guard let start = try SleepTimer.running(db) else { throw SleepTimerError.notRunning }
            try db.execute(sql: "DELETE FROM sleepTimer WHERE personId = person()")
            return start
        }
    }
}
