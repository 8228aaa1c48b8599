import CarePlanStore
import Foundation
import Localization

/// A FHIR R4 CarePlan (alone, or the first in a Bundle) as a careplan plan, with a note for
/// everything that could not be kept as the file says it (docs/fhir.md).
///
/// Activities come from `activity.detail`: the code (or description) names it, a LOINC code
/// careplan knows makes it an assessment with that code's measure, `scheduledTiming` becomes the
/// schedule (`ScheduleTiming`). What a careplan schedule cannot say (`scheduledString`, a
/// `scheduledPeriod`, no schedule at all) becomes an as-needed activity whose instructions keep
/// the file's words. A plan careplan exported carries each activity's own definition in an
/// extension, and comes back whole.
public struct CarePlanReader {
    public struct Result {
        public var plan: CarePlan
        /// What was approximated, left out or taken from elsewhere, one sentence each.
        public var notes: [String]
    }

    let file: String
    let today: LocalDate
    /// The forms an activity's `instantiatesCanonical` may name: the file's own Questionnaires,
    /// those the store keeps, and the instruments careplan ships.
    let forms: [StoredForm]

    public init(file: String, today: LocalDate, forms: [StoredForm] = []) {
        self.file = file
        self.today = today
        self.forms = forms
    }

    /// The form a canonical names (`url|version`, or `url` for its latest kept).
    func form(_ canonical: String) -> StoredForm? { forms.named(canonical) }

    /// The CarePlan in `resource`; throws when there is none or it has nothing careplan can follow.
    public func read(_ resource: AnyResource) throws -> Result {
        switch resource {
        case .carePlan(let plan):
            var notes: [String] = []
            return try read(plan, bundle: nil, notes: &notes)
        case .bundle(let bundle):
            return try read(bundle: bundle)
        default:
            // TRANSLATORS: {resourceType} is a FHIR resource's type: Observation, Patient.
            throw FHIRError(file: file, tr("holds a {resourceType}, not a CarePlan", ["resourceType": resource.resourceType]))
        }
    }

    /// Whether `resource` is a CarePlan or a Bundle holding one.
    public static func holdsCarePlan(_ resource: AnyResource) -> Bool {
        switch resource {
        case .carePlan: return true
        case .bundle(let bundle): return bundle.entry?.contains { if case .carePlan? = $0.resource { return true } else { return false } } ?? false
        default: return false
        }
    }

    /// The first CarePlan of a Bundle.
    public func read(bundle: Bundle) throws -> Result {
        var notes: [String] = []
        let plans = (bundle.entry ?? []).compactMap { entry -> CarePlanResource? in
            if case .carePlan(let plan)? = entry.resource { return plan }
            return nil
        }
        guard let first = plans.first else {
            throw FHIRError(file: file, tr("the Bundle holds no CarePlan"))
        }
        if plans.count > 1 {
            // TRANSLATORS: {id} is the CarePlan's id in the file, or "no id".
            notes.append(trn("the Bundle holds {count} CarePlan; the first ({id}) was read", "the Bundle holds {count} CarePlans; the first ({id}) was read",
                             plans.count, ["id": first.id ?? tr("no id")]))
        }
        return try read(first, bundle: bundle, notes: &notes)
    }

    func read(_ source: CarePlanResource, bundle: Bundle?, notes: inout [String]) throws -> Result {
        let resolver = ReferenceResolver(contained: source.contained ?? [], bundle: bundle)
        let activities = source.activity ?? []
        if activities.isEmpty {
            // TRANSLATORS: the CarePlan resource of the file, by its id.
            let carePlan = source.id.map { tr("CarePlan '{id}'", ["id": $0]) } ?? "CarePlan"
            if source.text != nil {
                throw FHIRError(file: file, tr("{carePlan} has no activity: its care is written in its narrative text, which careplan does not interpret; a plan needs activities with a detail (what, and when) to follow. Write it as a YAML plan (docs/plan-format.md)",
                                               ["carePlan": carePlan]))
            }
            throw FHIRError(file: file, tr("{carePlan} has no activity: a plan needs activities with a detail (what, and when) to follow. Write it as a YAML plan (docs/plan-format.md)",
                                           ["carePlan": carePlan]))
        }
        if let status = source.status, ["revoked", "entered-in-error"].contains(status) {
            // TRANSLATORS: {status} is the CarePlan's FHIR status code (revoked, entered-in-error).
            throw FHIRError(file: file, tr("CarePlan status is '{status}'; careplan does not follow a plan that was withdrawn or entered in error", ["status": status]))
        }
        var start = source.period?.start.flatMap(FHIRDate.localDate)
        let end = source.period?.end.flatMap(FHIRDate.localDate)
        if start == nil {
            start = source.created.flatMap(FHIRDate.localDate) ?? min(today, end ?? today)
            notes.append(tr("the plan's period has no start; activities without dates start on {date}", ["date": start!.iso]))
        }
        let context = ActivityContext(planStart: start!, planEnd: end, resolver: resolver)
        var made: [Activity] = []
        var refused: [String] = []
        for (index, entry) in activities.enumerated() {
            // TRANSLATORS: an activity of the file's CarePlan, by its place in it: activity 3.
            let label = tr("activity {number}", ["number": String(index + 1)])
            do {
                guard var activity = try self.activity(entry, label: label, context: context, notes: &notes) else { continue }
                activity.id = uniqueId(activity.id, taken: Set(made.map(\.id)))
                made.append(activity)
            } catch let skip as Skip {
                refused.append("\(label): \(skip.reason)")
            }
        }
        // TRANSLATORS: {activity} is an activity and why it was left out: "activity 2: marked doNotPerform; careplan plans what to do".
        notes += refused.map { tr("left out {activity}", ["activity": $0]) }
        guard !made.isEmpty else {
            // TRANSLATORS: {reasons} lists each activity and why it was left out, separated by semicolons.
            throw FHIRError(file: file, tr("no activity careplan can follow: {reasons}", ["reasons": refused.joined(separator: "; ")]))
        }
        var title = source.title.nonBlank ?? source.description.nonBlank
        if title == nil {
            // TRANSLATORS: the title of a plan read from a FHIR file that gives none; {file} is the file's name.
            title = tr("Care plan from {file}", ["file": file])
            notes.append(tr("the CarePlan has no title or description; it is called '{title}'", ["title": title!]))
        }
        let patient = resolver.name(source.subject)
        // A Patient in the file gives the date of birth and the identifiers too.
        var details = PatientDetails()
        if case .patient(let person)? = resolver.resolve(source.subject) {
            details.born = person.birthDate.flatMap(FHIRDate.localDate)
            details.identifiers = (person.identifier ?? []).compactMap { identifier in
                guard let system = identifier.system, let value = identifier.value, !system.hasPrefix("urn:uuid:") || value != "patient" else { return nil }
                return PatientDetails.Identifier(system: system, value: value)
            }
        }
        let contacts = contacts(source, resolver: resolver, activityIds: Set(made.map(\.id)), notes: &notes)
        var plan = CarePlan(title: fit(title!, InputLimits.shortText, tr("the plan's title"), &notes),
                            patient: patient.map { fit($0, InputLimits.shortText, tr("the patient's name"), &notes) },
                            activities: made, contacts: contacts, patientDetails: details, language: source.language)
        // The forms its questionnaires ask go into the store with it.
        for reference in made.compactMap(\.questionnaire) where !plan.forms.contains(where: { $0.reference == reference }) {
            if let form = forms.last(where: { $0.reference == reference }) { plan.forms.append(form) }
        }
        // What was read is held to the plan file's rules, so `plan --export` writes a file that
        // imports again.
        do { _ = try PlanDecoder(file: file, storedForms: { [plan, forms] in forms + plan.forms }).decode(try PlanEncoder.yaml(plan)) } catch {
            throw FHIRError(file: file, tr("the plan read from the CarePlan breaks a plan-file rule: {problem}", ["problem": "\(error)"]))
        }
        return Result(plan: plan, notes: notes)
    }

    struct ActivityContext {
        var planStart: LocalDate
        var planEnd: LocalDate?
        var resolver: ReferenceResolver
    }

    /// Why an activity was left out.
    struct Skip: Error { var reason: String }

    func activity(_ entry: CarePlanResource.Activity, label: String, context: ActivityContext, notes: inout [String]) throws -> Activity? {
        // careplan's own definition, when careplan wrote the file: taken whole.
        if let yaml = entry.extension?.first(where: { $0.url == BundleBuilder.definitionURL })?.valueString {
            do { return try PlanDecoder(file: file, storedForms: { [forms] in forms }).decodeActivity(yaml) } catch {
                // TRANSLATORS: {activity} is "activity 3"; {problem} why the definition careplan wrote into the file is unreadable.
                notes.append(tr("{activity}: careplan's definition in the file could not be read ({problem}); read from the FHIR elements instead",
                                ["activity": label, "problem": "\(error)"]))
            }
        }
        guard let detail = entry.detail else {
            let name = context.resolver.name(entry.reference)
            guard let name else { throw Skip(reason: tr("neither a detail nor a named reference")) }
            // TRANSLATORS: {activity} is "activity 3", {title} its name in the file.
            notes.append(tr("{activity} ('{title}') is described in another resource careplan does not read; it is kept as needed, with no schedule",
                            ["activity": label, "title": name]))
            // The activity's instructions: careplan's words in the plan it makes.
            let described = entry.reference?.reference.map { tr("Described in the care plan's {reference}.", ["reference": $0]) }
                ?? tr("Described in the care plan's linked resource.")
            return Activity(id: slug(name), kind: .intervention, title: name,
                            instructions: described,
                            schedule: Schedule(start: context.planStart, end: context.planEnd, pattern: .asNeeded))
        }
        if detail.doNotPerform == true { throw Skip(reason: tr("marked doNotPerform; careplan plans what to do")) }
        if let status = detail.status, ["cancelled", "entered-in-error"].contains(status) {
            // TRANSLATORS: {status} is the activity's FHIR status code (cancelled, entered-in-error).
            throw Skip(reason: tr("its status is {status}", ["status": status]))
        }
        // A Questionnaire to answer (`instantiatesCanonical`): the first the file or the store holds.
        var asked: (measure: Measure, reference: FormReference, title: String?)?
        var questionnaire: FormReference?
        for canonical in detail.instantiatesCanonical ?? [] {
            guard let stored = form(canonical) else {
                // TRANSLATORS: {canonical} is a Questionnaire's url; keep the command as it is.
                notes.append(tr("{activity} asks the Questionnaire {canonical}, which neither the file nor the store holds; careplan import FORM.json, then this file again, makes it the questionnaire",
                                ["activity": label, "canonical": canonical]))
                continue
            }
            do {
                let read = try FormFile(json: stored.json, source: canonical, activityId: entry.id ?? "")
                asked = (read.measure, stored.reference, read.form.title ?? read.form.name)
            } catch {
                throw Skip(reason: error.description)
            }
            break
        }
        let product = detail.productCodeableConcept?.label ?? context.resolver.name(detail.productReference)
        let named = detail.code?.label ?? product ?? detail.description.nonBlank ?? asked?.title
        guard let named else { throw Skip(reason: tr("it names nothing to do (no code, product or description)")) }
        let title = fit(product.map { named == $0 ? named : "\(named): \($0)" } ?? named, InputLimits.shortText,
                        tr("{activity}'s title", ["activity": label]), &notes)
        var instructions = [detail.description.nonBlank].compactMap { $0 }
        if let status = detail.status, ["completed", "stopped"].contains(status) {
            // TRANSLATORS: {activity} is "activity 3", {title} its name; {status} its FHIR status code (completed, stopped).
            notes.append(tr("{activity} ('{title}') is {status} in the file; it was imported, and careplan end ends it",
                            ["activity": label, "title": title, "status": status]))
        }
        // An assessment when its code is a reading careplan knows how to take, or when it is a
        // Questionnaire to answer.
        let loinc = (detail.code?.codes(in: ClinicalCodes.loincSystem) ?? []).first { ClinicalCodes.known($0) != nil }
        var measure = loinc.flatMap(ClinicalCodes.known)?.measure
        if let asked { (measure, questionnaire) = (asked.measure, asked.reference) }

        let schedule: Schedule
        if let timing = detail.scheduledTiming {
            let reading = ScheduleTiming.schedule(timing, start: context.planStart, end: context.planEnd)
            schedule = reading.schedule
            // TRANSLATORS: {activity} is "activity 3", {title} its name; {note} what of its timing was not kept.
            notes += reading.notes.map { tr("{activity} ('{title}'): {note}", ["activity": label, "title": title, "note": $0]) }
        } else if let period = detail.scheduledPeriod {
            let first = period.start.flatMap(FHIRDate.localDate) ?? context.planStart
            let last = period.end.flatMap(FHIRDate.localDate).map { max($0, first) } ?? context.planEnd
            schedule = Schedule(start: first, end: last, pattern: .asNeeded)
            // The activity's instructions, with the file's dates as it writes them.
            instructions.append(period.end.map { tr("Scheduled for {start} to {end}.", ["start": period.start ?? "?", "end": $0]) }
                                ?? tr("Scheduled for {start}.", ["start": period.start ?? "?"]))
            notes.append(tr("{activity} ('{title}') has a period without a timing; it is as needed within it, and its instructions say when",
                            ["activity": label, "title": title]))
        } else if let text = detail.scheduledString.nonBlank {
            schedule = Schedule(start: context.planStart, end: context.planEnd, pattern: .asNeeded)
            // TRANSLATORS: the activity's instructions: when to do it, in the file's words.
            instructions.append(tr("When: {schedule}", ["schedule": text]))
            notes.append(tr("{activity} ('{title}') is scheduled in words ('{schedule}'); it is as needed, with those words in its instructions",
                            ["activity": label, "title": title, "schedule": text]))
        } else {
            schedule = Schedule(start: context.planStart, end: context.planEnd, pattern: .asNeeded)
            notes.append(tr("{activity} ('{title}') has no schedule; it is as needed", ["activity": label, "title": title]))
        }
        return Activity(id: slug(entry.id.flatMap { isSlug($0) ? $0 : nil } ?? title), kind: measure == nil ? .intervention : .assessment,
                        title: title,
                        instructions: instructions.isEmpty ? nil : fit(instructions.joined(separator: "\n"), InputLimits.longText,
                                                                         tr("{activity}'s instructions", ["activity": label]), &notes),
                        schedule: schedule, measure: measure, medication: measure == nil ? product.map { fit($0, InputLimits.shortText, tr("{activity}'s medicine", ["activity": label]), &notes) } : nil,
                        questionnaire: questionnaire)
    }

    /// The plan's care team: the members of each CareTeam it contains or refers to, with their
    /// role, phone and email; careplan's own definition when careplan wrote it. A member with no
    /// phone or email is left out (a contact must be reachable), with a note.
    func contacts(_ source: CarePlanResource, resolver: ReferenceResolver, activityIds: Set<String>, notes: inout [String]) -> [Contact] {
        var teams = (source.contained ?? []).compactMap { resource -> OtherResource? in
            if case .other(let other) = resource, other.resourceType == "CareTeam" { return other }
            return nil
        }
        for reference in source.careTeam ?? [] where reference.reference?.hasPrefix("#") != true {
            if case .other(let other)? = resolver.resolve(reference), other.resourceType == "CareTeam" { teams.append(other) }
        }
        var contacts: [Contact] = []
        for participant in teams.flatMap({ $0.participant ?? [] }) {
            var contact: Contact?
            if let yaml = participant.extension?.first(where: { $0.url == CareTeamBuilder.definitionURL })?.valueString {
                contact = try? PlanDecoder(file: file).decodeContact(yaml, activityIds: activityIds)
            }
            if contact == nil {
                guard let name = resolver.name(participant.member)?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { continue }
                // A member's role, when the file gives none: careplan's words in the plan it makes.
                let role = participant.role?.first?.label ?? trc("a contact's role", "Care team")
                var made = Contact(name: fit(name, InputLimits.shortText, tr("a care team member's name"), &notes),
                                   role: fit(role, InputLimits.shortText, tr("{name}'s role", ["name": name]), &notes),
                                   group: resolver.resolve(participant.member)?.resourceType == "RelatedPerson" ? .personal : .careTeam)
                if case .other(let person)? = resolver.resolve(participant.member) {
                    let telecom = person.telecom ?? []
                    made.phone = telecom.first { $0.system == "phone" && Contact.isPhoneNumber($0.value ?? "") }?.value
                    made.email = telecom.first { $0.system == "email" && Contact.isEmailAddress($0.value ?? "") }?.value
                    made.address = person.address?.first?.text.nonBlank
                }
                guard made.phone != nil || made.email != nil else {
                    notes.append(tr("care team member '{name}' has no phone or email in the file; left out of the contacts", ["name": name]))
                    continue
                }
                contact = made
            }
            if let contact, !contacts.contains(where: { $0.name == contact.name }) { contacts.append(contact) }
        }
        return contacts
    }

    /// Text longer than a plan file takes, cut to fit and noted: a clinic's long description
    /// should not stop the whole plan from coming in.
    func fit(_ text: String, _ limit: Int, _ what: String, _ notes: inout [String]) -> String {
        guard text.count > limit else { return text }
        // TRANSLATORS: {what} is "the plan's title", "activity 3's instructions"...; {limit} how many characters it may have.
        notes.append(trn("{what} was {count} character; cut to {limit}", "{what} was {count} characters; cut to {limit}", text.count,
                         ["what": what, "limit": String(limit)]))
        return String(text.prefix(limit - 1)) + "…"
    }

    func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// An id from a title: lower case, words joined by dashes, at most 40 characters.
    func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber { result.append(character) } else if !result.hasSuffix("-"), !result.isEmpty { result.append("-") }
        }
        while result.hasSuffix("-") { result.removeLast() }
        // Long titles are cut after a whole word.
        var short = result
        if short.count > 40 {
            short = String(short.prefix(41))
            short = short.contains("-") ? String(short[..<short.lastIndex(of: "-")!]) : String(short.prefix(40))
        }
        return short.isEmpty ? "activity" : short
    }

    func uniqueId(_ id: String, taken: Set<String>) -> String {
        guard taken.contains(id) else { return id }
        var n = 2
        while taken.contains("\(id)-\(n)") { n += 1 }
        return "\(id)-\(n)"
    }
}
