import Foundation
import Testing

/// `careplan fhirpath` as a person writing a Questionnaire tries it: on the official suite's
/// inputs (Tests/Data/fhirpath) and fhirpath.js's scored forms (Tests/Data/questionnaires).
@Suite struct FHIRPathCommandTests {
    static let data = CLI.repository.appendingPathComponent("Tests/Data")
    static let patient = data.appendingPathComponent("fhirpath/patient-example.json").path
    static let observation = data.appendingPathComponent("fhirpath/observation-example.json").path

    @Test func valuesArePrintedOneALineWithTheirDigits() throws {
        let cli = CLI()
        let given = try cli.run(["fhirpath", "Patient.name.where(use = 'official').given", Self.patient], useDB: false)
        #expect(given.status == 0)
        #expect(given.stdout == "Peter\nJames\n")
        #expect(given.stderr.isEmpty)
        // Decimals exact, and a computed quantity in UCUM: 185 [lb_av] is 83.91458845 kg.
        #expect(try cli.run(["fhirpath", "0.1 + 0.2"], useDB: false).stdout == "0.3\n")
        #expect(try cli.run(["fhirpath", "Observation.value.toQuantity('kg')", Self.observation], useDB: false).stdout == "83.91458845 'kg'\n")
        #expect(try cli.run(["fhirpath", "Patient.birthDate", Self.patient], useDB: false).stdout == "1974-12-25\n")
        // Nothing found: no output, success.
        let empty = try cli.run(["fhirpath", "Patient.name.suffix", Self.patient], useDB: false)
        #expect(empty.status == 0 && empty.stdout.isEmpty)
    }

    @Test func jsonGivesEachValueWithItsType() throws {
        let cli = CLI()
        let values = try #require(try cli.json(["fhirpath", "Patient.gender | Patient.name.first() | Patient.birthDate | 2.50 | 3 'mg'", Self.patient, "--json"]) as? [[String: Any]])
        #expect(values.map { $0["type"] as? String } == ["code", "HumanName", "date", "decimal", "Quantity"])
        #expect(values[0]["value"] as? String == "male")
        #expect((values[1]["value"] as? [String: Any])?["family"] as? String == "Chalmers")
        #expect((values[4]["value"] as? [String: Any])?["code"] as? String == "mg")
        // A decimal keeps the digits written: 2.50, not 2.5.
        let text = try cli.run(["fhirpath", "2.50", "--json"], useDB: false).stdout
        #expect(text.contains("\"value\":2.50"), "\(text)")
        #expect(try cli.run(["fhirpath", "{}", "--json"], useDB: false).stdout == "[]\n")
    }

    @Test func variablesComeAsLiteralsOrResources() throws {
        let cli = CLI()
        let bmi = try cli.run(["fhirpath", "(%weight / %height.power(2)).round(1)", "--var", "weight=70", "--var", "height=1.75"], useDB: false)
        #expect(bmi.stdout == "22.9\n", "\(bmi.stderr)")
        let quantity = try cli.run(["fhirpath", "%w > 150 '[lb_av]'", "--var", "w=70 'kg'"], useDB: false)
        #expect(quantity.stdout == "true\n")
        // weight() reads the scores the Questionnaire (given as %questionnaire) writes.
        let form = Self.data.appendingPathComponent("questionnaires/weight-questionnaire-R4.json").path
        let response = Self.data.appendingPathComponent("questionnaires/weight-questionnaire-response-R4.json").path
        let scores = try cli.run(["fhirpath", "%resource.repeat(item).answer.weight().sum()", response, "--resource", "questionnaire=\(form)"], useDB: false)
        #expect(scores.stdout == "65032211\n", "\(scores.stderr)")
        let without = try cli.run(["fhirpath", "%resource.repeat(item).answer.weight().sum()", response], useDB: false)
        #expect(without.stdout == "60000001\n")
    }

    @Test func theClockIsPinnedByCareplanNow() throws {
        let result = try CLI().run(["fhirpath", "today()"], useDB: false, environment: ["CAREPLAN_NOW": "2026-11-21T09:30", "TZ": "Europe/Berlin"])
        #expect(result.stdout == "2026-11-21\n")
        let now = try CLI().run(["fhirpath", "now()"], useDB: false, environment: ["CAREPLAN_NOW": "2026-11-21T09:30", "TZ": "Europe/Berlin"])
        #expect(now.stdout == "2026-11-21T09:30:00.000+01:00\n")
    }

    @Test(arguments: [
        (["fhirpath", "Patient.name.given.foo()"], "careplan: expression, column 20: unknown function foo()"),
        (["fhirpath", "'a' + 1"], "careplan: expression, column 5: '+' cannot combine String and Integer"),
        (["fhirpath", "Patient.name.where(use = 'official'"], "careplan: expression, column 36: expected ')' to close the arguments of where(), found the end of the expression"),
        (["fhirpath", "substring()"], "careplan: expression, column 1: substring() takes 1 to 2 arguments, not 0"),
        (["fhirpath", "1", "--var", "x"], "careplan: --var x: expected name=value (see careplan --help)"),
        (["fhirpath", "%x", "--var", "x='unclosed"], "careplan: --var x: column 1: a string is never closed with '"),
        (["fhirpath", "Patient", "/nonexistent/p.json"], "careplan: /nonexistent/p.json: no such file, or it cannot be read"),
    ])
    func badInputIsOneLineNamingWhere(arguments: [String], line: String) throws {
        let result = try CLI().run(arguments, useDB: false)
        // A malformed option is a usage error (64, as for every command); the rest exit 1.
        #expect(result.status == (line.hasSuffix("(see careplan --help)") ? 64 : 1))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == line + "\n")
    }

    @Test func aFileThatIsNotJSONIsNamedWithItsLineAndColumn() throws {
        let cli = CLI()
        let broken = cli.write("broken.json", "{\n  \"resourceType\": \"Patient\",\n  \"active\": tru\n}\n")
        let result = try cli.run(["fhirpath", "active", broken], useDB: false)
        #expect(result.status == 1)
        #expect(result.stderr == "careplan: \(broken): not valid JSON at line 3, column 13: expected a value (an object, array, string, number, true, false or null)\n")
    }

    @Test func aResourceCanComeThroughAPipe() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cat \"$1\" | \"$2\" fhirpath 'name.family' -", "sh", Self.patient, CLI.binary.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text == "Chalmers\nWindsor\n")
    }
}
