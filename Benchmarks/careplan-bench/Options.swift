import Foundation

/// The benchmark's command line. Parsed by hand: a dozen flags do not justify pulling the
/// argument parser into a target whose only job is to be timed.
struct Options {
    /// `--quick`: fewer runs and at most one year of history, for a smoke run in about a minute.
    var quick = false
    var jsonPath = "benchmark-results.json"
    /// `--cache DIR`: keep built histories in DIR and reuse them on later runs (always announced).
    /// Without it every run builds fresh databases, so a change to the generator or the schema
    /// can never be measured against a stale file.
    var cacheDirectory: String?
    /// `--keep`: leave the temporary folder (and its databases) behind for inspection.
    var keep = false
    var runs: Int?
    var warmups: Int?
    /// `--show-frame`: print the largest history's first frame, to see what was timed.
    var showFrame = false
    /// `--skip-import`: leave out the Apple Health import beside its peers (several minutes).
    var skipImport = false
    /// `--only import`: the Apple Health import alone, without the histories and what is timed on them.
    var onlyImport = false
    /// `--skip-sync`: leave out the sync with a FHIR server (issue 25: a server from PyPI, several minutes).
    var skipSync = false
    /// `--only sync`: the sync case alone, on the year's history.
    var onlySync = false
    /// `--skip-fhirpath`: leave out the FHIRPath case (issue 35: the official suite beside fhirpathpy).
    var skipFHIRPath = false
    /// `--only fhirpath`: the FHIRPath case alone: no histories.
    var onlyFHIRPath = false
    /// `--skip-encryption`: leave out the encrypted store's case (issue 37).
    var skipEncryption = false
    /// `--only encryption`: the 10-year history, plain and encrypted (frames, insights, commands,
    /// the status line), and the import into an encrypted store beside a plain one.
    var onlyEncryption = false
    /// `--large`: also the 10M-record export (issue 27; about 15 minutes, 5 GB of disk while it is
    /// made); never in CI.
    var large = false
    /// `--skip-peers`: the import case without its PyPI peers (careplan, its floor and what follows):
    /// for iterating on the import, where the peers take most of the case's time.
    var skipPeers = false
    /// `--import-runs N`: runs of each import (the slowest peer takes about a minute a run).
    var importRuns = 3
    /// Internal: run one measurement group in this process and print its JSON (see ChildProcess).
    var child: ChildJob?

    static let usage = """
        usage: careplan-bench [--quick] [--json PATH] [--cache DIR] [--keep] [--runs N] [--warmups N] [--show-frame]
                              [--skip-import | --only import] [--skip-peers] [--import-runs N] [--large] [--skip-sync | --only sync]
                              [--skip-fhirpath | --only fhirpath]

        Builds 30-day, 1-year and 10-year histories of a 120-activity plan (from sample-plans/) ending at
        2026-11-21 09:30 Europe/Berlin, then times the first dashboard frame, day and week switches and
        insights (with their bare-SQLite floors), times careplan today, done and log against a minimal
        program, imports a 1M-record Apple Health export beside its floor (careplan-import-floor) and
        three peers (healthkit-to-sqlite, apple-health-export-mcp, vitalog: each installed from PyPI at
        the versions Benchmarks/peers/ pins, into its own virtualenv in the work folder), and prints a
        table against the targets (docs/performance.md).

          --quick        7 runs after 1 warm-up, histories of 30 days and 1 year only
          --json PATH    where to write the results as JSON (default: benchmark-results.json)
          --cache DIR    reuse histories built by an earlier run with --cache DIR (announced when used)
          --keep         keep the temporary folder with the databases
          --runs N       timed runs per measurement (default 21; slow cases use fewer, within a time budget)
          --warmups N    untimed runs first (default 3)
          --show-frame   print the largest history's first frame
          --skip-import  leave out the Apple Health import case (it needs python3, PyPI and about ten minutes)
          --only import  the Apple Health import case alone: no histories, frames, insights or commands
          --skip-peers   the import case without the peers: careplan and its floor only (for iterating)
          --import-runs N  runs of each import: careplan's, its floor's and each peer's (default 3)
          --skip-sync    leave out the sync with a FHIR server (it needs python3, PyPI and about five minutes)
          --only sync    the sync case alone, on the 1-year history: careplan sync into a real FHIR server
                         (Tests/FHIRServer) beside the same requests sent by a plain HTTP loop
          --skip-fhirpath  leave out the FHIRPath case (the official suite beside fhirpathpy, a PHQ-9 re-evaluated)
          --only fhirpath  the FHIRPath case alone: careplan's engine on the official FHIRPath R4 suite beside fhirpathpy
                         (Tests/FHIRPathPeer, pinned) on the same cases, and a PHQ-9's variables and total after one answer
          --large        also import a 10M-record export once (careplan and its floor; the peers are not run):
                         time against the 1M import, peak memory, stats and the sleep view on its store

        One step on its own (what the benchmark runs as child processes; handy under perf or valgrind):
          careplan-bench --child dashboard|insights --db FILE [--label 10y] [--runs N] [--warmups N] [--case NAME]
            (--case: first-frame, day-switch, week-switch; or week, month, quarter, year, year-floor...)
          careplan-bench --child build --db FOLDER --label 10y --days 3652 [--cached]
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var childKind: String?
        var childPath: String?
        var childLabel = "db"
        var childDays = 0
        var childCached = false
        var childCase: String?
        var rest = arguments.dropFirst()[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        func count(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number >= 0 else { throw UsageError("\(flag) takes a whole number ≥ 0, got '\(text)'") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--json": options.jsonPath = try value(argument)
            case "--cache": options.cacheDirectory = try value(argument)
            case "--keep": options.keep = true
            case "--runs":
                options.runs = try count(argument)
                if options.runs == 0 { throw UsageError("--runs must be at least 1") }
            case "--warmups": options.warmups = try count(argument)
            case "--show-frame": options.showFrame = true
            case "--skip-import": options.skipImport = true
            case "--only":
                let group = try value(argument)
                switch group {
                case "import": options.onlyImport = true
                case "sync": options.onlySync = true
                case "fhirpath": options.onlyFHIRPath = true
                case "encryption": options.onlyEncryption = true
                default: throw UsageError("--only takes import, sync, fhirpath or encryption, got '\(group)'")
                }
            case "--skip-sync": options.skipSync = true
            case "--skip-fhirpath": options.skipFHIRPath = true
            case "--skip-encryption": options.skipEncryption = true
            case "--large": options.large = true
            case "--skip-peers": options.skipPeers = true
            case "--import-runs":
                options.importRuns = try count(argument)
                if options.importRuns == 0 { throw UsageError("--import-runs must be at least 1") }
            case "--child": childKind = try value(argument)
            case "--path", "--db": childPath = try value(argument)
            case "--label": childLabel = try value(argument)
            case "--days": childDays = try count(argument)
            case "--cached": childCached = true
            case "--case": childCase = try value(argument)
            case "-h", "--help": throw UsageError(nil)
            default: throw UsageError("unknown option '\(argument)'")
            }
        }
        if options.onlyImport && options.skipImport { throw UsageError("--only import and --skip-import leave nothing to measure") }
        if options.large && options.skipImport { throw UsageError("--large is part of the import case, which --skip-import leaves out") }
        if options.skipPeers && options.skipImport { throw UsageError("--skip-peers is part of the import case, which --skip-import leaves out") }
        if let childKind {
            guard let kind = ChildJob.Kind(rawValue: childKind) else {
                throw UsageError("--child takes build, dashboard or insights, got '\(childKind)'")
            }
            guard let childPath else { throw UsageError("--child needs --db PATH (a folder for build)") }
            if kind == .build, childDays < 1 { throw UsageError("--child build needs --days N") }
            options.child = ChildJob(kind: kind, path: childPath, label: childLabel,
                                     runs: options.runs ?? options.defaultRuns, warmups: options.warmups ?? options.defaultWarmups,
                                     days: childDays, cached: childCached, only: childCase)
        } else if childPath != nil {
            throw UsageError("--db is only for --child; the benchmark builds its own databases")
        }
        return options
    }

    var defaultRuns: Int { quick ? 7 : 21 }
    var defaultWarmups: Int { quick ? 1 : 3 }
}

/// A bad command line; `message` nil means "show the usage" (for --help).
struct UsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}
