import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// Stores written by an earlier careplan open with the same plan, outcomes and days as before.
@Suite struct SchemaMigrationTests {
    static let v3 = "v3: definitions as JSON, plan revision, tracked-from days, day summaries"

    /// The sample plan, plus a second version of one activity that uses the keys the sample leaves
    /// out (text, instructions, colour, an aggregate), as v3 stored them: JSON definitions.
    func writeV3Store(at path: String) throws -> [String: [ActivityVersion]] {
        let plan = try decode(samplePlanYAML)
        var changed = plan.activities.first { $0.id == "temperature" }!
        changed.text = "Under the tongue"
        changed.instructions = "Wait 15 minutes after a hot drink."
        changed.color = "red"
        changed.measure?.aggregate = .max
        changed.schedule.times = [TimeOfDay(text: "07:30")!]
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: Self.v3)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO plan (id, title, patient, updatedAt, revision) VALUES (1, ?, ?, '2026-11-01T07:00:00Z', 1)",
                           arguments: [plan.title, plan.patient])
            for (position, activity) in plan.activities.enumerated() {
                try db.execute(sql: "INSERT INTO activity (id, kind, position, createdAt, trackedFrom) VALUES (?, ?, ?, '2026-11-01T07:00:00Z', '2026-11-01')",
                               arguments: [activity.id, activity.kind.rawValue, position])
                try db.execute(sql: "INSERT INTO activityVersion (activityId, version, effectiveFrom, importedAt, definition) VALUES (?, 1, '2026-11-01', '2026-11-01T07:00:00Z', ?)",
                               arguments: [activity.id, try StoredActivity.json(activity)])
            }
            try db.execute(sql: "INSERT INTO activityVersion (activityId, version, effectiveFrom, importedAt, definition) VALUES ('temperature', 2, '2026-11-10', '2026-11-10T07:00:00Z', ?)",
                           arguments: [try StoredActivity.json(changed)])
        }
        try queue.close()
        var expected: [String: [ActivityVersion]] = [:]
        for activity in plan.activities {
            expected[activity.id] = [ActivityVersion(version: 1, effectiveFrom: date("2026-11-01"), activity: activity)]
        }
        expected["temperature"]!.append(ActivityVersion(version: 2, effectiveFrom: date("2026-11-10"), activity: changed))
        return expected
    }

    @Test func aVersion3StoreOpensWithEveryActivityVersionAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        let expected = try writeV3Store(at: path)
        let store = try CareStore(path: path)
        let plan = try store.plan()
        #expect(plan.title == "Knee recovery" && plan.patient == "Sam")
        #expect(plan.histories.map(\.id) == (try decode(samplePlanYAML)).activities.map(\.id))
        for history in plan.histories {
            #expect(history.versions == expected[history.id], "\(history.id)")
        }
        // And the plan keeps working: the second version governs from its day on.
        #expect(plan.history("temperature")?.activity(on: date("2026-11-12")).measure?.aggregate == .max)
        try store.log("temperature", inputs: ["37.9"], date: date("2026-11-12"), clock: clock("2026-11-12T07:35"))
        #expect(try store.check().isHealthy)
    }

    @Test func aVersionNoCareplanCouldHaveWrittenIsReportedAsDamage() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.writer().write { try $0.execute(sql: "UPDATE activityVersion SET perDay = NULL WHERE activityId = 'walk'") }
        #expect {
            _ = try test.store.plan()
        } throws: { error in
            guard case StoreError.damaged(_, let detail) = error else { return false }
            return detail.contains("'walk'") && detail.contains("perDay")
        }
    }
}

/// Schema v9: LOINC codes kept with measures, and the store's own identity.
@Suite struct LOINCAndIdentityTests {
    static let coded = """
    title: Coded
    activities:
      - id: bp
        kind: assessment
        title: Blood pressure
        schedule: {start: 2026-11-01, daily: 1}
        measure:
          type: integer
          loinc: "85354-9"
          fields:
            - {name: systolic, unit: mmHg, loinc: "8480-6"}
            - {name: diastolic, unit: mmHg, loinc: "8462-4"}
      - id: pulse
        kind: assessment
        title: Pulse
        schedule: {start: 2026-11-01, daily: 1}
        measure: {type: integer, unit: bpm, loinc: "8867-4"}
    """

    @Test func codesAreKeptThroughTheStoreAndTheExport() throws {
        let test = try TestStore()
        let plan = try decode(Self.coded)
        _ = try test.store.importPlan(plan, effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        let stored = try test.store.plan().plan(on: date("2026-11-02"))
        #expect(stored.activities == plan.activities)
        #expect(stored.activities[0].measure?.loinc == "85354-9")
        #expect(stored.activities[0].measure?.fields.map(\.loinc) == ["8480-6", "8462-4"])
        #expect(try decode(PlanEncoder.yaml(stored)).activities == plan.activities)
    }

    @Test func aMistypedCodeIsRefusedWhereItWasTyped() {
        #expect(LOINC.isValid("8867-4") && LOINC.isValid("85354-9") && LOINC.isValid("3141-9"))
        #expect(!LOINC.isValid("8867-5") && !LOINC.isValid("88674") && !LOINC.isValid("8867-") && !LOINC.isValid("abc-1"))
        let wrong = Self.coded.replacingOccurrences(of: "\"8867-4\"", with: "\"8867-3\"")
        #expect(throws: FilePositionError.self) { try decode(wrong) }
        do { _ = try decode(wrong) } catch {
            #expect("\(error)" == "plan.yaml:17:48: measure: loinc: '8867-3' is not a LOINC code; expected digits, a dash and the check digit, e.g. 8867-4 (heart rate)")
        }
    }

    @Test func everyStoreHasItsOwnIdentityThatStays() throws {
        let first = try TestStore(), second = try TestStore()
        let id = try first.store.reading { try $0.storeUUID() }
        #expect(UUID(uuidString: id) != nil)
        #expect(id != (try second.store.reading { try $0.storeUUID() }))
        let path = first.store.path
        try first.store.close()
        #expect(try CareStore(path: path).reading { try $0.storeUUID() } == id)
    }
}
