import ArgumentParser
import CareInsights
import CarePlanStore
import HealthData
import Localization

/// `careplan sleep …`: nights and their figures, and the bedside timer.
struct Sleep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: tr("Sleep: each night's figures (device and diary side by side), a range's averages, the bedside timer."),
        subcommands: [SleepShow.self, SleepStart.self, SleepStop.self, SleepCancel.self],
        defaultSubcommand: SleepShow.self)
}

/// `careplan sleep [--date D] [--range R]`.
struct SleepShow: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: tr("Show a night's figures, or a week's, month's, quarter's or year's nights and averages."),
        discussion: tr("A night belongs to the morning it ended: --date 2026-11-24 is the night of the 23rd to the 24th (default: last night). Figures come from imported Apple Health sleep samples (every source merged), the bedside timer and the sleep diary; see docs/sleep.md for how each is computed."))

    @ParentCommand var careplan: Careplan
    @OptionGroup var day: DateOption
    @Option(name: .long, help: ArgumentHelp(tr("Show every night of the period containing --date, with averages."), valueName: "range"))
    var range: InsightRange?

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(readOnly: true)
        let timer = try careStore.sleepTimer()
        let zone = clock.timeZone
        if let range {
            let insight = try careStore.reading { reader in
                try SleepInsight.load(reader, period: range.period(containing: date), today: clock.today, plan: try reader.plan(), zone: zone)
            }
            if careplan.global.json {
                try JSONOutput.print(SleepJSON(insight, range: range, zone: zone, timer: timer))
            } else {
                say(SleepOutput.range(insight, zone: zone, timer: timer).joined(separator: "\n"))
            }
            return
        }
        let (plan, night) = try careStore.reading { reader -> (PlanSnapshot, SleepNight) in
            let plan = try reader.plan()
            let nights = try SleepNights.load(reader, from: date, through: date, settings: plan.sleepSettings(on: date), zone: zone, plan: plan)
            return (plan, nights[0])
        }
        let settings = plan.sleepSettings(on: date)
        if careplan.global.json {
            try JSONOutput.print(SleepJSON(night: night, settings: settings, zone: zone, timer: timer))
        } else {
            say(SleepOutput.night(night, settings: settings, zone: zone, hasDiary: !plan.sleepDiaries.isEmpty, timer: timer).joined(separator: "\n"))
        }
    }
}

/// `careplan sleep start`: going to bed.
struct SleepStart: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "start", abstract: tr("Start the bedside timer when going to bed."))
    @ParentCommand var careplan: Careplan

    func run() throws {
        let clock = try store.clock()
        let started = try store.open().startSleepTimer(clock: clock)
        say(tr("Sleep timer started at {time}; run careplan sleep stop when you get up", ["time": SleepText.clock(started.utc, zone: clock.timeZone)]))
    }
}

/// `careplan sleep stop`: getting up; records the time in bed.
struct SleepStop: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "stop", abstract: tr("Stop the bedside timer on getting up: records the time in bed."))
    @ParentCommand var careplan: Careplan

    func run() throws {
        let clock = try store.clock()
        let night = try store.open().stopSleepTimer(clock: clock)
        let (start, end) = (SleepText.clock(night.start.utc, zone: clock.timeZone), SleepText.clock(night.end.utc, zone: clock.timeZone))
        let duration = SleepText.duration(night.end.utc - night.start.utc)
        switch night.placement {
        case .night(let date):
            // TRANSLATORS: "In bed 23:10 → 06:40, 7 h 30 min, recorded for the night of Tuesday 24 Nov 2026".
            say(tr("In bed {start} → {end}, {duration}, recorded for the night of {date}", ["start": start, "end": end, "duration": duration, "date": date.longText]))
        case .nap(let date):
            say(tr("In bed {start} → {end}, {duration}, recorded as a nap on {date}, apart from the night's sleep",
                   ["start": start, "end": end, "duration": duration, "date": date.longText]))
        }
    }
}

/// `careplan sleep cancel`: a timer started by mistake.
struct SleepCancel: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: tr("Stop the bedside timer without recording anything."))
    @ParentCommand var careplan: Careplan

    func run() throws {
        let started = try store.open().cancelSleepTimer()
        say(tr("Sleep timer started {time} cancelled; nothing recorded", ["time": started.localText]))
    }
}
