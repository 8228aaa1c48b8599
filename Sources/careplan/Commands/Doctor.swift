import ArgumentParser
import CarePlanStore
import Localization
import TerminalUI

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
            if !careplan.global.json { say(trn("Rebuilt {count} day summary from the outcomes.", "Rebuilt {count} day summaries from the outcomes.", rows)) }
        }
        let check = try store.check(full: full)
        if careplan.global.json {
            try JSONOutput.print(check)
        } else {
            let problems = check.foreignKeyProblems, mismatches = check.summaryMismatches
            let lines = [
                (tr("Store:"), check.path),
                (tr("Integrity:"), check.integrity == ["ok"]
                    // TRANSLATORS: {check} is the name of SQLite's check, quick_check or integrity_check.
                    ? tr("ok ({check})", ["check": full ? "integrity_check" : "quick_check"]) : check.integrity.joined(separator: "; ")),
                (tr("Foreign keys:"), problems == 0 ? trc("a check found nothing wrong", "ok") : trn("{count} row points nowhere", "{count} rows point nowhere", problems)),
                (tr("Schema:"),
                 // TRANSLATORS: {name} is the latest schema migration's name (English), e.g. "v4: activity versions as columns".
                 trn("{count} migration, latest '{name}'", "{count} migrations, latest '{name}'", check.migrationsApplied.count,
                     ["name": check.migrationsApplied.last ?? trc("no migration", "none")])),
                (tr("Size:"), tr("{file}, write-ahead log {log}", ["file": trn("{count} byte", "{count} bytes", check.fileBytes),
                                                                   "log": trn("{count} byte", "{count} bytes", check.walBytes)])),
                (tr("Contents:"), tr("{people}, {activities}, {outcomes}, {summaries}, {samples}", [
                    "people": trn("{count} person", "{count} people", check.people),
                    "activities": trn("{count} activity", "{count} activities", check.activities),
                    "outcomes": trn("{count} outcome", "{count} outcomes", check.outcomes),
                    "summaries": trn("{count} day summary", "{count} day summaries", check.summaryRows),
                    "samples": trn("{count} health sample", "{count} health samples", check.healthSamples)])),
                (tr("Summaries:"), mismatches == 0 ? tr("agree with the outcomes")
                    : trn("{count} differs; careplan doctor --rebuild-summaries recomputes them", "{count} differ; careplan doctor --rebuild-summaries recomputes them", mismatches)),
                (tr("Encryption:"), check.encryption.map { cipher in
                    // TRANSLATORS: SQLCipher's settings, named as SQLCipher names them.
                    tr("SQLCipher {version}, AES-256 in pages of {page} bytes, {hmac}, key from the passphrase by {kdf} ({rounds} rounds), {provider}",
                       ["version": cipher.cipherVersion, "page": "\(cipher.pageSize)", "hmac": cipher.hmac, "kdf": cipher.kdf,
                        "rounds": "\(cipher.kdfIterations)", "provider": cipher.provider])
                } ?? tr("none: a plain SQLite file, readable by anyone who can read it (careplan encrypt encrypts it)")),
            ] + check.plainCopiesBeside.map { copy in
                (tr("Warning:"), tr("{file} is a plain copy beside the encrypted store, readable by anyone who has it; delete it once you no longer need it", ["file": copy]))
            }
            // The values line up after the longest label, in whatever language.
            let width = lines.map { TextWidth.of($0.0) }.max() ?? 0
            for (label, value) in lines { say(TextWidth.pad(label, to: width + 1) + value) }
        }
        if let backup {
            let bytes = try store.backup(to: backup)
            if !careplan.global.json {
                say(store.key == nil ? trn("Backed up to {path} ({count} byte).", "Backed up to {path} ({count} bytes).", bytes, ["path": backup])
                                     : trn("Backed up to {path} ({count} byte), encrypted under the store's key.", "Backed up to {path} ({count} bytes), encrypted under the store's key.",
                                           bytes, ["path": backup]))
            }
        }
        if vacuum {
            guard check.integrity == ["ok"] else {
                throw ValidationError(tr("the store failed its integrity check, so it was not vacuumed; back it up (--backup FILE) and restore an earlier copy"))
            }
            let sizes = try store.vacuum()
            if !careplan.global.json {
                say(trn("Vacuumed: {count} byte before, {after} after.", "Vacuumed: {count} bytes before, {after} after.", sizes.before, ["after": sizes.after]))
            }
        }
        if !check.isHealthy { throw ExitCode(1) }
    }
}
