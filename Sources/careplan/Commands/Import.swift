import ArgumentParser
import CarePlanStore

/// `careplan import PLAN.yaml`: add or update the plan from a file.
struct Import: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a plan file (YAML); changed activities get a new version from --effective on.",
        discussion: "Re-importing the same file changes nothing. The whole file is checked first: when any activity is invalid, nothing is written.")

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp("The plan file, e.g. sample-plans/knee-replacement.yaml.", valueName: "plan.yaml"))
    var file: String
    @Option(name: .long, help: ArgumentHelp("First day changed activities follow the file: YYYY-MM-DD, today or yesterday (default: today).", valueName: "date"))
    var effective: String?

    func run() throws {
        let clock = try store.clock()
        let effectiveDate = try effective.map { try DateArgument.parse($0, today: clock.today) } ?? clock.today
        let plan = try PlanDecoder.load(path: file)
        let report = try store.open().importPlan(plan, effective: effectiveDate, clock: clock)
        say("Imported '\(report.title)' from \(file)")
        for (id, change) in report.changes {
            switch change {
            case .added: say("  added      \(id)")
            case .unchanged: say("  unchanged  \(id)")
            case .changed(let version, let effective): say("  changed    \(id) (version \(version), from \(effective); earlier days keep the previous version)")
            case .notInFile: say("  kept       \(id) (not in this file; careplan end \(id) ends it)")
            case .removed: break
            }
        }
        for (name, change) in report.contactChanges {
            switch change {
            case .added: say("  added      contact \(name)")
            case .unchanged: say("  unchanged  contact \(name)")
            case .changed(let version, let effective): say("  changed    contact \(name) (version \(version), from \(effective))")
            case .removed(let effective): say("  removed    contact \(name) (not in this file; out of the plan from \(effective))")
            case .notInFile: break
            }
        }
        if report.changedNothing { say("Nothing changed.") }
    }
}
