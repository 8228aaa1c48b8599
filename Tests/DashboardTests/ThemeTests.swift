import CarePlanStore
import Foundation
import Testing
import TerminalUI
@testable import Dashboard

@Suite struct ThemeTests {
    /// The repository's `themes/`, found from this file so the test does not depend on the working folder.
    static let shippedThemes = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("themes").path

    func shipped(_ name: String) throws -> Theme {
        try ThemeFile.load(path: Self.shippedThemes + "/\(name).yaml")
    }

    /// Decodes `yaml` expecting an error; returns its one-line description.
    func failure(_ yaml: String, file: String = "themes/dark.yaml") -> String {
        do {
            _ = try ThemeFile.decode(yaml, file: file)
            Issue.record("expected an error for:\n\(yaml)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    // MARK: Shipped themes

    @Test func everyShippedThemeLoadsWithEveryRoleAndPaletteName() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.shippedThemes).filter { $0.hasSuffix(".yaml") }
        #expect(Set(files) == ["dark.yaml", "light.yaml", "high-contrast.yaml", "monochrome.yaml"])
        #expect(files.contains(ThemeCatalog.defaultName + ".yaml"))
        for file in files {
            let theme = try ThemeFile.load(path: Self.shippedThemes + "/" + file)
            #expect(Set(theme.palette.keys) == Set(Activity.paletteNames), "\(file)")
            #expect(Set(theme.styles.keys) == Set(ThemeRole.allCases), "\(file) should style every role")
        }
    }

    @Test func darkThemeKeepsTheTerminalBackgroundAndItsOkColour() throws {
        let dark = try shipped("dark")
        #expect(dark.name == "Dark")
        #expect(dark[.ok].foreground == .rgb(0x00, 0xd7, 0xaf))
        #expect(dark[.alert].bold)
        #expect(dark[.background].background == .default)
        #expect(dark[.text].background == .default)
    }

    @Test func monochromeThemeHasNoColours() throws {
        let mono = try shipped("monochrome")
        #expect(mono.styles.values.allSatisfy { $0.foreground == .default && $0.background == .default })
        #expect(mono.palette.values.allSatisfy { $0 == .default })
        #expect(mono[.selection].reverse)
    }

    // MARK: Decoding

    @Test func decodesAttributesAndColourForms() throws {
        let theme = try ThemeFile.decode("""
            roles:
              text: {}
              ok: {fg: bright-green, bg: "#102030", bold: true, dim: yes, underline: true, reverse: false}
              warn:
                fg: 214
            palette:
              teal: default
            """, file: "mine.yaml")
        #expect(theme.name == "mine")
        #expect(theme[.ok] == TextStyle(foreground: .indexed(10), background: .rgb(0x10, 0x20, 0x30), bold: true, dim: true, underline: true))
        #expect(theme[.warn].foreground == .indexed(214))
        #expect(theme[.title] == .plain, "a role left out looks like text")
        #expect(theme.palette == ["teal": .default])
    }

    /// A theme file is a hand-written file: the same size limit as a plan, checked before reading.
    @Test func aHugeThemeFileIsRefusedBeforeItIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.yaml").path
        try Data(repeating: UInt8(ascii: "#"), count: 3 << 20).write(to: URL(fileURLWithPath: path))
        #expect(throws: FilePositionError(file: path, line: 1, column: 1, message: "the file is 3,145,728 bytes; a hand-written file may be at most 2,097,152 bytes (2 MB)")) {
            try ThemeFile.document(path: path)
        }
    }

    @Test func unknownRoleIsAnErrorAtItsKey() {
        let roles = ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(failure("name: T\nroles:\n  text: {}\n  alrt: {fg: red}\n")
            == "themes/dark.yaml:4:3: roles: unknown role 'alrt' (did you mean 'alert'?); accepted: \(roles)")
    }

    @Test func unknownAttributeIsAnError() {
        #expect(failure("roles:\n  ok: {fg: green, italic: true}\n")
            == "themes/dark.yaml:2:19: roles: ok: unknown key 'italic'; accepted: fg, bg, bold, dim, underline, reverse")
    }

    @Test func unknownTopLevelKeyAndPaletteNameAreErrors() {
        #expect(failure("roles: {}\ncolours: {}\n")
            == "themes/dark.yaml:2:1: theme: unknown key 'colours'; accepted: name, description, roles, palette")
        #expect(failure("roles: {}\npalette:\n  purpel: \"#af5fff\"\n")
            == "themes/dark.yaml:3:3: palette: unknown palette name 'purpel' (did you mean 'purple'?); accepted: \(Activity.paletteNames.joined(separator: ", "))")
    }

    @Test func badColourSaysWhatIsAccepted() {
        let yaml = """
            name: Dark
            description: x
            roles:
              text: {fg: default}
              dim: {fg: 244}
              accent: {fg: "#5fafff", bold: true}
              ok: {fg: grene}
            """
        #expect(failure(yaml)
            == "themes/dark.yaml:7:12: roles: ok: 'grene' is not a colour; use a name (red, green, ...), 0-255 or #rrggbb")
        #expect(failure("roles: {}\npalette:\n  blue: 256\n")
            == "themes/dark.yaml:3:9: palette: blue: '256' is not a colour; use a name (red, green, ...), 0-255 or #rrggbb")
    }

    @Test func unquotedHashColourExplainsTheComment() {
        #expect(failure("roles:\n  ok:\n    fg: #5fafff\n")
            == "themes/dark.yaml:3:8: roles: ok: no colour given; write #rrggbb in quotes (\"#5fafff\"), since # starts a YAML comment")
    }

    @Test func wrongTypesAreErrors() {
        #expect(failure("roles:\n  ok: {fg: green, bold: maybe}\n")
            == "themes/dark.yaml:2:25: roles: ok: bold: expected true or false, found 'maybe'")
        #expect(failure("roles:\n  ok: green\n")
            == "themes/dark.yaml:2:7: roles: ok: expected attributes such as {fg: green, bold: true}, found 'green'")
        #expect(failure("roles:\n  - ok\n")
            == "themes/dark.yaml:2:3: roles: expected a mapping of roles (\(ThemeRole.allCases.map(\.rawValue).joined(separator: ", "))), found a list")
        #expect(failure("roles: {}\npalette:\n  blue: [1, 2]\n")
            == "themes/dark.yaml:3:9: palette: blue: a list is not a colour; use a name (red, green, ...), 0-255 or #rrggbb")
    }

    @Test func emptyFileMissingRolesAndSyntaxErrorsHavePositions() {
        #expect(failure("") == "themes/dark.yaml:1:1: the file is empty; a theme needs 'roles'")
        #expect(failure("name: T\n") == "themes/dark.yaml:1:1: theme: missing 'roles'")
        #expect(failure("roles: {ok: {fg: red}\n").hasPrefix("themes/dark.yaml:2:1: YAML syntax:"))
        #expect(failure("roles:\n  ok: {fg: red}\n  ok: {fg: blue}\n").contains("key 'ok' appears twice"))
    }

    // MARK: Resolving for the terminal

    let sample = Theme(name: "sample", styles: [
        .text: .plain,
        .accent: TextStyle(foreground: .rgb(0x5f, 0xaf, 0xff), bold: true),
        .selection: TextStyle(foreground: .indexed(231), background: .indexed(25), reverse: true),
    ], palette: ["blue": .rgb(0x5f, 0x87, 0xff), "gray": .indexed(246), "teal": .default])

    @Test func resolveMapsEveryColourToTheNearestOfTheTerminals() throws {
        let eight = ThemeFile.resolve(sample, colors: 8)
        let colours = eight.styles.values.flatMap { [$0.foreground, $0.background] } + Array(eight.palette.values)
        for colour in colours where colour != .default {
            guard case .indexed(let index) = colour else { Issue.record("\(colour) was not mapped to an index"); continue }
            #expect(index < 8)
        }
        guard case .indexed(let accent) = eight[.accent].foreground else { Issue.record("accent not mapped"); return }
        #expect(accent < 8)
        #expect(eight[.accent].bold)
        #expect(eight[.text].foreground == .default)
        #expect(eight.palette["teal"] == .default)
        #expect(ThemeFile.resolve(sample, colors: 256)[.accent].foreground == .indexed(75))
        #expect(ThemeFile.resolve(sample, colors: 256)[.selection].background == .indexed(25))
    }

    @Test func noColorOrTooFewColoursKeepsOnlyAttributes() {
        let noColor = ColorPolicy(environment: ["NO_COLOR": "1"])
        for resolved in [ThemeFile.resolve(sample, colors: noColor.colors(terminalColors: 256)),
                         ThemeFile.resolve(sample, colors: ColorPolicy(noColor: false).colors(terminalColors: 2))] {
            #expect(resolved.styles.values.allSatisfy { $0.foreground == .default && $0.background == .default })
            #expect(resolved.palette.isEmpty)
            #expect(resolved[.accent].bold)
            #expect(resolved[.selection].reverse)
        }
        // The policy the dashboard and `careplan snapshot` both use.
        #expect(ColorPolicy(environment: ["NO_COLOR": "1"]).colors(terminalColors: 256) == 0)
        #expect(ColorPolicy(environment: ["NO_COLOR": ""]).colors(terminalColors: 256) == 256, "an empty NO_COLOR does not count (no-color.org)")
        #expect(ColorPolicy(environment: [:]).colors(terminalColors: 16) == 16)
    }

    // MARK: Catalog

    @Test func userThemeWinsOverBuiltInAndBothAreListed() throws {
        let root = ThemeFolder()
        let builtIn = try root.write("builtin/dark.yaml", name: "Built-in dark", description: "shipped")
        try root.write("builtin/light.yaml", name: "Built-in light")
        let user = try root.write("config/careplan/themes/dark.yaml", name: "My dark", description: "mine")
        try root.write("config/careplan/themes/broken.yaml", text: "roles: {ok: {fg: grene}}\n")
        let catalog = ThemeCatalog(environment: ["CAREPLAN_THEMES": root.path("builtin"), "XDG_CONFIG_HOME": root.path("config")],
                                   executablePath: "/nowhere/careplan", currentDirectory: root.path(""))
        #expect(try catalog.load("dark").name == "My dark")
        #expect(try catalog.load("light").name == "Built-in light")
        let entries = catalog.all()
        #expect(entries.map(\.name) == ["broken", "dark", "dark", "light"])
        #expect(entries.map(\.isUser) == [true, true, false, false])
        #expect(entries[1].path == user && entries[1].description == "mine")
        #expect(entries[2].path == builtIn && entries[2].description == "shipped")
        #expect(entries[0].problem?.hasSuffix("broken.yaml:1:18: roles: ok: 'grene' is not a colour; use a name (red, green, ...), 0-255 or #rrggbb") == true)
        #expect(entries[1].problem == nil)
    }

    @Test func unknownNameListsTheAvailableOnes() throws {
        let root = ThemeFolder()
        try root.write("builtin/dark.yaml", name: "D")
        try root.write("builtin/light.yaml", name: "L")
        try root.write("home/.config/careplan/themes/mine.yaml", name: "M")
        let catalog = ThemeCatalog(environment: ["CAREPLAN_THEMES": root.path("builtin"), "HOME": root.path("home")],
                                   executablePath: "/nowhere/careplan", currentDirectory: root.path(""))
        do {
            _ = try catalog.load("solarized")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "no theme named 'solarized'; available: dark, light, mine (looked in \(root.path("home/.config/careplan/themes")), \(root.path("builtin")))")
        }
    }

    @Test func builtInThemesAreFoundFromTheWorkingFolderThenUpFromTheExecutable() throws {
        let root = ThemeFolder()
        try root.write("repo/themes/dark.yaml", name: "From repo")
        try root.write("repo/.build/debug/careplan", text: "")
        try root.write("elsewhere/themes/unrelated.yaml", text: "not a theme")  // no dark.yaml: not ours
        let fromExecutable = ThemeCatalog(environment: [:], executablePath: root.path("repo/.build/debug/careplan"),
                                          currentDirectory: root.path("elsewhere"))
        #expect(try fromExecutable.load("dark").name == "From repo")

        try root.write("checkout/themes/dark.yaml", name: "From working folder")
        let fromWorkingFolder = ThemeCatalog(environment: [:], executablePath: root.path("repo/.build/debug/careplan"),
                                             currentDirectory: root.path("checkout"))
        #expect(try fromWorkingFolder.load("dark").name == "From working folder")
    }

    @Test func anInstalledCareplanReadsItsOwnThemesAndSamplePlans() throws {
        let root = ThemeFolder()
        try root.write("home/.local/share/careplan/themes/dark.yaml", name: "Installed")
        try root.write("home/.local/share/careplan/sample-plans/plan.yaml", text: "title: Installed\n")
        try root.write("home/.local/bin/careplan", text: "")
        try root.write("checkout/themes/dark.yaml", name: "From a checkout")
        try root.write("checkout/sample-plans/plan.yaml", text: "title: Checkout\n")
        let executable = root.path("home/.local/bin/careplan")
        #expect(try ThemeCatalog(environment: [:], executablePath: executable, currentDirectory: root.path("checkout")).load("dark").name == "Installed")
        #expect(SampleCatalog(environment: [:], executablePath: executable, currentDirectory: root.path("checkout")).folder
                == root.path("home/.local/share/careplan/sample-plans"))
    }

    @Test func theDefaultNameFallsBackToAttributesOnlyWhenNoFileExists() throws {
        let root = ThemeFolder()
        try root.write("themes/light.yaml", name: "L")
        let catalog = ThemeCatalog(environment: ["CAREPLAN_THEMES": root.path("themes")], executablePath: "/nowhere/careplan",
                                   currentDirectory: root.path(""))
        #expect(try catalog.load(ThemeCatalog.defaultName) == .fallback)
        #expect(throws: UnknownThemeError.self) { try catalog.load("solarized") }
    }

    @Test func aPathIsLoadedAsGivenAndErrorsNameIt() throws {
        let root = ThemeFolder()
        try root.write("work/custom.yaml", name: "Custom")
        try root.write("work/bad.yaml", text: "roles:\n  ok: {fg: grene}\n")
        let catalog = ThemeCatalog(environment: [:], executablePath: "/nowhere/careplan", currentDirectory: root.path("work"))
        #expect(try catalog.load("custom.yaml").name == "Custom")
        #expect(try catalog.load(root.path("work/custom.yaml")).name == "Custom")
        do {
            _ = try catalog.load("./bad.yaml")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "./bad.yaml:2:12: roles: ok: 'grene' is not a colour; use a name (red, green, ...), 0-255 or #rrggbb")
        }
    }

    @Test func userThemesDefaultToDotConfig() {
        let withHome = ThemeCatalog(environment: ["HOME": "/home/sam"], executablePath: "/x/careplan", currentDirectory: "/")
        #expect(withHome.userDirectory == "/home/sam/.config/careplan/themes")
        let withXDG = ThemeCatalog(environment: ["HOME": "/home/sam", "XDG_CONFIG_HOME": "/cfg"], executablePath: "/x/careplan", currentDirectory: "/")
        #expect(withXDG.userDirectory == "/cfg/careplan/themes")
    }
}

/// A fresh folder for one test's theme files, removed when the test's value goes away.
private final class ThemeFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-themes-\(UUID().uuidString)")

    func path(_ relative: String) -> String { relative.isEmpty ? url.path : url.appendingPathComponent(relative).path }

    @discardableResult
    func write(_ relative: String, text: String) throws -> String {
        let file = path(relative)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @discardableResult
    func write(_ relative: String, name: String, description: String? = nil) throws -> String {
        try write(relative, text: "name: \(name)\n" + (description.map { "description: \($0)\n" } ?? "") + "roles:\n  ok: {fg: green}\n")
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
