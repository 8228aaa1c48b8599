import CarePlanStore
import FHIR
import Foundation
import Testing

/// Every official Observation example lands on the plan's assessment with its value converted,
/// or is left out with the reason, or its code is listed as unknown; never guessed, never twice.
@Suite struct ObservationExampleTests {
    let folder = TemporaryFolder()
    let store: CareStore
    let time = clock("2026-11-24T09:00")

    init() throws {
        store = try CareStore(path: folder.path("care.sqlite"))
        _ = try store.importPlan(try PlanDecoder(file: "vitals.yaml").decode(vitalsPlanYAML), effective: date("1999-01-01"), clock: time)
    }

    func observations(_ name: String) throws -> [Observation] {
        ObservationReader.observations(in: try FHIRFile.load(path: Examples.path(name)))
    }

    func take(_ name: String) throws -> (read: ObservationReader.Result, results: [ExternalReadingResult]) {
        let read = ObservationReader(plan: try store.plan(), zone: time.timeZone, file: name).read(try observations(name))
        return (read, try store.take(read.readings, clock: time))
    }

    /// The value of the file's quantity at `path` (`valueQuantity`, or a component's by LOINC code).
    func quantity(_ name: String, component code: String? = nil) throws -> [String: Any] {
        let file = try Examples.json(name)
        guard let code else { return file["valueQuantity"] as! [String: Any] }
        let component = (file["component"] as! [[String: Any]]).first { component in
            ((component["code"] as! [String: Any])["coding"] as! [[String: Any]]).contains { $0["code"] as? String == code }
        }!
        return component["valueQuantity"] as! [String: Any]
    }

    @Test func everyExampleIsTakenLeftOutOrListed() throws {
        let names = Examples.names(prefix: "observation-")
        #expect(names.count == 16)
        for name in names {
            let (read, results) = try take(name)
            let accounted = read.readings.count + read.skipped.count + read.unknown.reduce(0) { $0 + $1.count }
            #expect(accounted == (try observations(name)).count, "\(name)")
            for result in results {
                if case .refused(let reason) = result { Issue.record("\(name): refused \(reason)") }
            }
        }
        let readings = try store.reading { try $0.outcomes(from: nil, to: nil) }
        #expect(Set(readings.map(\.activityId)) == ["pulse", "temperature", "weight", "bp", "spo2", "breathing", "height"])
    }

    @Test func valuesConvertFromTheirUCUMUnits() throws {
        let weight = try take("observation-example.json")
        guard case .added(let outcome) = try #require(weight.results.first) else { Issue.record("not added"); return }
        let pounds = try quantity("observation-example.json")
        #expect(pounds["code"] as? String == "[lb_av]")
        // Kept to the measure's one decimal, with the value as the file gave it.
        #expect(abs(outcome.values[0].value! - (pounds["value"] as! Double) * 0.45359237) <= 0.05)
        #expect(outcome.values[0].enteredValue == pounds["value"] as? Double)
        #expect(outcome.values[0].unit == "kg")
        #expect(outcome.values[0].enteredUnit == "lb")
        #expect(outcome.date == date("2016-03-28"))

        let pressure = try take("observation-example-bloodpressure.json")
        guard case .added(let bp) = try #require(pressure.results.first) else { Issue.record("not added"); return }
        #expect(bp.values.map(\.value) == [try quantity("observation-example-bloodpressure.json", component: "8480-6")["value"] as? Double,
                                           try quantity("observation-example-bloodpressure.json", component: "8462-4")["value"] as? Double])

        let height = try take("observation-example-body-height.json")
        guard case .added(let cm) = try #require(height.results.first) else { Issue.record("not added"); return }
        #expect(abs(cm.values[0].value! - (try quantity("observation-example-body-height.json")["value"] as! Double) * 2.54) <= 0.05)
    }

    @Test func anObservationWithAnOffsetKeepsItsDayAndOffset() throws {
        let (_, results) = try take("observation-example-satO2.json")
        guard case .added(let outcome) = try #require(results.first) else { Issue.record("not added"); return }
        #expect(outcome.recordedAtLocal == "2014-12-05T09:30:10+01:00")
        #expect(outcome.date == date("2014-12-05"))
    }

    @Test func whatIsNotAReadingIsLeftOutWithTheReason() throws {
        #expect(try take("observation-example-bloodpressure-cancel.json").read.skipped.map(\.reason) == ["status cancelled is not a reading"])
        #expect(try take("observation-example-f202-temperature.json").read.skipped.map(\.reason) == ["status entered-in-error is not a reading"])
        #expect(try take("observation-example-bloodpressure-dar.json").read.skipped.map(\.reason) == ["diastolic: no value (data absent: Not Performed)"])
        #expect(try take("observation-example-sample-data.json").read.skipped.first?.reason.contains("waveform") == true)
        #expect(try take("observation-example-vitals-panel.json").read.skipped.first?.reason.hasPrefix("a panel") == true)
        let bmi = try take("observation-example-bmi.json").read.unknown
        #expect(bmi.map(\.code) == ["LOINC 39156-5"])
        #expect(try store.reading { try $0.outcomes(from: nil, to: nil) }.isEmpty)
    }

    @Test func importingTheSameObservationAgainAddsNothing() throws {
        let first = try take("observation-example-heart-rate.json").results
        #expect(first.count == 1)
        if case .added = first[0] {} else { Issue.record("first import: \(first)") }
        #expect(try take("observation-example-heart-rate.json").results == [.alreadyTaken])
        // Even after the reading was cleared: the file was taken in once.
        let outcome = try #require(try store.reading { try $0.outcomes(from: nil, to: nil) }.first)
        try store.reset(outcome.activityId, date: outcome.date, occurrence: outcome.occurrence)
        #expect(try take("observation-example-heart-rate.json").results == [.alreadyTaken])
    }

    @Test func aReadingTheMeasureCannotTakeIsRefusedAndTheRestLand() throws {
        let hot = Observation(id: "too-hot", identifier: [Identifier(system: "urn:test", value: "hot")], status: "final",
                              code: CodeableConcept(coding: [Coding(system: ClinicalCodes.loincSystem, code: "8310-5")]))
        var tooHot = hot
        tooHot.effectiveDateTime = "2026-11-20T08:00:00+01:00"
        tooHot.valueQuantity = Quantity(value: 52, unit: "C", system: UCUM.system, code: "Cel")
        var future = hot
        future.identifier = [Identifier(system: "urn:test", value: "future")]
        future.effectiveDateTime = "2026-12-01"
        future.valueQuantity = Quantity(value: 37, unit: "C", system: UCUM.system, code: "Cel")
        var fine = future
        fine.identifier = [Identifier(system: "urn:test", value: "fine")]
        fine.effectiveDateTime = "2026-11-21T07:10:00-05:00"
        var odd = fine
        odd.identifier = [Identifier(system: "urn:test", value: "odd")]
        odd.valueQuantity = Quantity(value: 37, unit: "furlongs", system: UCUM.system, code: "[fur_us]")
        let read = ObservationReader(plan: try store.plan(), zone: time.timeZone, file: "t.json").read([tooHot, future, fine, odd])
        #expect(read.skipped.map(\.reason) == ["value: the unit '[fur_us]' is not one careplan converts"])
        let results = try store.take(read.readings, clock: time)
        guard case .refused(let high) = results[0], case .refused(let later) = results[1], case .added(let added) = results[2] else {
            Issue.record("\(results)"); return
        }
        #expect(high.contains("52"), "\(high)")
        #expect(later == "dated 2026-12-01, after today")
        #expect(added.utcOffset == -5 * 3600)
        #expect(added.date == date("2026-11-21"))
    }
}
