import CarePlanStore
import Foundation

/// Encryption at rest (issue 37): the 10-year store encrypted and unlocked (its key in the
/// kernel's keyring, as `careplan unlock` leaves it), measured as the plain store is, in this same
/// run: the dashboard's first frame and insights for a year (in child processes, each right after
/// the same child on the plain store, so that the two are compared minutes apart at most, not
/// across the whole run), `careplan today`,
/// `done`, `log` beside careplan-floor on the plain store, `careplan status` beside start-up, and
/// the 1M-record Apple Health import into an encrypted store, interleaved run by run with the same
/// import into a plain one.
struct EncryptionResult: Codable, Sendable {
    var dashboard: DashboardResult
    var insights: InsightsResult
    /// The same children on the plain store, run just before the encrypted ones.
    var plainDashboard: DashboardResult
    var plainInsights: InsightsResult
    var processes: [ProcessResult]
    var status: ProcessResult
    /// The import into an encrypted store; floor = the same import into a plain one.
    var healthImport: ProcessResult?
}

enum EncryptedStore {
    static let passphrase = Array("a benchmark passphrase, not a secret".utf8)

    /// The key of the store at `path` when it is encrypted: the one this run unlocked.
    static func key(for path: String) -> StoreKey? {
        guard case .encrypted(let salt) = StoreFileState.inspect(path) else { return nil }
        return UnlockedKeys.find(salt: salt)?.key
    }

    /// A key of its own for this run, unlocked for an hour (forgotten at the end).
    static func unlockedKey() throws -> StoreKey {
        let key = try StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        try UnlockedKeys.keep(key, seconds: 3600)
        return key
    }

    /// An encrypted copy of the plain store at `path`, beside it, under `key`.
    static func copy(of path: String, key: StoreKey) throws -> String {
        let encrypted = path + ".encrypted"
        remove(encrypted)
        try FileManager.default.copyItem(atPath: path, toPath: encrypted)
        _ = try StoreConversion.convert(path: encrypted, from: nil, to: key)
        return encrypted
    }

    /// An empty careplan store at `path`, encrypted under `key`: what an import into an encrypted
    /// store starts from.
    static func empty(at path: String, key: StoreKey) throws {
        remove(path)
        try CareStore(path: path).close()
        _ = try StoreConversion.convert(path: path, from: nil, to: key)
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

struct EncryptionCases {
    let history: BuiltHistory
    let folder: String
    let runs: Int, warmups: Int
    let importRuns: Int
    let withImport: Bool

    func run() throws -> EncryptionResult {
        let key = try EncryptedStore.unlockedKey()
        defer { UnlockedKeys.forget(salt: key.salt) }
        let encrypted = try EncryptedStore.copy(of: history.path, key: key)
        defer { EncryptedStore.remove(encrypted) }
        let job = { (kind: ChildJob.Kind, path: String) in ChildJob(kind: kind, path: path, label: history.label, runs: runs, warmups: warmups) }
        let plainDashboard = try job(.dashboard, history.path).spawn(as: DashboardResult.self)
        let dashboard = try job(.dashboard, encrypted).spawn(as: DashboardResult.self)
        let plainInsights = try job(.insights, history.path).spawn(as: InsightsResult.self)
        let insights = try job(.insights, encrypted).spawn(as: InsightsResult.self)
        let processes = try ProcessCases(storePath: encrypted, runs: runs, floorStorePath: history.path, variant: " (encrypted)").run()
        let status = try StatusCases(storePath: encrypted, runs: runs * 5, variant: " (encrypted)").run()
        var healthImport: ProcessResult?
        if withImport { healthImport = try importBesidePlain(key: key) }
        return EncryptionResult(dashboard: dashboard, insights: insights, plainDashboard: plainDashboard, plainInsights: plainInsights,
                                processes: processes, status: status, healthImport: healthImport)
    }

    /// The 1M-record import into an encrypted store, interleaved run by run with the same import
    /// into a plain one (its floor here).
    func importBesidePlain(key: StoreKey) throws -> ProcessResult {
        let zip = try SyntheticExport.zip(records: ImportCases.records, years: ImportCases.years, in: folder)
        let careplan = try ProcessCases.binary("careplan")
        let scratch = folder + "/encrypted-import-runs"
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var own: [Double] = [], plain: [Double] = []
        for run in 0..<importRuns {
            let plainDB = "\(scratch)/plain-\(run).sqlite", encryptedDB = "\(scratch)/encrypted-\(run).sqlite"
            try EncryptedStore.empty(at: encryptedDB, key: key)
            plain.append(try Spawn.run(careplan, ["health", "import", zip, "--db", plainDB], environment: ImportCases.environment).ms)
            own.append(try Spawn.run(careplan, ["health", "import", zip, "--db", encryptedDB], environment: ImportCases.environment).ms)
            EncryptedStore.remove(plainDB)
            EncryptedStore.remove(encryptedDB)
        }
        return ProcessResult(command: "health import 1M (encrypted)", samples: Samples(warmups: 0, milliseconds: own, firstCall: own.first ?? 0),
                             floor: Samples(warmups: 0, milliseconds: plain, firstCall: plain.first ?? 0))
    }
}

/// The targets for an encrypted, unlocked store, each against the same measurement on the
/// plain store (or its floor) in this run.
enum EncryptionTargets {
    static let frameRatio = 1.3, importRatio = 1.3

    static func rows(_ result: EncryptionResult) -> [ResultRow] {
        var rows: [ResultRow] = []
        let label = result.dashboard.label
        let frame = result.dashboard.firstFrame, plainFrame: Double? = result.plainDashboard.firstFrame.median
        rows.append(ResultRow(measurement: "first frame (encrypted)", history: label, unit: "ms", runs: frame.runs, median: frame.median, p90: frame.p90,
                              firstCall: frame.firstCall, floor: plainFrame, ratio: plainFrame.map { frame.median / $0 },
                              target: "≤ \(frameRatio)× plain", pass: plainFrame.map { frame.median <= frameRatio * $0 }))
        if let year = result.insights.ranges.first(where: { $0.range == "year" }) {
            let plainYear = result.plainInsights.ranges.first { $0.range == "year" }?.engine.median
            rows.append(ResultRow(measurement: "insights year (encrypted)", history: label, unit: "ms", runs: year.engine.runs, median: year.engine.median,
                                  p90: year.engine.p90, firstCall: year.engine.firstCall, floor: plainYear, ratio: plainYear.map { year.engine.median / $0 },
                                  target: "≤ \(frameRatio)× plain", pass: plainYear.map { year.engine.median <= frameRatio * $0 }))
        }
        for process in result.processes {
            let ratio = process.samples.median / process.floor.median
            rows.append(ResultRow(measurement: process.command, history: label, unit: "ms", runs: process.samples.runs, median: process.samples.median,
                                  p90: process.samples.p90, firstCall: process.samples.firstCall, floor: process.floor.median, ratio: ratio,
                                  target: "≤ \(Int(Targets.processRatio))× floor", pass: ratio <= Targets.processRatio))
        }
        rows += Targets.rows(status: result.status, label: label)
        if let imported = result.healthImport {
            let ratio = imported.samples.median / imported.floor.median
            rows.append(ResultRow(measurement: imported.command, history: "1M", unit: "ms", runs: imported.samples.runs, median: imported.samples.median,
                                  p90: imported.samples.p90, firstCall: imported.samples.firstCall, floor: imported.floor.median, ratio: ratio,
                                  target: "≤ \(importRatio)× plain", pass: ratio <= importRatio))
        }
        return rows
    }

    static func checks(_ rows: [ResultRow]) -> [TargetCheck] {
        rows.filter { $0.measurement.contains("(encrypted)") && $0.target != nil }.map { row in
            TargetCheck(target: "\(row.measurement): \(row.target!)",
                        measured: row.ratio.map { String(format: "%.2f× (%.2f ms vs %.2f ms)", $0, row.median, row.floor ?? 0) } ?? "not measured",
                        pass: row.pass)
        }
    }
}
