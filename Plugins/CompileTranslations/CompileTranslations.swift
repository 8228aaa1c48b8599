import Foundation
import PackagePlugin

/// Compiles the translations (`po/*.po`) into gettext catalogues with `msgfmt --check` on every
/// build that changes one, and tells the `Localization` target where they are: SwiftPM never runs
/// msgfmt by itself, and a `.lproj` resource bundle ignores the user's language on Linux
/// (docs/translating.md). The catalogues land in this plugin's work folder as
/// `locale/<language>/LC_MESSAGES/careplan.mo`, the layout `bindtextdomain` reads; the generated
/// Swift file names that folder, so a `swift run` or `swift test` binary finds them wherever the
/// build folder is. An installed careplan reads `<prefix>/share/locale` instead.
@main
struct CompileTranslations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let po = context.package.directoryURL.appending(path: "po")
        let script = po.appending(path: "compile-catalogues.sh")
        let sources = try FileManager.default.contentsOfDirectory(at: po, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "po" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let locale = context.pluginWorkDirectoryURL.appending(path: "locale")
        let swift = context.pluginWorkDirectoryURL.appending(path: "BuiltCatalogues.swift")
        return [
            .buildCommand(
                displayName: "Compiling translations (\(sources.map { $0.deletingPathExtension().lastPathComponent }.joined(separator: ", ")))",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, locale.path, swift.path] + sources.map(\.path),
                inputFiles: [script] + sources,
                outputFiles: [swift]
            ),
        ]
    }
}
