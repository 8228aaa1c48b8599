import CarePlanStore
import Questionnaires
import Foundation

/// What a person waits for when they type a command: `careplan today`, `done` and `log` as whole
/// processes (start, parse, open the store, work, exit), each beside the floor measured in the
/// same run, interleaved run by run so the machine's noise falls on both alike.
///
/// The floor is `careplan-floor`: a Swift program that opens the same store with GRDB and reads
/// one row. Writes run on a copy of the store, so the histories stay as built.
struct ProcessResult: Codable, Sendable {
    var command: String
    var samples: Samples
    var floor: Samples
}

struct ProcessCases {
    let storePath: String
    let runs: Int
    var language = ReaderLanguage.english
    /// The store careplan-floor opens (the plain one, when `storePath` is encrypted: the floor is
    /// the plain store's, as the issue's targets say).
    var floorStorePath: String?
    /// Appended to the commands' names: " (encrypted)".
    var variant = ""

    init(storePath: String, runs: Int, language: ReaderLanguage = .english, floorStorePath: String? = nil, variant: String = "") {
        self.storePath = storePath
        self.runs = runs
        self.language = language
        self.floorStorePath = floorStorePath
        self.variant = variant
    }

    /// The release binaries sit beside this one.
    static func binary(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError("\(path) is missing; build it first (swift build -c release --product \(name))")
        }
        return path
    }

    func run() throws -> [ProcessResult] {
        let careplan = try Self.binary("careplan"), floor = try Self.binary("careplan-floor")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-bench-process-\(UUID().uuidString).sqlite").path
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: storePath + suffix) {
            try FileManager.default.copyItem(atPath: storePath + suffix, toPath: copy + suffix)
        }
        defer { for suffix in ["", "-wal", "-shm", ".answers.txt"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        let store = try CareStore(path: copy, key: EncryptedStore.key(for: copy), createIfMissing: false)
        let plan = try store.plan()
        let day = PinnedClock.clock.today
        // `done` ticks one of today's open occurrences each run, a new one every time; `log`
        // records a reading of a single-value number assessment, replacing its occurrence 0.
        let open = try store.day(day, plan: plan).items.filter { $0.activity.kind == .intervention && !$0.activity.schedule.isAsNeeded }
            .flatMap { item in item.events.filter { !$0.isDone }.map { _ in item.activity.id } }
        let answer = try questionnaireCase(store, plan: plan, day: day, copy: copy)
        try store.close()
        let readings = plan.activities(on: day).filter { activity in
            guard let measure = activity.measure, measure.type == .number, measure.fields.count == 1, activity.resettable else { return false }
            return activity.schedule.occurrences(on: day) > 0
        }
        guard open.count >= 8, let reading = readings.first, let range = reading.measure?.fields.first?.range else {
            throw BenchmarkError("the benchmark plan has no intervention or number reading due on \(day)")
        }
        let value = NumberText.string((range.lowerBound + range.upperBound) / 2)
        let commands: [(String, (Int) -> [String])] = [
            ("careplan today" + language.suffix + variant, { _ in ["today", "--db", copy] }),
            ("careplan done" + language.suffix + variant, { run in ["done", open[run], "--db", copy] }),
            ("careplan log" + language.suffix + variant, { _ in ["log", reading.id, value, "--occurrence", "0", "--db", copy] }),
        ] + (answer.map { arguments in [("careplan answer --answers" + language.suffix + variant, arguments)] } ?? [])
        var environment = language.environment(ProcessInfo.processInfo.environment)
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        return try commands.map { name, arguments in
            var own: [Double] = [], base: [Double] = []
            var firstOwn = 0.0, firstBase = 0.0
            // As many ticks as today has open occurrences, at most.
            let total = name.hasPrefix("careplan done") ? min(runs + 3, open.count) : runs + 3
            for run in 0..<total {
                let timeBase = try Self.time(floor, [floorStorePath ?? copy], environment: environment)
                let timeOwn = try Self.time(careplan, arguments(run), environment: environment)
                if run == 0 { (firstOwn, firstBase) = (timeOwn, timeBase) }
                if run >= 3 { own.append(timeOwn); base.append(timeBase) }
            }
            return ProcessResult(command: name, samples: Samples(warmups: 3, milliseconds: own, firstCall: firstOwn),
                                 floor: Samples(warmups: 3, milliseconds: base, firstCall: firstBase))
        }
    }

    /// `careplan answer ID --answers FILE` on the plan's first questionnaire (PHQ-9 from the
    /// depression-care sample): every question its first answer, as a script would. Each run
    /// answers an occurrence of its own, the latest up to today first, then the one before, as
    /// `done` ticks an occurrence of its own: answering one event ever again would measure a
    /// response with dozens of revisions, which no person makes. Nil for an encrypted variant (its
    /// targets are today, done and log) or a plan that asks no questionnaire.
    func questionnaireCase(_ store: CareStore, plan: PlanSnapshot, day: LocalDate, copy: String) throws -> ((Int) -> [String])? {
        guard variant.isEmpty, let activity = plan.activities(on: day).first(where: { $0.questionnaire != nil }),
              let reference = activity.questionnaire else { return nil }
        // Fortnightly: the runs' occurrences lie within four weeks a run (a shorter history than
        // that, with --quick, starts over from the latest).
        let dates = (0..<(28 * (runs + 3))).map { day.adding(days: -$0) }.filter { activity.schedule.occurrences(on: $0) > 0 }
        guard !dates.isEmpty else { return nil }
        let form = try store.form(reference)
        let lines = form.allItems.filter { !$0.options.isEmpty && !$0.readOnly && $0.enableWhen.isEmpty && $0.enableWhenExpression == nil }.map { "\($0.linkId)=\($0.options[0].value.coding?.code ?? "")" }
        let file = copy + ".answers.txt"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return { run in ["answer", activity.id, "--answers", file, "--date", dates[run % dates.count].iso, "--occurrence", "0", "--db", copy] }
    }

    /// Wall time of one run of `path` with `arguments`, spawn to exit; a failing run stops the
    /// benchmark (`Spawn`: `posix_spawn` directly, since Foundation's `Process` spends tens of
    /// milliseconds of its own on each launch here).
    static func time(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Double {
        try Spawn.run(path, arguments, environment: environment).ms
    }
}
