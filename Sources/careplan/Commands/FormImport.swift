import CarePlanStore
import FHIRPath
import Foundation
import Localization
import Questionnaires

/// `careplan import FORM.json`: a FHIR Questionnaire. With `--activity ID` (or the answer to the
/// question on a terminal) it becomes what that assessment asks: an assessment of the plan asks it
/// from `--effective` on (a new version; earlier days keep theirs), or a new assessment is added,
/// asked as needed until the plan file gives it a schedule. Without one, the store keeps the form,
/// so a plan can name it by its canonical url. The form is checked whole first; a form careplan
/// cannot ask is refused, naming the item and why, and nothing is written.
struct FormImport {
    let store: StoreOptions
    let file: String
    let activity: String?
    let yes: Bool

    /// Whether `text` is a FHIR Questionnaire (its `resourceType`).
    static func isQuestionnaire(_ text: String) -> Bool {
        // Read whole only when it may be one: an export of a year's Observations is large.
        text.contains("\"Questionnaire\"") && (try? JSONReader.read(text))?["resourceType"]?.stringValue == "Questionnaire"
    }

    func run(text: String, effective: LocalDate, clock: CareClock) throws {
        let name = (file as NSString).lastPathComponent
        let snapshot = try store.open(readOnly: true).reading { try $0.plan() }
        let chosen = try activity ?? ask(snapshot)
        let formFile: FormFile
        do { formFile = try FormFile(json: text, source: name, activityId: chosen ?? "") } catch {
            throw FormImportError(description: error.description)
        }
        let title = formFile.form.title ?? formFile.form.name ?? name
        guard let id = chosen else {
            guard formFile.form.url != nil else {
                // TRANSLATORS: keep the command as it is.
                throw FormImportError(description: tr("{file}: the form has no url, so no plan can name it; careplan import {file} --activity ID makes it what an assessment asks",
                                                      ["file": name]))
            }
            try store.open().keepForm(formFile.stored, clock: clock)
            // TRANSLATORS: {canonical} is the form's url|version; keep "questionnaire:" and the command as they are.
            say(tr("Kept the form '{title}' ({canonical}); a plan asks it with questionnaire: {canonical}, or careplan import {file} --activity ID makes it an assessment",
                   ["title": title, "canonical": formFile.stored.reference.canonical, "file": file]))
            return
        }
        guard !snapshot.isEmpty else { throw CarePlanError.noPlan(path: try store.open(readOnly: true).path) }
        var plan = snapshot.plan(on: effective)
        if let index = plan.activities.firstIndex(where: { $0.id == id }) {
            guard plan.activities[index].kind == .assessment else {
                throw FormImportError(description: tr("--activity '{id}' is an intervention; a form is asked by an assessment", ["id": id]))
            }
            plan.activities[index].questionnaire = formFile.stored.reference
            plan.activities[index].measure = formFile.measure
        } else {
            guard Activity.isSlug(id), id.count <= 64 else {
                throw FormImportError(description: tr("--activity '{id}' is not a slug; use lowercase letters, digits and '-' (e.g. intake-form)", ["id": id]))
            }
            plan.activities.append(Activity(id: id, kind: .assessment, title: title, schedule: Schedule(start: effective, pattern: .asNeeded),
                                            measure: formFile.measure, questionnaire: formFile.stored.reference))
        }
        plan.forms = [formFile.stored]
        let added = !snapshot.histories.contains { $0.id == id }
        try PlanImportRun(store: store, yes: yes, source: file, verb: .imported).run(plan, effective: effective, clock: clock)
        if added {
            // TRANSLATORS: after a form became a new assessment; keep the commands as they are.
            say(tr("{id} asks '{title}' as needed; to schedule it, careplan plan --export > plan.yaml, edit its schedule, and import the file",
                   ["id": id, "title": title]))
        }
    }

    /// On a terminal, which assessment asks the form: an id of the plan or a new one; empty keeps
    /// the form only. Elsewhere, nil (the form is kept; --activity makes it an assessment).
    func ask(_ plan: PlanSnapshot) throws -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let assessments = plan.histories.filter { $0.kind == .assessment }.map(\.id)
        // TRANSLATORS: {ids} lists the plan's assessments; Enter alone keeps the form without asking it.
        say(tr("Which assessment asks this form? An id of the plan ({ids}) or a new one; Enter keeps the form only: ",
               ["ids": assessments.isEmpty ? "–" : assessments.joined(separator: ", ")]), terminator: "")
        fflush(nil)
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
        return answer.isEmpty ? nil : answer
    }
}

/// A form that cannot be imported, said as the form's reader says it (the file, the item, why).
struct FormImportError: UserFacingError {
    var description: String
}
