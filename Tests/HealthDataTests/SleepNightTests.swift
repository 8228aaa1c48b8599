import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Nights built by hand whose answers are known, imported as Apple Health writes them and read
/// back through `SleepNights`: every figure the issue names, each from the instants.
@Suite struct SleepNightTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A sleep analysis record: `value` is the part after HKCategoryValueSleepAnalysis.
    static func sleep(_ value: String, _ start: String, _ end: String, source: String = "Apple Watch") -> String {
        record("HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryValueSleepAnalysis" + value, unit: nil, start: start, end: end, source: source)
    }

    let fixture: HealthFixture

    init() throws { fixture = try HealthFixture() }

    func night(_ iso: String, settings: SleepSettings = .standard) throws -> SleepNight {
        let date = LocalDate(iso: iso)!
        return try fixture.store.reading { reader in
            try SleepNights.load(reader, from: date, through: date, settings: settings, zone: Self.berlin)[0]
        }
    }

    static func minutes(_ seconds: Int?) -> Double? { seconds.map { Double($0) / 60 } }

    @Test func aPlainNight() throws {
        try fixture.importXML(Self.sleep("InBed", "2026-11-20 23:00:00 +0100", "2026-11-21 07:00:00 +0100", source: "iPhone")
                              + Self.sleep("Asleep", "2026-11-20 23:20:00 +0100", "2026-11-21 06:40:00 +0100"))
        let night = try night("2026-11-21")
        let figures = try #require(night.device)
        #expect(figures.timeInBed == 480 * 60)
        #expect(figures.totalSleep == 440 * 60)
        #expect(figures.latency == 20 * 60)
        #expect(figures.wakeAfterOnset == 0)
        #expect(figures.awakenings == 0)
        #expect(abs(figures.efficiency! - 440.0 / 480) < 1e-9)
        #expect(figures.sources == ["Apple Watch", "iPhone"])
        // Midpoint of 23:20 and 06:40 is 03:00.
        #expect(SleepText.clock(figures.midpoint!, zone: Self.berlin) == "03:00")
        #expect(night.headlineSource == .device)
        // The evening before and the morning after hold nothing of it.
        #expect(try self.night("2026-11-20").isEmpty)
        #expect(try self.night("2026-11-22").isEmpty)
    }

    @Test func latencyAndTwoAwakeningsWithStages() throws {
        let d = "2026-11-21"
        try fixture.importXML(Self.sleep("InBed", "2026-11-20 22:30:00 +0100", "\(d) 06:30:00 +0100", source: "iPhone")
                              + Self.sleep("AsleepCore", "2026-11-20 22:50:00 +0100", "\(d) 01:00:00 +0100")
                              + Self.sleep("Awake", "\(d) 01:00:00 +0100", "\(d) 01:12:00 +0100")
                              + Self.sleep("AsleepCore", "\(d) 01:12:00 +0100", "\(d) 03:00:00 +0100")
                              // Three minutes awake: under the 5-minute threshold, not an awakening.
                              + Self.sleep("Awake", "\(d) 03:00:00 +0100", "\(d) 03:03:00 +0100")
                              + Self.sleep("AsleepDeep", "\(d) 03:03:00 +0100", "\(d) 04:00:00 +0100")
                              // 04:00-04:20 no sample: awake, though nothing says so.
                              + Self.sleep("AsleepREM", "\(d) 04:20:00 +0100", "\(d) 06:10:00 +0100"))
        let figures = try #require(try night(d).device)
        #expect(figures.timeInBed == 480 * 60)
        #expect(figures.totalSleep == 405 * 60)
        #expect(figures.latency == 20 * 60)
        #expect(figures.wakeAfterOnset == 35 * 60)
        #expect(figures.awakenings == 2)
        #expect(abs(figures.efficiency! - 405.0 / 480) < 1e-9)
        #expect(figures.stages[.core] == 238 * 60)
        #expect(figures.stages[.deep] == 57 * 60)
        #expect(figures.stages[.rem] == 110 * 60)
        #expect(abs(figures.share(of: .deep)! - 57.0 / 405) < 1e-9)
        // With a 15-minute threshold only the 20 minutes count.
        var settings = SleepSettings.standard
        settings.awakeningMinutes = 15
        #expect(try night(d, settings: settings).device?.awakenings == 1)
    }

    @Test func stagesBeatOverlappingUnspecifiedSleepFromASecondSource() throws {
        let d = "2026-11-21"
        try fixture.importXML(Self.sleep("AsleepCore", "2026-11-20 23:00:00 +0100", "\(d) 02:00:00 +0100")
                              + Self.sleep("AsleepDeep", "\(d) 02:00:00 +0100", "\(d) 03:00:00 +0100")
                              + Self.sleep("Awake", "\(d) 03:00:00 +0100", "\(d) 03:30:00 +0100")
                              + Self.sleep("AsleepREM", "\(d) 03:30:00 +0100", "\(d) 06:00:00 +0100")
                              + Self.sleep("AsleepUnspecified", "2026-11-20 22:45:00 +0100", "\(d) 06:15:00 +0100", source: "Sleep Cycle"))
        let figures = try #require(try night(d).device)
        // No in-bed sample: time in bed runs from the first sample to the last.
        #expect(figures.timeInBed == 450 * 60)
        // Counted once: the watch's awake half hour wins over the app's "asleep".
        #expect(figures.totalSleep == 420 * 60)
        #expect(figures.latency == 0)
        #expect(figures.wakeAfterOnset == 30 * 60)
        #expect(figures.awakenings == 1)
        #expect(figures.stages[.asleep] == 30 * 60)
        #expect(figures.stages[.core] == 180 * 60 && figures.stages[.deep] == 60 * 60 && figures.stages[.rem] == 150 * 60)
        #expect(figures.sources == ["Apple Watch", "Sleep Cycle"])
    }

    @Test func timeInBedTakesInAsleepSamplesOutsideTheInBedOnes() throws {
        try fixture.importXML(Self.sleep("InBed", "2026-11-20 23:00:00 +0100", "2026-11-21 06:00:00 +0100", source: "iPhone")
                              + Self.sleep("Asleep", "2026-11-20 23:30:00 +0100", "2026-11-21 06:45:00 +0100"))
        let figures = try #require(try night("2026-11-21").device)
        // A naive 435 / 420 would be 104 %.
        #expect(figures.timeInBed == 465 * 60)
        #expect(figures.totalSleep == 435 * 60)
        #expect(figures.efficiency! < 1)
    }

    @Test func nightsAcrossTheClockChangesLastTheirRealLength() throws {
        // Spring: 02:00 becomes 03:00 on 28 March 2027; autumn: 03:00 becomes 02:00 on 25 October 2026.
        try fixture.importXML(Self.sleep("InBed", "2027-03-27 23:00:00 +0100", "2027-03-28 07:00:00 +0200", source: "iPhone")
                              + Self.sleep("Asleep", "2027-03-27 23:30:00 +0100", "2027-03-28 06:30:00 +0200")
                              + Self.sleep("InBed", "2026-10-24 23:00:00 +0200", "2026-10-25 07:00:00 +0100", source: "iPhone")
                              + Self.sleep("Asleep", "2026-10-24 23:30:00 +0200", "2026-10-25 06:30:00 +0100"))
        let spring = try #require(try night("2027-03-28").device)
        #expect(spring.timeInBed == 7 * 3600)
        #expect(spring.totalSleep == 6 * 3600)
        let autumn = try #require(try night("2026-10-25").device)
        #expect(autumn.timeInBed == 9 * 3600)
        #expect(autumn.totalSleep == 8 * 3600)
        // The window of the autumn night runs 25 hours: 18:00 +0200 to 18:00 +0100.
        #expect(SleepNights.place(LocalDate(iso: "2026-10-25")!.instant(minutes: 17 * 60 + 59, in: Self.berlin), settings: .standard, zone: Self.berlin)
                == .night(LocalDate(iso: "2026-10-25")!))
    }

    @Test func aNightAcrossTheEndOfAMonthBelongsToTheMorning() throws {
        try fixture.importXML(Self.sleep("InBed", "2026-11-30 23:30:00 +0100", "2026-12-01 07:00:00 +0100", source: "iPhone")
                              + Self.sleep("AsleepCore", "2026-11-30 23:45:00 +0100", "2026-12-01 06:50:00 +0100"))
        #expect(try night("2026-11-30").isEmpty)
        let figures = try #require(try night("2026-12-01").device)
        #expect(figures.timeInBed == 450 * 60)
        #expect(figures.totalSleep == 425 * 60)
    }

    @Test func aNapIsListedApart() throws {
        let body = Self.sleep("InBed", "2026-11-20 23:00:00 +0100", "2026-11-21 07:00:00 +0100", source: "iPhone")
            + Self.sleep("Asleep", "2026-11-20 23:20:00 +0100", "2026-11-21 06:40:00 +0100")
            + Self.sleep("Asleep", "2026-11-21 14:00:00 +0100", "2026-11-21 14:40:00 +0100")
        try fixture.importXML(body)
        // 18:00-18:00: the nap lies in the night's window, hours after the main sleep.
        let night = try night("2026-11-21")
        #expect(night.device?.totalSleep == 440 * 60)
        #expect(night.naps.count == 1)
        #expect(night.naps.first?.totalSleep == 40 * 60)
        // 20:00-12:00: the nap is outside every window, a nap of the day it was taken.
        var settings = SleepSettings.standard
        (settings.windowStart, settings.windowEnd) = SleepSettings.window("20:00-12:00")!
        let narrow = try self.night("2026-11-21", settings: settings)
        #expect(narrow.device?.totalSleep == 440 * 60)
        #expect(narrow.naps.map(\.totalSleep) == [40 * 60])
    }

    @Test func inBedWithoutSleepSaysSleepWasNotMeasured() throws {
        try fixture.importXML(Self.sleep("InBed", "2026-11-20 23:00:00 +0100", "2026-11-21 07:00:00 +0100", source: "iPhone"))
        let figures = try #require(try night("2026-11-21").device)
        #expect(figures.timeInBed == 480 * 60)
        #expect(!figures.sleepMeasured)
        #expect(figures.efficiency == nil)
        #expect(figures.latency == nil && figures.awakenings == nil)
    }

    /// alxdrcirilo-export.xml: an iPhone in-bed stretch of 85 s at 00:55 and a watch AsleepCore of
    /// 12.5 min at 03:27 (both +0200) on 1 January 2024.
    @Test func theRealExportsSleepRecords() throws {
        try fixture.importFile(TestData.path("alxdrcirilo-export.xml"))
        let date = LocalDate(iso: "2024-01-01")!
        let night = try fixture.store.reading { reader in
            try SleepNights.load(reader, from: date, through: date, settings: .standard, zone: TimeZone(identifier: "Europe/Amsterdam")!)[0]
        }
        let figures = try #require(night.device)
        #expect(figures.timeInBed == 85 + 750)
        #expect(figures.totalSleep == 750)
        #expect(figures.latency == (3 * 3600 + 27 * 60 + 53) - (55 * 60 + 28))
        #expect(figures.wakeAfterOnset == 0)
        #expect(abs(figures.efficiency! - 750.0 / 835) < 1e-9)
        #expect(figures.stages[.core] == 750)
        #expect(figures.sources == ["Alexandre's Apple Watch", "Alexandre's iPhone"])
    }
}
