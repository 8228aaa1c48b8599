import ArgumentParser
import CarePlanStore
import Localization

/// `--occurrence N` and `--note TEXT`, shared by done and log.
struct OccurrenceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("Which occurrence of the day, from 0 (default: the first open one)."), valueName: "n"))
    var occurrence: Int?
}

/// `careplan done ID`: tick off an intervention.
struct Done: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "done", abstract: tr("Mark an intervention done for a day."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    @OptionGroup var day: DateOption
    @OptionGroup var which: OccurrenceOptions
    @Option(name: .long, help: ArgumentHelp(tr("A note to keep with it."))) var note: String?

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(writing: true)
        let recorded = try careStore.markDone(id, date: date, occurrence: which.occurrence, note: note, clock: clock)
        // The tick is written (and a long write-ahead log folded); the connections go with the process.
        careStore.leaveOpenUntilExit()
        // TRANSLATORS: {occurrence} is "08:00 (occurrence 0)" or "occurrence 1".
        say(tr("Done: {title} on {date}, {occurrence}", ["title": recorded.activity.title, "date": date.iso, "occurrence": OccurrenceLabel.text(recorded)]))
    }
}

/// `careplan log ID VALUE...`: record an assessment reading.
struct Log: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: tr("Record an assessment reading: one value per field (blood pressure: careplan log bp 128 84, or 128/84)."),
        discussion: tr("A number may carry a compatible unit (99.1degF, or --unit degF); it is converted to the measure's unit and both are kept. Choices take the option name; booleans yes or no.\nA sleep diary takes the night as options instead of values: careplan log sleep --bed 23:10 --lights-out 23:30 --latency 20 --awakenings 2 --awake 25 --wake 06:40 --up 07:00 --quality 3 (--date is the morning the night ended; bed, wake and up are needed; times as 23:10, 11:10pm or 23.10)."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    // `.allUnrecognized` lets negative numbers (`-1`) through as values instead of unknown options.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(tr("The values, one per field."))) var values: [String] = []
    @Option(name: .long, help: ArgumentHelp(tr("The unit the values are in, when not the measure's own."), valueName: "unit"))
    var unit: String?
    @OptionGroup var day: DateOption
    @OptionGroup var which: OccurrenceOptions
    @Option(name: .long, help: ArgumentHelp(tr("A note to keep with the reading."))) var note: String?
    @OptionGroup(title: tr("A sleep diary's night")) var sleep: SleepDiaryOptions

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("log") }
        if let option = values.first(where: { $0.hasPrefix("--") || ($0.hasPrefix("-") && Double($0) == nil) }) {
            throw ValidationError(tr("unknown option '{option}'", ["option": option]))
        }
        if !sleep.entry.isEmpty {
            if !values.isEmpty {
                throw ValidationError(tr("a sleep diary takes its night as options (--bed, --wake, --up...), not values; remove '{values}'",
                                         ["values": values.joined(separator: " ")]))
            }
            if unit != nil { throw ValidationError(tr("--unit: a sleep diary's minutes are minutes; leave --unit out")) }
        } else if values.isEmpty {
            throw ValidationError(tr("Missing expected argument '<values> ...' (a sleep diary takes --bed, --wake, --up and the other night options)"))
        }
    }

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(writing: true)
        let recorded = sleep.entry.isEmpty
            ? try careStore.log(id, inputs: values, unit: unit, date: date, occurrence: which.occurrence, note: note, clock: clock)
            : try careStore.logSleep(id, entry: sleep.entry, date: date, occurrence: which.occurrence, note: note, clock: clock)
        // The reading is written (and a long write-ahead log folded); the connections go with the process.
        careStore.leaveOpenUntilExit()
        let measure = recorded.activity.measure
        let filled: KeyValuePairs<String, any PlaceholderValue> = [
            "title": recorded.activity.title, "date": date.iso, "occurrence": OccurrenceLabel.text(recorded),
            "reading": ReadingText.readingAsEntered(recorded.outcome.values, measure: measure),
            "previous": recorded.replaced.map { ReadingText.reading($0.values, measure: measure) } ?? ""]
        // TRANSLATORS: {occurrence} is "08:00 (occurrence 0)" or "occurrence 1"; {reading} and {previous} are readings, "128/84 mmHg".
        say(recorded.replaced == nil ? tr("Logged {title} on {date}, {occurrence}: {reading}", filled)
                                     : tr("Logged {title} on {date}, {occurrence}: {reading}; replaced {previous}", filled))
    }
}

/// A sleep diary's night as `careplan log` takes it, after the Consensus Sleep Diary.
struct SleepDiaryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("When you went to bed (23:10, 11:10pm, 23.10)."), valueName: "time")) var bed: String?
    @Option(name: .customLong("lights-out"), help: ArgumentHelp(tr("When you tried to sleep (default: --bed)."), valueName: "time")) var lightsOut: String?
    @Option(name: .long, help: ArgumentHelp(tr("Minutes it took to fall asleep (default 0)."), valueName: "minutes")) var latency: String?
    @Option(name: .long, help: ArgumentHelp(tr("How many times you woke in the night (default 0)."), valueName: "n")) var awakenings: String?
    @Option(name: .long, help: ArgumentHelp(tr("Minutes awake in the night, in all (default 0)."), valueName: "minutes")) var awake: String?
    @Option(name: .long, help: ArgumentHelp(tr("When you last woke up."), valueName: "time")) var wake: String?
    @Option(name: .long, help: ArgumentHelp(tr("When you got out of bed."), valueName: "time")) var up: String?
    @Option(name: .long, help: ArgumentHelp(tr("How well you slept, 1 (very poor) to 5 (very good)."), valueName: "1-5")) var quality: String?

    var entry: SleepDiary.Entry {
        SleepDiary.Entry(bed: bed, lightsOut: lightsOut, latency: latency, awakenings: awakenings, awake: awake, wake: wake, up: up, quality: quality)
    }
}

/// `careplan reset ID`: clear a recorded outcome.
struct Reset: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "reset", abstract: tr("Clear a recorded outcome (refused for activities that are not resettable)."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    @OptionGroup var day: DateOption
    @Option(name: .long, help: ArgumentHelp(tr("Which occurrence, from 0 (default: the latest recorded that day)."), valueName: "n"))
    var occurrence: Int?

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let cleared = try store.open().reset(id, date: date, occurrence: occurrence)
        say(tr("Cleared {id} on {date}, occurrence {number}", ["id": id, "date": date.iso, "number": String(cleared.occurrence)]))
    }
}

enum OccurrenceLabel {
    static func text(_ recorded: RecordedOutcome) -> String {
        let n = recorded.outcome.occurrence
        if let time = recorded.activity.schedule.time(ofOccurrence: n) { return tr("{time} (occurrence {number})", ["time": time.description, "number": String(n)]) }
        return tr("occurrence {number}", ["number": String(n)])
    }
}
