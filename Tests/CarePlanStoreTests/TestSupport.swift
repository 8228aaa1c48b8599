import Foundation
import GRDB
@testable import CarePlanStore

/// A fresh folder under the system's temporary directory, removed when the test's value goes away.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A real SQLite store in a temporary folder (never a mock).
struct TestStore {
    let folder = TemporaryFolder()
    let store: CareStore

    init() throws { store = try CareStore(path: folder.path("care.sqlite")) }

    /// A store file as an older careplan left it, in a temporary folder, not opened yet: the v3
    /// sample store migrated up to `migration`, then given rows as that version wrote them.
    struct Older {
        let folder = TemporaryFolder()
        var path: String { folder.path("care.sqlite") }

        init(upTo migration: String, _ fill: (Database) throws -> Void) throws {
            _ = try SchemaMigrationTests().writeV3Store(at: path)
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: migration)
            try queue.write(fill)
            try queue.close()
        }
    }
}

func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

/// A clock pinned to a local wall-clock time in a named zone.
func clock(_ localTime: String, zone: String = "Europe/Berlin") -> CareClock {
    let timeZone = TimeZone(identifier: zone)!
    return CareClock(now: CareClock.parseLocalDateTime(localTime, in: timeZone)!, timeZone: timeZone)
}

func decode(_ yaml: String, file: String = "plan.yaml") throws -> CarePlan {
    try PlanDecoder(file: file).decode(yaml)
}

/// A plan with one of each kind of activity the store tests lean on.
let samplePlanYAML = """
title: Knee recovery
patient: Sam
activities:
  - id: ice-knee
    kind: intervention
    title: Ice the knee
    group: Recovery
    schedule: {start: 2026-11-01, daily: 3, times: ["08:00", "14:00", "20:00"]}
  - id: stretch
    kind: intervention
    title: Stretches
    schedule: {start: 2026-11-01, weekly: {mon: 1, wed: 1, fri: 1}}
  - id: walk
    kind: intervention
    title: Short walk
    optional: true
    schedule: {start: 2026-11-01, daily: 1}
  - id: paracetamol
    kind: intervention
    title: Paracetamol 1 g
    schedule: {start: 2026-11-01, as-needed: true}
  - id: anticoagulant
    kind: intervention
    title: Anticoagulant
    resettable: false
    schedule: {start: 2026-11-01, end: 2026-11-30, daily: 1}
  - id: temperature
    kind: assessment
    title: Temperature
    schedule: {start: 2026-11-01, daily: 1}
    measure: {type: number, unit: degC, range: [34, 43], normal: [36.1, 37.5], decimals: 1}
  - id: pain
    kind: assessment
    title: Pain
    schedule: {start: 2026-11-01, daily: 2, times: ["09:00", "21:00"]}
    measure: {type: scale, min: 0, max: 10, normal: [0, 3]}
  - id: bp
    kind: assessment
    title: Blood pressure
    resettable: false
    schedule: {start: 2026-11-01, every: {days: 2, times: 1}}
    measure:
      type: integer
      fields:
        - {name: systolic, unit: mmHg, range: [60, 250], normal: [90, 130]}
        - {name: diastolic, unit: mmHg, range: [30, 150], normal: [60, 85]}
  - id: swelling
    kind: assessment
    title: Swelling
    schedule: {start: 2026-11-01, daily: 1}
    measure: {type: choice, options: [none, mild, moderate, severe]}
  - id: slept-well
    kind: assessment
    title: Slept well
    schedule: {start: 2026-11-01, daily: 1}
    measure: {type: boolean}
  - id: journal
    kind: assessment
    title: Journal
    schedule: {start: 2026-11-01, as-needed: true}
    measure: {type: text}
"""

extension TestStore {
    /// The store with `samplePlanYAML` imported on 2026-11-01.
    static func withSamplePlan() throws -> TestStore {
        let test = try TestStore()
        try test.store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        return test
    }

    func count(_ table: String) throws -> Int {
        try store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)")! }
    }
}
