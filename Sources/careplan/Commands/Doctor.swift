import ArgumentParser
import CarePlanStore

/// `careplan doctor`: check the store, and rebuild the day summaries.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the database: SQLite's integrity and foreign-key checks, the schema, sizes, and the day summaries.",
        discussion: "Only reads, unless --rebuild-summaries is given. Exits with status 1 when a check fails.")

    @ParentCommand var careplan: Careplan
    @Flag(name: .long, help: "Recompute the per-day summaries insights read from the outcomes (one transaction).")
    var rebuildSummaries = false

    func run() throws {
        let store = try careplan.store.open(readOnly: true)
        if rebuildSummaries {
            let rows = try store.rebuildSummaries()
            if !careplan.global.json { say("Rebuilt \(rows) day summaries from the outcomes.") }
        }
        let check = try store.check()
        if careplan.global.json {
            try JSONOutput.print(check)
        } else {
            say("Store:        \(check.path)")
            say("Integrity:    \(check.integrity == ["ok"] ? "ok (quick_check)" : check.integrity.joined(separator: "; "))")
            say("Foreign keys: \(check.foreignKeyProblems == 0 ? "ok" : "\(check.foreignKeyProblems) rows point nowhere")")
            say("Schema:       \(check.migrationsApplied.count) migrations, latest '\(check.migrationsApplied.last ?? "none")'")
            say("Size:         \(check.fileBytes) bytes, write-ahead log \(check.walBytes) bytes")
            say("Contents:     \(check.activities) activities, \(check.outcomes) outcomes, \(check.summaryRows) day summaries, "
                + "\(NumberText.grouped(check.healthSamples)) health samples")
            say("Summaries:    \(check.summaryMismatches == 0 ? "agree with the outcomes" : "\(check.summaryMismatches) differ; careplan doctor --rebuild-summaries recomputes them")")
        }
        if !check.isHealthy { throw ExitCode(1) }
    }
}
