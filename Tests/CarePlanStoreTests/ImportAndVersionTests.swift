import Foundation
import Testing
@testable import CarePlanStore

@Suite struct ImportAndVersionTests {
    let now = clock("2026-11-21T09:30")

    @Test func reimportingTheSameFileChangesNothing() throws {
        let test = try TestStore.withSamplePlan()
        let before = try test.count("activityVersion")
        let report = try test.store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-21"), clock: now)
        #expect(report.changedNothing)
        #expect(report.changes.allSatisfy { $0.change == .unchanged })
        #expect(try test.count("activityVersion") == before)
    }

    @Test func anEditedActivityGetsAVersionAndPastDaysKeepTheirSchedule() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.markDone("ice-knee", date: date("2026-11-10"), occurrence: 2, clock: now)
        let edited = samplePlanYAML.replacingOccurrences(of: "daily: 3, times: [\"08:00\", \"14:00\", \"20:00\"]", with: "daily: 2, times: [\"09:00\", \"21:00\"]")
        let report = try test.store.importPlan(try decode(edited), effective: date("2026-11-15"), clock: now)
        #expect(report.changes.first { $0.id == "ice-knee" }?.change == .changed(version: 2, effective: date("2026-11-15")))
        #expect(report.changes.filter { $0.change == .unchanged }.count == 10)

        let before = try test.store.day(date("2026-11-10")).items.first { $0.activity.id == "ice-knee" }!
        #expect(before.events.map(\.time?.description) == ["08:00", "14:00", "20:00"])
        #expect(before.events[2].isDone)
        let after = try test.store.day(date("2026-11-15")).items.first { $0.activity.id == "ice-knee" }!
        #expect(after.events.map(\.time?.description) == ["09:00", "21:00"])
        #expect(try test.store.plan().history("ice-knee")?.versions.count == 2)
        // The outcome from before the change is still there and still counts.
        #expect(try test.store.outcomes(activityId: "ice-knee").count == 1)
    }

    @Test func aVersionThatWouldOrphanAnOutcomeIsRefusedAndWritesNothing() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.markDone("ice-knee", date: date("2026-11-20"), occurrence: 2, clock: now)
        let edited = samplePlanYAML
            .replacingOccurrences(of: "title: Knee recovery", with: "title: Renamed")
            .replacingOccurrences(of: "daily: 3, times: [\"08:00\", \"14:00\", \"20:00\"]", with: "daily: 2")
        #expect(throws: CarePlanError.versionBreaksOutcomes(id: "ice-knee", effective: date("2026-11-15"), date: date("2026-11-20"), occurrence: 2)) {
            try test.store.importPlan(try decode(edited), effective: date("2026-11-15"), clock: now)
        }
        #expect(try test.store.plan().title == "Knee recovery")
        #expect(try test.count("activityVersion") == 11)
        // From the day after the outcome, the change is fine.
        try test.store.importPlan(try decode(edited), effective: date("2026-11-21"), clock: now)
        #expect(try test.store.plan().title == "Renamed")
    }

    @Test func changingAnActivitysKindIsRefusedAndNothingIsWritten() throws {
        let test = try TestStore.withSamplePlan()
        let edited = samplePlanYAML.replacingOccurrences(of: "title: Knee recovery", with: "title: Other") + """

              - id: new-one
                kind: intervention
                title: New
                schedule: {start: 2026-11-01, daily: 1}
              - id: temperature
                kind: intervention
                title: Temperature
                schedule: {start: 2026-11-01, daily: 1}
            """
        // `temperature` appears twice in this file, so the decoder refuses it first.
        #expect(throws: PlanFileError.self) { try decode(edited) }
        var plan = try decode(samplePlanYAML)
        plan.title = "Other"
        plan.activities.insert(Activity(id: "new-one", kind: .intervention, title: "New", schedule: Schedule(start: date("2026-11-01"), pattern: .daily(1))), at: 0)
        let index = plan.activities.firstIndex { $0.id == "temperature" }!
        plan.activities[index] = Activity(id: "temperature", kind: .intervention, title: "T", schedule: Schedule(start: date("2026-11-01"), pattern: .daily(1)))
        #expect(throws: CarePlanError.kindChanged(id: "temperature", from: .assessment, to: .intervention)) {
            try test.store.importPlan(plan, effective: date("2026-11-21"), clock: now)
        }
        #expect(try test.store.plan().history("new-one") == nil)
        #expect(try test.store.plan().title == "Knee recovery")
    }

    @Test func aVersionDatedBeforeTheImportDayGovernsFromItsDate() throws {
        let test = try TestStore.withSamplePlan()
        var plan = try decode(samplePlanYAML)
        plan.activities[0].title = "Ice the knee (20 min)"
        try test.store.importPlan(plan, effective: date("2026-11-18"), clock: now)
        #expect(try test.store.day(date("2026-11-17")).items[0].activity.title == "Ice the knee")
        #expect(try test.store.day(date("2026-11-18")).items[0].activity.title == "Ice the knee (20 min)")
        #expect(try test.store.day(date("2026-11-21")).items[0].activity.title == "Ice the knee (20 min)")
        #expect(try test.store.importPlan(plan, effective: date("2026-11-18"), clock: now).changedNothing)
        #expect(try test.store.importPlan(plan, effective: date("2026-11-21"), clock: now).changedNothing)
    }

    /// A version imported later may be dated before one already there: it governs from its date
    /// until the next version's, whichever was numbered first, in a due list's read as in a full one.
    @Test func aLaterVersionDatedEarlierGovernsUntilTheNextVersionsDate() throws {
        let test = try TestStore.withSamplePlan()
        let threeTimes = "daily: 3, times: [\"08:00\", \"14:00\", \"20:00\"]"
        try test.store.importPlan(try decode(samplePlanYAML.replacingOccurrences(of: threeTimes, with: "daily: 2, times: [\"09:00\", \"21:00\"]")),
                                  effective: date("2026-11-20"), clock: now)
        try test.store.importPlan(try decode(samplePlanYAML.replacingOccurrences(of: threeTimes, with: "daily: 1, times: [\"10:00\"]")),
                                  effective: date("2026-11-10"), clock: now)
        for detail in [PlanDetail.full, .dueList] {
            let plan = try test.store.reading { try $0.plan(detail) }
            let history = try #require(plan.history("ice-knee"))
            #expect(history.versions.map(\.version) == [1, 3, 2], "in the order of their dates")
            for (day, times) in [("2026-11-05", ["08:00", "14:00", "20:00"]), ("2026-11-12", ["10:00"]), ("2026-11-21", ["09:00", "21:00"])] {
                let item = try test.store.reading { try $0.day(date(day), plan: plan, detail: detail) }.items.first { $0.activity.id == "ice-knee" }
                #expect(item?.events.map(\.time?.description) == times, "\(day), \(detail)")
            }
        }
    }

    @Test func aFutureVersionWaitsForItsDayAndTheExportOfTodayStillReimportsUnchanged() throws {
        let test = try TestStore.withSamplePlan()
        var future = try decode(samplePlanYAML)
        future.activities[0].schedule.pattern = .daily(2)
        future.activities[0].schedule.times = Array(future.activities[0].schedule.times.prefix(2))
        try test.store.importPlan(future, effective: date("2026-12-01"), clock: now)
        #expect(try test.store.day(date("2026-11-30")).items[0].events.count == 3)
        #expect(try test.store.day(date("2026-12-01")).items[0].events.count == 2)
        let exportedToday = try test.store.plan().plan(on: date("2026-11-21"))
        for _ in 0..<2 {
            #expect(try test.store.importPlan(exportedToday, effective: date("2026-11-21"), clock: now).changedNothing)
        }
        #expect(try test.store.plan().history("ice-knee")?.versions.count == 2)
    }

    @Test func activitiesLeftOutOfAFileAreKept() throws {
        let test = try TestStore.withSamplePlan()
        var plan = try decode(samplePlanYAML)
        plan.activities.removeAll { $0.id == "walk" }
        let report = try test.store.importPlan(plan, effective: date("2026-11-21"), clock: now)
        #expect(report.changes.last?.id == "walk")
        #expect(report.changes.last?.change == .notInFile)
        #expect(try test.store.plan().history("walk") != nil)
    }

    @Test func endingAnActivityKeepsItsHistoryAndRefusesToOrphanOutcomes() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.markDone("walk", date: date("2026-11-18"), clock: now)
        #expect(throws: CarePlanError.endBeforeOutcomes(id: "walk", end: date("2026-11-15"), firstLater: date("2026-11-18"), count: 1)) {
            try test.store.end("walk", on: date("2026-11-15"))
        }
        try test.store.end("walk", on: date("2026-11-18"))
        #expect(try test.store.day(date("2026-11-18")).items.contains { $0.activity.id == "walk" })
        #expect(try !test.store.day(date("2026-11-19")).items.contains { $0.activity.id == "walk" })
        #expect(try test.store.outcomes(activityId: "walk").count == 1)
        #expect(throws: CarePlanError.self) { try test.store.markDone("walk", date: date("2026-11-19"), clock: now) }
        // The exported plan carries the end date and re-imports without a change.
        let exported = try PlanEncoder.yaml(try test.store.plan().plan(on: date("2026-11-21")))
        #expect(exported.contains("end: 2026-11-18"))
        #expect(try test.store.importPlan(try decode(exported), effective: date("2026-11-21"), clock: now).changedNothing)
        // Ending it later than it already ends changes nothing and says so.
        #expect(try test.store.end("walk", on: date("2026-11-25")) == date("2026-11-18"))
        #expect(try test.store.plan().history("walk")?.activity(on: date("2026-11-18")).schedule.end == date("2026-11-18"))
    }

    @Test func exportedPlanReimportsIntoAFreshStoreAsTheSamePlan() throws {
        let test = try TestStore.withSamplePlan()
        let exported = try PlanEncoder.yaml(try test.store.plan().plan(on: date("2026-11-21")))
        let other = try TestStore()
        try other.store.importPlan(try decode(exported), effective: date("2026-11-21"), clock: now)
        #expect(try other.store.plan().plan(on: date("2026-11-21")) == test.store.plan().plan(on: date("2026-11-21")))
        #expect(try other.store.plan().plan(on: date("2026-11-21")) == decode(samplePlanYAML))
    }
}

/// `careplan status`, `due` and `remind` read the plan with `.dueList`: what they show must be what
/// the whole plan says, for every sample plan careplan offers (measures, sleep diaries, weekly and
/// every-N-days patterns, optional and as-needed activities, graces).
@Suite struct DueListPlanReadTests {
    static let samplePlans = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-plans")

    @Test(arguments: try! FileManager.default.contentsOfDirectory(atPath: samplePlans.path).filter { $0.hasSuffix(".yaml") }.sorted())
    func aDueListReadKeepsEverySchedule(_ file: String) throws {
        let test = try TestStore()
        let plan = try PlanDecoder.load(path: Self.samplePlans.appendingPathComponent(file).path)
        let now = clock("2026-11-21T09:30")
        _ = try test.store.importPlan(plan, effective: date("2026-11-01"), clock: now)
        // A second version for every activity, so the read pairs each version with its own times.
        var later = plan
        for index in later.activities.indices { later.activities[index].title += " (v2)" }
        _ = try test.store.importPlan(later, effective: date("2026-11-20"), clock: now)

        let (full, dueList) = try test.store.reading { (try $0.plan(.full), try $0.plan(.dueList)) }
        #expect(dueList.histories.count == full.histories.count && !full.histories.isEmpty)
        #expect(dueList.title == full.title && dueList.patient == full.patient && dueList.reminders == full.reminders)
        for (short, whole) in zip(dueList.histories, full.histories) {
            #expect(short.id == whole.id && short.kind == whole.kind && short.trackedFrom == whole.trackedFrom)
            #expect(short.versions.map(\.version) == whole.versions.map(\.version) && short.versions.count == 2)
            for (a, b) in zip(short.versions, whole.versions) {
                #expect(a.effectiveFrom == b.effectiveFrom)
                #expect(a.activity.title == b.activity.title && a.activity.schedule == b.activity.schedule)
                #expect(a.activity.optional == b.activity.optional && a.activity.graceMinutes == b.activity.graceMinutes)
                // What a due list leaves out.
                #expect(a.activity.measure == nil && a.activity.health == nil && a.activity.text == nil)
            }
        }
        // Some of the day done (the last occurrence of each scheduled intervention), so a due list's read of
        // the day's outcomes is compared too.
        let recorded = try test.store.reading { try $0.day(date("2026-11-21"), plan: full) }.items.filter { !$0.activity.schedule.isAsNeeded }
        for item in recorded where item.activity.kind == .intervention {
            try test.store.markDone(item.activity.id, date: date("2026-11-21"), occurrence: item.events.count - 1, clock: now)
        }
        // The same day's due list either way, at every hour.
        let day = try test.store.reading { try $0.day(date("2026-11-21"), plan: full) }
        let shortDay = try test.store.reading { try $0.day(date("2026-11-21"), plan: dueList, detail: .dueList) }
        let done = { (day: DayAgenda) in day.items.flatMap(\.events).filter(\.isDone).map { "\($0.activityId) \($0.occurrence)" } }
        #expect(done(shortDay) == done(day))
        #expect(done(day).count == recorded.filter { $0.activity.kind == .intervention }.count)
        for hour in stride(from: 0, to: 24 * 60, by: 60) {
            let whole = DueList(day: day, reminders: full.reminders, minutesIntoDay: hour, within: 30)
            let short = DueList(day: shortDay, reminders: dueList.reminders,
                                minutesIntoDay: hour, within: 30)
            #expect(short.items.map { "\($0.activity.id) \($0.occurrence) \($0.state)" } == whole.items.map { "\($0.activity.id) \($0.occurrence) \($0.state)" })
        }
    }
}
