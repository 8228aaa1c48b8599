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
        var plan = snapshot.plan(on: clock.today)
        if export {
            // The forms it asks, so one the plan file wrote inline is written back inline.
            let asked = Set(plan.activities.compactMap(\.questionnaire))
            plan.forms = try careStore.storedForms().filter { asked.contains($0.reference) }
            say(try PlanEncoder.yaml(plan), terminator: "")
            return
        }
        say(plan.title + (plan.patient.map { " — \($0)" } ?? ""))
        for kind in Activity.Kind.allCases {
            let activities = plan.activities.filter { $0.kind == kind }
            guard !activities.isEmpty else { continue }
            say("\n" + (kind == .intervention ? tr("Interventions") : tr("Assessments")))
            for activity in activities {
                var line = "  \(TextWidth.pad(activity.id, to: 18)) \(activity.title)"
                if let measure = activity.measure { line += " [\(describe(measure))]" }
                say(line)
                // TRANSLATORS: what careplan plan says of an activity after its schedule, each after a semicolon.
                let about = [activity.schedule.summary] + (activity.optional ? [tr("optional")] : []) + (activity.resettable ? [] : [tr("not resettable")])
                say("      " + ListText.clauses(about))
                if let versions = snapshot.history(activity.id)?.versions, versions.count > 1 {
                    let from = snapshot.history(activity.id)!.version(on: clock.today).effectiveFrom
                    say("      " + trn("{count} version; this one from {date}", "{count} versions; this one from {date}", versions.count, ["date": from.iso]))
                }
            }
        }
    }

    func describe(_ measure: Measure) -> String {
        if let sleep = measure.sleep {
            switch sleep.headline {
            case .device:
                // TRANSLATORS: {window} is the hours a night runs over, e.g. 18:00-18:00.
                return trn("sleep diary; nights {window}, awakenings of {count} min or more, headline figures from the device",
                           "sleep diary; nights {window}, awakenings of {count} min or more, headline figures from the device",
                           sleep.awakeningMinutes, ["window": sleep.windowText])
            case .diary:
                return trn("sleep diary; nights {window}, awakenings of {count} min or more, headline figures from the diary",
                           "sleep diary; nights {window}, awakenings of {count} min or more, headline figures from the diary",
                           sleep.awakeningMinutes, ["window": sleep.windowText])
            }
        }
        return ListText.clauses(measure.fields.map { field in
            var text = measure.isMultiValue ? field.name + " " : ""
            switch measure.type {
            case .scale: text += tr("scale {low}–{high}", ["low": NumberText.string(field.range!.lowerBound), "high": NumberText.string(field.range!.upperBound)])
            case .choice: text += field.options.joined(separator: "/")
            // TRANSLATORS: the kind of value a measure takes, in careplan plan.
            case .boolean: text += trc("measure type", "yes/no")
            case .text, .sleep: text += trc("measure type", "text")
            case .number: text += field.unit.map(UnitRegistry.display) ?? trc("measure type", "number")
            case .integer: text += field.unit.map(UnitRegistry.display) ?? trc("measure type", "integer")
            }
            if let normal = field.normal { text = ListText.joined([text, InsightsText.normalRange(normal)]) }
            return text
        })
    }
}
