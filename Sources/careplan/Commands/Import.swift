import ArgumentParser
import CarePlanStore
import FHIR
import Foundation
import Localization
import TerminalUI

/// An import that ends activities was not confirmed.
struct ImportConfirmation: UserFacingError {
    var message: String
    var description: String { message }
}

/// `careplan import FILE`: add or update the plan from a YAML plan file, or from FHIR R4 JSON (a
/// CarePlan, Observations, or a Bundle of them).
struct Import: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    enum Format: String, ExpressibleByArgument, CaseIterable { case yaml, fhir }

    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: tr("Import a plan file (YAML), or FHIR R4 JSON: a CarePlan, Observations, or a Bundle of them."),
        discussion: tr("Plans: changed activities get a new version from --effective on. Re-importing the same file changes nothing. The whole file is checked first: when any activity is invalid, nothing is written.\nFHIR (a .json file, or --format fhir): a CarePlan becomes the plan, saying what it could not keep (careplan plan --export then writes it as YAML to edit); Observations land on the assessments with their LOINC codes, converted to the measure's unit, once each however often the file is imported. docs/fhir.md has the mapping."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The plan file, e.g. sample-plans/knee-replacement.yaml, or a FHIR JSON file."), valueName: "file"))
    var file: String
    @Option(name: .long, help: ArgumentHelp(tr("First day changed activities follow the file: YYYY-MM-DD, today or yesterday (default: today)."), valueName: "date"))
    var effective: String?
    @Option(name: .long, help: ArgumentHelp(tr("yaml or fhir (default: fhir for a .json file or one that starts with '{', else yaml).")))
    var format: Format?
    @Flag(name: .long, help: ArgumentHelp(tr("Go ahead when the file ends activities or removes contacts (asked on a terminal; needed otherwise).")))
    var yes = false

    func run() throws {
        let clock = try store.clock()
        let effectiveDate = try effective.map { try DateArgument.parse($0, today: clock.today) } ?? clock.today
        guard (format ?? Self.guessFormat(file)) == .fhir else {
            return try importPlan(try PlanDecoder.load(path: file), effective: effectiveDate, clock: clock)
        }
        let resource = try FHIRFile.load(path: file)
        let name = (file as NSString).lastPathComponent
        let observations = ObservationReader.observations(in: resource)
        let hasPlan = CarePlanReader.holdsCarePlan(resource)
        guard hasPlan || !observations.isEmpty else {
            var held = resource.resourceType
            if case .bundle(let bundle) = resource {
                let types = Set((bundle.entry ?? []).compactMap { $0.resource?.resourceType }).sorted()
                held = "Bundle of " + (types.isEmpty ? "nothing" : types.joined(separator: ", "))
            }
            throw FHIRError(file: name, "holds a \(held); careplan imports a CarePlan, Observations, or a Bundle of them")
        }
        if hasPlan {
            let read = try CarePlanReader(file: name, today: clock.today).read(resource)
            try importPlan(read.plan, effective: effectiveDate, clock: clock)
            for note in read.notes { say("  note: \(note)") }
        }
        if !observations.isEmpty { try importObservations(observations, file: name, clock: clock) }
    }

    /// A `.json` name, or a file whose first character is `{`, is FHIR.
    static func guessFormat(_ path: String) -> Format {
        if path.lowercased().hasSuffix(".json") { return .fhir }
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 64) else { return .yaml }
        try? handle.close()
        return String(decoding: head, as: UTF8.self).drop { $0.isWhitespace }.first == "{" ? .fhir : .yaml
    }

    func importPlan(_ plan: CarePlan, effective: LocalDate, clock: CareClock) throws {
        // `--person` with a new name adds that person, with this plan.
        let careStore = try store.open(adding: true)
        try confirmEndings(PlanEndings(importing: plan, over: try careStore.plan(), effective: effective))
        let report = try careStore.importPlan(plan, effective: effective, clock: clock)
        let named = try store.personName != nil || careStore.people().count > 1
        let whose = named ? careStore.person.map { " for \($0.name)" } ?? "" : ""
        say("Imported '\(report.title)'\(whose) from \(file)")
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
        if report.patientChanged { say("  changed    patient (\(plan.patient ?? "no name")\(plan.patientDetails.born.map { ", born \($0)" } ?? ""))") }
        if report.remindersChanged {
            say("  changed    reminders (grace \(plan.reminders.graceMinutes) min\(plan.reminders.quietText.map { ", quiet \($0)" } ?? ""))")
        }
        if report.changedNothing { say("Nothing changed.") }
    }

    /// A file that ends activities or removes contacts goes ahead only when the person says so:
    /// `--yes`, or `y` at the question on a terminal. Nothing is written otherwise.
    func confirmEndings(_ endings: PlanEndings) throws {
        guard !endings.isEmpty, !yes else { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ImportConfirmation(message: "this import \(endings.summary); nothing was imported; add --yes to go ahead")
        }
        FileHandle.standardError.write(Data(SafeText.terminal("This import \(endings.summary). Go ahead? [y/N] ").utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else { throw ImportConfirmation(message: "nothing was imported") }
    }

    /// Readings from FHIR Observations: each one placed, or the reason it was not.
    func importObservations(_ observations: [Observation], file name: String, clock: CareClock) throws {
        // Read first, without creating a store: readings need a plan to land in.
        let plan = try self.store.open(readOnly: true).reading { try $0.plan() }
        guard !plan.isEmpty else {
            throw FHIRError(file: name, "holds Observations, but there is no plan to put them in yet; import a plan first (careplan import PLAN.yaml)")
        }
        let store = try self.store.open()
        let read = ObservationReader(plan: plan, zone: clock.timeZone, file: name).read(observations)
        let results = try store.take(read.readings, clock: clock)
        let added = results.filter { if case .added = $0 { return true } else { return false } }.count
        let again = results.filter { $0 == .alreadyTaken }.count
        say("Took \(added) reading\(added == 1 ? "" : "s") from \(observations.count) Observation\(observations.count == 1 ? "" : "s") in \(name)")
        for (reading, result) in zip(read.readings, results) {
            switch result {
            case .added(let outcome):
                let measure = plan.history(outcome.activityId)?.activity(on: outcome.date).measure
                say("  added      \(outcome.activityId) \(outcome.date.iso) #\(outcome.occurrence + 1): \(ReadingText.reading(outcome.values, measure: measure))")
            case .alreadyTaken: break
            case .refused(let reason): say("  refused    \(reading.label): \(reason)")
            }
        }
        if again > 0 { say("  unchanged  \(again) taken in before") }
        for skipped in read.skipped { say("  skipped    \(skipped.label): \(skipped.reason)") }
        for unknown in read.unknown {
            say("  unknown    \(unknown.code)\(unknown.name.isEmpty ? "" : " (\(unknown.name))"): \(unknown.count) Observation\(unknown.count == 1 ? "" : "s"); no assessment has this code (a measure's loinc: names it)")
        }
    }
}
