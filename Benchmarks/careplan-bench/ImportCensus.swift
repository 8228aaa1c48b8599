import Foundation

/// What an importer stored from the export (issue 27), as `Benchmarks/tools/import_census.py` reads
/// it from the importer's own output after its last timed run: the speed of two importers means
/// little if one of them keeps less, or keeps some readings twice.
struct ImportCensus: Codable, Sendable {
    /// Records per type as the export names them without the HK…Identifier prefix (HeartRate,
    /// SleepAnalysis, BloodPressureSystolic…), plus Workout and ActivitySummary; 0 where not kept.
    var rows: [String: Int]
    var bloodPressure: BloodPressure
    var sleep: Sleep

    struct BloodPressure: Codable, Sendable {
        /// Systolic values stored, and the distinct readings among them.
        var stored: Int
        var readings: Int
    }

    struct Sleep: Codable, Sendable {
        /// Sleep-analysis rows, and those whose value still names a stage (core, deep, REM, awake).
        var rows: Int
        var stages: Int
    }

    /// How many times each blood-pressure reading is stored: 1, or 2 where the export's repeated
    /// records (top-level and inside their Correlation) were both kept.
    var bloodPressureCopies: Double {
        bloodPressure.readings == 0 ? 0 : Double(bloodPressure.stored) / Double(bloodPressure.readings)
    }

    var keepsSleepStages: Bool { sleep.stages > 0 }

    /// Runs the census for `schema` (careplan, or a peer's name) on `database` with `python` (a
    /// peer's virtualenv's), or with the system's python3 for careplan's store.
    static func read(schema: String, database: String, python: String? = nil, scratch: String) throws -> ImportCensus {
        let script = try BenchmarkPlan.repositoryFile("Benchmarks/tools/import_census.py", for: "the import census")
        let output = "\(scratch)/census-\(schema).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let (command, arguments) = python.map { ($0, [script, schema, database]) } ?? ("/usr/bin/env", ["python3", script, schema, database])
        _ = try Spawn.run(command, arguments, environment: ProcessInfo.processInfo.environment, stdout: output)
        return try JSONDecoder().decode(ImportCensus.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
    }
}
