import CarePlanStore
import CareSamples
import Foundation

/// One length of history to benchmark: "30d", "1y", "10y".
struct HistorySpec: Sendable {
    let label: String
    let days: Int

    /// Calendar spans ending at the pinned today, so 10 years includes its leap days (3652 days).
    static func all(today: LocalDate) -> [HistorySpec] {
        let yearsBack = { (years: Int) in today.days(since: LocalDate(year: today.year - years, month: today.month, day: today.day)!) }
        return [HistorySpec(label: "30d", days: 30), HistorySpec(label: "1y", days: yearsBack(1)),
                HistorySpec(label: "10y", days: yearsBack(10))]
    }
}

/// A history database ready to measure, and what it cost to make.
struct BuiltHistory: Codable, Sendable {
    var label: String
    var days: Int
    var path: String
    var outcomes: Int
    var fileBytes: Int
    /// Importing the plan, generating the history and writing it (`SampleHistory.seed`); nil when reused.
    var seedSeconds: Double?
    /// True when the file came from `--cache` instead of being built by this run.
    var reused: Bool
}

/// Builds each history the way `careplan generate` does (`SampleHistory.seed`).
enum HistoryBuilder {
    static let seed: UInt64 = 2026
    static let completion = 0.9

    static func prepare(_ spec: HistorySpec, plan: CarePlan, fingerprint: String, folder: String, cached: Bool) throws -> BuiltHistory {
        let name = cached ? "careplan-bench-\(spec.label)-\(fingerprint)-s\(seed).sqlite" : "history-\(spec.label).sqlite"
        let path = folder + "/" + name
        if cached, FileManager.default.fileExists(atPath: path) {
            let store = try CareStore(path: path, createIfMissing: false)
            let count = try store.outcomeCount()
            if count > 0 {
                return BuiltHistory(label: spec.label, days: spec.days, path: path, outcomes: count, fileBytes: fileSize(path),
                                    seedSeconds: nil, reused: true)
            }
        }
        // Built under a temporary name and renamed when complete, so an interrupted build is never
        // mistaken for a cached one.
        let partial = path + ".partial"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial + suffix) }
        var built = try build(spec, plan: plan, at: partial)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        built.path = path
        return built
    }

    static func build(_ spec: HistorySpec, plan: CarePlan, at path: String) throws -> BuiltHistory {
        let clock = PinnedClock.clock
        let timer = ContinuousClock()
        var written = 0
        // The store is closed (its WAL checkpointed into the file) before the file is renamed.
        let seconds = try timer.measure {
            let store = try CareStore(path: path)
            written = try SampleHistory.seed(store, plan: plan, days: spec.days, seed: seed, completion: completion, clock: clock)
            if written == 0 { throw BenchmarkError("the generator wrote no outcomes for \(spec.label)") }
        }
        return BuiltHistory(label: spec.label, days: spec.days, path: path, outcomes: written, fileBytes: fileSize(path),
                            seedSeconds: seconds.seconds, reused: false)
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: Double { seconds * 1000 }
}
