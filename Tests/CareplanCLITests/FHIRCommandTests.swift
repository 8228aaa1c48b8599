import Foundation
import Testing

/// A Python test tool's virtualenv, made once by its setup script: the path of its python.
enum PythonTool {
    static func setup(_ script: String) throws -> String {
        let setup = Process()
        setup.executableURL = CLI.repository.appendingPathComponent(script)
        let out = Pipe()
        setup.standardOutput = out
        try setup.run()
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        setup.waitUntilExit()
        guard setup.terminationStatus == 0 else { throw CLI.CLIError.failed([script], "exit \(setup.terminationStatus)") }
        return path
    }
}

/// The independent FHIR R4 validator (Tests/FHIRValidator: the fhir.resources R4 models and
/// ucumvert, in a virtualenv setup.sh makes once).
enum FHIRValidator {
    static let python: Result<String, Error> = Result { try PythonTool.setup("Tests/FHIRValidator/setup.sh") }

    /// The validator's verdict on `files`: its exit status and what it printed.
    static func validate(_ files: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try python.get())
        process.arguments = [CLI.repository.appendingPathComponent("Tests/FHIRValidator/validate.py").path] + files
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

/// `careplan export --format fhir` and `careplan import FILE.json`, run as a user would.
@Suite(.serialized) struct FHIRCommandTests {
    static let plans = ["heart-failure", "hypertension", "knee-replacement", "sleep-hygiene", "type-2-diabetes"]
    static let examples = CLI.repository.appendingPathComponent("Tests/Data/fhir")

    func bundle(_ cli: CLI, _ arguments: [String] = []) throws -> [String: Any] {
        try #require(try cli.json(["export", "--format", "fhir"] + arguments) as? [String: Any])
    }

    func resources(_ bundle: [String: Any], _ type: String) -> [[String: Any]] {
        (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }.filter { $0["resourceType"] as? String == type }
    }

    /// The readings `careplan export --json` lists: (activity, date, occurrence, values).
    func readings(_ cli: CLI) throws -> [String] {
        let outcomes = try #require(try cli.json(["export", "--json"]) as? [[String: Any]])
        return outcomes.filter { ($0["values"] as? [Any])?.isEmpty == false }.map { outcome in
            let values = (outcome["values"] as! [[String: Any]]).map { "\($0["name"]!)=\($0["value"] ?? $0["text"] ?? "")" }
            return "\(outcome["activity"]!) \(outcome["date"]!) \(outcome["occurrence"]!) \(values.joined(separator: ",")) \(outcome["note"] ?? "")"
        }.sorted()
    }

    @Test(arguments: plans)
    func theExportValidatesAndCarriesEveryReading(plan: String) throws {
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/\(plan).yaml", "--days", "21"]).status == 0)
        let exported = try cli.run(["export", "--format", "fhir"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let file = cli.write("bundle.json", exported.stdout)
        let verdict = try FHIRValidator.validate([file])
        #expect(verdict.status == 0, "\(verdict.output)")

        let bundle = try bundle(cli)
        #expect(bundle["type"] as? String == "collection")
        #expect(resources(bundle, "Patient").count == 1)
        #expect(resources(bundle, "CarePlan").count == 1)
        let observations = resources(bundle, "Observation")
        let expected = try readings(cli)
        #expect(observations.count == expected.count, "one Observation per reading")
        for observation in observations {
            #expect(observation["status"] as? String == "final")
            let effective = observation["effectiveDateTime"] as? String ?? ""
            #expect(effective.count == 10 || effective.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d/) != nil, "\(effective)")
        }
        // The same store exports the same resources again.
        let again = try self.bundle(cli)
        #expect(NSDictionary(dictionary: ["e": again["entry"]!]).isEqual(to: ["e": bundle["entry"]!]))
    }

    /// A PHQ-9 answered, then answered again: one QuestionnaireResponse for the event (its last,
    /// amended, answering) naming the form by its canonical, and the score's Observation with the
    /// LOINC total code, its band as the interpretation and the response it came from; the
    /// independent validator passes the Bundle.
    @Test func aQuestionnairesAnswersGoOutAsAResponseAndTheScoresObservation() throws {
        let cli = CLI(now: "2026-11-15T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", AnswerCommandTests.plan)]).status == 0)
        let questions = ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"]
        #expect(try cli.run(["answer", "phq9", "--answers", "-"], input: questions.map { $0 + "=0" }.joined(separator: "\n")).status == 0)
        let again = questions.map { $0 + "=Several days" }.joined(separator: "\n") + "\n69722-7=Somewhat difficult\n"
        #expect(try cli.run(["answer", "phq9", "--answers", "-", "--by", "Anna (daughter)"], input: again).status == 0)
        let exported = try cli.run(["export", "--format", "fhir"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let verdict = try FHIRValidator.validate([cli.write("bundle.json", exported.stdout)])
        #expect(verdict.status == 0, "\(verdict.output)")
        let bundle = try self.bundle(cli)
        let responses = resources(bundle, "QuestionnaireResponse")
        try #require(responses.count == 1, "one response for the event: its last answering")
        let response = responses[0]
        #expect(response["questionnaire"] as? String == "urn:careplan:questionnaire:phq-9|1.0.0")
        #expect(response["status"] as? String == "amended")
        #expect((response["author"] as? [String: Any])?["display"] as? String == "Anna (daughter)")
        #expect((response["authored"] as? String)?.hasPrefix("2026-11-15T09:00:00") == true)
        let items = response["item"] as? [[String: Any]] ?? []
        #expect(items.contains { $0["linkId"] as? String == "phq-9-questions" } && items.contains { $0["linkId"] as? String == "69722-7" })
        let observation = try #require(resources(bundle, "Observation").first)
        let entry = (bundle["entry"] as? [[String: Any]] ?? []).first { ($0["resource"] as? [String: Any])?["resourceType"] as? String == "QuestionnaireResponse" }
        #expect(((observation["derivedFrom"] as? [[String: Any]])?.first?["reference"] as? String) == entry?["fullUrl"] as? String)
        #expect(((observation["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String == "44261-6")
        #expect(observation["valueInteger"] as? Int == 9 || (observation["valueQuantity"] as? [String: Any])?["value"] as? Int == 9, "\(observation)")
        let interpretation = ((observation["interpretation"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first
        #expect(interpretation?["code"] as? String == "mild" && interpretation?["system"] as? String == "urn:careplan:codesystem:score-band")
    }

    @Test func bloodPressureGoesOutAsAPanelWithUCUMUnits() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        #expect(try cli.run(["log", "bp", "128/84", "--date", "2026-11-20", "--note", "after the walk"]).status == 0)
        #expect(try cli.run(["log", "temp", "99.1", "degF", "--date", "2026-11-21"]).status == 0)
        let observations = resources(try bundle(cli), "Observation")
        let bp = try #require(observations.first { (($0["code"] as? [String: Any])?["text"] as? String) == "Blood pressure" })
        let codes = ((bp["code"] as! [String: Any])["coding"] as! [[String: Any]]).compactMap { $0["code"] as? String }
        #expect(codes.contains("85354-9"))
        let components = bp["component"] as! [[String: Any]]
        let componentCodes = components.map { (($0["code"] as! [String: Any])["coding"] as! [[String: Any]])[0]["code"] as? String }
        #expect(componentCodes == ["8480-6", "8462-4"])
        #expect(components.map { ($0["valueQuantity"] as! [String: Any])["code"] as? String } == ["mm[Hg]", "mm[Hg]"])
        #expect(components.map { ($0["valueQuantity"] as! [String: Any])["value"] as? Double } == [128, 84])
        #expect((bp["note"] as? [[String: Any]])?.first?["text"] as? String == "after the walk")
        #expect((bp["effectiveDateTime"] as? String)?.hasPrefix("2026-11-20") == true)
        #expect(((bp["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first?["code"] as? String == "vital-signs")
        let temperature = try #require(observations.first { (($0["code"] as? [String: Any])?["text"] as? String) == "Temperature" })
        let quantity = temperature["valueQuantity"] as! [String: Any]
        #expect(quantity["code"] as? String == "Cel")
        #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
        #expect(abs((quantity["value"] as! Double) - (99.1 - 32) * 5 / 9) < 0.051)
    }

    @Test func theValidatorFailsABrokenBundle() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        #expect(try cli.run(["log", "bp", "128/84"]).status == 0)
        let text = try cli.run(["export", "--format", "fhir"]).stdout
            .replacingOccurrences(of: "\"mm[Hg]\"", with: "\"mmHg\"").replacingOccurrences(of: "\"final\"", with: "\"done\"")
        let verdict = try FHIRValidator.validate([cli.write("broken.json", text)])
        #expect(verdict.status == 1)
        #expect(verdict.output.contains("'mmHg' is not a valid UCUM code"), "\(verdict.output)")
        #expect(verdict.output.contains("'done' is not in the required value set"), "\(verdict.output)")
    }

    @Test(arguments: ["hypertension", "sleep-hygiene"])
    func exportThenImportIntoAFreshStoreGivesTheSamePlanAndReadings(plan: String) throws {
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/\(plan).yaml", "--days", "30"]).status == 0)
        if plan == "hypertension" {
            // A note, and a reading entered at 09:30 for the evening occurrence.
            #expect(try cli.run(["log", "bp", "131/85", "--occurrence", "1", "--note", "new cuff"]).status == 0)
        }
        let file = cli.write("bundle.json", try cli.run(["export", "--format", "fhir"]).stdout)
        let fresh = CLI()
        let imported = try fresh.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Took \(try readings(cli).count) readings"), "\(imported.stdout)")
        #expect(try fresh.run(["plan", "--export"]).stdout == (try cli.run(["plan", "--export"]).stdout))
        #expect(try readings(fresh) == (try readings(cli)))
        // Importing it again adds nothing.
        let again = try fresh.run(["import", file])
        #expect(again.stdout.contains("Nothing changed."))
        #expect(again.stdout.contains("Took 0 readings"))
        #expect(again.stdout.contains("unchanged  \(try readings(cli).count) taken in before"))
    }

    /// The resources of the Bundle in `file`, in its order.
    static func resources(inBundle file: String) throws -> [[String: Any]] {
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        return (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
    }

    /// The forms careplan made that the plan asks (one written in the plan, PHQ-9) go in the
    /// Bundle as Questionnaires, so every canonical the CarePlan names resolves in the file: it
    /// validates, and a fresh store importing it asks the same forms.
    @Test func aPlansFormsGoInTheBundleAndImportAsTheSamePlan() throws {
        let cli = CLI(now: "2026-11-20T09:00")
        #expect(try cli.run(["import", cli.write("plan.yaml", SyncQuestionnaireTests.plan)]).status == 0)
        #expect(try cli.run(["answer", "knee", "--answers", "-"], input: "pain=3\nwalked=true\n").status == 0)
        let file = cli.write("bundle.json", try cli.run(["export", "--format", "fhir"]).stdout)
        let verdict = try FHIRValidator.validate([file])
        #expect(verdict.status == 0, "\(verdict.output)")
        let resources = try Self.resources(inBundle: file)
        let forms = resources.filter { $0["resourceType"] as? String == "Questionnaire" }.map { "\($0["url"] ?? "")|\($0["version"] ?? "")" }
        let named = resources.filter { $0["resourceType"] as? String == "CarePlan" }.flatMap { ($0["activity"] as? [[String: Any]] ?? []) }
            .flatMap { ($0["detail"] as? [String: Any])?["instantiatesCanonical"] as? [String] ?? [] }
        #expect(named.count == 2 && Set(named) == Set(forms), "\(named) vs \(forms)")
        let fresh = CLI(now: "2026-11-20T09:00")
        let imported = try fresh.run(["import", file])
        #expect(imported.status == 0 && !imported.stdout.contains("could not be read"), "\(imported.stdout)\(imported.stderr)")
        #expect(try fresh.run(["plan", "--export"]).stdout == (try cli.run(["plan", "--export"]).stdout))
    }

    /// SDC's extraction in the export: each marked answer is an Observation of its question's code,
    /// derived from the response, and the Bundle still validates.
    @Test func extractedAnswersAreObservationsInTheExport() throws {
        let cli = CLI(now: "2026-11-20T09:00")
        #expect(try cli.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try cli.run(["import", cli.write("intake.json", SyncQuestionnaireTests.intake), "--activity", "intake"]).status == 0)
        #expect(try cli.run(["answer", "intake", "--answers", "-"], input: "weight=80 kg\nsmoking=Never smoked\n").status == 0)
        let file = cli.write("bundle.json", try cli.run(["export", "--format", "fhir"]).stdout)
        let verdict = try FHIRValidator.validate([file])
        #expect(verdict.status == 0, "\(verdict.output)")
        let resources = try Self.resources(inBundle: file)
        let response = try #require(resources.first { $0["resourceType"] as? String == "QuestionnaireResponse" })
        let extracted = resources.filter { ($0["derivedFrom"] as? [[String: Any]])?.first?["reference"] as? String == "urn:uuid:\(response["id"] ?? "")" }
        let codes = extracted.compactMap { (($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String }
        #expect(codes.sorted() == ["29463-7", "72166-2"], "\(codes)")
        #expect(extracted.contains { ($0["valueQuantity"] as? [String: Any])?["value"] as? Double == 80 })
    }

    /// Readings a real Apple Health export filled go out with the device that measured them.
    @Test func samplesGoOutWithTheirDevice() throws {
        let cli = CLI(now: "2024-01-03T09:00", zone: "Europe/Amsterdam")
        let plan = """
        title: Heart rate from the watch
        activities:
          - id: pulse
            kind: assessment
            title: Pulse
            schedule: {start: 2023-12-01, daily: 1}
            measure: {type: integer, unit: bpm, healthkit: HKQuantityTypeIdentifierHeartRate}
        """
        #expect(try cli.run(["import", cli.write("plan.yaml", plan)]).status == 0)
        #expect(try cli.run(["health", "import", HealthCommandTests.zip]).status == 0)
        let exported = try cli.run(["export", "--format", "fhir"])
        #expect(try FHIRValidator.validate([cli.write("bundle.json", exported.stdout)]).status == 0)
        let bundle = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as! [String: Any]
        let devices = resources(bundle, "Device")
        let device = try #require(devices.first)
        #expect(devices.count == 1)
        #expect(device["manufacturer"] as? String == "Apple Inc.")
        #expect(device["modelNumber"] as? String == "Watch6,7")
        #expect((device["deviceName"] as? [[String: Any]])?.first?["name"] as? String == "Apple Watch")
        let observations = resources(bundle, "Observation")
        #expect(!observations.isEmpty)
        let fullUrl = "urn:uuid:" + (device["id"] as! String)
        #expect(observations.allSatisfy { ($0["device"] as? [String: Any])?["reference"] as? String == fullUrl })
        #expect(observations.allSatisfy { ($0["device"] as? [String: Any])?["display"] as? String == "Apple Health · Alexandre's Apple Watch" })
    }

    /// A cuff an app wrote to Apple Health from two of its versions, its description at a new
    /// memory address each time, is one Device, every reading referring to it.
    @Test func oneCuffIsOneDeviceWhateverItsAddressesAndAppVersions() throws {
        let cli = CLI()
        // The command-line tests' plan, its blood pressure filled by Apple Health.
        let plan = cliPlanYAML.replacingOccurrences(of: "    measure:\n      type: integer\n      fields:\n        - {name: systolic",
                                                    with: "    measure:\n      healthkit: HKCorrelationTypeIdentifierBloodPressure\n      type: integer\n      fields:\n        - {name: systolic")
        #expect(plan != cliPlanYAML)
        #expect(try cli.run(["import", cli.write("plan.yaml", plan)]).status == 0)
        func reading(_ day: Int, version: String, address: String) -> String {
            let at = "2026-11-\(day) 07:30:00 +0100"
            let device = "&lt;&lt;HKDevice: \(address)&gt;, name:BP7000, manufacturer:OMRON HEALTHCARE, model:BP7000, hardware:1.0, software:2.0&gt;"
            let source = "sourceName=\"Omron connect\" sourceVersion=\"\(version)\" device=\"\(device)\" startDate=\"\(at)\" endDate=\"\(at)\""
            return """
                 <Correlation type="HKCorrelationTypeIdentifierBloodPressure" \(source)>
                  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" \(source) unit="mmHg" value="\(120 + day)"/>
                  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" \(source) unit="mmHg" value="80"/>
                 </Correlation>

                """
        }
        let export = cli.write("export.xml", "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_GB\">\n"
            + reading(17, version: "7.8", address: "0x2810aa000") + reading(18, version: "7.8", address: "0x2810ab440")
            + reading(19, version: "7.9", address: "0x2830c1200") + "</HealthData>\n")
        #expect(try cli.run(["health", "import", export]).status == 0)
        #expect(try cli.run(["health", "sources"]).stdout == "1. Omron connect\n   BP7000 (OMRON HEALTHCARE, 1.0, software 2.0)\n")
        let exported = try cli.run(["export", "--format", "fhir"])
        #expect(try FHIRValidator.validate([cli.write("bundle.json", exported.stdout)]).status == 0)
        let bundle = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as! [String: Any]
        let devices = resources(bundle, "Device")
        #expect(devices.count == 1)
        let readings = resources(bundle, "Observation").filter { $0["device"] != nil }
        #expect(readings.count == 3)
        #expect(readings.allSatisfy { ($0["device"] as? [String: Any])?["reference"] as? String == "urn:uuid:" + (devices.first?["id"] as? String ?? "") })
    }

    /// The patient's date of birth and identifiers, written in the plan, reach the FHIR Patient
    /// and the report, and come back through both the YAML and the FHIR round trip.
    @Test func thePatientIsIdentifiedInTheBundleAndTheReport() throws {
        let cli = CLI()
        let plan = cliPlanYAML.replacingOccurrences(of: "title: Hypertension\n", with: """
            title: Hypertension
            patient:
              name: David Okafor
              born: 1958-04-17
              identifiers:
                - {system: "https://fhir.nhs.uk/Id/nhs-number", value: "9990000018"}

            """)
        #expect(try cli.run(["import", cli.write("plan.yaml", plan)]).status == 0)
        let exported = try cli.run(["plan", "--export"]).stdout
        #expect(exported.contains("born: 2026") == false && exported.contains("born: 1958-04-17"), "\(exported)")
        #expect(try cli.run(["import", cli.write("again.yaml", exported)]).stdout.hasSuffix("Nothing changed.\n"))
        let file = cli.write("bundle.json", try cli.run(["export", "--format", "fhir"]).stdout)
        #expect(try FHIRValidator.validate([file]).status == 0)
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        let patient = try #require(resources(bundle, "Patient").first)
        #expect(patient["birthDate"] as? String == "1958-04-17")
        #expect((patient["identifier"] as? [[String: Any]])?.contains { $0["value"] as? String == "9990000018" && $0["system"] as? String == "https://fhir.nhs.uk/Id/nhs-number" } == true)
        let fresh = CLI()
        #expect(try fresh.run(["import", file]).status == 0)
        #expect(try fresh.run(["plan", "--export"]).stdout.contains("born: 1958-04-17"))
        let report = try cli.run(["report", "--format", "md", "--out", "-"]).stdout
        #expect(report.contains("Patient: **David Okafor** (born 17 Apr 1958 · nhs-number 9990000018)"), "\(report.prefix(400))")
        // A changed date of birth is a change the import names.
        let moved = try cli.run(["import", cli.write("moved.yaml", plan.replacingOccurrences(of: "1958-04-17", with: "1958-04-18"))])
        #expect(moved.stdout.contains("changed    patient (David Okafor, born 1958-04-18)"), "\(moved.stdout)")
    }

    @Test func aRangeExportsOnlyItsDays() throws {
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "10"]).status == 0)
        let observations = resources(try bundle(cli, ["--from", "2026-11-19", "--to", "2026-11-20"]), "Observation")
        #expect(!observations.isEmpty)
        #expect(observations.allSatisfy { ["2026-11-19", "2026-11-20"].contains(String(($0["effectiveDateTime"] as! String).prefix(10))) })
    }

    @Test func officialObservationsLandAndSayWhatWasLeftOut() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML.replacingOccurrences(of: "2026-11-01", with: "2012-01-01"))]).status == 0)
        let bp = Self.examples.appendingPathComponent("observation-example-bloodpressure.json").path
        let first = try cli.run(["import", bp])
        #expect(first.stdout == "Took 1 reading from 1 Observation in observation-example-bloodpressure.json\n  added      bp 2012-09-17 #1: 107/60 mmHg\n", "\(first.stdout)")
        let again = try cli.run(["import", bp])
        #expect(again.stdout.contains("unchanged  1 taken in before"))
        let dar = try cli.run(["import", Self.examples.appendingPathComponent("observation-example-bloodpressure-dar.json").path])
        #expect(dar.stdout.contains("skipped    Observation 'blood-pressure-dar': diastolic: no value (data absent: Not Performed)"))
        let bmi = try cli.run(["import", Self.examples.appendingPathComponent("observation-example-bmi.json").path])
        #expect(bmi.stdout.contains("unknown    LOINC 39156-5 (BMI): 1 Observation; no assessment has this code"))
    }

    @Test func badFilesAreRefusedAndChangeNothing() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        #expect(try cli.run(["log", "bp", "120/80"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.db))
        let broken = try cli.run(["import", cli.write("broken.json", "{\n  \"resourceType\": \"Observation\",\n  \"status\": final\n}\n")])
        #expect(broken.status == 1)
        #expect(broken.stderr == "careplan: broken.json: not valid JSON at line 3, column 13: invalid value\n", "\(broken.stderr)")
        let goal = try cli.run(["import", Self.examples.appendingPathComponent("goal-example.json").path])
        #expect(goal.stderr == "careplan: goal-example.json: holds a Goal; careplan imports a CarePlan, Observations, or a Bundle of them\n")
        let narrative = try cli.run(["import", Self.examples.appendingPathComponent("careplan-example-obesity-narrative.json").path])
        #expect(narrative.status == 1)
        #expect(narrative.stderr.contains("narrative text"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.db)) == before)

        let empty = CLI()
        let noPlan = try empty.run(["import", Self.examples.appendingPathComponent("observation-example-heart-rate.json").path])
        #expect(noPlan.stderr.contains("no care plan in"), "\(noPlan.stderr)")
        #expect(!FileManager.default.fileExists(atPath: empty.db), "a refused import leaves no store behind")
        #expect(try empty.run(["export", "--format", "fhir"]).stderr.contains("no care plan"))
    }

    @Test func theOfficialCarePlanImportsAndExportsAsYAML() throws {
        let cli = CLI()
        let imported = try cli.run(["import", Self.examples.appendingPathComponent("careplan-example-pregnancy.json").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  added      first-antenatal-encounter\n"))
        #expect(imported.stdout.contains("  note: activity 2 ('First Antenatal encounter'): no frequency: made as needed between its dates\n"))
        let yaml = try cli.run(["plan", "--export"]).stdout
        #expect(yaml.contains("patient: Eve Everywoman"))
        let again = try cli.run(["import", cli.write("exported.yaml", yaml)])
        #expect(again.stdout.hasSuffix("Nothing changed.\n"), "\(again.stdout)")
    }
}
