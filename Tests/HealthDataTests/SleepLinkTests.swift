import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// A sleep diary linked to HealthKit's sleep analysis, a diary and a watch on the same night, and
/// the bedside timer.
@Suite struct SleepLinkTests {
    static func plan(headline: String = "device") -> String {
        """
        title: Sleep
        activities:
          - id: diary
            kind: assessment
            title: Sleep diary
            schedule: {start: 2026-11-01, daily: 1, times: ["07:00"]}
            measure: {type: sleep, headline: \(headline), healthkit: HKCategoryTypeIdentifierSleepAnalysis}
        """
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    let fixture: HealthFixture
    let clock = CareClock(now: Date(timeIntervalSince1970: TimeInterval(HealthFixture.now)), timeZone: SleepLinkTests.berlin)

    init() throws {
        fixture = try HealthFixture()
        fixture.store.fillingLinkedActivities()
    }

    func importPlan(headline: String = "device") throws {
        try fixture.store.importPlan(try PlanDecoder(file: "plan.yaml").decode(Self.plan(headline: headline)), effective: LocalDate(iso: "2026-11-01")!,
                                     clock: clock)
    }

    func night(_ iso: String) throws -> SleepNight {
        let date = LocalDate(iso: iso)!
        return try fixture.store.reading { reader in
            try SleepNights.load(reader, from: date, through: date, settings: try reader.plan().sleepSettings(on: date), zone: Self.berlin)[0]
        }
    }

    let watchNight = SleepNightTests.sleep("InBed", "2026-11-20 23:00:00 +0100", "2026-11-21 07:00:00 +0100", source: "iPhone")
        + SleepNightTests.sleep("Asleep", "2026-11-20 23:20:00 +0100", "2026-11-21 06:40:00 +0100")

    @Test func theWatchFillsTheDiaryUntilThePersonWritesIt() throws {
        try importPlan()
        try fixture.importXML(watchNight)
        let filled = try #require(try fixture.store.outcomes(activityId: "diary", from: LocalDate(iso: "2026-11-21")!, to: LocalDate(iso: "2026-11-21")!).first)
        #expect(filled.source == "Apple Health · Apple Watch, iPhone")
        #expect(ReadingText.reading(filled.values, measure: .sleepDiary()) == "23:00–07:00 · asleep 7 h 20 min · 92 %")
        // A filled diary is the device's figures again, not a diary entry.
        var night = try night("2026-11-21")
        #expect(night.diary == nil && night.device != nil)

        // The person writes the diary: both are kept, side by side; the device leads by default.
        try fixture.store.logSleep("diary", entry: SleepDiary.Entry(bed: "23:00", latency: "40", wake: "06:30", up: "07:00", quality: "2"),
                                   date: LocalDate(iso: "2026-11-21")!, clock: clock)
        night = try self.night("2026-11-21")
        #expect(night.device?.totalSleep == 440 * 60)
        #expect(night.diary?.totalSleep == 410 * 60)
        #expect(night.quality == 2)
        #expect(night.headlineSource == .device && night.headline == night.device)
        // The outcome is the typed one now.
        #expect(try fixture.store.outcomes(activityId: "diary").filter { $0.date == LocalDate(iso: "2026-11-21")! }.map(\.source) == [nil])
    }

    @Test func headlineDiaryPutsTheDiaryFirst() throws {
        try importPlan(headline: "diary")
        try fixture.importXML(watchNight)
        try fixture.store.logSleep("diary", entry: SleepDiary.Entry(bed: "23:00", latency: "40", wake: "06:30", up: "07:00"),
                                   date: LocalDate(iso: "2026-11-21")!, clock: clock)
        let night = try night("2026-11-21")
        #expect(night.headlineSource == .diary && night.headline?.totalSleep == 410 * 60)
    }

    @Test func theBedsideTimerRecordsTimeInBed() throws {
        try importPlan()
        func at(_ local: String) -> CareClock {
            try! CareClock.fromEnvironment(["CAREPLAN_NOW": local, "TZ": "Europe/Berlin"])
        }
        try fixture.store.startSleepTimer(clock: at("2026-11-21T23:05"))
        #expect(throws: SleepTimerError.self) { try fixture.store.startSleepTimer(clock: at("2026-11-21T23:10")) }
        #expect(throws: SleepTimerError.self) { try fixture.store.stopSleepTimer(clock: at("2026-11-21T22:00")) }
        let timed = try fixture.store.stopSleepTimer(clock: at("2026-11-22T07:02"))
        #expect(timed.placement == .night(LocalDate(iso: "2026-11-22")!))
        #expect(throws: SleepTimerError.notRunning) { try fixture.store.stopSleepTimer(clock: at("2026-11-22T07:03")) }
        let night = try night("2026-11-22")
        let figures = try #require(night.device)
        #expect(figures.timeInBed == (7 * 60 + 57) * 60)
        #expect(!figures.sleepMeasured)
        #expect(figures.sources == [SleepTimer.sourceName])
        // An afternoon in bed the same day is a nap, and says so.
        try fixture.store.startSleepTimer(clock: at("2026-11-22T14:00"))
        #expect(try fixture.store.stopSleepTimer(clock: at("2026-11-22T14:40")).placement == .nap(LocalDate(iso: "2026-11-22")!))
        #expect(try self.night("2026-11-22").naps.map(\.timeInBed) == [40 * 60])
        #expect(try self.night("2026-11-22").device?.timeInBed == (7 * 60 + 57) * 60)
        // A forgotten timer is not a night.
        try fixture.store.startSleepTimer(clock: at("2026-11-22T23:00"))
        #expect(throws: SleepTimerError.self) { try fixture.store.stopSleepTimer(clock: at("2026-11-24T07:00")) }
        #expect(try fixture.store.sleepTimer() != nil)
        try fixture.store.cancelSleepTimer()
        #expect(try fixture.store.sleepTimer() == nil)
    }
}
