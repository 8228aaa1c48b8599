/// One line of the table: a measurement at one history length.
struct ResultRow: Codable, Sendable {
    var measurement: String
    var history: String
    /// "ms" for timings, "MB" (10^6 bytes) for memory.
    var unit: String
    var runs: Int?
    var median: Double
    var p90: Double?
    /// The first call in its process (one-off costs included); timings only.
    var firstCall: Double?
    /// Insights only: the same SQL through the store's GRDB methods, and through the bare C API.
    var viaGRDB: Double?
    var floor: Double?
    /// median / floor.
    var ratio: Double?
    /// The target for this row, in words; nil where the issue sets none.
    var target: String?
    /// nil where there is no target, or it cannot be judged in this run (--quick has no 10 years).
    var pass: Bool?
}

/// One of the targets, judged.
struct TargetCheck: Codable, Sendable {
    var target: String
    var measured: String
    var pass: Bool?
}

/// Everything one run produced, as written to `--json`.
struct BenchmarkReport: Codable, Sendable {
    struct PlanFacts: Codable, Sendable {
        var title: String
        var activities: Int
        var interventions: Int
        var assessments: Int
        var sources: [String]
        var fingerprint: String
    }

    var machine: MachineFacts
    /// 1-minute load averages before building and after measuring; near 0 means a quiet machine.
    var loadAverageAtStart: Double
    var loadAverageAtEnd: Double
    var pinnedNow: String
    var quick: Bool
    var plan: PlanFacts
    var histories: [BuiltHistory]
    var rows: [ResultRow]
    var targets: [TargetCheck]
    /// The raw samples behind the rows.
    var dashboard: [DashboardResult]
    var insights: [InsightsResult]
    var processes: [ProcessResult]
    /// The FHIR export beside the JSON export (issue 12).
    var exports: [ProcessResult]
    /// `careplan status` beside `careplan --version` (issue 14), in English and in Polish (issue 24).
    var status: [ProcessResult]
    /// The build `make` installs (static Swift runtime) beside `swift build`'s (issue 26).
    var installedBuild: [ProcessResult]
    var healthImport: ImportResult?
    /// `careplan sync` with a FHIR server beside a plain HTTP loop (issue 25).
    var sync: SyncResult?
    /// The FHIRPath engine on the official suite beside fhirpathpy, and a PHQ-9 re-evaluated (issue 35).
    var fhirpath: FHIRPathResult?
    /// The 10-year store encrypted and unlocked, and the import into an encrypted store (issue 37).
    var encryption: EncryptionResult?
}
