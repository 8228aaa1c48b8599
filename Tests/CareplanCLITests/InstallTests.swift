import Foundation
import Glibc
import Testing

/// careplan as people get it (docs/install.md): `make install` into a prefix, run from there with
/// no clone to lean on, `make uninstall`; and `make deb`, installed with apt, run, purged. Both
/// tests share one release build, the Makefile's own (`.build/install`: SwiftPM's lock on `.build`
/// is held while `swift test` runs), which takes minutes the first time.
@Suite(.serialized, .timeLimit(.minutes(40))) struct InstallTests {
    /// Root, or sudo without a password: what installing a package needs.
    static let asRoot: [String]? = {
        if getuid() == 0 { return [] }
        guard let sudo = ["/usr/bin/sudo", "/bin/sudo"].first(where: FileManager.default.isExecutableFile),
              (try? Command.run([sudo, "-n", "true"]).status) == 0 else { return nil }
        return [sudo, "-n"]
    }()

    /// The version the release build reports, which every installed file must carry.
    static func builtVersion() throws -> String {
        let binary = CLI.repository.appendingPathComponent(".build/install/release/careplan").path
        return try Command.run([binary, "--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func installedFromSourceItRunsOnItsOwnAndUninstallsCompletely() throws {
        let cli = CLI()
        let prefix = cli.folder.appendingPathComponent("prefix").path

        // A prefix that is not absolute is refused before anything is built or written.
        let relative = try Command.make(["install", "PREFIX=relative/prefix"])
        #expect(relative.status != 0)
        #expect(relative.output.contains("PREFIX must be an absolute path, got 'relative/prefix'"), "\(relative.output)")
        #expect(!FileManager.default.fileExists(atPath: CLI.repository.appendingPathComponent("relative").path))

        let installed = try Command.make(["install", "PREFIX=\(prefix)"])
        try #require(installed.status == 0, "\(installed.output)")
        let version = try Self.builtVersion()
        let careplan = URL(fileURLWithPath: prefix + "/bin/careplan")
        // No RUNPATH or RPATH: the system's libraries only, never one beside the installed binary.
        let dynamic = try Command.run(["/usr/bin/readelf", "--dynamic", careplan.path])
        #expect(dynamic.status == 0 && dynamic.output.contains("(NEEDED)"), "\(dynamic.output)")
        #expect(!dynamic.output.contains("RUNPATH") && !dynamic.output.contains("(RPATH)"), "\(dynamic.output)")
        // SQLite is SQLCipher's, compiled in: no system libsqlite3 beside it (two SQLites in one
        // process would share POSIX locks); Nettle's libnettle, which it encrypts with, is opened
        // when an encrypted store needs it, not loaded by every command.
        #expect(!dynamic.output.contains("libsqlite3"), "\(dynamic.output)")
        #expect(!dynamic.output.contains("libnettle") && !dynamic.output.contains("libcrypto"), "\(dynamic.output)")

        try withBuildCataloguesHidden {
            // From /, with no CAREPLAN_LOCALEDIR, CAREPLAN_SAMPLES or CAREPLAN_THEMES (CLI clears the first).
            func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
                try cli.run(arguments, useDB: false, environment: environment, executable: careplan, in: URL(fileURLWithPath: "/"))
            }
            #expect(try run(["--version"]).stdout == version + "\n")
            // The first-run picker offers the installed sample plans.
            let welcome = try run(["snapshot", "--db", cli.db])
            #expect(welcome.stdout.contains("Knee replacement recovery"), "\(welcome.stdout)\(welcome.stderr)")
            // The demo replays the installed knee-replacement plan.
            let demo = try run(["demo", "--days", "7", "--keep"])
            #expect(demo.status == 0, "\(demo.stderr)")
            #expect(demo.stdout.contains("Knee replacement recovery"), "\(demo.stdout)")
            try? FileManager.default.removeItem(atPath: (try Self.demoDatabase(demo) as NSString).deletingLastPathComponent)
            let themes = try run(["themes"])
            #expect(themes.stdout.contains(prefix + "/share/careplan/themes/dark.yaml"), "\(themes.stdout)")
            // A plan that asks PHQ-9 finds the installed instrument.
            let phq9 = cli.write("phq9.yaml", "title: T\nactivities:\n  - {id: phq9, kind: assessment, title: PHQ-9, questionnaire: phq-9, schedule: {start: 2026-11-01, daily: 1}}\n")
            let imported = try run(["import", phq9, "--db", cli.db])
            #expect(imported.status == 0, "\(imported.stderr)")
            // Polish from the installed catalogue, in a locale this machine need not have generated.
            let polish = try run(["--help"], environment: ["LANG": "pl_PL.UTF-8"])
            #expect(polish.stdout.contains("Plany opieki w terminalu"), "\(polish.stdout)")
        }

        // The manual: one page per command, generated, carrying the version; found by man.
        let manual = prefix + "/share/man/man1"
        let pages = try FileManager.default.contentsOfDirectory(atPath: manual)
        for page in ["careplan.1", "careplan.today.1", "careplan.health.import.1", "careplan.sync.1"] {
            #expect(pages.contains(page), "\(pages)")
        }
        let page = try String(contentsOfFile: manual + "/careplan.today.1", encoding: .utf8)
        #expect(page.hasPrefix(".\\\" \"Generated by swift-argument-parser\""))
        #expect(page.contains("\n.Os \(version)\n"), "\(page.prefix(200))")
        let found = try Command.run(["/usr/bin/man", "-M", prefix + "/share/man", "-w", "careplan.today"])
        #expect(found.output == manual + "/careplan.today.1\n", "\(found.output)")

        // Completions where each shell looks; bash's is loaded and completes careplan.
        let bash = prefix + "/share/bash-completion/completions/careplan"
        let complete = try Command.run(["/bin/bash", "-c", "source \"$0\" && complete -p careplan", bash])
        #expect(complete.status == 0 && complete.output.hasSuffix(" careplan\n"), "\(complete.output)")
        #expect(try String(contentsOfFile: prefix + "/share/zsh/site-functions/_careplan", encoding: .utf8).hasPrefix("#compdef careplan"))
        #expect(try String(contentsOfFile: prefix + "/share/fish/vendor_completions.d/careplan.fish", encoding: .utf8).contains("complete -c 'careplan'"))

        // Every unit from contrib/, starting the installed binary.
        let units = prefix + "/share/systemd/user"
        let contrib = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("contrib").path)
            .filter { $0.hasSuffix(".service") || $0.hasSuffix(".timer") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: units).sorted() == contrib.sorted())
        let remind = try String(contentsOfFile: units + "/careplan-remind.service", encoding: .utf8)
        #expect(remind.contains("\nExecStart=\(prefix)/bin/careplan remind\n"), "\(remind)")
        let sync = try String(contentsOfFile: units + "/careplan-sync.service", encoding: .utf8)
        #expect(sync.contains("\nExecStart=\(prefix)/bin/careplan sync --all\n"), "\(sync)")
        #expect(FileManager.default.fileExists(atPath: units + "/careplan-sync.timer"))

        let uninstalled = try Command.make(["uninstall", "PREFIX=\(prefix)"])
        #expect(uninstalled.status == 0, "\(uninstalled.output)")
        #expect(try Self.files(under: prefix) == [], "make uninstall left files behind")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/careplan"))
        // Nothing installed there now: uninstall says so rather than guessing.
        let again = try Command.make(["uninstall", "PREFIX=\(prefix)"])
        #expect(again.status != 0 && again.output.contains("careplan was not installed there by make install"), "\(again.output)")
    }

    @Test(.enabled(if: asRoot != nil, "installing a .deb needs root or sudo without a password (id -u, sudo -n true); CI has one"))
    func theDebianPackageInstallsRunsAndPurgesWithoutATrace() throws {
        let root = try #require(Self.asRoot)
        let cli = CLI()
        let made = try Command.make(["deb", "DEBDIR=\(cli.folder.path)"])
        try #require(made.status == 0, "\(made.output)")
        let version = try Self.builtVersion()
        let architecture = try Command.run(["/usr/bin/dpkg", "--print-architecture"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let deb = cli.folder.appendingPathComponent("careplan_\(version)_\(architecture).deb").path
        try #require(FileManager.default.fileExists(atPath: deb), "\(made.output)")

        let fields = try Command.run(["/usr/bin/dpkg-deb", "--field", deb, "Version", "Depends", "Recommends"]).output
        #expect(fields.contains("Version: \(version)\n"))
        for library in ["libc6", "libnettle8", "libncursesw6", "zlib1g", "libcurl4", "libxml2"] {
            #expect(fields.contains(library), "Depends lacks \(library): \(fields)")
        }
        // SQLite is compiled in (SQLCipher): the system's is not needed.
        #expect(!fields.contains("libsqlite3"), "\(fields)")
        #expect(fields.contains("Recommends: chromium, libnotify-bin"))

        let environment = ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        let installed = try Command.run(root + ["/usr/bin/apt-get", "install", "-y", "--no-install-recommends", deb], environment: environment)
        try #require(installed.status == 0, "\(installed.output)")
        let listed = try Command.run(["/usr/bin/dpkg", "-L", "careplan"]).output.split(separator: "\n").map(String.init)
        let files = listed.filter { !Self.isFolder($0) }
        defer { _ = try? Command.run(root + ["/usr/bin/apt-get", "remove", "--purge", "-y", "careplan"], environment: environment) }

        let careplan = URL(fileURLWithPath: "/usr/bin/careplan")
        #expect(files.contains("/usr/bin/careplan") && files.contains("/usr/share/doc/careplan/copyright"))
        #expect(try cli.run(["--version"], useDB: false, executable: careplan, in: URL(fileURLWithPath: "/")).stdout == version + "\n")
        let demo = try cli.run(["demo", "--days", "7", "--keep"], useDB: false, executable: careplan, in: URL(fileURLWithPath: "/"))
        let database = try Self.demoDatabase(demo)
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let today = try cli.run(["today", "--db", database], useDB: false, executable: careplan, in: URL(fileURLWithPath: "/"))
        #expect(today.status == 0 && today.stdout.contains("Knee replacement recovery"), "\(today.stdout)\(today.stderr)")
        let polish = try cli.run(["--help"], useDB: false, environment: ["LANGUAGE": "pl"], executable: careplan, in: URL(fileURLWithPath: "/"))
        #expect(polish.stdout.contains("Plany opieki w terminalu"))
        #expect(try Command.run(["/usr/bin/man", "-w", "careplan"]).output == "/usr/share/man/man1/careplan.1.gz\n")
        #expect(files.contains("/usr/lib/systemd/user/careplan-remind.service"))
        let unit = try String(contentsOfFile: "/usr/lib/systemd/user/careplan-remind.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=/usr/bin/careplan remind\n"))

        let purged = try Command.run(root + ["/usr/bin/apt-get", "remove", "--purge", "-y", "careplan"], environment: environment)
        #expect(purged.status == 0, "\(purged.output)")
        #expect(files.filter { FileManager.default.fileExists(atPath: $0) } == [], "the purge left files behind")
        for folder in ["/usr/share/careplan", "/usr/share/doc/careplan"] {
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is left")
        }
    }

    /// Every file (not folder) under `path`.
    static func files(under path: String) throws -> [String] {
        let all = FileManager.default.enumerator(atPath: path)?.allObjects.compactMap { $0 as? String } ?? []
        return all.filter { !isFolder(path + "/" + $0) }
    }

    /// `careplan demo --keep`'s database, from what it printed; its folder is removed with the test's.
    static func demoDatabase(_ demo: CLI.Result) throws -> String {
        try #require(demo.stdout.split(separator: "\n").first { $0.hasPrefix("Demo database: ") }
            .map { String($0.dropFirst("Demo database: ".count).prefix { $0 != " " }) }, "\(demo.stdout)\(demo.stderr)")
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// Runs `body` with the catalogues the build compiled moved out of reach, so an installed
    /// careplan that reads anything but its own install's catalogues shows it by speaking English.
    func withBuildCataloguesHidden(_ body: () throws -> Void) throws {
        // plugins/outputs/<the package's folder name>/Localization/…: the clone's name is not known.
        let outputs = CLI.repository.appendingPathComponent(".build/install/plugins/outputs")
        let generated = try #require(try FileManager.default.contentsOfDirectory(atPath: outputs.path)
            .map { outputs.appendingPathComponent("\($0)/Localization/destination/CompileTranslations/BuiltCatalogues.swift") }
            .first { FileManager.default.fileExists(atPath: $0.path) })
        let source = try String(contentsOf: generated, encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("static let directory = \"") })
        let folder = String(line.split(separator: "\"")[1])
        try FileManager.default.moveItem(atPath: folder, toPath: folder + ".hidden")
        defer { try? FileManager.default.moveItem(atPath: folder + ".hidden", toPath: folder) }
        try body()
    }
}

/// A program run to completion in the repository, with the tests' environment and more.
enum Command {
    /// Its exit status and its standard output and error together.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let result = try Tool.run(arguments[0], Array(arguments.dropFirst()),
                                  environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                                  withErrors: true, in: CLI.repository)
        return (result.status, result.stdout)
    }

    /// `make TARGET...` in the repository, as a packager types it.
    static func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(["/usr/bin/make", "--no-print-directory"] + arguments)
    }
}
