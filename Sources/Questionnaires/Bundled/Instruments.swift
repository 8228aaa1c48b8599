import Foundation
import Localization

/// The questionnaires careplan ships (`instruments/`: PHQ-9, GAD-7, PHQ-2), which a plan names by
/// file name (`questionnaire: phq-9`). Each is `urn:careplan:questionnaire:NAME`, so a stored
/// form's canonical gives its name back for `plan --export`.
public struct Instruments: Sendable {
    /// The first `instruments/` folder found, nil when there is none.
    public let folder: String?

    static let canonicalPrefix = "urn:careplan:questionnaire:"

    public init(folder: String?) { self.folder = folder }

    /// `$CAREPLAN_INSTRUMENTS`, else where `DataLocation` finds `instruments/`: an installed
    /// careplan's own, the current folder's, the folders above the executable (a `swift build` tree).
    public static var installed: Instruments {
        Instruments(folder: DataLocation.folder("instruments", override: ProcessInfo.processInfo.environment["CAREPLAN_INSTRUMENTS"],
                                                executablePath: DataLocation.executablePath() ?? CommandLine.arguments[0],
                                                currentDirectory: FileManager.default.currentDirectoryPath))
    }

    /// The names a plan may give, in order: `gad-7`, `phq-2`, `phq-9`.
    public var names: [String] {
        guard let folder else { return [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The file of the instrument `name`, nil when careplan ships none by that name.
    public func data(named name: String) -> Data? {
        guard let folder, names.contains(name) else { return nil }
        return FileManager.default.contents(atPath: folder + "/" + name + ".json")
    }

    /// The name a bundled instrument's canonical url stands for (`urn:careplan:questionnaire:phq-9` → `phq-9`).
    public static func name(ofURL url: String) -> String? {
        url.hasPrefix(canonicalPrefix) ? String(url.dropFirst(canonicalPrefix.count)) : nil
    }
}
