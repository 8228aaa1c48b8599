import ArgumentParser
import CarePlanStore
import CareSamples
import Foundation
import Localization

/// `careplan generate`: a database filled with a plan and deterministic history, for demos and benchmarks.
struct Generate: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: tr("Fill a database with a plan and deterministic, realistic history ending now."),
        discussion: tr("The plan is moved so that it starts on the first of the --days days that end today; the same plan, days, completion, seed and CAREPLAN_NOW give the same history. A database that already has outcomes is refused, so recorded data is never mixed with made-up data."))

    @Option(name: .long, help: ArgumentHelp(tr("The plan file to replay, e.g. sample-plans/hypertension.yaml."), valueName: "plan.yaml"))
    var plan: String
    @Option(name: .long, help: ArgumentHelp(tr("Days of history, ending today (1 to 10980, 30 years)."))) var days: Int
    @Option(name: .long, help: ArgumentHelp(tr("The share of due occurrences done, 0 to 1."))) var completion = 0.9
    @Option(name: .long, help: ArgumentHelp(tr("Seed for the history generator."))) var seed: UInt64 = 2026
    @ParentCommand var careplan: Careplan

    // The whole history is built in memory before it is written (about 200 bytes an outcome), so
    // the cap keeps even a dense plan's history to a few hundred megabytes.
    static let maximumDays = 10_980

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("generate") }
        // Required, unlike other commands: made-up history must never land in the default database.
        guard careplan.global.db != nil else { throw ValidationError(tr("careplan generate needs --db PATH: made-up history never goes into your own database")) }
        guard (1...Self.maximumDays).contains(days) else {
            throw ValidationError(tr("--days must be 1 to {maximum}, got {days}", ["maximum": String(Self.maximumDays), "days": String(days)]))
        }
        guard completion.isFinite, (0...1).contains(completion) else {
            throw ValidationError(tr("--completion must be a number from 0 to 1, got {completion}", ["completion": "\(completion)"]))
        }
    }

    func run() throws {
        let clock = try CareClock.fromEnvironment()
        let carePlan = try PlanDecoder.load(path: plan)
        let store = try careplan.store.open()
        let existing = try store.outcomeCount()
        guard existing == 0 else {
            throw StoreError.database(path: store.path, message: trn("already has {count} outcome; careplan generate only fills a database without outcomes, give it a new --db path",
                                                                     "already has {count} outcomes; careplan generate only fills a database without outcomes, give it a new --db path", existing))
        }
        let written = try SampleHistory.seed(store, plan: carePlan, days: days, seed: seed, completion: completion, clock: clock)
        say(trn("Generated {count} outcome for '{title}' from {first} to {last} in {path}", "Generated {count} outcomes for '{title}' from {first} to {last} in {path}", written,
                ["title": carePlan.title, "first": clock.today.adding(days: -(days - 1)).iso, "last": clock.today.iso, "path": store.path]))
    }
}
