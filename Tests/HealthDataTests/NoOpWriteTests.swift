import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Imports that change nothing write nothing, seen from inside the process with the store still
/// open: not one frame reaches the write-ahead log (nothing is checkpointed while the writer is
/// open, so any write would grow it), and the file stays as it was.
@Suite struct NoOpWriteTests {
    let fixture: HealthFixture
    let clock = CareClock(now: Date(timeIntervalSince1970: TimeInterval(HealthFixture.now)), timeZone: SleepLinkTests.berlin)

    init() throws {
        fixture = try HealthFixture()
        fixture.store.fillingLinkedActivities(zone: SleepLinkTests.berlin)
    }

    /// The file's and the log's bytes.
    func onDisk() throws -> [Data] {
        let path = fixture.store.path
        return [try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))]
    }

    @Test func thePlanAndTheExportAgainWriteNotAFrame() throws {
        let plan = try PlanDecoder(file: "plan.yaml").decode(SleepLinkTests.plan())
        try fixture.store.importPlan(plan, effective: LocalDate(iso: "2026-11-01")!, clock: clock)
        let export = fixture.folder.write("export.xml", HealthFixture.header
            + SleepNightTests.sleep("InBed", "2026-11-20 23:00:00 +0100", "2026-11-21 07:00:00 +0100", source: "iPhone")
            + SleepNightTests.sleep("Asleep", "2026-11-20 23:20:00 +0100", "2026-11-21 06:40:00 +0100") + "</HealthData>\n")
        try fixture.importFile(export)
        #expect(try fixture.store.outcomes(activityId: "diary").count == 1, "the night fills the diary")
        let before = try onDisk()
        #expect(!before[1].isEmpty, "the writer is open: the log holds the imports")

        #expect(try fixture.store.importPlan(plan, effective: LocalDate(iso: "2026-11-01")!, clock: clock).changedNothing)
        #expect(try onDisk() == before)
        #expect(try fixture.importFile(export, again: true).added == 0)
        #expect(try onDisk() == before)
        #expect(try fixture.importFile(export).previous != nil)
        #expect(try onDisk() == before)
    }
}
