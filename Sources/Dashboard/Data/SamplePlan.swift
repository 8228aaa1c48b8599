import CarePlanStore
import Foundation

/// A plan file the welcome screen offers to start from.
public struct SamplePlan: Equatable, Sendable {
    public var path: String
    public var title: String
    public var activityCount: Int

    /// The plans in the first `sample-plans/` folder found: `$CAREPLAN_SAMPLES`, the current
    /// folder, the folders above the executable (a `swift build` tree), then the shared install places.
    public static func discover(environment: [String: String], executablePath: String, currentDirectory: String) -> [SamplePlan] {
        guard let folder = ResourceLocator.folder("sample-plans", override: environment["CAREPLAN_SAMPLES"],
                                                  executablePath: executablePath, currentDirectory: currentDirectory) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".yaml") }.sorted() ?? []
        return names.compactMap { name in
            let path = folder + "/" + name
            guard let plan = try? PlanDecoder.load(path: path) else { return nil }
            return SamplePlan(path: path, title: plan.title, activityCount: plan.activities.count)
        }
    }
}

/// Finds folders that ship with careplan (`sample-plans/`, `themes/`) wherever it runs from.
public enum ResourceLocator {
    public static func folder(_ name: String, override: String?, executablePath: String, currentDirectory: String) -> String? {
        var candidates: [String] = []
        if let override, !override.isEmpty { candidates.append(override) }
        candidates.append(currentDirectory + "/" + name)
        var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder.appendingPathComponent(name).path)
            folder.deleteLastPathComponent()
        }
        candidates += ["/usr/local/share/careplan/\(name)", "/usr/share/careplan/\(name)"]
        var isFolder: ObjCBool = false
        return candidates.first { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue }
    }
}
