import Foundation
import Localization
import Testing

/// The one rule for where careplan's shipped folders are (themes, sample plans, catalogues): an
/// installed binary's own, found from its path, before anything in the working folder.
@Suite struct DataLocationTests {
    @Test func anInstalledBinaryNamesItsPrefixThroughSymbolicLinks() throws {
        let root = try Folder()
        try root.file("home/.local/bin/careplan")
        try root.folder("home/.local/share/careplan/themes")
        #expect(DataLocation.installPrefix(executablePath: root.path("home/.local/bin/careplan")) == root.path("home/.local"))
        // A link on PATH to the installed binary still finds the install.
        try root.folder("links")
        try FileManager.default.createSymbolicLink(atPath: root.path("links/careplan"), withDestinationPath: root.path("home/.local/bin/careplan"))
        #expect(DataLocation.installPrefix(executablePath: root.path("links/careplan")) == root.path("home/.local"))
        // Relative to the working folder, as argv[0] may be.
        #expect(DataLocation.installPrefix(executablePath: "bin/careplan", currentDirectory: root.path("home/.local")) == root.path("home/.local"))
        #expect(DataLocation.dataDirectory(prefix: root.path("home/.local")) == root.path("home/.local/share/careplan"))
        #expect(DataLocation.localeDirectory(prefix: "/usr") == "/usr/share/locale")
    }

    @Test func aBuildFoldersBinaryIsNotInstalled() throws {
        let root = try Folder()
        try root.file("repo/.build/release/careplan")
        try root.folder("repo/sample-plans")
        #expect(DataLocation.installPrefix(executablePath: root.path("repo/.build/release/careplan")) == nil)
        // share/ without careplan's folder is someone else's prefix.
        try root.file("usr/bin/careplan")
        try root.folder("usr/share/locale")
        #expect(DataLocation.installPrefix(executablePath: root.path("usr/bin/careplan")) == nil)
    }

    @Test func theOverrideThenTheInstallsOwnThenTheWorkingFolderThenUpFromTheExecutable() throws {
        let root = try Folder()
        try root.file("prefix/bin/careplan")
        try root.folder("prefix/share/careplan/sample-plans")
        try root.folder("checkout/sample-plans")
        let candidates = DataLocation.candidates("sample-plans", override: "mine", executablePath: root.path("prefix/bin/careplan"),
                                                 currentDirectory: root.path("checkout"))
        #expect(Array(candidates.prefix(5)) == [root.path("checkout/mine"), root.path("prefix/share/careplan/sample-plans"),
                                                root.path("checkout/sample-plans"), root.path("prefix/bin/sample-plans"),
                                                root.path("prefix/sample-plans")])
        // An installed careplan run inside a checkout reads its own install's plans, not the checkout's.
        #expect(DataLocation.folder("sample-plans", override: nil, executablePath: root.path("prefix/bin/careplan"),
                                    currentDirectory: root.path("checkout")) == root.path("prefix/share/careplan/sample-plans"))
        // A build folder's binary reads the working folder's, then the repository's above it.
        try root.file("repo/.build/debug/careplan")
        try root.folder("repo/sample-plans")
        #expect(DataLocation.folder("sample-plans", override: nil, executablePath: root.path("repo/.build/debug/careplan"),
                                    currentDirectory: root.path("checkout")) == root.path("checkout/sample-plans"))
        #expect(DataLocation.folder("sample-plans", override: nil, executablePath: root.path("repo/.build/debug/careplan"),
                                    currentDirectory: "/") == root.path("repo/sample-plans"))
        // Nothing anywhere: nil, and the walk up stops at /.
        #expect(DataLocation.folder("no-such-folder", override: nil, executablePath: "/careplan", currentDirectory: "/") == nil)
        #expect(DataLocation.candidates("x", override: nil, executablePath: "/nowhere/careplan", currentDirectory: "/") == ["/x", "/nowhere/x", "/x"])
    }
}

/// A fresh folder for one test, removed when the test's value goes away.
private final class Folder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-data-location-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func file(_ relative: String) throws {
        try folder((relative as NSString).deletingLastPathComponent)
        FileManager.default.createFile(atPath: path(relative), contents: Data())
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
