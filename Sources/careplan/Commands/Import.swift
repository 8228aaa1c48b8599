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
        discussion: tr("Plans: changed activities get a new version from --effective on. Re-importing the same file changes nothing. The whole file is checked first: when any activity is invalid, nothing is written.\nFHIR (a .json file, or --format fhir): a CarePlan becomes the plan, saying what it could not keep (careplan plan --export then writes it as YAML to edit); Observations land on the assessments with their LOINC codes, converted to the measure's unit, once each however often the file is imported; a Questionnaire becomes what an assessment asks (--activity), or is kept for plans to name. docs/fhir.md has the mapping."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The plan file, e.g. sample-plans/knee-replacement.yaml, or a FHIR JSON file."), valueName: "file"))
    var file: String
    @Option(name: .long, help: ArgumentHelp(tr("First day changed activities follow the file: YYYY-MM-DD, today or yesterday (default: today)."), valueName: "date"))
    var effective: String?
    @Option(name: .long, help: ArgumentHelp(tr("yaml or fhir (default: fhir for a .json file or one that starts with '{', else yaml).")))
    var format: Format?
    @Flag(name: .long, help: ArgumentHelp(tr("Go ahead when the file ends activities or removes contacts (asked on a terminal; needed otherwise).")))
    var yes = false
    @Option(name: .long, help: ArgumentHelp(tr("For a FHIR Questionnaire: the assessment that asks it, one of the plan's or a new id (asked on a terminal; without it the store keeps the form for plans to name)."),
                                            valueName: "id"))
    var activity: String?

    func run() throws {
        let clock = try store.clock()
        let effectiveDate = try effective.map { try DateArgument.parse($0, today: clock.today) } ?? clock.today
        guard (format ?? Self.guessFormat(file)) == .fhir else {
            if activity != nil { throw ValidationError(tr("--activity goes with a FHIR Questionnaire; this file is not one")) }
            // A plan may name a form the store keeps by its canonical url.
            let plan = try PlanDecoder.load(path: file, storedForms: { [store] in try store.open(readOnly: true).storedForms() })
            return try importPlan(plan, effective: effectiveDate, clock: clock)
        }
        let name = (file as NSString).lastPathComponent
        let text = try YAMLNodeReader.text(ofFile: file, shown: name)
        if FormImport.isQuestionnaire(text) {
            return try FormImport(store: store, file: file, activity: activity, yes: yes).run(text: text, effective: effectiveDate, clock: clock)
        }
        if activity != nil {
            throw FHIRError(file: name, tr("--activity goes with a FHIR Questionnaire; this file is not one"))
        }
        let resource = try FHIRFile.load(path: file)
        let observations = ObservationReader.observations(in: resource)
        let hasPlan = CarePlanReader.holdsCarePlan(resource)
        guard hasPlan || !observations.isEmpty else {
            guard case .bundle(let bundle) = resource else {
                // TRANSLATORS: {resource} is a FHIR resource type, e.g. Patient.
                throw FHIRError(file: name, tr("holds a {resource}; careplan imports a CarePlan, Observations, or a Bundle of them",
                                               ["resource": resource.resourceType]))
            }
            let types = Set((bundle.entry ?? []).compactMap { $0.resource?.resourceType }).sorted()
            guard !types.isEmpty else {
                throw FHIRError(file: name, tr("holds a Bundle of nothing; careplan imports a CarePlan, Observations, or a Bundle of them"))
            }
            // TRANSLATORS: {resources} are FHIR resource types, e.g. "Patient, Practitioner".
            throw FHIRError(file: name, tr("holds a Bundle of {resources}; careplan imports a CarePlan, Observations, or a Bundle of them",
                                           ["resources": types.joined(separator: ", ")]))
        }
        if hasPlan {
            let read = try CarePlanReader(file: name, today: clock.today, forms: try CanonicalForms.available(in: text, store: store)).read(resource)
            try importPlan(read.plan, effective: effectiveDate, clock: clock)
            for note in read.notes { say("  " + tr("note: {note}", ["note": note])) }
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
        try PlanImportRun(store: store, yes: yes, source: file, verb: .imported).run(plan, effective: effective, clock: clock)
    }

    /// Readings from FHIR Observations: each one placed, or the reason it was not.
    func importObservations(_ observations: [Observation], file name: String, clock: CareClock) throws {
        // Read first, without creating a store: readings need a plan to land in.
        let plan = try self.store.open(readOnly: true).reading { try $0.plan() }
        guard !plan.isEmpty else {
            throw FHIRError(file: name, tr("holds Observations, but there is no plan to put them in yet; import a plan first (careplan import PLAN.yaml)"))
        }
        let store = try self.store.open()
        let read = ObservationReader(plan: plan, zone: clock.timeZone, file: name).read(observations)
        let results = try store.take(read.readings, clock: clock)
        let added = results.filter { if case .added = $0 { return true } else if case .addedAsExtra = $0 { return true } else { return false } }.count
        let again = results.filter { $0 == .alreadyTaken }.count
        say(trn("Took {count} reading from {observations} in {file}", "Took {count} readings from {observations} in {file}", added,
                ["observations": trn("{count} Observation", "{count} Observations", observations.count), "file": name]))
        for (reading, result) in zip(read.readings, results) {
            switch result {
            case .added(let outcome), .addedAsExtra(let outcome):
                let measure = plan.history(outcome.activityId)?.activity(on: outcome.date).measure
                say(ImportWord.line(ImportWord.added, "\(outcome.activityId) \(outcome.date.iso) #\(outcome.occurrence + 1): \(ReadingText.reading(outcome.values, measure: measure))"))
            case .alreadyTaken: break
            case .refused(let reason): say(ImportWord.line(ImportWord.refused, "\(reading.label): \(reason)"))
            }
        }
        if again > 0 { say(ImportWord.line(ImportWord.unchanged, trn("{count} taken in before", "{count} taken in before", again))) }
        for skipped in read.skipped { say(ImportWord.line(ImportWord.skipped, "\(skipped.label): \(skipped.reason)")) }
        for unknown in read.unknown {
            let code = unknown.name.isEmpty ? unknown.code : "\(unknown.code) (\(unknown.name))"
            // TRANSLATORS: {code} is a LOINC code, with its name when the file gives one: "8867-4 (Heart rate)".
            say(ImportWord.line(ImportWord.unknown, trn("{code}: {count} Observation; no assessment has this code (a measure's loinc: names it)",
                                                        "{code}: {count} Observations; no assessment has this code (a measure's loinc: names it)",
                                                        unknown.count, ["code": code])))
        }
    }
}

/// What an import did to each activity, contact and reading: a column of words before what it
/// did it to, lined up in any language.
enum ImportWord {
    // TRANSLATORS: a column of careplan import's report: what happened to an activity, a contact or a reading.
    static let added = trc("import report", "added")
    static let unchanged = trc("import report", "unchanged")
    static let changed = trc("import report", "changed")
    static let kept = trc("import report", "kept")
    static let removed = trc("import report", "removed")
    static let refused = trc("import report", "refused")
    static let skipped = trc("import report", "skipped")
    static let unknown = trc("import report", "unknown")
    static let width = [added, unchanged, changed, kept, removed, refused, skipped, unknown].map { TextWidth.of($0) }.max() ?? 0

    /// "  changed    walk (version 2, ...)".
    static func line(_ word: String, _ what: String) -> String {
        "  " + TextWidth.pad(word, to: width) + "  " + what
    }
}
