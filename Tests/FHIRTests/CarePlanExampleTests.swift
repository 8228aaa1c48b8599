import CarePlanStore
import FHIR
import Foundation
import Testing

/// Every official CarePlan example imports as far as careplan's model allows, or is refused with
/// a reason; what is imported is checked against the file itself.
@Suite struct CarePlanExampleTests {
    static let today = date("2026-11-24")

    func read(_ name: String) throws -> CarePlanReader.Result {
        try CarePlanReader(file: name, today: Self.today).read(try FHIRFile.load(path: Examples.path(name)))
    }

    func refusal(_ name: String) -> String? {
        do { _ = try read(name); return nil } catch { return "\(error)" }
    }

    @Test func theExamplesAreAllHere() {
        #expect(Examples.names(prefix: "careplan-").count == 9)
    }

    @Test(arguments: Examples.names(prefix: "careplan-"))
    func eachExampleImportsOrSaysWhyNot(name: String) throws {
        let file = try Examples.json(name)
        let activities = file["activity"] as? [[String: Any]] ?? []
        if let message = refusal(name) {
            #expect(message.hasPrefix(name + ": "), "\(message)")
            // A refusal is only for a plan with nothing careplan can follow.
            let followable = activities.filter { ($0["detail"] as? [String: Any])?["doNotPerform"] as? Bool != true }
            #expect(followable.isEmpty, "\(name) was refused but has activities to follow: \(message)")
            return
        }
        let result = try read(name)
        #expect(!result.plan.activities.isEmpty)
        // Each imported activity, in file order, against its own detail.
        let kept = activities.filter { ($0["detail"] as? [String: Any])?["doNotPerform"] as? Bool != true }
        #expect(result.plan.activities.count == kept.count, "\(name)")
        for (activity, entry) in zip(result.plan.activities, kept) {
            guard let detail = entry["detail"] as? [String: Any] else { continue }
            if let text = (detail["code"] as? [String: Any])?["text"] as? String { #expect(activity.title.hasPrefix(text)) }
            if let description = detail["description"] as? String { #expect(activity.instructions?.contains(description) == true) }
            let rule = (detail["scheduledTiming"] as? [String: Any])?["repeat"] as? [String: Any]
            if let bounds = rule?["boundsPeriod"] as? [String: String] {
                #expect(activity.schedule.start.iso == bounds["start"], "\(name) \(activity.id)")
                #expect(activity.schedule.end?.iso == bounds["end"], "\(name) \(activity.id)")
            }
            if let frequency = rule?["frequency"] as? Int, rule?["periodUnit"] as? String == "d", rule?["period"] as? Int == 1 {
                #expect(activity.schedule.pattern == .daily(frequency), "\(name) \(activity.id)")
            } else if rule?["frequency"] == nil {
                #expect(activity.schedule.isAsNeeded, "\(name) \(activity.id): no frequency in the file")
            }
            if let period = detail["scheduledPeriod"] as? [String: String] {
                #expect(activity.schedule.isAsNeeded)
                #expect(activity.schedule.start.iso == String(period["start"]!.prefix(10)))
                #expect(activity.instructions?.contains(period["start"]!) == true, "the instructions keep when it was scheduled")
            }
        }
        // What was read is a plan file careplan reads back.
        let yaml = try PlanEncoder.yaml(result.plan)
        #expect(try PlanDecoder(file: "exported.yaml").decode(yaml) == result.plan)
    }

    @Test func doNotPerformAndNarrativeOnlyPlansAreRefusedWithTheReason() {
        for name in ["careplan-example-f001-heart.json", "careplan-example-f002-lung.json", "careplan-example-f003-pharynx.json"] {
            #expect(refusal(name) == "\(name): no activity careplan can follow: activity 1: marked doNotPerform; careplan plans what to do")
        }
        let narrative = refusal("careplan-example-obesity-narrative.json") ?? ""
        #expect(narrative.contains("has no activity: its care is written in its narrative text, which careplan does not interpret"), "\(narrative)")
    }

    @Test func aContainedMedicationNamesTheActivity() throws {
        let result = try read("careplan-example-f202-malignancy.json")
        let file = try Examples.json("careplan-example-f202-malignancy.json")
        let tpf = (file["contained"] as! [[String: Any]]).first { $0["id"] as? String == "tpf" }!
        let medication = try #require((tpf["code"] as? [String: Any])?["text"] as? String)
        #expect(result.plan.activities.map(\.title) == ["Chemotherapy: \(medication)"])
        #expect(result.plan.patient == "Roel")
        #expect(result.notes.contains { $0.contains("no schedule; it is as needed") })
    }

    @Test func aWeightCodedInLOINCBecomesAnAssessmentWithItsMeasure() throws {
        let result = try read("careplan-example.json")
        let weight = try #require(result.plan.activities.first)
        #expect(weight.kind == .assessment)
        #expect(weight.measure?.loinc == "29463-7")
        #expect(weight.measure?.fields.first?.unit == "kg")
        #expect(weight.schedule.pattern == .daily(1))
        #expect(weight.schedule.end == date("2017-06-01"))
        #expect(result.plan.title == "Manage obesity and weight loss")
        #expect(result.notes.contains { $0.contains("is completed in the file") })
    }

    @Test func theScheduledStringAndTheReferenceAreKeptAsWords() throws {
        let pregnancy = try read("careplan-example-pregnancy.json")
        #expect(pregnancy.plan.activities.count == 4)
        #expect(pregnancy.plan.activities[0].title == "Prenatal vitamin MedicationRequest")
        #expect(pregnancy.notes.contains { $0.hasPrefix("activity 1 ('Prenatal vitamin MedicationRequest') is described in another resource") })
        #expect(pregnancy.notes.contains { $0.contains("care team member 'Mavis Midwife' has no phone or email") })
    }

    @Test func anImportedPlanGoesIntoAStoreAndItsExportImportsUnchanged() throws {
        let folder = TemporaryFolder()
        let store = try CareStore(path: folder.path("care.sqlite"))
        let result = try read("careplan-example-GPVisit.json")
        let time = clock("2026-11-24T09:00")
        _ = try store.importPlan(result.plan, effective: time.today, clock: time)
        let exported = try PlanEncoder.yaml(try store.plan().plan(on: time.today))
        let again = try store.importPlan(try PlanDecoder(file: "exported.yaml").decode(exported), effective: time.today, clock: time)
        #expect(again.changedNothing)
    }

    @Test func filesThatAreNotCarePlansAreRefusedByName() throws {
        #expect(throws: FHIRError.self) { try CarePlanReader(file: "goal-example.json", today: Self.today).read(try FHIRFile.load(path: Examples.path("goal-example.json"))) }
        let bundle = try FHIRFile.load(path: Examples.path("bundle-example.json"))
        #expect(throws: FHIRError(file: "bundle-example.json", "the Bundle holds no CarePlan")) { try CarePlanReader(file: "bundle-example.json", today: Self.today).read(bundle) }
    }

    @Test func brokenJSONNamesTheFileAndThePlace() throws {
        let folder = TemporaryFolder()
        let broken = folder.path("broken.json")
        try Data("{\"resourceType\": \"CarePlan\", \"activity\": [{\"detail\": {\"scheduledTiming\": {\"repeat\": {\"frequency\": \"twice\"}}}}]}".utf8).write(to: URL(fileURLWithPath: broken))
        #expect(throws: FHIRError(file: "broken.json", "CarePlan.activity[0].detail.scheduledTiming.repeat.frequency: expected a whole number")) {
            try FHIRFile.load(path: broken)
        }
        try Data("{\"resourceType\": \"CarePlan\",, }".utf8).write(to: URL(fileURLWithPath: broken))
        let message = (try? FHIRFile.load(path: broken)).map { _ in "" } ?? { do { _ = try FHIRFile.load(path: broken); return "" } catch { return "\(error)" } }()
        #expect(message.hasPrefix("broken.json: not valid JSON"), "\(message)")
    }
}
