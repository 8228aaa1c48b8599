import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData
import Testing

/// The per-day figures statistics read (`quantityDay`, `mergedDay`) say what the samples say,
/// however the samples arrived: one import, an import in two parts, a forget, a new priority.
@Suite struct DayFiguresTests {
    /// What `quantityDay` should hold, recounted from the samples by SQL (sums to 6 places: the
    /// order of adding differs).
    static func recounted(_ fixture: HealthFixture) throws -> [String] {
        try fixture.store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.identifier AS type, s.day, o.name AS source, COUNT(*) AS n, ROUND(SUM(s.value), 6) AS total, MIN(s.value) AS low,
                    MAX(s.value) AS high, MAX(s.start) AS latest
                FROM quantitySample s JOIN healthType t ON t.id = s.typeId JOIN healthSource o ON o.id = s.sourceId
                GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
                """).map(\.description)
        }
    }

    static func kept(_ fixture: HealthFixture) throws -> [String] {
        try fixture.store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.identifier AS type, q.day, o.name AS source, q.count AS n, ROUND(q.sum, 6) AS total, q.minimum AS low,
                    q.maximum AS high, q.lastStart AS latest
                FROM quantityDay q JOIN healthType t ON t.id = q.typeId JOIN healthSource o ON o.id = q.sourceId ORDER BY 1, 2, 3
                """).map(\.description)
        }
    }

    static func lastValues(_ fixture: HealthFixture) throws -> [Double] {
        try fixture.values("""
            SELECT q.lastValue FROM quantityDay q JOIN healthType t ON t.id = q.typeId JOIN healthSource o ON o.id = q.sourceId
            ORDER BY t.identifier, q.day, o.name
            """)
    }

    @Test(arguments: RealExportTests.files) func figuresKeptAtImportMatchTheSamplesAlsoWhenImportedInTwoParts(file: String) throws {
        let whole = try HealthFixture()
        try whole.importFile(TestData.path(file))
        #expect(try Self.kept(whole) == Self.recounted(whole))
        #expect(try !Self.kept(whole).isEmpty)
        // The latest sample's value as the migration's recount finds it.
        let lastValues = try Self.lastValues(whole)
        try whole.store.write { try HealthDayTables.rebuildQuantityDays($0, where: "1") }
        #expect(try Self.lastValues(whole) == lastValues)

        // The later half first, then the whole file: the days where the parts meet add up.
        let middle = try whole.count("SELECT day FROM quantitySample ORDER BY day LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM quantitySample)")
        let parts = try HealthFixture()
        try parts.importFile(TestData.path(file), since: LocalDate(dayNumber: middle))
        try parts.importFile(TestData.path(file), again: true)
        #expect(try Self.kept(parts) == Self.kept(whole))
        #expect(try Self.lastValues(parts) == lastValues)
    }

    @Test func overlappingDaysKeepTheirMergedTotalThroughPriorityAndForget() throws {
        let fixture = try HealthFixture()
        func walk(_ source: String, _ from: String, _ to: String, _ value: String) -> String {
            record(StatisticsTests.steps, value, unit: "count", start: "2026-03-02 \(from):00 +0100", end: "2026-03-02 \(to):00 +0100", source: source)
        }
        let watch = walk("Watch", "10:00", "10:10", "1000")
        let phone = walk("iPhone", "10:00", "10:10", "980") + walk("iPhone", "10:10", "10:20", "500")
        // The iPhone's export first: one source, no merged row; the Watch's later: the day is shared.
        try fixture.importXML(phone, name: "phone.xml")
        #expect(try fixture.count("SELECT COUNT(*) FROM mergedDay") == 0)
        try fixture.importXML(watch, name: "watch.xml")
        #expect(try fixture.values("SELECT total FROM mergedDay") == [1500])
        try fixture.store.setSourcePriority(["iPhone"], today: HealthFixture.today)
        #expect(try fixture.values("SELECT total FROM mergedDay") == [1480])
        try fixture.store.forgetSamples(SampleFilter(source: "iPhone"), today: HealthFixture.today)
        #expect(try fixture.count("SELECT COUNT(*) FROM mergedDay") == 0)
        #expect(try fixture.values("SELECT sum FROM quantityDay") == [1000])
        let day = LocalDate(iso: "2026-03-02")!
        #expect(try fixture.store.statistics(of: .stepCount, from: day, to: day, by: .day).buckets.map(\.sum) == [1000])
    }

    @Test func aDayWithoutItsMergedRowIsComputedFromTheSamples() throws {
        let fixture = try HealthFixture()
        try fixture.importXML(record(StatisticsTests.steps, "1000", unit: "count", start: "2026-03-02 10:00:00 +0100", end: "2026-03-02 10:10:00 +0100", source: "Watch")
                              + record(StatisticsTests.steps, "700", unit: "count", start: "2026-03-02 10:05:00 +0100", end: "2026-03-02 10:15:00 +0100", source: "iPhone"))
        // As a store migrated from schema v5 has it: the per-source rows, no merged ones.
        try fixture.store.write { try $0.execute(sql: "DELETE FROM mergedDay") }
        let day = LocalDate(iso: "2026-03-02")!
        #expect(try fixture.store.statistics(of: .stepCount, from: day, to: day, by: .day).buckets.map(\.sum) == [1350])
    }
}
