import ArgumentParser
import CareInsights
import CarePlanStore
import Dashboard
import Foundation
import Localization
import TerminalUI

extension GlobalOptions {
    /// Loads the theme before the terminal is touched, so a broken theme file is reported as a
    /// file:line:column error and the dashboard never starts half-styled.
    func loadTheme() throws -> Theme {
        try Locations.themes().load(theme ?? ThemeCatalog.defaultName)
    }
}

/// Where careplan finds the folders it ships with, from wherever it runs.
enum Locations {
    static var environment: [String: String] { ProcessEnvironment.values }
    static var executable: String { CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0] : "/proc/self/exe" }
    static var currentDirectory: String { FileManager.default.currentDirectoryPath }

    static func themes() -> ThemeCatalog {
        ThemeCatalog(environment: environment, executablePath: executable, currentDirectory: currentDirectory)
    }

    static func samples() -> SampleCatalog {
        SampleCatalog(environment: environment, executablePath: executable, currentDirectory: currentDirectory)
    }

    static var colorPolicy: ColorPolicy { ColorPolicy(environment: environment) }
}

/// `careplan` (and `careplan dashboard`): the full-screen dashboard.
struct DashboardCommand: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: tr("Open the full-screen dashboard (the default command)."),
        discussion: tr("When standard input or output is not a terminal (a pipe, a script), careplan prints today's plan instead."))

    @ParentCommand var careplan: Careplan

    func run() throws {
        let store = careplan.store
        let clock = try store.clock()
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            try Today.show(store: store, date: clock.today, json: false, clock: clock)
            return
        }
        let theme = try careplan.global.loadTheme()
        // Without --person in a store of several people, the first one's plan; P goes to the next.
        let careStore = try store.open(everyone: true)
        if careStore.person == nil, let first = try careStore.people().first { careStore.choose(first) }
        let app = DashboardApp(store: careStore, theme: theme, chartStyle: careplan.global.charts, samples: Locations.samples(),
                               colors: Locations.colorPolicy, mouse: !careplan.global.noMouse, clock: { try CareClock.fromEnvironment() })
        try app.run()
    }
}

/// `careplan snapshot`: one frame of the dashboard on stdout, for tests, docs and bug reports.
struct Snapshot: TextOnlyCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: tr("Print one frame of the dashboard as text and exit."))

    @ParentCommand var careplan: Careplan
    @OptionGroup var day: DateOption
    @Option(name: .long, help: ArgumentHelp(tr("Width×height in cells."), valueName: "WxH"))
    var size = "120x40"
    @Option(name: .long, help: ArgumentHelp(tr("all, care, symptoms, insights or connect."), valueName: "pane"))
    var pane = "all"
    @Flag(name: .long, help: ArgumentHelp(tr("Include colours as ANSI escape codes."))) var ansi = false
    @Option(name: .long, help: ArgumentHelp(tr("Insights range: week, month, quarter or year."), valueName: "range"))
    var range: InsightRange = .week
    @Option(name: .long, help: ArgumentHelp(tr("The pane with the focus: care, symptoms, insights or connect (on a small screen, the one shown)."),
                                            valueName: "pane"))
    var focus: String?
    @Option(name: .long, help: ArgumentHelp(tr("Draw an overlay too: help (help:2 for its second page) or form:ID (an assessment's reading form)."),
                                            valueName: "overlay"))
    var overlay: String?
    @Flag(name: .long, help: ArgumentHelp(tr("Fail, listing it, when any text was cut off at the edge of its place instead of fitting or ending in …: a layout check for translations.")))
    var checkLayout = false

    func run() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError(tr("--size '{size}' is not WIDTHxHEIGHT, e.g. 120x40", ["size": size])) }
        guard parts.allSatisfy({ (1...1000).contains($0) }) else {
            throw ValidationError(tr("--size '{size}' is too large or empty; width and height go from 1 to 1000", ["size": size]))
        }
        let panes = ["care": Pane.care, "symptoms": .symptoms, "insights": .insights, "connect": .connect]
        guard pane == "all" || panes[pane] != nil else {
            throw ValidationError(tr("--pane '{pane}' is not one of all, care, symptoms, insights, connect", ["pane": pane]))
        }
        let store = careplan.store
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let colors = ansi ? Locations.colorPolicy.colors(terminalColors: 256) : 0
        // Plain text carries no colours: the theme file is read (and parsed, a tenth of the
        // command) only for --ansi, or to refuse a --theme that does not load.
        let theme = ansi || careplan.global.theme != nil ? ThemeFile.resolve(try careplan.global.loadTheme(), colors: colors) : .fallback
        // A store not made yet shows what careplan would show there: the welcome screen (the file
        // is not created).
        let careStore: CareStore?
        do { careStore = try store.open(readOnly: true) } catch StoreError.missing { careStore = nil }
        var state = AppState(today: clock.today)
        state.people = try careStore?.people() ?? []
        state.person = careStore?.person
        state.selectedDate = date
        if let only = panes[pane] { state.focus = only }
        if let focus {
            guard let chosen = panes[focus] else {
                throw ValidationError(tr("--focus '{pane}' is not one of care, symptoms, insights, connect", ["pane": focus]))
            }
            state.focus = chosen
        }
        state.insightsRange = range
        let size = (width: parts[0], height: parts[1])
        let data: DashboardData
        if let careStore {
            var loader = FrameLoader(store: careStore, size: size, only: panes[pane])
            loader.zone = clock.timeZone
            data = try loader.load(state)
        } else {
            data = .noPlan(on: date)
        }
        try show(overlay, in: &state, data: data, store: careStore, clock: clock)
        let context = RenderContext(theme: theme, chartStyle: careplan.global.charts, minutesIntoDay: clock.minutesIntoDay,
                                    databasePath: try careStore?.path ?? CareStore.defaultPath(option: careplan.global.db), timeZone: clock.timeZone)
        // The sample plans are read only for the welcome screen, which shows them.
        let samples = data.isEmpty ? Locations.samples().plans() : []
        let buffer = Screen.render(state: state, data: data, samples: samples, context: context,
                                   width: size.width, height: size.height, only: panes[pane])
        // The buffer's text was made safe as it was drawn; the ANSI form adds only careplan's own codes.
        Swift.print(ansi ? HeadlessRenderer.ansiText(buffer) : HeadlessRenderer.plainText(buffer), terminator: "")
        if checkLayout, !buffer.clipped.isEmpty {
            throw LayoutCheckError(clipped: buffer.clipped)
        }
    }

    /// `--overlay help`, `help:2`, `form:bp`: the state that shows it, as its keys would.
    func show(_ overlay: String?, in state: inout AppState, data: DashboardData, store: CareStore?, clock: CareClock) throws {
        guard let overlay else { return }
        let parts = overlay.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("help", 1):
            state.showHelp = true
        case ("help", 2):
            guard let page = Int(parts[1]), page >= 1 else {
                throw ValidationError(tr("--overlay '{overlay}': the help page is a number from 1", ["overlay": overlay]))
            }
            state.showHelp = true
            state.helpPage = page - 1
        case ("form", 2):
            guard let commands = Reducer.openForm(of: parts[1], state: &state, data: data) else {
                throw ValidationError(tr("--overlay '{overlay}': '{id}' has no reading to record on {date}", ["overlay": overlay, "id": parts[1], "date": data.day.date.iso]))
            }
            // A questionnaire is read from the store, as the dashboard's runner reads it.
            if let store, let command = commands.first {
                CommandRunner(store: store, clock: { clock }).run(command, state: &state, data: data)
                if state.survey == nil, let message = state.message { throw ValidationError(message.text) }
            }
        default:
            throw ValidationError(tr("--overlay '{overlay}' is not help, help:PAGE or form:ID", ["overlay": overlay]))
        }
    }
}

/// Text a snapshot cut off at the edge of its place (`--check-layout`): one line, with each place.
struct LayoutCheckError: UserFacingError {
    var clipped: [ClippedText]

    var description: String {
        trn("the layout does not hold: {count} text was cut off ({places})", "the layout does not hold: {count} texts were cut off ({places})",
            clipped.count, ["places": clipped.map(\.description).joined(separator: "; ")])
    }
}

/// `careplan themes`: the themes there are, built-in and the user's own.
struct Themes: TextOnlyCommand {
    @ParentCommand var careplan: Careplan

    static let configuration = CommandConfiguration(commandName: "themes", abstract: tr("List the colour themes (built-in and in $XDG_CONFIG_HOME/careplan/themes)."))

    func run() throws {
        let entries = Locations.themes().all()
        guard !entries.isEmpty else {
            say(tr("No themes found; careplan uses its built-in attribute-only theme."))
            return
        }
        let width = entries.map { TextWidth.of($0.name) }.max() ?? 8
        // TRANSLATORS: where a theme comes from, in careplan themes: the user's own file, or one careplan ships with.
        let (user, builtIn) = (trc("theme", "user"), trc("theme", "built-in"))
        let kindWidth = max(TextWidth.of(user), TextWidth.of(builtIn))
        for entry in entries {
            let about = entry.problem.map { tr("broken: {problem}", ["problem": $0]) } ?? entry.description ?? ""
            say("\(TextWidth.pad(entry.name, to: width))  \(TextWidth.pad(entry.isUser ? user : builtIn, to: kindWidth))  \(about)  (\(entry.path))")
        }
    }
}
