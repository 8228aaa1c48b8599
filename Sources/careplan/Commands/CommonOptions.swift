import ArgumentParser
import CarePlanStore
import HealthData
import Foundation
import Localization
import TerminalUI

/// The options every command takes (declared once, on `Careplan`).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("The database file (default: $CAREPLAN_DB, else $XDG_DATA_HOME/careplan/careplan.sqlite)."), valueName: "path"))
    var db: String?
    @Option(name: .long, help: ArgumentHelp(tr("Whose plan, in a store of several people: a name, or its start (default: $CAREPLAN_PERSON, else the only person)."), valueName: "name"))
    var person: String?
    @Flag(name: .long, help: ArgumentHelp(tr("Print JSON for scripts (today, history, insights, export, doctor, health, sleep, contacts, due, status, people).")))
    var json = false
    @Option(name: .long, help: ArgumentHelp(tr("Dashboard theme: a name (see careplan themes) or a theme file path (default: dark)."), valueName: "name|path"))
    var theme: String?
    @Option(name: .long, help: ArgumentHelp(tr("Dashboard chart style: braille, blocks or ascii."), valueName: "style"))
    var charts: ChartStyle = .braille
    @Flag(name: .customLong("no-mouse"), help: ArgumentHelp(tr("Dashboard: ignore the mouse (clicks and the wheel are on by default).")))
    var noMouse = false
    @Option(name: .customLong("key-file"), help: ArgumentHelp(tr("An encrypted store's passphrase: the first line of FILE, which must be yours alone (mode 0600 or 0400)."), valueName: "file"))
    var keyFile: String?
    @Option(name: .customLong("key-fd"), help: ArgumentHelp(tr("An encrypted store's passphrase: the first line read from file descriptor N."), valueName: "n"))
    var keyFD: Int32?
    @Option(name: .customLong("key-command"), help: ArgumentHelp(tr("An encrypted store's passphrase: the first line CMD prints (run by /bin/sh; e.g. 'pass show careplan')."), valueName: "cmd"))
    var keyCommand: String?

    /// Where an encrypted store's key comes from (`KeySources` has the order).
    var keys: KeySources { KeySources(file: keyFile, descriptor: keyFD, command: keyCommand) }
}

extension ChartStyle: ExpressibleByArgument {}

/// An option's default as it is typed (`braille`, `week`), named once for every enum the commands
/// take. The parser's own way is `String(describing:)`, whose dynamic casts look the type up in
/// every protocol conformance of the binary, on every start of every command: a tenth of
/// `careplan status`.
extension ExpressibleByArgument where Self: RawRepresentable, RawValue == String {
    public var defaultValueDescription: String { rawValue }
}

/// The store, person and clock `--db`, `--person` and the environment lead to.
struct StoreOptions {
    var db: String?
    var person: String?
    var keys = KeySources()

    /// `--person`, else `CAREPLAN_PERSON`.
    var personName: String? {
        if let person, !person.isEmpty { return person }
        if let name = ProcessEnvironment.values["CAREPLAN_PERSON"], !name.isEmpty { return name }
        return nil
    }

    func clock() throws -> CareClock { try CareClock.fromEnvironment() }

    /// Opens the store for the person named (else the only one); `readOnly` commands refuse a
    /// missing file instead of creating it (and write nothing to an existing one). `adding`: a
    /// name not in the store is a new person, added by the first write (imports). `everyone`:
    /// without a name, the command goes through all people itself (due, status, remind, people).
    /// `writing`: the command's purpose is one write (done, log, answer), so one connection, the
    /// writing one, serves its reads too (`CareStore(…writing:)`).
    func open(readOnly: Bool = false, adding: Bool = false, everyone: Bool = false, writing: Bool = false) throws -> CareStore {
        let environment = ProcessEnvironment.values
        // The busy timeout can be shortened for scripts that prefer failing fast over waiting.
        var timeout = 5.0
        if let text = environment["CAREPLAN_BUSY_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                throw CarePlanError.invalidEnvironment(tr("CAREPLAN_BUSY_TIMEOUT='{value}' is not a number of seconds; e.g. 5 or 0.5", ["value": text]))
            }
            timeout = seconds
        }
        let path = try CareStore.defaultPath(option: db)
        let store = try CareStore(path: path, key: try key(for: path), busyTimeout: timeout, createIfMissing: !readOnly, writing: writing)
            .fillingLinkedActivities()
        // Whoever the opening found: the store was read for them a moment ago.
        if !(everyone && personName == nil) { try store.choosePerson(personName, adding: adding, among: store.peopleWhenOpened) }
        return store
    }
}

extension StoreOptions {
    /// The key of the store at `path` when it is encrypted (nil for a plain store, which asks
    /// nobody and pays nothing), from the sources `KeySources` lists in order.
    func key(for path: String) throws -> StoreKey? {
        guard case .encrypted(let salt) = StoreFileState.inspect(path) else { return nil }
        return try keys.key(for: path, salt: salt)
    }
}

/// `--date D`: `YYYY-MM-DD`, `today` or `yesterday`.
struct DateOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("The day: YYYY-MM-DD, today or yesterday (default: today)."), valueName: "date"))
    var date: String?

    func resolve(_ clock: CareClock) throws -> LocalDate {
        try date.map { try DateArgument.parse($0, today: clock.today) } ?? clock.today
    }
}

/// `--from D --to D` for history and export.
struct RangeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("First day, inclusive: YYYY-MM-DD, today or yesterday."), valueName: "date"))
    var from: String?
    @Option(name: .long, help: ArgumentHelp(tr("Last day, inclusive: YYYY-MM-DD, today or yesterday."), valueName: "date"))
    var to: String?

    func resolve(_ clock: CareClock) throws -> (LocalDate?, LocalDate?) {
        let first = try from.map { try DateArgument.parse($0, today: clock.today) }
        let last = try to.map { try DateArgument.parse($0, today: clock.today) }
        if let first, let last, last < first {
            throw ValidationError(tr("--to {last} is before --from {first}", ["last": last.iso, "first": first.iso]))
        }
        return (first, last)
    }
}
