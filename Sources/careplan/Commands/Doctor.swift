import ArgumentParser
import CarePlanStore
import Localization

/// `careplan doctor`: check the store, back it up, compact it, rebuild the day summaries.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: tr("Check the database: SQLite's integrity and foreign-key checks, the schema, sizes, and the day summaries; back it up or compact it."),
        discussion: tr("Only reads, unless --rebuild-summaries or --vacuum is given. Exits with status 1 when a check fails.\n--backup FILE copies the store through SQLite's online backup API: a consistent copy even while another careplan writes (never copy a live database with cp: its write-ahead log holds the latest commits). The copy is an ordinary careplan store: open it with --db FILE."))

    @ParentCommand var careplan: Careplan
    @Flag(name: .long, help: ArgumentHelp(tr("Recompute the per-day summaries insights read from the outcomes (one transaction).")))
    var rebuildSummaries = false
    @Flag(name: .long, help: ArgumentHelp(tr("SQLite's full integrity_check (every index against its table) instead of quick_check.")))
    var full = false
    @Option(name: .long, help: ArgumentHelp(tr("Write a copy of the store to FILE (which must not exist), made 0600."), valueName: "file"))
    var backup: String?
    @Flag(name: .long, help: ArgumentHelp(tr("Rebuild the file without its free pages (VACUUM), after the checks.")))
    var vacuum = false

    func run() throws {
        // The file as a whole: every person's rows, whoever --person names.
        let store = try careplan.store.open(readOnly: true, everyone: true)
        if rebuildSummaries {
            let rows = try store.rebuildSummaries()
            if !careplan.global.json { say("Rebuilt \(rows) day summaries from the outcomes.") }
        }
        let check = try store.check(full: full)
        if careplan.global.json {
            try JSONOutput.print(check)
        } else {
            say("Store:        \(check.path)")
            say("Integrity:    \(check.integrity == ["ok"] ? "ok (\(full ? "integrity_check" : "quick_check"))" : check.integrity.joined(separator: "; "))")
            say("Foreign keys: \(check.foreignKeyProblems == 0 ? "ok" : "\(check.foreignKeyProblems) rows point nowhere")")
            say("Schema:       \(check.migrationsApplied.count) migrations, latest '\(check.migrationsApplied.last ?? "none")'")
            say("Size:         \(check.fileBytes) bytes, write-ahead log \(check.walBytes) bytes")
            say("Contents:     \(check.people) \(check.people == 1 ? "person" : "people"), \(check.activities) activities, \(check.outcomes) outcomes, \(check.summaryRows) day summaries, "
                + "\(NumberText.grouped(check.healthSamples)) health samples")
            say("Summaries:    \(check.summaryMismatches == 0 ? "agree with the outcomes" : "\(check.summaryMismatches) differ; careplan doctor --rebuild-summaries recomputes them")")
        }
        if let backup {
            let bytes = try store.backup(to: backup)
            if !careplan.global.json { say("Backed up to \(backup) (\(NumberText.grouped(bytes)) bytes).") }
        }
        if vacuum {
            guard check.integrity == ["ok"] else {
                throw ValidationError("the store failed its integrity check, so it was not vacuumed; back it up (--backup FILE) and restore an earlier copy")
            }
            let sizes = try store.vacuum()
            if !careplan.global.json { say("Vacuumed: \(NumberText.grouped(sizes.before)) bytes before, \(NumberText.grouped(sizes.after)) after.") }
        }
        if !check.isHealthy { throw ExitCode(1) }
    }
}
