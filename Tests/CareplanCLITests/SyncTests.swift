import Foundation
import Testing

/// `careplan sync` against a real FHIR R4 server on loopback (Tests/FHIRServer), run as a user would.
@Suite(.serialized) struct SyncTests {
    /// The person's readings as careplan exports them: activity → count.
    func readingCounts(_ cli: CLI) throws -> [String: Int] {
        let outcomes = try #require(try cli.json(["export", "--json"]) as? [[String: Any]])
        return Dictionary(grouping: outcomes.filter { ($0["values"] as? [Any])?.isEmpty == false }, by: { $0["activity"] as! String }).mapValues(\.count)
    }

    func patient(_ cli: CLI) throws -> String {
        let status = try #require(try cli.json(["sync", "--status", "--json"]) as? [String: Any])
        return try #require(status["patient"] as? String)
    }

    @Test func aYearGoesUpAsObservationsAndASecondSyncSendsNothing() throws {
        let server = try FHIRServerProcess()
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "365"]).status == 0)
        let first = try cli.run(["sync", "--server", server.base])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("readings") && first.stdout.contains("ticks") && first.stdout.contains("the plan"))
        let patient = try patient(cli)

        // One Observation per reading, by LOINC code, with the values and UCUM units careplan has.
        let counts = try readingCounts(cli)
        let pulses = try server.search("Observation?patient=\(patient)&code=http://loinc.org|8867-4&_count=500")
        #expect(pulses.count == counts["pulse"])
        #expect(pulses.allSatisfy { ($0["valueQuantity"] as? [String: Any])?["code"] as? String == "/min" })
        let pressures = try server.search("Observation?patient=\(patient)&code=http://loinc.org|85354-9&_count=500")
        #expect(pressures.count == counts["bp"])
        #expect(pressures.allSatisfy { ($0["component"] as? [Any])?.count == 2 })
        let weights = try server.search("Observation?patient=\(patient)&code=http://loinc.org|29463-7&_count=500")
        #expect(weights.count == counts["weight"])
        // Ticks of the medicines (the plan's `medication:`) as MedicationAdministrations, the others as
        // Procedures; one CarePlan.
        let ticks = try #require(try cli.json(["export", "--json"]) as? [[String: Any]]).filter { ($0["values"] as? [Any])?.isEmpty != false }
        let medicines: Set<String> = ["ramipril", "amlodipine"]
        let administrations = try server.search("MedicationAdministration?patient=\(patient)&_count=500")
        #expect(administrations.count == ticks.filter { medicines.contains($0["activity"] as! String) }.count)
        #expect(Set(administrations.compactMap { ($0["medicationCodeableConcept"] as? [String: Any])?["text"] as? String }) == ["Ramipril 5 mg", "Amlodipine 5 mg"])
        let procedures = try server.search("Procedure?patient=\(patient)&_count=500")
        #expect(procedures.count == ticks.filter { !medicines.contains($0["activity"] as! String) }.count)
        #expect(try server.search("CarePlan?patient=\(patient)").count == 1)

        // Nothing new: nothing sent, one request.
        let again = try cli.run(["sync"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("sent nothing") && again.stdout.contains("received nothing") && again.stdout.contains("1 request"), "\(again.stdout)")
        #expect(try server.search("Observation?patient=\(patient)&code=http://loinc.org|8867-4&_count=500").count == counts["pulse"])
    }

    @Test func editedAndClearedReadingsFollowOnTheServer() throws {
        let server = try FHIRServerProcess()
        let cli = CLI()
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["log", "pulse", "72", "--date", "2026-11-20"]).status == 0)
        #expect(try cli.run(["log", "pulse", "80", "--date", "2026-11-21"]).status == 0)
        #expect(try cli.run(["sync", "--server", server.base]).status == 0)
        let patient = try patient(cli)
        func pulses() throws -> [String: (status: String, value: Double?)] {
            var result: [String: (String, Double?)] = [:]
            for observation in try server.search("Observation?patient=\(patient)&code=http://loinc.org|8867-4") {
                let day = String((observation["effectiveDateTime"] as? String ?? "").prefix(10))
                result[day] = (observation["status"] as? String ?? "", (observation["valueQuantity"] as? [String: Any])?["value"] as? Double)
            }
            return result
        }
        #expect(try pulses()["2026-11-20"]?.value == 72)
        // Edited: the same resource, the new value; cleared: entered-in-error, never silently kept.
        #expect(try cli.run(["log", "pulse", "75", "--date", "2026-11-20", "--occurrence", "0"]).status == 0)
        #expect(try cli.run(["reset", "pulse", "--date", "2026-11-21"]).status == 0)
        let waiting = try #require(try cli.json(["sync", "--status", "--json"]) as? [String: Any])
        #expect((waiting["waiting"] as? [String: Any])?["readings"] as? Int == 1)
        #expect((waiting["waiting"] as? [String: Any])?["cleared"] as? Int == 1)
        let sync = try cli.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let after = try pulses()
        #expect(after.count == 2)
        #expect(after["2026-11-20"]?.value == 75 && after["2026-11-20"]?.status == "final")
        #expect(after["2026-11-21"]?.status == "entered-in-error")
    }

    @Test func aClinicsObservationLandsOnItsAssessment() throws {
        let server = try FHIRServerProcess()
        let cli = CLI()
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["sync", "--server", server.base]).status == 0)
        let patient = try patient(cli)
        // The clinic's software, not careplan: a pulse taken at the surgery.
        let posted = try FHIRServerProcess.request("POST", server.base + "/Observation", json: [
            "resourceType": "Observation", "status": "final",
            "identifier": [["system": "https://clinic.example.org/obs", "value": "visit-7"]],
            "code": ["coding": [["system": "http://loinc.org", "code": "8867-4"]]],
            "subject": ["reference": patient], "effectiveDateTime": "2026-11-21T09:00:00+01:00",
            "valueQuantity": ["value": 66, "unit": "/min", "system": "http://unitsofmeasure.org", "code": "/min"],
        ])
        #expect(posted.status == 201)
        let sync = try cli.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("received 1 reading"), "\(sync.stdout)")
        let history = try cli.run(["history", "pulse", "--from", "2026-11-21", "--to", "2026-11-21"])
        #expect(history.stdout.contains("66"))
        // Once: the next sync takes nothing again.
        #expect(try cli.run(["sync"]).stdout.contains("received nothing"))
    }

    @Test func aSecondComputerJoinsThePlanAndBothSeeEachOthersRecords() throws {
        let server = try FHIRServerProcess()
        let first = CLI(), second = CLI()
        #expect(try first.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try first.run(["log", "pulse", "72", "--date", "2026-11-20"]).status == 0)
        #expect(try first.run(["done", "ramipril", "--date", "2026-11-20"]).status == 0)
        #expect(try first.run(["sync", "--server", server.base]).status == 0)
        let patientRef = try patient(first)

        // The daughter's laptop: a store with no plan joins the Patient's plan on the server.
        let join = try second.run(["sync", "--server", server.base, "--patient", patientRef])
        #expect(join.status == 0, "\(join.stderr)")
        #expect(join.stdout.contains("Joined 'Blood pressure control'") && join.stdout.contains("received 1 reading, 1 tick"), "\(join.stdout)")
        #expect(try second.run(["plan", "--export"]).stdout == (try first.run(["plan", "--export"]).stdout))
        #expect(try patient(second) == patientRef)

        // What each records reaches the other, on the same occurrences, once.
        #expect(try second.run(["log", "pulse", "80", "--date", "2026-11-21"]).status == 0)
        #expect(try second.run(["done", "amlodipine", "--date", "2026-11-20"]).status == 0)
        #expect(try second.run(["sync"]).stdout.contains("sent 1 reading, 1 tick"))
        let back = try first.run(["sync"])
        #expect(back.stdout.contains("received 1 reading, 1 tick"), "\(back.stdout)")
        // Date, activity, occurrence, time, field, value, text, unit (the instant it was recorded at
        // is when the tick was due for a tick entered later, on the computer that received it).
        let exported = { (cli: CLI) in
            try cli.run(["export", "--format", "csv"]).stdout.split(separator: "\n")
                .map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(8).joined(separator: ",") }.sorted()
        }
        let (mine, theirs) = (try exported(first), try exported(second))
        #expect(mine == theirs, "\(mine) vs \(theirs)")
        #expect(try first.run(["sync"]).stdout.contains("received nothing"))
        #expect(try second.run(["sync"]).stdout.contains("received nothing"))
        // Still one Patient and one CarePlan on the server.
        #expect(try server.search("Patient?_count=50").count == 1)
        #expect(try server.search("CarePlan?patient=\(patientRef)").count == 1)
    }

    @Test func unsafeServersAndTokensAreRefusedWithNothingWritten() throws {
        let cli = CLI()
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml"]).status == 0)
        let plain = try cli.run(["sync", "--server", "http://fhir.example.org/r4"])
        #expect(plain.status != 0 && plain.stderr.contains("plain http:// is only for this computer"))
        let token = cli.write("token", "secret-token-value\n")
        chmod(token, 0o644)
        let readable = try cli.run(["sync", "--server", "https://fhir.example.org/r4", "--token-file", token])
        #expect(readable.status != 0 && readable.stderr.contains("chmod 600"))
        #expect(!readable.stderr.contains("secret-token-value"))
        let status = try cli.run(["sync", "--status"])
        #expect(status.stdout.contains("not synced"))
    }

    @Test func aServerThatIsDownLeavesEverythingWaiting() throws {
        let cli = CLI()
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["log", "pulse", "72"]).status == 0)
        let down = try cli.run(["sync", "--server", "http://127.0.0.1:9/fhir", "--timeout", "2"])
        #expect(down.status != 0)
        #expect(down.stderr.contains("cannot be reached"))
        let status = try #require(try cli.json(["sync", "--status", "--json"]) as? [String: Any])
        #expect((status["waiting"] as? [String: Any])?["readings"] as? Int == 1)
        #expect(status["lastError"] is String)
    }

    @Test func remindSyncsEverySoOftenBesideTheReminders() throws {
        let server = try FHIRServerProcess()
        let cli = CLI()
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["sync", "--server", server.base]).status == 0)
        let patient = try patient(cli)
        #expect(try cli.run(["log", "pulse", "72", "--date", "2026-11-20"]).status == 0)
        let (path, notified) = try cli.fakeNotifySend()
        let once = try cli.run(["remind", "--once", "--sync", "15m"], environment: path)
        #expect(once.status == 0, "\(once.stderr)")
        #expect(once.stdout.contains("sent 1 reading"), "\(once.stdout)")
        #expect(!notified().isEmpty, "the reminders still go")

        // In the foreground, as the user service runs it: the first sync at the start.
        #expect(try cli.run(["log", "pulse", "74", "--date", "2026-11-21"]).status == 0)
        let remind = try cli.start(["remind", "--interval", "1", "--sync", "1m"], environment: path)
        // SIGKILL: a child of the test runner does not see SIGTERM (the runner blocks it).
        defer { kill(remind.processIdentifier, SIGKILL); remind.waitUntilExit() }
        var pulses = 0
        for _ in 0..<60 where pulses < 2 {
            pulses = try server.search("Observation?patient=\(patient)&code=http://loinc.org|8867-4").count
            if pulses < 2 { usleep(250_000) }
        }
        #expect(pulses == 2)
        #expect(remind.isRunning)

        let wrong = try cli.run(["remind", "--sync", "30s"])
        #expect(wrong.status != 0 && wrong.stderr.contains("--sync 30s: give minutes or hours"), "\(wrong.stderr)")
    }

    /// A PHQ-9 answered goes up as its QuestionnaireResponse and the score's Observation derived
    /// from it; answered again, the same response is updated (amended), not duplicated.
    @Test func aQuestionnairesAnswersGoUpWithTheScore() throws {
        let server = try FHIRServerProcess()
        let cli = CLI(now: "2026-11-15T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", AnswerCommandTests.plan)]).status == 0)
        let questions = ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"]
        #expect(try cli.run(["answer", "phq9", "--answers", "-"], input: questions.map { $0 + "=1" }.joined(separator: "\n") + "\n69722-7=Very difficult\n").status == 0)
        let first = try cli.run(["sync", "--server", server.base])
        #expect(first.status == 0, "\(first.stderr)")
        let patient = try patient(cli)
        let scores = try server.search("Observation?patient=\(patient)&code=http://loinc.org|44261-6")
        try #require(scores.count == 1)
        #expect(scores[0]["valueInteger"] as? Int == 9)
        #expect(((scores[0]["interpretation"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first?["code"] as? String == "mild")
        let derived = try #require(((scores[0]["derivedFrom"] as? [[String: Any]])?.first?["reference"] as? String))
        #expect(derived.hasPrefix("QuestionnaireResponse/"))
        let response = try #require(try FHIRServerProcess.request("GET", server.base + "/" + derived).body as? [String: Any])
        #expect(response["questionnaire"] as? String == "urn:careplan:questionnaire:phq-9|1.0.0" && response["status"] as? String == "completed")
        #expect((response["subject"] as? [String: Any])?["reference"] as? String == patient)
        #expect((response["item"] as? [[String: Any]])?.count == 3, "the nine questions' group, the total and the difficulty")
        // Answered again: the same response, amended; still one score.
        #expect(try cli.run(["answer", "phq9", "--answers", "-"], input: questions.map { $0 + "=0" }.joined(separator: "\n")).status == 0)
        #expect(try cli.run(["sync"]).status == 0)
        let amended = try #require(try FHIRServerProcess.request("GET", server.base + "/" + derived).body as? [String: Any])
        #expect(amended["status"] as? String == "amended")
        let again = try server.search("Observation?patient=\(patient)&code=http://loinc.org|44261-6")
        #expect(again.count == 1 && again.first?["valueInteger"] as? Int == 0)
    }

    @Test func whatASyncSendsIsValidFHIR() throws {
        // Everything a sync can send: a Patient and a CarePlan, readings with their devices (health
        // data filled), ticks of medicines and of other tasks, an edit and a clear.
        let server = try FHIRServerProcess()
        let record = server.folder.appendingPathComponent("sent.jsonl")
        let proxy = try FaultyProxy(before: server, record: record)
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/heart-failure.yaml", "--days", "30"]).status == 0)
        #expect(try cli.run(["sync", "--server", proxy.base]).status == 0)
        #expect(try cli.run(["log", "weight", "80.5", "--date", "2026-11-21", "--occurrence", "0"]).status == 0)
        let export = cli.write("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" unit="kg" value="80.2" device="&lt;&lt;HKDevice: 0x283a1c0f0&gt;, name:Body+, manufacturer:Withings, model:WBS05, hardware:5, software:1.2&gt;" startDate="2026-11-21 07:05:00 +0100" endDate="2026-11-21 07:05:00 +0100"/>
            </HealthData>

            """)
        #expect(try cli.run(["health", "import", export]).status == 0)
        let sync = try cli.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        // Each transaction Bundle careplan sent, as a file the independent validator reads.
        var files: [String] = []
        for (index, line) in try String(contentsOf: record, encoding: .utf8).split(separator: "\n").enumerated() {
            let request = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard request["method"] as? String == "POST", let body = request["body"] as? String, body.contains("\"transaction\"") else { continue }
            let file = server.folder.appendingPathComponent("sent-\(index).json")
            try Data(body.utf8).write(to: file)
            files.append(file.path)
        }
        #expect(files.count >= 2)
        let sent = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        for type in ["Patient", "CarePlan", "Observation", "MedicationAdministration", "Procedure", "Device"] {
            #expect(sent.contains("\"resourceType\":\"\(type)\""), "no \(type) sent")
        }
        let verdict = try FHIRValidator.validate(files)
        #expect(verdict.status == 0, "\(verdict.output)")
    }
}
