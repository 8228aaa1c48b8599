import CarePlanStore
import Foundation

/// A plan file the welcome screen offers to start from.
public struct SamplePlan: Equatable, Sendable {
    public var path: String
    public var title: String
    public var activityCount: Int
}

/// Where the sample plans are. Finding the folder is cheap; decoding the plans is not (YAML), so
/// only the first-run picker asks for them.
public struct SampleCatalog: Sendable {
    /// The first `sample-plans/` folder found, nil when there is none.
    public let folder: String?

    /// A catalog with no plans (the demo, which needs no picker).
    public static let none = SampleCatalog(folder: nil)

    init(folder: String?) { self.folder = folder }

    /// `$CAREPLAN_SAMPLES`, the current folder, the folders above the executable (a `swift build`
    /// tree), then the shared install places.
    public init(environment: [String: String], executablePath: String, currentDirectory: String) {
        folder = ResourceLocator.folder("sample-plans", override: environment["CAREPLAN_SAMPLES"],
                                        executablePath: executablePath, currentDirectory: currentDirectory)
    }

    /// The plans in the folder, decoded, by file name; files that do not decode are left out.
    public func plans() -> [SamplePlan] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".yaml") }.sorted() ?? []
        return names.compactMap { name in
            let path = folder + "/" + name
            guard let plan = try? PlanDecoder.load(path: path) else { return nil }
            return SamplePlan(path: path, title: plan.title, activityCount: plan.activities.count)
        }
    }

    /// The path of the sample plan file `name`, if the folder has it.
    public func path(named name: String) -> String? {
        guard let folder, FileManager.default.fileExists(atPath: folder + "/" + name) else { return nil }
        return folder + "/" + name
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
