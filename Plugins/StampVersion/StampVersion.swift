import Foundation
import PackagePlugin

/// Writes careplan's version into the build as a Swift constant, on every build: `git describe` made
/// a Debian version, or the `VERSION` file outside git (packaging/version.sh says how). A prebuild
/// command, because the version changes with every commit while no input file SwiftPM could watch
/// does; the script rewrites the file only when the version changed, so an unchanged version
/// recompiles nothing. The binary carries the string, so `--version` spawns nothing and reads no
/// file, and `make install`, the manual pages and the Debian package all take it from there.
@main
struct StampVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let script = context.package.directoryURL.appending(path: "packaging/version.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "version")
        return [
            .prebuildCommand(
                displayName: "Stamping careplan's version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, "--swift", output.appending(path: "BuiltVersion.swift").path],
                outputFilesDirectory: output
            ),
        ]
    }
}
