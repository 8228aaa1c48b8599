import ArgumentParser
import CarePlanStore

/// The `careplan` command: a care-plan store driven from the shell.
struct Careplan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "careplan",
        abstract: "Care plans in the terminal: interventions to tick off, assessments to record, insights.",
        discussion: """
            Data lives in one SQLite file: --db PATH, else $CAREPLAN_DB, else \
            $XDG_DATA_HOME/careplan/careplan.sqlite (~/.local/share/careplan/careplan.sqlite).
            CAREPLAN_NOW=2026-11-21T09:30 pins "now" (local time in $TZ) for every command.
            """,
        subcommands: [DashboardCommand.self, Today.self, Import.self, Plan.self, Done.self, Log.self, Reset.self, History.self,
                      Export.self, End.self, Snapshot.self, Demo.self, Themes.self, Insights.self, Generate.self],
        defaultSubcommand: DashboardCommand.self
    )
}
