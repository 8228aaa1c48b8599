import CarePlanStore
import Dashboard
import Foundation
import Localization

/// The benchmark's plan: a dense one of 120 activities taken from the shipped sample plans, so the
/// benchmark measures the activities, schedules and measures real users start from, three times
/// over (a caregiver's heavy plan), rather than invented ones.
///
/// Deterministic: the sample files in name order, their activities in file order, repeated (with
/// ids `<id>-2`, `<id>-3`, ...) until there are 120. Every activity starts on the plan's first day and
/// none ends, so ten years of history means ten years for all of them (a sample plan's two-week
/// anticoagulant would otherwise stop after a fortnight and thin out the long histories).
enum BenchmarkPlan {
    static let size = 120

    /// `sample-plans/` found the way careplan finds it: the working folder, or up from the executable.
    static func samplesFolder() throws -> String {
        guard let folder = DataLocation.folder("sample-plans", override: ProcessInfo.processInfo.environment["CAREPLAN_SAMPLES"],
                                               executablePath: CommandLine.arguments[0],
                                               currentDirectory: FileManager.default.currentDirectoryPath) else {
            throw BenchmarkError("no sample-plans/ folder found; run from the repository (or set CAREPLAN_SAMPLES)")
        }
        return folder
    }

    /// The synthetic Apple Health export generator the import case runs (Benchmarks/tools).
    static func exportGenerator() throws -> String {
        try repositoryFile("Benchmarks/tools/gen_export.py", for: "the import case")
    }

    /// A file of the repository the benchmark runs from (found beside `sample-plans/`): the import
    /// case's generator, its census script and its peers' pinned requirements.
    static func repositoryFile(_ relativePath: String, for use: String) throws -> String {
        let repository = (try samplesFolder() as NSString).deletingLastPathComponent
        let file = (repository as NSString).appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: file) else {
            throw BenchmarkError("no \(relativePath) in the repository (\(repository)); \(use) needs it")
        }
        return file
    }

    static func build(from folder: String) throws -> (plan: CarePlan, sources: [String]) {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        let samples = try files.map { try PlanDecoder.load(path: folder + "/" + $0) }
        let pool = samples.flatMap(\.activities)
        guard !pool.isEmpty else { throw BenchmarkError("\(folder) holds no plan with activities") }
        let first = pool.map(\.schedule.start).min()!

        var activities: [Activity] = []
        var used = Set<String>()
        var index = 0
        while activities.count < size {
            var activity = pool[index % pool.count]
            index += 1
            // The same id twice would be one activity in the store; number the repeats instead.
            var id = activity.id, suffix = 2
            while used.contains(id) { id = "\(activity.id)-\(suffix)"; suffix += 1 }
            used.insert(id)
            activity.id = id
            activity.schedule.start = first
            activity.schedule.end = nil
            activities.append(activity)
        }
        // The questionnaires the samples ask (PHQ-9, GAD-7), each once.
        var forms: [StoredForm] = []
        for form in samples.flatMap(\.forms) where !forms.contains(form) { forms.append(form) }
        let plan = CarePlan(title: "Benchmark: \(size) activities from sample-plans", patient: "Bench Mark", activities: activities, forms: forms)
        return (plan, files)
    }

    /// A short stable name for the plan's content, so a cached history is only reused for the
    /// plan it was built from. FNV-1a over the plan's YAML (the encoder's output is deterministic,
    /// unlike `String(describing:)` of values holding dictionaries).
    static func fingerprint(_ plan: CarePlan) throws -> String { ContentHash.fnv1a(try PlanEncoder.yaml(plan)) }
}

/// A failure of the benchmark itself (not of the code it measures), said in one line.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
