import CarePlanStore
import Foundation
import Localization

/// A plan file the welcome screen offers to start from.
public struct SamplePlan: Equatable, Sendable {
    public var path: String
    public var title: String
    public var activityCount: Int
    /// The language the plan is written in (BCP 47); English where the file does not say.
    public var language: String = "en"
}

/// Where the sample plans are. Finding the folder is cheap; decoding the plans is not (YAML), so
/// only the first-run picker asks for them.
public struct SampleCatalog: Sendable {
    /// The first `sample-plans/` folder found, nil when there is none.
    public let folder: String?

    /// A catalog with no plans (the demo, which needs no picker).
    public static let none = SampleCatalog(folder: nil)

    init(folder: String?) { self.folder = folder }

    /// `$CAREPLAN_SAMPLES`, else where `DataLocation` finds `sample-plans/`: an installed
    /// careplan's own, the current folder's, the folders above the executable (a `swift build` tree).
    public init(environment: [String: String], executablePath: String, currentDirectory: String) {
        folder = DataLocation.folder("sample-plans", override: environment["CAREPLAN_SAMPLES"],
                                     executablePath: executablePath, currentDirectory: currentDirectory)
    }

    /// The plans in the folder, decoded: those written in the reader's language first, then the
    /// others, each by file name; files that do not decode are left out.
    public func plans(language: String = Language.current.tag) -> [SamplePlan] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".yaml") }.sorted() ?? []
        let plans = names.compactMap { name -> SamplePlan? in
            let path = folder + "/" + name
            guard let plan = try? PlanDecoder.load(path: path) else { return nil }
            return SamplePlan(path: path, title: plan.title, activityCount: plan.activities.count, language: plan.language ?? "en")
        }
        let reader = plans.filter { Self.sameLanguage($0.language, language) }
        return reader + plans.filter { !Self.sameLanguage($0.language, language) }
    }

    /// Whether a plan's language is the reader's: the same tag, or the same language where one
    /// of them names no region (`pl` and `pl-PL`); `zh-CN` and `zh-TW` are not the same.
    static func sameLanguage(_ plan: String, _ reader: String) -> Bool {
        let a = plan.lowercased().split(separator: "-"), b = reader.lowercased().split(separator: "-")
        guard a.first == b.first else { return false }
        return a.count < 2 || b.count < 2 || a[1] == b[1]
    }

    /// The path of the sample plan file `name`, if the folder has it.
    public func path(named name: String) -> String? {
        guard let folder, FileManager.default.fileExists(atPath: folder + "/" + name) else { return nil }
        return folder + "/" + name
    }
}
