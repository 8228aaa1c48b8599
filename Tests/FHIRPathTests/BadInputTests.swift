import FHIRPath
import Foundation
import Testing

/// What the engine does with input meant to break it: a clear error with its position, never a
/// crash or a hang; and what its own shortcuts must not change.
@Suite struct BadInputTests {
    static func error(_ expression: String, on resource: JSON? = nil, environment: Environment = Environment()) -> FHIRPathError? {
        do {
            _ = try FHIRPathExpression(expression).evaluate(on: resource, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("Patient.name.given.", 19, FHIRPathError.Kind.syntax),
        ("1 +", 3, .syntax),
        ("'unclosed", 0, .syntax),
        ("name.nosuch()", 5, .semantic),
        ("name.first(1)", 5, .semantic),
        ("@2026-13-01", 0, .syntax),
        ("'a' + 1", 4, .execution),
        ("(1 | 2).single()", 8, .execution),
        ("%undefined", 0, .semantic),
    ])
    func errorsSayWhereAndWhatKind(expression: String, offset: Int, kind: FHIRPathError.Kind) throws {
        let failure = try #require(BadInputTests.error(expression))
        #expect(failure.kind == kind)
        #expect(failure.column == offset + 1, "\(failure)")
    }

    @Test func strictModeRefusesNamesTheModelDoesNotHave() throws {
        let patient = try JSONReader.read(#"{"resourceType": "Patient", "name": [{"family": "Chalmers", "given": ["Peter"]}]}"#)
        let observation = try JSONReader.read(#"{"resourceType": "Observation", "valueQuantity": {"value": 185, "code": "[lb_av]"}}"#)
        for (expression, resource) in [("name.given1", patient), ("name.given.foo", patient), ("Observation.valueQuantity.value", observation)] {
            #expect(BadInputTests.error(expression, on: resource, environment: Environment(strict: true))?.kind == .semantic, "\(expression)")
            #expect(BadInputTests.error(expression, on: resource) == nil, "\(expression) outside strict mode")
        }
        #expect(try FHIRPathExpression("Observation.value.value").evaluate(on: observation, environment: Environment(strict: true)).map(FHIRPathText.display) == ["185"])
        #expect(try FHIRPathExpression("name.given.extension").evaluate(on: patient, environment: Environment(strict: true)).isEmpty)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let expression = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(BadInputTests.error(expression)?.message.contains("nests deeper") == true)
        let negations = String(repeating: "-", count: 5000) + "1"
        #expect(BadInputTests.error(negations)?.message.contains("nests deeper") == true)
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReadError.self) { try JSONReader.read(json) }
    }

    @Test func aRepeatThatNeverEndsIsStopped() throws {
        // A value that comes back stops the repeat: it has been seen.
        #expect(try FHIRPathExpression("'a'.repeat('a')").evaluate(on: nil as JSON?).map(FHIRPathText.display) == ["a"])
        // Elements that keep coming back go round a cycle: an error naming repeat().
        let patient = try JSONReader.read(#"{"resourceType": "Patient", "name": [{"family": "Chalmers"}]}"#)
        let failure = try #require(BadInputTests.error("Patient.repeat(%resource)", on: patient))
        #expect(failure.message.contains("repeat() does not end"))
        // Work without end is cut off by the step limit, with the position.
        let slow = try #require(BadInputTests.error("(1|2|3|4|5|6|7|8|9|10).select(($this | 0).select(($this | 0).select($this.toString())))",
                                                     on: patient, environment: Environment(stepLimit: 50)))
        #expect(slow.message.contains("steps"))
    }

    @Test func decimalsAreExact() throws {
        func value(_ expression: String) throws -> String {
            try FHIRPathExpression(expression).evaluate(on: nil as JSON?).map(FHIRPathText.display).joined(separator: ",")
        }
        #expect(try value("0.1 + 0.2 = 0.3") == "true")
        #expect(try value("0.1 + 0.2") == "0.3")
        #expect(try value("1.50 * 2") == "3")
        #expect(try value("10 / 4") == "2.5")
        #expect(try value("1.10") == "1.10")
        let observation = try JSONReader.read(#"{"resourceType": "Observation", "valueQuantity": {"value": 98.60, "unit": "°F", "system": "http://unitsofmeasure.org", "code": "[degF]"}}"#)
        #expect(try FHIRPathExpression("Observation.value.value").evaluate(on: observation).map(FHIRPathText.display) == ["98.60"])
        #expect(try FHIRPathExpression("Observation.value.toQuantity('Cel')").evaluate(on: observation).map(FHIRPathText.display) == ["37 'Cel'"])
    }

    /// A part the same for every item is evaluated once, when first reached: results and errors
    /// are as if it were evaluated for each item.
    @Test func loopInvariantPartsKeepTheirMeaning() throws {
        func value(_ expression: String) throws -> [String] {
            try FHIRPathExpression(expression).evaluate(on: nil as JSON?, environment: Environment(variables: ["x": [.integer(10)]])).map(FHIRPathText.display)
        }
        #expect(try value("(1 | 2 | 3).select(($this | %x).sum() + (%x | 5).sum())") == ["26", "27", "28"])
        #expect(try value("(1 | 2 | 3).select(iif($index = 1, (%x | 1).count(), $index))") == ["0", "2", "2"])
        // Never reached: no error; reached: the error.
        #expect(try value("{}.where(('a' + 1) = 2)") == [])
        #expect(BadInputTests.error("(1).where(('a' + 1) = 2)")?.kind == .execution)
    }
}
