import ArgumentParser
import CarePlanStore
import Localization

/// The `careplan` command: a care-plan store driven from the shell.
///
/// The options every command may take live here, once: `careplan --db F today` and
/// `careplan today --db F` both parse, and `--help` lists them in one place. Subcommands read them
/// through `@ParentCommand`.
struct Careplan: ParsableCommand {
    static let version = CareplanVersion.current

    static let configuration = CommandConfiguration(
        commandName: "careplan",
        abstract: tr("Care plans in the terminal: interventions to tick off, assessments to record, insights."),
        discussion: tr("Data lives in one SQLite file: --db PATH, else $CAREPLAN_DB, else $XDG_DATA_HOME/careplan/careplan.sqlite (~/.local/share/careplan/careplan.sqlite).\nA store holds one plan per person: --person NAME (or $CAREPLAN_PERSON) says whose, when there are several (careplan people lists them).\nCAREPLAN_NOW=2026-11-21T09:30 pins \"now\" (local time in $TZ) for every command.\nThe options for every command go before or after the command's name."),
        version: version,
        subcommands: [DashboardCommand.self, Today.self, Import.self, Plan.self, Done.self, Log.self, Reset.self, History.self,
                      Export.self, End.self, Insights.self, Snapshot.self, Demo.self, Themes.self, Generate.self, Doctor.self, Health.self, Sleep.self, Contacts.self, Report.self,
                      Due.self, Status.self, Remind.self, People.self, Sync.self, FHIRPathCommand.self, AnswerCommand.self, Acknowledge.self,
                      Encrypt.self, Rekey.self, Decrypt.self, Unlock.self, Lock.self],
        defaultSubcommand: DashboardCommand.self
    )

    @OptionGroup(title: tr("Options for every command")) var global: GlobalOptions

    /// The store these options name, and the clock.
    var store: StoreOptions { StoreOptions(db: global.db, person: global.person, keys: global.keys) }
}

/// A command that prints no JSON refuses `--json` rather than ignoring it.
protocol TextOnlyCommand: ParsableCommand {
    var careplan: Careplan { get }
}

extension TextOnlyCommand {
    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON(Self.configuration.commandName ?? "") }
    }
}

extension Careplan {
    /// `--json` given to a command that prints text only.
    static func noJSON(_ command: String) -> ValidationError {
        ValidationError(tr("--json: careplan {command} prints no JSON; today, history, insights, export, doctor, health, sleep, contacts, due, status and people do",
                           ["command": command]))
    }
}
