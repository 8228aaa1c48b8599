@testable import CarePlanStore
import FHIR
import Foundation

/// The official HL7 FHIR R4 examples (Tests/Data/fhir, see Tests/Data/SOURCES.md).
enum Examples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/fhir")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func names(prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The file as plain JSON, to check what careplan read against what the file says.
    static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as! [String: Any]
    }
}

/// A fresh folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-fhir-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

func clock(_ localTime: String, zone: String = "Europe/Berlin") -> CareClock {
    let timeZone = TimeZone(identifier: zone)!
    return CareClock(now: CareClock.parseLocalDateTime(localTime, in: timeZone)!, timeZone: timeZone)
}

/// Vital signs as a home plan records them, from the years of the official examples on, with
/// no `loinc:` keys but height's: the codes come from careplan's defaults.
let vitalsPlanYAML = """
title: Vital signs at home
patient: Peter James Chalmers
activities:
  - id: pulse
    kind: assessment
    title: Pulse
    schedule: {start: 1999-01-01, daily: 2, times: ["08:00", "20:00"]}
    measure: {type: integer, unit: bpm, range: [20, 250]}
  - id: temperature
    kind: assessment
    title: Temperature
    schedule: {start: 1999-01-01, daily: 1}
    measure: {type: number, unit: degC, range: [30, 45], decimals: 1}
  - id: weight
    kind: assessment
    title: Weight
    schedule: {start: 1999-01-01, daily: 1}
    measure: {type: number, unit: kg, range: [1, 500], decimals: 1}
  - id: bp
    kind: assessment
    title: Blood pressure
    schedule: {start: 1999-01-01, daily: 1}
    measure:
      type: integer
      fields:
        - {name: systolic, unit: mmHg, range: [40, 300]}
        - {name: diastolic, unit: mmHg, range: [20, 200]}
  - id: spo2
    kind: assessment
    title: Oxygen saturation
    schedule: {start: 1999-01-01, daily: 1}
    measure: {type: integer, unit: "%", range: [50, 100]}
  - id: breathing
    kind: assessment
    title: Breathing rate
    schedule: {start: 1999-01-01, daily: 1}
    measure: {type: integer, unit: /min, range: [4, 60]}
  - id: height
    kind: assessment
    title: Height
    schedule: {start: 1999-01-01, as-needed: true}
    measure: {type: number, unit: cm, loinc: "8302-2", decimals: 1}
"""
