import CarePlanStore
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
    /// Generating outcomes in memory, and writing them with `CareStore.insert(generated:)`; nil when reused.
    var generateSeconds: Double?
    var insertSeconds: Double?
    /// True when the file came from `--cache` instead of being built by this run.
    var reused: Bool
}

/// Builds each history the way `careplan generate` does: the plan moved to start `days - 1` days
/// before today, imported, then deterministic history from `HistoryGenerator` written in bulk.
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
                                    generateSeconds: nil, insertSeconds: nil, reused: true)
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
        let begin = clock.today.adding(days: -(spec.days - 1))
        let moved = plan.shifted(byDays: plan.start.map { begin.days(since: $0) } ?? 0)
        let timer = ContinuousClock()
        var outcomes: [Outcome] = []
        var written = 0
        var generate = Duration.zero, insert = Duration.zero
        // The store is closed (its WAL checkpointed into the file) before the file is renamed.
        do {
            let store = try CareStore(path: path)
            try store.importPlan(moved, effective: begin, clock: clock)
            let snapshot = try store.plan()
            generate = try timer.measure {
                outcomes = HistoryGenerator(seed: seed, completion: completion).outcomes(for: snapshot, days: spec.days, endingAt: clock)
                if outcomes.isEmpty { throw BenchmarkError("the generator wrote no outcomes for \(spec.label)") }
            }
            insert = try timer.measure { written = try store.insert(generated: outcomes) }
        }
        return BuiltHistory(label: spec.label, days: spec.days, path: path, outcomes: written, fileBytes: fileSize(path),
                            generateSeconds: generate.seconds, insertSeconds: insert.seconds, reused: false)
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: Double { seconds * 1000 }
}
