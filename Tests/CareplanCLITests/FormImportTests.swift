import Foundation
import Testing

/// `careplan import FORM.json`: a clinic's FHIR Questionnaire made what an assessment asks
/// (`--activity`), or kept for a plan to name by its canonical url; and what is refused, changing
/// nothing.
@Suite struct FormImportTests {
    static let forms = CLI.repository.appendingPathComponent("Tests/Data/questionnaires")

    func cli() throws -> CLI {
        let cli = CLI(now: "2026-11-15T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", AnswerCommandTests.plan)]).status == 0)
        return cli
    }

    @Test func aClinicsBMIFormBecomesANewAssessmentAndCalculatesRight() throws {
        let cli = try cli()
        let imported = try cli.run(["import", Self.forms.appendingPathComponent("lforms-weight-height-bmi.json").path, "--activity", "bmi"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("added      bmi") && imported.stdout.contains("bmi asks 'Weight & Height tracking panel' as needed"))
        #expect(try cli.run(["plan"]).stdout.contains("bmi                Weight & Height tracking panel [number]\n      as needed from 2026-11-15"))
        // Its calculation, through FHIRPath: 80 kg at 175 cm (the form asks inches).
        let answered = try cli.run(["answer", "bmi", "--answers", "-"], input: "/29463-7=80\n/8302-2=175 cm\n")
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout == "Answered Weight & Height tracking panel on 2026-11-15, occurrence 0: 26.1\n", "\(answered.stdout)")
        // The same file again changes nothing.
        #expect(try cli.run(["import", Self.forms.appendingPathComponent("lforms-weight-height-bmi.json").path, "--activity", "bmi"]).stdout.contains("unchanged  bmi"))
    }

    @Test func aFormWithAURLIsKeptForAPlanToNameAndAnAssessmentCanAskItFromADay() throws {
        let cli = try cli()
        let form = cli.write("cvd.json", try String(contentsOf: Self.forms.appendingPathComponent("smartforms-cvd-risk.json"), encoding: .utf8))
        let kept = try cli.run(["import", form])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.hasPrefix("Kept the form"), "\(kept.stdout)")
        let canonical = "http://www.health.gov.au/assessments/cvd-risk"
        #expect(kept.stdout.contains("questionnaire: \(canonical)"))
        let plan = AnswerCommandTests.plan + """
              - id: cvd
                kind: assessment
                title: Heart risk
                questionnaire: \(canonical)
                schedule: {start: 2026-11-15, every: {days: 365}}

            """
        let named = try cli.run(["import", cli.write("named.yaml", plan)])
        #expect(named.status == 0, "\(named.stderr)")
        // An assessment of the plan asks a form from --effective on; earlier days keep what they asked.
        let changed = try cli.run(["import", form, "--activity", "phq9", "--effective", "2026-11-20"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("changed    phq9 (version 2, from 2026-11-20"), "\(changed.stdout)")
    }

    @Test func whatCannotBeImportedSaysWhyAndChangesNothing() throws {
        let cli = try cli()
        let before = try cli.run(["plan", "--export"]).stdout
        let attachment = cli.write("photo.json", #"{"resourceType": "Questionnaire", "status": "active", "url": "http://x.example/q", "item": [{"linkId": "a", "type": "attachment", "text": "Photo"}]}"#)
        for (arguments, message) in [
            (["import", Self.forms.appendingPathComponent("lforms-weight-height-bmi.json").path], "the form has no url, so no plan can name it"),
            (["import", Self.forms.appendingPathComponent("lforms-weight-height-bmi.json").path, "--activity", "walk"],
             "--activity 'walk' is an intervention; a form is asked by an assessment"),
            (["import", Self.forms.appendingPathComponent("lforms-weight-height-bmi.json").path, "--activity", "Body Mass"], "--activity 'Body Mass' is not a slug"),
            (["import", attachment, "--activity", "photo"], "photo.json: item 'a' (item[0]): cannot be filled in: it asks for a file to attach"),
            (["import", CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path, "--activity", "bp"],
             "--activity goes with a FHIR Questionnaire; this file is not one"),
        ] {
            let refused = try cli.run(arguments)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(try cli.run(["plan", "--export"]).stdout == before)
    }

    /// A clinic's FHIR CarePlan whose activities name Questionnaires (`detail.instantiatesCanonical`):
    /// one the Bundle carries, one careplan ships, one nowhere to be found (noted, and left out: it
    /// names nothing else to do).
    @Test func aCarePlansActivitiesThatNameQuestionnairesBecomeQuestionnaireAssessments() throws {
        let cli = CLI(now: "2026-11-15T09:00")
        var bmi = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.forms.appendingPathComponent("lforms-weight-height-bmi.json"))) as? [String: Any])
        bmi["url"] = "http://clinic.example/Questionnaire/bmi"
        bmi["version"] = "3"
        func activity(_ canonical: String, every days: Int) -> [String: Any] {
            ["detail": ["status": "scheduled", "instantiatesCanonical": [canonical],
                        "scheduledTiming": ["repeat": ["frequency": 1, "period": days, "periodUnit": "d"]]]]
        }
        let carePlan: [String: Any] = [
            "resourceType": "CarePlan", "status": "active", "intent": "plan", "title": "Weight clinic", "subject": ["display": "Jordan Ellis"],
            "period": ["start": "2026-11-15"],
            "activity": [activity("http://clinic.example/Questionnaire/bmi|3", every: 7), activity("urn:careplan:questionnaire:phq-9", every: 14),
                         activity("http://clinic.example/Questionnaire/missing", every: 30)],
        ]
        let bundle: [String: Any] = ["resourceType": "Bundle", "type": "collection", "entry": [["resource": carePlan], ["resource": bmi]]]
        let file = cli.write("clinic.json", String(decoding: try JSONSerialization.data(withJSONObject: bundle), as: UTF8.self))
        let imported = try cli.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("asks the Questionnaire http://clinic.example/Questionnaire/missing, which neither the file nor the store holds"), "\(imported.stdout)")
        let plan = try cli.run(["plan", "--export"]).stdout
        #expect(plan.contains("questionnaire: http://clinic.example/Questionnaire/bmi|3") && plan.contains("questionnaire: phq-9"), "\(plan)")
        // Both are asked as questionnaires: the BMI calculated, the PHQ-9 scored.
        let ids = try #require(try cli.json(["today", "--json"]) as? [String: Any])
        let activities = (ids["activities"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0["title"] as? String ?? "") }
        let bmiId = try #require(activities.first { $0.1 == "Weight & Height tracking panel" }?.0)
        let answered = try cli.run(["answer", bmiId, "--answers", "-"], input: "/29463-7=70\n/8302-2=175 cm\n")
        #expect(answered.stdout.hasSuffix(": 22.9\n"), "\(answered.stdout)\(answered.stderr)")
        // Imported again, nothing changes.
        let again = try cli.run(["import", file]).stdout
        #expect(again.contains("Nothing changed.") && !again.contains("  changed "), "\(again)")
    }
}
