import Foundation

/// The 10M-record export (issue 27, `--large`; benchmark-only, never in CI): `careplan health
/// import` once, beside one run of its floor, then what the store gives back at that size. Ten
/// times the 1M export's records over the same five years (`SyntheticExport`), so everything but the
/// number of records (days, nights, blood-pressure readings, workouts) stays as it was and the
/// time can be held against the 1M time of the same run: linear means ≤ 11×. Peak memory should
/// not grow at all: the zip streams through 64 KiB chunks and a bounded queue of batches.
/// The peers are not run (healthkit-to-sqlite alone would take about four minutes).
struct LargeImportResult: Codable, Sendable {
    var records: Int
    var zipBytes: Int
    var xmlBytes: Int
    var own: Samples
    var ownPeakKiB: Int
    var ownCPU: Samples
    var floor: Samples
    var floorPeakKiB: Int
    /// The benchmark's own peak memory after the runs (see `ImportResult.benchmarkPeakKiB`).
    var benchmarkPeakKiB: Int
    var census: ImportCensus?
    var statsHeartRate: Samples
    var statsSteps: Samples
    var sleepYearFrame: Samples
    var sleepNights: Int
}

struct LargeImportCase {
    let folder: String
    let runs: Int
    static let records = 10_000_000

    func run() throws -> LargeImportResult {
        let zip = try SyntheticExport.zip(records: Self.records, years: ImportCases.years, in: folder)
        let careplan = try ProcessCases.binary("careplan"), floor = try ProcessCases.binary("careplan-import-floor")
        let scratch = folder + "/import-large"
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // The store is about 800 MB: never kept.
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let db = scratch + "/careplan.sqlite", summary = scratch + "/import.json"
        var own = Runs(), floorRuns = Runs()
        own.add(try Spawn.run(careplan, ["health", "import", zip, "--json", "--db", db], environment: ImportCases.environment, stdout: summary))
        floorRuns.add(try Spawn.run(floor, [zip], environment: ImportCases.environment))
        let benchmarkPeak = PeakMemory.highWaterMarkKiB() ?? 0
        let xmlBytes = ((try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary)))) as? [String: Any])?["bytes"] as? Int
        let census = try? ImportCensus.read(schema: "careplan", database: db, scratch: scratch)
        let statsHeartRate = try ImportCases.stats("HeartRate", careplan: careplan, db: db, runs: runs)
        let statsSteps = try ImportCases.stats("StepCount", careplan: careplan, db: db, runs: runs)
        let (sleepFrame, nights) = try ImportCases.sleepYear(careplan: careplan, db: db, scratch: scratch, runs: runs)
        return LargeImportResult(records: Self.records, zipBytes: SyntheticExport.size(zip), xmlBytes: xmlBytes ?? 0,
                                 own: own.wall, ownPeakKiB: own.peakKiB, ownCPU: own.cpu, floor: floorRuns.wall, floorPeakKiB: floorRuns.peakKiB, benchmarkPeakKiB: benchmarkPeak,
                                 census: census, statsHeartRate: statsHeartRate, statsSteps: statsSteps,
                                 sleepYearFrame: sleepFrame, sleepNights: nights)
    }
}
