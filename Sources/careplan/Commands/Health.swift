import AppleHealthImport
import ArgumentParser
import CarePlanStore
import Foundation
import HealthData
import Localization

/// `careplan health …`: health data from Apple Health in the store.
struct Health: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: tr("Health data from Apple Health: import an export, see what is stored."),
        subcommands: [HealthImport.self, HealthTypes.self, HealthSamples.self, HealthStats.self, HealthWorkouts.self, HealthSources.self,
                      HealthForget.self])
}

/// Raised by Ctrl-C while an import runs; the import stops after the chunk it is reading and
/// nothing is written.
final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}

/// `careplan health import PATH`.
struct HealthImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: tr("Import an Apple Health export: export.zip as the Health app writes it, or the export.xml inside."),
        discussion: tr("In the Health app: your picture, Export All Health Data. The file is read as a stream (any size, little memory), all of it in one transaction: a damaged or truncated file, or Ctrl-C, imports nothing. Importing the same export again, or a newer one, adds only what is new."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The export: export.zip or export.xml."), valueName: "path")) var path: String
    @Option(name: .long, help: ArgumentHelp(tr("Only samples from this day on: YYYY-MM-DD, today or yesterday."), valueName: "date"))
    var since: String?
    @Flag(name: .long, help: ArgumentHelp(tr("Read the export even if the same file was imported before (it is recognised by its size and checksum).")))
    var again = false

    func run() throws {
        let options = careplan.store
        let clock = try options.clock()
        let sinceDate = try since.map { try DateArgument.parse($0, today: clock.today) }
        var importer = HealthImporter(since: sinceDate, now: Int(clock.now.timeIntervalSince1970.rounded(.down)))
        importer.today = clock.today
        importer.zone = clock.timeZone
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
        importer.progress = bar.map { bar in { read, total, samples in bar.show(read: read, total: total, samples: samples) } }
        importer.again = again
        // Ctrl-C is delivered to a dispatch source rather than a signal handler, so that raising
        // the flag may take a lock.
        let interrupt = InterruptFlag()
        importer.interrupted = { interrupt.isRaised }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { interrupt.raise() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        let summary: ImportSummary
        do {
            summary = try importer.run(path: path) { try options.open(adding: true) }
            bar?.clear()
        } catch {
            bar?.clear()
            throw error
        }
        if careplan.global.json {
            try JSONOutput.print(ImportSummaryJSON(summary))
        } else {
            for line in ImportSummaryText.lines(summary, clock: clock) { say(line) }
        }
    }
}

/// `careplan health types`.
struct HealthTypes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: tr("Each type of health data in the store: how many samples, from when to when, the unit and the sources."))

    @ParentCommand var careplan: Careplan

    func run() throws {
        let types: [HealthTypeSummary]
        do {
            types = try careplan.store.open(readOnly: true).healthTypes()
        } catch StoreError.missing {
            types = []   // no database yet: no health data yet either
        }
        if careplan.global.json {
            try JSONOutput.print(types.map(HealthTypeJSON.init))
            return
        }
        guard !types.isEmpty else {
            say(tr("No health data yet; import an export with careplan health import export.zip"))
            return
        }
        let rows = types.map { [$0.type.title, NumberText.grouped($0.count), $0.first.iso, $0.last.iso, $0.unit.map(UnitRegistry.display) ?? "",
                                $0.sources.joined(separator: ", ")] }
        // TRANSLATORS: headings of the table of careplan health types.
        let header = [trc("table heading", "type"), trc("table heading", "samples"), trc("table heading", "from"), trc("table heading", "to"),
                      trc("table heading", "unit"), trc("table heading", "sources")]
        for line in TextTable.lines(header: header, rows: rows, rightAligned: [1]) { say(line) }
    }
}

/// A one-line progress display on stderr, redrawn in place: bytes read of the total, samples per
/// second, time left.
final class ProgressLine {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?

    init() { started = clock.now }

    func show(read: Int, total: Int, samples: Int) {
        let now = clock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        let elapsed = max(0.001, Double((now - started).components.seconds) + Double((now - started).components.attoseconds) / 1e18)
        let fraction = total > 0 ? min(1, Double(read) / Double(total)) : 0
        let left = fraction > 0.01 ? elapsed / fraction - elapsed : nil
        let mb = { (bytes: Int) in NumberText.string(Double(bytes) / 1_000_000, decimals: 1) }
        // TRANSLATORS: an import's progress: "12.3 of 250.0 MB (4 %) · 21,500 samples/s".
        var line = "  " + tr("{read} of {total} MB ({percent} %) · {rate} samples/s",
                             ["read": mb(read), "total": mb(total), "percent": Int(fraction * 100), "rate": Int(Double(samples) / elapsed)])
        if let left { line += " · " + trn("{count} s left", "{count} s left", Int(left.rounded(.up))) }
        FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
    }

    func clear() {
        if lastDrawn != nil { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

/// `careplan health samples TYPE`.
struct HealthSamples: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: tr("The samples of one type, oldest first: when, the value, the source."),
        discussion: tr("TYPE is a HealthKit identifier or its short name: HeartRate, StepCount, BloodPressure, SleepAnalysis (see careplan health types)."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The type, e.g. HeartRate."), valueName: "type")) var type: String
    @OptionGroup var range: RangeOptions

    func run() throws {
        let clock = try careplan.store.clock()
        let (from, to) = try range.resolve(clock)
        let store: CareStore
        do { store = try careplan.store.open(readOnly: true) } catch StoreError.missing {
            throw HealthCommandError.noData
        }
        let known = try store.healthTypesHeld().filter { $0 != .workout }
        guard let health = HealthType.named(type, among: known) else {
            throw HealthCommandError.unknownType(type, known: known)
        }
        let samples = try store.samples(of: health, from: from, to: to)
        if careplan.global.json {
            try JSONOutput.print(samples.map { HealthSampleJSON($0, type: health) })
            return
        }
        let rows = samples.map { [$0.start.localText, $0.value.text(type: health), $0.source] }
        for line in TextTable.lines(header: [trc("table heading", "start"), trc("table heading", "value"), trc("table heading", "source")], rows: rows) { say(line) }
    }
}

/// `careplan health workouts`.
struct HealthWorkouts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: tr("Each workout: type, start, active time (pauses taken out), distance, energy, average heart rate."))

    @ParentCommand var careplan: Careplan
    @OptionGroup var range: RangeOptions

    func run() throws {
        let clock = try careplan.store.clock()
        let (from, to) = try range.resolve(clock)
        let workouts: [ListedWorkout]
        do { workouts = try careplan.store.open(readOnly: true).workouts(from: from, to: to) } catch StoreError.missing { workouts = [] }
        if careplan.global.json {
            try JSONOutput.print(workouts.map(HealthWorkoutJSON.init))
            return
        }
        guard !workouts.isEmpty else { return say(from != nil || to != nil ? tr("No workouts in these days.") : tr("No workouts yet.")) }
        let rows = workouts.map { workout -> [String] in
            let minutes = workout.activeSeconds / 60
            return [HealthType(workout.activityType.replacingOccurrences(of: "HKWorkoutActivityType", with: "")).title, workout.start.localText,
                    "\(minutes / 60):" + String(format: "%02d", minutes % 60),
                    workout.distance.map { NumberText.string(($0 / 10).rounded() / 100) + ReadingText.unitSuffix("km") } ?? "",
                    workout.energy.map { NumberText.string($0.rounded()) + ReadingText.unitSuffix("kcal") } ?? "",
                    workout.averageHeartRate.map { NumberText.string($0.rounded()) + ReadingText.unitSuffix("count/min") } ?? "", workout.source]
        }
        let header = [trc("table heading", "workout"), trc("table heading", "start"), trc("table heading", "active"), trc("table heading", "distance"),
                      trc("table heading", "energy"), trc("table heading", "heart rate"), trc("table heading", "source")]
        for line in TextTable.lines(header: header, rows: rows,
                                    rightAligned: [2, 3, 4, 5]) { say(line) }
    }
}

/// What the health commands refuse.
enum HealthCommandError: UserFacingError {
    case noData
    case unknownType(String, known: [HealthType])
    /// A deletion that needs --yes.
    case confirm(String)

    var description: String {
        switch self {
        case .noData: return tr("no health data yet; import an export with careplan health import export.zip")
        case .confirm(let message): return message
        case .unknownType(let name, let known):
            guard !known.isEmpty else { return tr("no health data of type '{type}'", ["type": name]) }
            // TRANSLATORS: {types} are the names careplan takes for the types, e.g. "HeartRate, StepCount, Workouts".
            return tr("no health data of type '{type}'; types in the store: {types}",
                      ["type": name, "types": known.map { $0 == .workout ? "Workouts" : $0.shortName }.joined(separator: ", ")])
        }
    }
}

extension DateBucket: ExpressibleByArgument {}

/// `careplan health stats TYPE`.
struct HealthStats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: tr("A type's statistics per day, week or month, as HealthKit's statistics collection."),
        discussion: tr("Cumulative types (steps, distances, energy, flights, exercise minutes) are summed, each stretch of time counted once: when two sources overlap (an iPhone and a Watch both counting the same walk), the one first in careplan health sources wins. Discrete types (heart rate, weight, glucose, temperature...) give the count, average, minimum, maximum and last. Default: the last 30 days by day, 12 weeks by week, 12 months by month."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The type, e.g. StepCount or HeartRate."), valueName: "type")) var type: String
    @OptionGroup var range: RangeOptions
    @Option(name: .long, help: ArgumentHelp(tr("day, week or month."), valueName: "bucket")) var bucket: DateBucket = .day

    func run() throws {
        let clock = try careplan.store.clock()
        let (from, to) = try range.resolve(clock)
        let last = to ?? clock.today
        let first = from ?? {
            switch bucket {
            case .day: return last.adding(days: -29)
            case .week: return DateBucket.week.start(of: last).adding(days: -7 * 11)
            case .month: return DateBucket.month.start(of: DateBucket.month.start(of: last).adding(days: -330))
            }
        }()
        let store: CareStore
        do { store = try careplan.store.open(readOnly: true) } catch StoreError.missing { throw HealthCommandError.noData }
        let known = try store.healthTypesHeld().filter { $0 != .workout }
        guard let health = HealthType.named(type, among: known) else { throw HealthCommandError.unknownType(type, known: known) }
        let collection = try store.statistics(of: health, from: first, to: last, by: bucket)
        if careplan.global.json {
            try JSONOutput.print(HealthStatisticsJSON(collection, from: first, to: last, bucket: bucket))
            return
        }
        let unit = UnitRegistry.display(collection.unit)
        let number = { (value: Double?) in value.map { NumberText.string(($0 * 100).rounded() / 100) } ?? "" }
        say(heading(health.title, unit: unit, cumulative: collection.aggregation == .cumulative, first: first, last: last))
        guard !collection.buckets.isEmpty else { return say("  " + tr("no samples in these days")) }
        let rows: [[String]]
        let header: [String]
        if collection.aggregation == .cumulative {
            header = [bucketHeading, trc("table heading", "total"), trc("table heading", "samples")]
            rows = collection.buckets.map { [$0.start.iso, number($0.sum), NumberText.grouped($0.count)] }
        } else {
            header = [bucketHeading, trc("table heading", "average"), trc("table heading", "min"), trc("table heading", "max"),
                      trc("table heading", "last"), trc("table heading", "samples")]
            rows = collection.buckets.map { [$0.start.iso, number($0.average), number($0.minimum), number($0.maximum), number($0.last), NumberText.grouped($0.count)] }
        }
        for line in TextTable.lines(header: header, rows: rows, rightAligned: Set(1..<header.count)) { say("  " + line) }
    }

    /// The column of the days, weeks or months.
    var bucketHeading: String {
        switch bucket {
        case .day: return trc("table heading", "day")
        case .week: return trc("table heading", "week")
        case .month: return trc("table heading", "month")
        }
    }

    /// "Heart rate (bpm), average by day, 2026-10-23 to 2026-11-21".
    func heading(_ title: String, unit: String, cumulative: Bool, first: LocalDate, last: LocalDate) -> String {
        let values: KeyValuePairs<String, any PlaceholderValue> = ["type": title, "unit": unit, "first": first.iso, "last": last.iso]
        switch (cumulative, bucket) {
        // TRANSLATORS: the heading of careplan health stats: "Steps (steps), total by day, 2026-10-23 to 2026-11-21".
        case (true, .day): return tr("{type} ({unit}), total by day, {first} to {last}", values)
        case (true, .week): return tr("{type} ({unit}), total by week, {first} to {last}", values)
        case (true, .month): return tr("{type} ({unit}), total by month, {first} to {last}", values)
        case (false, .day): return tr("{type} ({unit}), average by day, {first} to {last}", values)
        case (false, .week): return tr("{type} ({unit}), average by week, {first} to {last}", values)
        case (false, .month): return tr("{type} ({unit}), average by month, {first} to {last}", values)
        }
    }
}

/// `careplan health sources [--priority A,B]`.
struct HealthSources: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: tr("The sources of health data, in the order statistics prefer them where they overlap; --priority sets it."),
        discussion: tr("Default order: a Watch first, then an iPhone, then other apps and devices by name."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("Source names, first to last, separated by commas."), valueName: "names"))
    var priority: String?

    func run() throws {
        if let priority {
            let names = priority.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            try careplan.store.open().setSourcePriority(names, today: try careplan.store.clock().today)
        }
        let store: CareStore
        do { store = try careplan.store.open(readOnly: true) } catch StoreError.missing { throw HealthCommandError.noData }
        let order = try store.sourcePriority()
        let names = order.order.compactMap { order.names[$0] }
        if careplan.global.json {
            try JSONOutput.print(names)
            return
        }
        guard !names.isEmpty else { return say(tr("No health data yet; import an export with careplan health import export.zip")) }
        // Each source with the devices it wrote from, one line a device.
        let devices = try store.sourceDevices()
        for (index, id) in order.order.enumerated() {
            say("\(index + 1). \(order.names[id] ?? "")")
            for device in devices[id] ?? [] { say("   " + DeviceText.line(device)) }
        }
    }
}

/// `careplan health forget`.
struct HealthForget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: tr("Delete imported health samples: all, or of one source, one type, or before a day. Never what was typed in careplan."),
        discussion: tr("Without --yes it only says how many samples it would delete. Importing an export again afterwards brings back what it holds."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("Only this source's samples (see careplan health sources)."), valueName: "name")) var source: String?
    @Option(name: .long, help: ArgumentHelp(tr("Only this type (see careplan health types), or Workouts."), valueName: "type")) var type: String?
    @Option(name: .long, help: ArgumentHelp(tr("Only samples from before this day: YYYY-MM-DD, today or yesterday."), valueName: "date")) var before: String?
    @Flag(name: .long, help: ArgumentHelp(tr("Delete them (without it, nothing is deleted)."))) var yes = false

    func run() throws {
        let clock = try careplan.store.clock()
        let store: CareStore
        do { store = try careplan.store.open(readOnly: true) } catch StoreError.missing { throw HealthCommandError.noData }
        let known = try store.healthTypesHeld()
        var filter = SampleFilter(before: try before.map { try DateArgument.parse($0, today: clock.today) })
        if let type {
            let wanted = ["workout", "workouts"].contains(type.lowercased()) ? HealthType.workout : HealthType.named(type, among: known)
            guard let wanted else { throw HealthCommandError.unknownType(type, known: known) }
            filter.type = wanted
        }
        if let source {
            let names = try store.sourcePriority().names.values.sorted()
            guard let name = SourcePriority.resolve(source, among: names) else { throw HealthDataError.unknownSource(source, known: names) }
            filter.source = name
        }
        let count = try store.countSamples(filter)
        guard yes else {
            throw HealthCommandError.confirm(trn("this would delete {count} imported sample; nothing was deleted; add --yes to delete them",
                                                 "this would delete {count} imported samples; nothing was deleted; add --yes to delete them", count))
        }
        let removed = try careplan.store.open().forgetSamples(filter, today: clock.today)
        say(trn("Deleted {count} imported sample; importing an export again brings back what it holds.",
                "Deleted {count} imported samples; importing an export again brings back what it holds.", removed))
    }
}
