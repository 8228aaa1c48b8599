import Foundation
import GRDB
import FHIRPath
import Questionnaires
import Testing
@testable import CarePlanStore

/// Questionnaires in the plan file and the store: an assessment that asks PHQ-9 or a clinic's
/// FHIR form, the form kept word for word, and every response kept by event and revision.
@Suite struct QuestionnaireStoreTests {
    static let plan = """
        title: Depression care
        activities:
          - id: phq9
            kind: assessment
            title: PHQ-9
            questionnaire: phq-9
            schedule: {start: 2026-11-01, every: {days: 14}}

        """
    static let bmiForm = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Data/questionnaires/lforms-weight-height-bmi.json").standardized

    /// PHQ-9's nine questions, in order.
    static let questions = ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"]

    func store() throws -> TestStore {
        let test = try TestStore()
        try test.store.importPlan(try decode(Self.plan), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        return test
    }

    /// A PHQ-9 response with each question's answer the option scoring `scores[i]`.
    func phq9(_ store: CareStore, scores: [Int]) throws -> FormResponse {
        let form = try store.form(FormReference(canonical: "urn:careplan:questionnaire:phq-9|1.0.0"))
        var response = FormResponse(form: form)
        for (linkId, score) in zip(Self.questions, scores) {
            let option = try #require(form.item(linkId)?.options.first { $0.score == DecimalNumberOf(score) })
            try response.answer(linkId, [option.value])
        }
        return response
    }

    @Test func aBundledInstrumentBecomesAnAssessmentWhoseReadingIsItsTotal() throws {
        let test = try store()
        let activity = try #require(try test.store.plan().plan(on: date("2026-11-01")).activities.first)
        #expect(activity.questionnaire?.canonical == "urn:careplan:questionnaire:phq-9|1.0.0")
        let measure = try #require(activity.measure)
        #expect(measure.type == .integer && measure.loinc == "44261-6" && measure.aggregate == .last)
        #expect(measure.fields.map(\.name) == ["value"] && measure.fields[0].range == 0...27)
        // Insights' normal is the first band, "none to minimal".
        #expect(measure.fields[0].normal == 0...4)
        #expect(try test.count("questionnaire") == 1)
        // The plan file writes the instrument back by name, and reads back to the same plan.
        let exported = try PlanEncoder.yaml(try test.store.plan().plan(on: date("2026-11-01")))
        #expect(exported.contains("questionnaire: phq-9"))
        let report = try test.store.importPlan(try decode(exported), effective: date("2026-11-02"), clock: clock("2026-11-02T08:00"))
        #expect(report.changedNothing)
    }

    @Test func aResponseIsKeptWithItsScoreAsTheReadingAndAnsweringAgainKeepsTheFirst() throws {
        let test = try store()
        let first = try test.store.submit("phq9", response: try phq9(test.store, scores: [1, 1, 2, 0, 0, 1, 0, 0, 0]), author: "Anna",
                                          date: date("2026-11-15"), clock: clock("2026-11-15T09:00"))
        #expect(first.response.status == "completed" && first.response.revision == 1)
        #expect(first.recorded.outcome.values.map(\.value) == [5])
        let again = try test.store.submit("phq9", response: try phq9(test.store, scores: [3, 3, 3, 3, 3, 3, 3, 3, 3]),
                                          date: date("2026-11-15"), clock: clock("2026-11-16T09:00"))
        #expect(again.response.status == "amended" && again.response.revision == 2 && again.recorded.replaced?.values.map(\.value) == [5])
        let outcomes = try test.store.outcomes(activityId: "phq9")
        #expect(outcomes.count == 1 && outcomes[0].values.map(\.value) == [27])
        let kept = try test.store.responses(activityId: "phq9")
        #expect(kept.map(\.status) == ["completed", "amended"] && kept[0].author == "Anna" && kept[1].author == nil)
        // The ninth question answered above "Not at all" is kept as an alert, not yet seen.
        #expect(kept[0].alerts == [] && kept[1].alerts == ["44260-8"] && kept[1].acknowledgedAt == nil)
        // The kept answers read back into the same response, whole.
        let form = try test.store.form(kept[0].form)
        let restored = try FormResponse(form: form, restoring: try JSONReader.read(kept[0].items))
        #expect(restored.answers("44261-6") == [.integer(5)])

        // Clearing the event voids its responses and keeps them.
        try test.store.reset("phq9", date: date("2026-11-15"))
        #expect(try test.store.responses(activityId: "phq9").map(\.status) == ["entered-in-error", "entered-in-error"])
        let fresh = try test.store.submit("phq9", response: try phq9(test.store, scores: [0, 0, 0, 0, 0, 0, 0, 0, 0]),
                                          date: date("2026-11-15"), clock: clock("2026-11-16T10:00"))
        #expect(fresh.response.status == "completed" && fresh.response.revision == 3)
    }

    @Test func aDraftGivesWayToItsSubmissionKeepingWhenItWasStartedAndItsRevision() throws {
        let test = try store()
        let first = try test.store.submit("phq9", response: try phq9(test.store, scores: [1, 1, 1, 1, 1, 1, 1, 1, 1]),
                                          date: date("2026-11-15"), clock: clock("2026-11-15T09:00"))
        #expect(first.response.revision == 1)
        // A second answering, started and kept as a draft, then a draft of it again: one draft.
        let started = clock("2026-11-16T08:00").now
        for minute in ["08:01", "08:05"] {
            try test.store.saveDraft("phq9", response: try phq9(test.store, scores: [2, 2, 2, 0, 0, 0, 0, 0, 0]), startedAt: started,
                                     date: date("2026-11-15"), occurrence: 0, clock: clock("2026-11-16T\(minute)"))
        }
        #expect(try test.store.responses(activityId: "phq9").map(\.status) == ["completed", "in-progress"])
        #expect(try test.store.draft("phq9", date: date("2026-11-15"), occurrence: 0)?.revision == 2)

        let submitted = try test.store.submit("phq9", response: try phq9(test.store, scores: [2, 2, 2, 2, 0, 0, 0, 0, 0]),
                                              date: date("2026-11-15"), occurrence: 0, clock: clock("2026-11-16T08:10"))
        #expect(submitted.response.status == "amended" && submitted.response.revision == 2 && submitted.response.startedAt == started)
        let kept = try test.store.responses(activityId: "phq9")
        #expect(kept.map(\.status) == ["completed", "amended"] && kept.map(\.revision) == [1, 2])
        #expect(try test.store.draft("phq9", date: date("2026-11-15"), occurrence: 0) == nil)
        #expect(try test.store.outcomes(activityId: "phq9").map { $0.values.map(\.value) } == [[8]])
    }

    @Test func aResponseMissingARequiredAnswerRecordsNothing() throws {
        let test = try store()
        var response = try phq9(test.store, scores: [1, 1, 1, 1, 1, 1, 1, 1, 1])
        try response.answer("44260-8", [])
        #expect {
            try test.store.submit("phq9", response: response, date: date("2026-11-15"), clock: clock("2026-11-15T09:00"))
        } throws: { "\($0)" == "phq9: 1 required question is not answered: 44260-8 (Thoughts that you would be better off dead or of hurting yourself in some way)" }
        #expect(try test.count("questionnaireResponse") == 0 && test.store.outcomes(activityId: "phq9").isEmpty)
        // Not a day of its schedule, and not an assessment that asks a form: refused alike.
        #expect(throws: CarePlanError.self) {
            try test.store.submit("phq9", response: try phq9(test.store, scores: Array(repeating: 0, count: 9)), date: date("2026-11-16"),
                                  clock: clock("2026-11-16T09:00"))
        }
    }

    @Test func aClinicsFormIsReadFromBesideThePlanAndKeptByItsVersion() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("forms"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.bmiForm, to: folder.url.appendingPathComponent("forms/bmi.json"))
        let plan = """
            title: Weight
            activities:
              - {id: bmi, kind: assessment, title: Weight and height, questionnaire: forms/bmi.json, schedule: {start: 2026-11-01, weekly: [mon]}}

            """
        try plan.write(toFile: folder.path("plan.yaml"), atomically: true, encoding: .utf8)
        let test = try TestStore()
        try test.store.importPlan(try PlanDecoder.load(path: folder.path("plan.yaml")), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        let activity = try #require(try test.store.plan().plan(on: date("2026-11-02")).activities.first)
        // The form names no url: it is the activity's, at the form's own version.
        #expect(activity.questionnaire?.canonical == "urn:careplan:activity:bmi|2.56")
        #expect(activity.measure?.type == .number && activity.measure?.fields.map(\.name) == ["value"])

        // Another plan may name it by its canonical url once the store keeps it.
        let byURL = "title: Weight\nactivities:\n  - {id: bmi, kind: assessment, title: Weight and height, questionnaire: 'urn:careplan:activity:bmi|2.56', schedule: {start: 2026-11-01, weekly: [mon]}}\n"
        let decoded = try PlanDecoder(file: "again.yaml", storedForms: { try test.store.storedForms() }).decode(byURL)
        #expect(try test.store.importPlan(decoded, effective: date("2026-11-02"), clock: clock("2026-11-02T08:00")).changedNothing)

        // The same url and version with other content is refused whole.
        var changed = try String(contentsOf: Self.bmiForm, encoding: .utf8)
        changed = changed.replacingOccurrences(of: "\"Weight\"", with: "\"Body weight\"")
        try changed.write(toFile: folder.path("forms/bmi.json"), atomically: true, encoding: .utf8)
        let before = try test.count("activityVersion")
        #expect {
            try test.store.importPlan(try PlanDecoder.load(path: folder.path("plan.yaml")), effective: date("2026-11-02"), clock: clock("2026-11-02T08:00"))
        } throws: { "\($0)".hasPrefix("the store keeps the form urn:careplan:activity:bmi|2.56 with other content") }
        #expect(try test.count("activityVersion") == before && test.count("questionnaire") == 1)
    }

    @Test(arguments: [
        ("questionnaire: phq9", "plan.yaml:6:20: questionnaire: 'phq9' is not an instrument careplan ships (gad-7, phq-2, phq-9), a .json file, or a form's canonical url"),
        ("questionnaire: missing.json", "plan.yaml:6:20: questionnaire: missing.json: no such file"),
        ("questionnaire: 'http://clinic.example/Questionnaire/intake|2'",
         "plan.yaml:6:20: questionnaire: the store keeps no form 'http://clinic.example/Questionnaire/intake|2'; import it first (careplan import FILE.json) or name its file"),
        ("questionnaire: phq-9\n    measure: {type: integer}", "plan.yaml:7:5: activity 'a': give 'measure' or 'questionnaire', not both: a questionnaire's scores are its reading"),
        ("questionnaire: bad.json",
         "plan.yaml:6:20: questionnaire: bad.json: item 'photo' (item[0]): cannot be filled in: it asks for a file to attach (a photo, a document), which careplan cannot take in a terminal"),
    ])
    func aFormThatCannotBeAskedIsRefusedWhereThePlanNamesIt(line: String, message: String) throws {
        let folder = TemporaryFolder()
        try #"{"resourceType": "Questionnaire", "status": "active", "item": [{"linkId": "photo", "type": "attachment", "text": "A photo"}]}"#
            .write(toFile: folder.path("bad.json"), atomically: true, encoding: .utf8)
        let plan = "title: T\nactivities:\n  - id: a\n    kind: assessment\n    title: A\n    \(line)\n    schedule: {start: 2026-11-01, daily: 1}\n"
        #expect { try PlanDecoder(file: "plan.yaml", folder: folder.url.path).decode(plan) } throws: { error in
            #expect("\(error)".hasPrefix(message), "\(error)")
            return true
        }
    }

    @Test func anInterventionAsksNoQuestionnaire() throws {
        let plan = "title: T\nactivities:\n  - {id: a, kind: intervention, title: A, questionnaire: phq-9, schedule: {start: 2026-11-01, daily: 1}}\n"
        #expect { try decode(plan) } throws: { "\($0)" == "plan.yaml:3:43: questionnaire: only assessments ask a questionnaire; 'a' is an intervention" }
    }
}

/// An option's score as the reader keeps it.
private func DecimalNumberOf(_ value: Int) -> DecimalNumber { DecimalNumber(value) }
