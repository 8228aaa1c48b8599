import ArgumentParser
import CarePlanStore
import Localization
import TerminalUI

/// `careplan plan`: the plan as it stands, or as YAML that re-imports to the same plan.
struct Plan: ParsableCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(commandName: "plan", abstract: tr("Show the care plan, or export it as a plan file (--export)."))

    @ParentCommand var careplan: Careplan
    @Flag(name: .long, help: ArgumentHelp(tr("Write the current plan as YAML (re-imports to the same plan)."))) var export = false

    func run() throws {
        let clock = try store.clock()
        let careStore = try store.open(readOnly: true)
        let snapshot = try careStore.plan()
        guard !snapshot.isEmpty else { throw CarePlanError.noPlan(path: careStore.path) }
        let plan = snapshot.plan(on: clock.today)
        if export {
            say(try PlanEncoder.yaml(plan), terminator: "")
            return
        }
        say(plan.title + (plan.patient.map { " — \($0)" } ?? ""))
        for kind in Activity.Kind.allCases {
            let activities = plan.activities.filter { $0.kind == kind }
            guard !activities.isEmpty else { continue }
            say("\n\(kind == .intervention ? "Interventions" : "Assessments")")
            for activity in activities {
                var line = "  \(TextWidth.pad(activity.id, to: 18)) \(activity.title)"
                if let measure = activity.measure { line += " [\(describe(measure))]" }
                say(line)
                say("      \(activity.schedule.summary)" + (activity.optional ? "; optional" : "") + (activity.resettable ? "" : "; not resettable"))
                if let versions = snapshot.history(activity.id)?.versions, versions.count > 1 {
                    say("      \(versions.count) versions; this one from \(snapshot.history(activity.id)!.version(on: clock.today).effectiveFrom)")
                }
            }
        }
    }

    func describe(_ measure: Measure) -> String {
        if let sleep = measure.sleep {
            return "sleep diary; nights \(sleep.windowText), awakenings of \(sleep.awakeningMinutes) min or more, headline figures from the \(sleep.headline.rawValue)"
        }
        return measure.fields.map { field in
            var text = measure.isMultiValue ? field.name + " " : ""
            switch measure.type {
            case .scale: text += "scale \(NumberText.string(field.range!.lowerBound))–\(NumberText.string(field.range!.upperBound))"
            case .choice: text += field.options.joined(separator: "/")
            case .boolean: text += "yes/no"
            case .text, .sleep: text += "text"
            case .number, .integer: text += field.unit.map(UnitRegistry.display) ?? measure.type.rawValue
            }
            if let normal = field.normal { text += ", normal \(NumberText.string(normal.lowerBound))–\(NumberText.string(normal.upperBound))" }
            return text
        }.joined(separator: "; ")
    }
}
