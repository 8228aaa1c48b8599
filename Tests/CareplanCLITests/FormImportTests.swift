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
}
