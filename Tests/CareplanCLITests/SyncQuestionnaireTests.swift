import Foundation
import Testing

/// Questionnaires and `careplan sync` against the real FHIR server (Tests/FHIRServer): the forms
/// a plan asks travel with the CarePlan, a clinic's CarePlan may name a form only the server holds,
/// and answers cleared here are withdrawn there.
@Suite(.serialized) struct SyncQuestionnaireTests {
    /// A plan whose knee check is a form written in the plan (no score: its answers are all it gives).
    static let plan = """
        title: Knee
        activities:
          - id: knee
            kind: assessment
            title: Knee check
            schedule: {start: 2026-11-01, daily: 1}
            questionnaire:
              items:
                - {linkId: pain, text: Pain today, type: integer, required: true, min: 0, max: 10}
                - {linkId: walked, text: Walked outside?, type: boolean}
          - id: phq9
            kind: assessment
            title: PHQ-9
            questionnaire: phq-9
            schedule: {start: 2026-11-01, every: {days: 14}}

        """

    /// A clinic's intake form in SDC's way: the form marks its answers for extraction as
    /// Observations (`observationExtract`), one question opts out, one has no code to extract by.
    static let intake = """
        {"resourceType": "Questionnaire", "url": "https://clinic.example.org/Questionnaire/intake", "version": "1", "status": "active",
         "title": "Intake",
         "extension": [{"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-observationExtract", "valueBoolean": true}],
         "item": [
          {"linkId": "weight", "text": "Weight", "type": "quantity", "required": true,
           "code": [{"system": "http://loinc.org", "code": "29463-7", "display": "Body weight"}],
           "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption",
                          "valueCoding": {"system": "http://unitsofmeasure.org", "code": "kg", "display": "kg"}}]},
          {"linkId": "smoking", "text": "Do you smoke?", "type": "choice",
           "code": [{"system": "http://loinc.org", "code": "72166-2", "display": "Tobacco smoking status"}],
           "answerOption": [{"valueCoding": {"system": "http://snomed.info/sct", "code": "8517006", "display": "Ex-smoker"}},
                            {"valueCoding": {"system": "http://snomed.info/sct", "code": "266919005", "display": "Never smoked"}}]},
          {"linkId": "worry", "text": "Anything worrying you?", "type": "string",
           "code": [{"system": "http://loinc.org", "code": "10164-2"}],
           "extension": [{"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-observationExtract", "valueBoolean": false}]},
          {"linkId": "note", "text": "A note for the nurse", "type": "string"}
         ]}
        """

    func patient(_ cli: CLI) throws -> String { try SyncTests().patient(cli) }

    @Test func aFormWrittenInThePlanGoesUpAndASecondComputerJoinsAskingIt() throws {
        let server = try FHIRServerProcess()
        let first = CLI(now: "2026-11-20T09:00"), second = CLI(now: "2026-11-20T10:00")
        #expect(try first.run(["import", first.write("plan.yaml", Self.plan)]).status == 0)
        #expect(try first.run(["answer", "knee", "--answers", "-"], input: "pain=3\nwalked=true\n").status == 0)
        let sync = try first.run(["sync", "--server", server.base])
        #expect(sync.status == 0 && sync.stdout.contains("sent 1 reading, the plan"), "\(sync.stdout)\(sync.stderr)")
        let patient = try patient(first)

        // The CarePlan names each form by its canonical; the form written in the plan is on the
        // server under that canonical, and the answers went as a QuestionnaireResponse of it (an
        // unscored form has no Observation to send, and none is sent entered-in-error).
        let carePlan = try #require(try server.search("CarePlan?patient=\(patient)").first)
        let canonicals = (carePlan["activity"] as? [[String: Any]] ?? []).compactMap { ($0["detail"] as? [String: Any])?["instantiatesCanonical"] as? [String] }
        #expect(canonicals.count == 2 && canonicals.contains(["urn:careplan:questionnaire:phq-9|1.0.0"]), "\(canonicals)")
        let knee = try #require(canonicals.first { $0.first?.hasPrefix("urn:careplan:activity:knee|") == true }?.first)
        let forms = try server.search("Questionnaire?_count=50")
        #expect(forms.contains { "\($0["url"] ?? "")|\($0["version"] ?? "")" == knee }, "\(forms.map { $0["url"] ?? "" })")
        #expect(forms.contains { $0["url"] as? String == "urn:careplan:questionnaire:phq-9" })
        let responses = try server.search("QuestionnaireResponse?_count=50")
        #expect(responses.count == 1 && responses.first?["questionnaire"] as? String == knee && responses.first?["status"] as? String == "completed")
        #expect(try server.search("Observation?patient=\(patient)&_count=50").isEmpty)

        // The second computer joins: the same plan, the knee check asked as the same form.
        let join = try second.run(["sync", "--server", server.base, "--patient", patient])
        #expect(join.status == 0, "\(join.stderr)")
        #expect(try second.run(["plan", "--export"]).stdout == (try first.run(["plan", "--export"]).stdout))
        #expect(try second.run(["answer", "knee", "--answers", "-"], input: "pain=5\nwalked=false\n").status == 0)

        // Cleared on the first computer: its response is withdrawn on the server, the same resource.
        #expect(try first.run(["reset", "knee"]).status == 0)
        let cleared = try first.run(["sync"])
        #expect(cleared.stdout.contains("sent 1 cleared"), "\(cleared.stdout)")
        let withdrawn = try server.search("QuestionnaireResponse?_count=50").filter { $0["id"] as? String == responses.first?["id"] as? String }
        #expect(withdrawn.count == 1 && withdrawn.first?["status"] as? String == "entered-in-error")
        // Sending the plan again sends each form to the same resource: still one of each.
        #expect(Set(try server.search("Questionnaire?_count=50").compactMap { $0["url"] as? String }).count == (try server.search("Questionnaire?_count=50")).count)
    }

    /// What one computer answers reaches the other at their next syncs: a PHQ-9's answers with its
    /// score, the alert of its ninth question (in `status` there too), a form without a score as
    /// the occurrence's answering; an amendment made on the second comes back to the first as the
    /// same response amended, and a clear clears it on both.
    @Test func answersAndTheirAlertsReachTheOtherComputer() throws {
        let server = try FHIRServerProcess()
        let first = CLI(now: "2026-11-20T09:00"), second = CLI(now: "2026-11-20T10:00")
        #expect(try first.run(["import", first.write("plan.yaml", Self.plan)]).status == 0)
        #expect(try first.run(["sync", "--server", server.base]).status == 0)
        #expect(try second.run(["sync", "--server", server.base, "--patient", try patient(first)]).status == 0)

        let questions = ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3"]
        let phq9 = questions.map { $0 + "=1" }.joined(separator: "\n") + "\n44260-8=1\n69722-7=Somewhat difficult\n"
        #expect(try first.run(["answer", "phq9", "--answers", "-", "--date", "2026-11-15"], input: phq9).status == 0)
        #expect(try first.run(["answer", "knee", "--answers", "-"], input: "pain=3\nwalked=true\n").status == 0)
        #expect(try first.run(["sync"]).stdout.contains("sent 2 readings"))
        let received = try second.run(["sync"])
        #expect(received.stdout.contains("received 2 readings"), "\(received.stdout)\(received.stderr)")
        #expect(try second.run(["status"]).stdout.contains("1 alert"), "the ninth question's answer is an alert on both computers")
        let answers = { (cli: CLI, id: String) throws -> [[String: Any]] in
            (try #require(try cli.json(["history", id, "--json"]) as? [[String: Any]])).flatMap { $0["responses"] as? [[String: Any]] ?? [] }
        }
        #expect(try answers(second, "phq9").count == 1)
        let knee = try answers(second, "knee")
        let pain = (knee.first?["item"] as? [[String: Any]])?.first { $0["linkId"] as? String == "pain" }
        #expect(knee.count == 1 && ((pain?["answer"] as? [[String: Any]])?.first?["valueInteger"] as? Int) == 3, "\(knee)")
        #expect(try second.run(["sync"]).stdout.contains("received nothing"), "taken once")

        // Amended on the second computer: the first has both answerings, the later amended.
        #expect(try second.run(["answer", "knee", "--answers", "-"], input: "pain=6\nwalked=false\n").status == 0)
        #expect(try second.run(["sync"]).stdout.contains("sent 1 reading"))
        #expect(try first.run(["sync"]).status == 0)
        let amended = try answers(first, "knee")
        #expect(amended.map { $0["status"] as? String } == ["completed", "amended"], "\(amended)")
        #expect(Set(try server.search("QuestionnaireResponse?_count=50").filter { ($0["identifier"] as? [String: Any])?["value"] as? String == "response/knee/2026-11-20/0" }
            .compactMap { $0["id"] as? String }).count == 1, "one response for the occurrence, updated in place")

        // Cleared on the first: cleared on the second.
        #expect(try first.run(["reset", "knee"]).status == 0)
        #expect(try first.run(["sync"]).status == 0)
        #expect(try second.run(["sync"]).stdout.contains("1 cleared"))
        #expect(try second.run(["history", "knee"]).stdout.contains("0 outcomes"))
    }

    /// The clinic adds an activity to the CarePlan on the server that names its own Questionnaire,
    /// which it keeps on the server and nowhere else: the next sync brings the form in with the
    /// plan's new version, and it is answered with its calculation right.
    @Test func aClinicsCarePlanNamingAFormOnlyTheServerHoldsBringsItIn() throws {
        let server = try FHIRServerProcess()
        let cli = CLI(now: "2026-11-20T09:00")
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["sync", "--server", server.base]).status == 0)
        let patient = try patient(cli)

        var bmi = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: FormImportTests.forms.appendingPathComponent("lforms-weight-height-bmi.json"))) as? [String: Any])
        bmi["url"] = "https://clinic.example.org/Questionnaire/bmi"
        bmi["version"] = "3"
        #expect(try FHIRServerProcess.request("POST", server.base + "/Questionnaire", json: bmi).status == 201)
        var other = bmi
        other["version"] = "2"
        other["title"] = "An older version"
        #expect(try FHIRServerProcess.request("POST", server.base + "/Questionnaire", json: other).status == 201)

        // The clinic's software writes the CarePlan's next version (careplan's tag is careplan's, not the clinic's).
        var carePlan = try #require(try server.search("CarePlan?patient=\(patient)").first)
        let id = try #require(carePlan["id"] as? String)
        carePlan["meta"] = nil
        var activities = carePlan["activity"] as? [[String: Any]] ?? []
        activities.append(["id": "bmi", "detail": ["status": "scheduled", "kind": "ServiceRequest",
                                                   "instantiatesCanonical": ["https://clinic.example.org/Questionnaire/bmi|3"],
                                                   "scheduledTiming": ["repeat": ["frequency": 1, "period": 1, "periodUnit": "d"]]]])
        carePlan["activity"] = activities
        #expect(try FHIRServerProcess.request("PUT", server.base + "/CarePlan/" + id, json: carePlan).status == 200)

        let sync = try cli.run(["sync", "--yes"])
        #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
        let plan = try cli.run(["plan", "--export"]).stdout
        #expect(plan.contains("questionnaire: https://clinic.example.org/Questionnaire/bmi|3"), "\(plan)")
        let answered = try cli.run(["answer", "bmi", "--answers", "-"], input: "/29463-7=70\n/8302-2=175 cm\n")
        #expect(answered.stdout.hasSuffix(": 22.9\n"), "\(answered.stdout)\(answered.stderr)")
        // The clinic's form stays the clinic's: careplan does not send it back as its own.
        #expect(try server.search("Questionnaire?_count=50").count == 2)
    }

    /// The intake form's marked answers reach the server as Observations of their codes, derived
    /// from the response; cleared here, they are withdrawn with it.
    @Test func extractedAnswersGoUpAsObservationsAndAreWithdrawnWithTheResponse() throws {
        let server = try FHIRServerProcess()
        let cli = CLI(now: "2026-11-20T09:00")
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["import", cli.write("intake.json", Self.intake), "--activity", "intake"]).status == 0)
        let answered = try cli.run(["answer", "intake", "--answers", "-"], input: "weight=80 kg\nsmoking=Ex-smoker\nworry=my knee\nnote=none\n")
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(try cli.run(["sync", "--server", server.base]).status == 0)
        let patient = try patient(cli)
        let weights = try server.search("Observation?patient=\(patient)&code=http://loinc.org|29463-7")
        try #require(weights.count == 1, "\(weights)")
        let quantity = try #require(weights[0]["valueQuantity"] as? [String: Any])
        #expect(quantity["value"] as? Double == 80 && quantity["code"] as? String == "kg")
        let derived = try #require(((weights[0]["derivedFrom"] as? [[String: Any]])?.first?["reference"] as? String))
        #expect(derived.hasPrefix("QuestionnaireResponse/"))
        let smoking = try server.search("Observation?patient=\(patient)&code=http://loinc.org|72166-2")
        #expect(((smoking.first?["valueCodeableConcept"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String == "8517006")
        // Opted out, or without a code: not extracted. The response holds every answer.
        #expect(try server.search("Observation?patient=\(patient)&code=http://loinc.org|10164-2").isEmpty)
        #expect(try server.search("Observation?patient=\(patient)&_count=50").count == 2)
        let response = try #require(try FHIRServerProcess.request("GET", server.base + "/" + derived).body as? [String: Any])
        #expect((response["item"] as? [[String: Any]])?.count == 4)

        #expect(try cli.run(["reset", "intake"]).status == 0)
        #expect(try cli.run(["sync"]).status == 0)
        let after = try server.search("Observation?patient=\(patient)&_count=50")
        #expect(after.count == 2 && after.allSatisfy { $0["status"] as? String == "entered-in-error" }, "\(after)")
        let withdrawn = try #require(try FHIRServerProcess.request("GET", server.base + "/" + derived).body as? [String: Any])
        #expect(withdrawn["status"] as? String == "entered-in-error")
    }
}
