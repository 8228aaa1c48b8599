import ArgumentParser
import CarePlanStore
import Foundation

/// Options every command takes, and the store and clock they lead to.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (default: $CAREPLAN_DB, else $XDG_DATA_HOME/careplan/careplan.sqlite).", valueName: "path"))
    var db: String?

    func clock() throws -> CareClock { try CareClock.fromEnvironment() }

    /// Opens the store; `readOnly` commands refuse a missing file instead of creating it.
    func open(readOnly: Bool = false) throws -> CareStore {
        let environment = ProcessInfo.processInfo.environment
        // The busy timeout can be shortened for scripts that prefer failing fast over waiting.
        var timeout = 5.0
        if let text = environment["CAREPLAN_BUSY_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                throw CarePlanError.invalidEnvironment("CAREPLAN_BUSY_TIMEOUT='\(text)' is not a number of seconds; e.g. 5 or 0.5")
            }
            timeout = seconds
        }
        return try CareStore(path: CareStore.defaultPath(option: db), busyTimeout: timeout, createIfMissing: !readOnly)
    }
}

/// `--date D`: `YYYY-MM-DD`, `today` or `yesterday`.
struct DateOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The day: YYYY-MM-DD, today or yesterday (default: today).", valueName: "date"))
    var date: String?

    func resolve(_ clock: CareClock) throws -> LocalDate {
        try date.map { try DateArgument.parse($0, today: clock.today) } ?? clock.today
    }
}

/// `--from D --to D` for history and export.
struct RangeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("First day, inclusive: YYYY-MM-DD, today or yesterday.", valueName: "date"))
    var from: String?
    @Option(name: .long, help: ArgumentHelp("Last day, inclusive: YYYY-MM-DD, today or yesterday.", valueName: "date"))
    var to: String?

    func resolve(_ clock: CareClock) throws -> (LocalDate?, LocalDate?) {
        let first = try from.map { try DateArgument.parse($0, today: clock.today) }
        let last = try to.map { try DateArgument.parse($0, today: clock.today) }
        if let first, let last, last < first {
            throw ValidationError("--to \(last) is before --from \(first)")
        }
        return (first, last)
    }
}
