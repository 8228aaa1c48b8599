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
