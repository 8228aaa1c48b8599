import Foundation
import Testing
@testable import CarePlanStore
@testable import CareSamples

@Suite struct HistoryGeneratorTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Six weeks of the sample plan.
    let first = date("2026-11-01"), last = date("2026-12-12")

    func generate(_ plan: PlanSnapshot, seed: UInt64 = 7, completion: Double = 0.9,
                  from: LocalDate? = nil, through: LocalDate? = nil) -> [Outcome] {
        HistoryGenerator(seed: seed, completion: completion)
            .outcomes(for: plan, from: from ?? first, through: through ?? last, timeZone: berlin)
    }

    func days(_ from: LocalDate, _ through: LocalDate) -> [LocalDate] {
        (from.dayNumber...through.dayNumber).map(LocalDate.init(dayNumber:))
    }

    /// Done ÷ due over the adherence-counting occurrences, computed as the store's day view does.
    func realisedCompletion(_ outcomes: [Outcome], plan: PlanSnapshot, from: LocalDate, through: LocalDate) -> Double {
        let byDay = Dictionary(grouping: outcomes, by: \.date)
        var done = 0, due = 0
        for day in days(from, through) {
            if case .due(let completed, let total) = DayAgenda(date: day, plan: plan, outcomes: byDay[day] ?? []).adherence {
                done += completed
                due += total
            }
        }
        return Double(done) / Double(due)
    }

    // MARK: Determinism

    @Test func theGeneratorIsSplitMix64() {
        // The published SplitMix64 sequence for seed 0: the stream must not change between platforms or releases.
        var random = SeededRandom(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func theSameSeedGivesTheSameHistoryAndAnotherSeedAnother() throws {
        let plan = try TestStore.withSamplePlan().store.plan()
        let history = generate(plan)
        #expect(history.count > 300)
        #expect(generate(plan) == history)
        let other = generate(plan, seed: 8)
        #expect(other != history)
        // Not merely shifted or truncated: most readings differ.
        let readings = { (outcomes: [Outcome]) in outcomes.filter { $0.activityId == "temperature" }.map { "\($0.date) \($0.values)" } }
        #expect(Set(readings(history)).intersection(readings(other)).count < readings(history).count / 2)
    }

    @Test func aDayDependsNeitherOnWhereTheWindowStartsNorOnOtherActivities() throws {
        let plan = try TestStore.withSamplePlan().store.plan()
        let whole = generate(plan)
        let window = generate(plan, from: date("2026-11-20"))
        #expect(!window.isEmpty)
        #expect(window == whole.filter { $0.date >= date("2026-11-20") })
        var fewer = plan
        fewer.histories.removeAll { $0.id == "ice-knee" || $0.id == "temperature" }
        #expect(generate(fewer) == whole.filter { $0.activityId != "ice-knee" && $0.activityId != "temperature" })
    }

    // MARK: Completion

    @Test func completionOneDoesEveryDueOccurrence() throws {
        let test = try TestStore.withSamplePlan()
        let plan = try test.store.plan()
        try test.store.insert(generated: generate(plan, completion: 1))
        for day in days(first, last) {
            let agenda = try test.store.day(day, plan: plan)
            guard case .due(let completed, let total) = agenda.adherence else {
                Issue.record("\(day): \(agenda.adherence)")
                continue
            }
            #expect(completed == total && total > 0, "\(day)")
            // Assessments too: every due reading is there.
            for item in agenda.items where !item.activity.optional && !item.activity.schedule.isAsNeeded {
                #expect(item.events.allSatisfy { $0.isDone }, "\(day) \(item.activity.id)")
            }
        }
    }

    @Test func completionZeroRecordsNothing() throws {
        let test = try TestStore.withSamplePlan()
        let plan = try test.store.plan()
        let outcomes = generate(plan, completion: 0)
        #expect(outcomes.isEmpty)
        #expect(try test.store.insert(generated: outcomes) == 0)
        #expect(try test.store.day(date("2026-11-02")).adherence == .due(completed: 0, total: 5))  // a Monday: 3 ice, stretch, anticoagulant
    }

    @Test func theRealisedCompletionIsNearTheRequestedOne() throws {
        let plan = try TestStore.withSamplePlan().store.plan()
        let rates = (1...8).map { seed in realisedCompletion(generate(plan, seed: seed), plan: plan, from: first, through: last) }
        for rate in rates { #expect((0.78...0.98).contains(rate), "\(rates)") }
        #expect((0.86...0.94).contains(average(rates)), "\(rates)")
        let low = (1...8).map { realisedCompletion(generate(plan, seed: $0, completion: 0.5), plan: plan, from: first, through: last) }
        #expect((0.42...0.58).contains(average(low)), "\(low)")
    }

    /// Two years of a simple plan, over four seeds: enough occurrences for the rates to be clear.
    func habits(completion: Double) throws -> (PlanSnapshot, [Outcome]) {
        let test = try TestStore()
        try test.store.importPlan(try decode("""
            title: Habits
            activities:
              - {id: tablet, kind: intervention, title: Tablet, schedule: {start: 2026-01-05, daily: 2, times: ["08:00", "20:00"]}}
              - {id: walk, kind: intervention, title: Walk, optional: true, schedule: {start: 2026-01-05, daily: 1}}
              - {id: relief, kind: intervention, title: Pain relief, schedule: {start: 2026-01-05, as-needed: true}}
            """), effective: date("2026-01-05"), clock: clock("2026-01-05T08:00"))
        let plan = try test.store.plan()
        let outcomes = (1...4).flatMap { seed in
            HistoryGenerator(seed: seed, completion: completion)
                .outcomes(for: plan, from: date("2026-01-05"), through: date("2028-01-02"), timeZone: berlin)
                .map { outcome in var tagged = outcome; tagged.note = "\(seed)"; return tagged }
        }
        return (plan, outcomes)
    }

    @Test func missesComeInRunsAndWeekendsAreWorse() throws {
        let (_, outcomes) = try habits(completion: 0.8)
        var missAfterMiss = 0, afterMiss = 0, missAfterDone = 0, afterDone = 0
        var missed: [Bool: Int] = [:], due: [Bool: Int] = [:]  // keyed by "is a weekend"
        for seed in 1...4 {
            let done = Set(outcomes.filter { $0.activityId == "tablet" && $0.note == "\(seed)" }
                .map { $0.date.dayNumber * 2 + $0.occurrence })
            let slots = (date("2026-01-05").dayNumber * 2)...(date("2028-01-02").dayNumber * 2 + 1)
            var previous: Bool?
            for slot in slots {
                let miss = !done.contains(slot)
                let weekend = LocalDate(dayNumber: slot / 2).weekday >= .sat
                missed[weekend, default: 0] += miss ? 1 : 0
                due[weekend, default: 0] += 1
                if let previous {
                    if previous { afterMiss += 1; missAfterMiss += miss ? 1 : 0 } else { afterDone += 1; missAfterDone += miss ? 1 : 0 }
                }
                previous = miss
            }
        }
        let overall = Double(missed[true]! + missed[false]!) / Double(due[true]! + due[false]!)
        #expect((0.16...0.24).contains(overall))
        // ρ = 0.5: about 0.6 after a miss against 0.1 after a dose taken.
        #expect(Double(missAfterMiss) / Double(afterMiss) > Double(missAfterDone) / Double(afterDone) + 0.3)
        #expect(Double(missed[true]!) / Double(due[true]!) > Double(missed[false]!) / Double(due[false]!) + 0.05)
    }

    @Test func optionalActivitiesAreDoneLessAndAsNeededOnesZeroToTwiceADay() throws {
        let (_, outcomes) = try habits(completion: 0.9)
        let tablets = outcomes.filter { $0.activityId == "tablet" }.count
        let walks = outcomes.filter { $0.activityId == "walk" }.count
        // Per scheduled occurrence: tablets twice a day, walks once.
        #expect(Double(walks) < Double(tablets) / 2 * 0.8)
        #expect(walks > tablets / 4)
        let perDay = Dictionary(grouping: outcomes.filter { $0.activityId == "relief" }) { "\($0.note!) \($0.date)" }
        #expect(Set(perDay.values.map(\.count)) == [1, 2])
        for logs in perDay.values { #expect(logs.map(\.occurrence).sorted() == Array(0..<logs.count)) }
        let daysWithRelief = perDay.keys.count
        #expect(daysWithRelief > 4 * 30 && daysWithRelief < 4 * 365)  // some days, not every day
    }

    // MARK: Readings

    @Test func readingsAreValuesTheParserAcceptsAndBehaveLikeReadings() throws {
        let plan = try TestStore.withSamplePlan().store.plan()
        let outcomes = generate(plan, through: date("2027-10-31"))
        for outcome in outcomes {
            let activity = plan.history(outcome.activityId)!.activity(on: outcome.date)
            guard let measure = activity.measure else {
                #expect(outcome.values.isEmpty)
                continue
            }
            #expect(outcome.values.map(\.name) == (measure.type == .text ? ["value"] : measure.fields.map(\.name)))
            for (field, value) in zip(measure.fields, outcome.values) {
                if let number = value.value {
                    if let range = field.range { #expect(range.contains(number), "\(outcome)") }
                    if [.integer, .scale, .boolean, .choice].contains(measure.type) { #expect(number == number.rounded(), "\(outcome)") }
                    if let decimals = field.decimals { #expect(abs(number * pow(10, Double(decimals)) - (number * pow(10, Double(decimals))).rounded()) < 1e-6) }
                }
            }
            // What a user would type for these values reads back as exactly these values.
            let inputs = measure.type == .text ? [outcome.values[0].text!] : outcome.values.map { $0.text ?? NumberText.string($0.value!) }
            #expect(try ReadingParser.values(for: activity, inputs: inputs) == outcome.values, "\(outcome)")
        }
        func numbers(_ id: String, field: Int = 0) -> [Double] {
            outcomes.filter { $0.activityId == id }.map { $0.values[field].value! }
        }
        // Temperatures wander, mostly inside normal, with some excursions out of it.
        let temperatures = numbers("temperature")
        #expect(Set(temperatures).count > 10)
        let outside = temperatures.filter { !(36.1...37.5).contains($0) }.count
        #expect(outside > 0 && outside < temperatures.count / 8)
        // Consecutive readings are close (a walk, not independent noise).
        let steps = zip(temperatures, temperatures.dropFirst()).map { abs($0 - $1) }
        let mean = average(temperatures)
        #expect(average(steps) < average(temperatures.map { abs($0 - mean) }) * 1.1)
        // Systolic and diastolic move together.
        #expect(correlation(numbers("bp", field: 0), numbers("bp", field: 1)) > 0.4)
        // Pain recovers over the weeks.
        let pain = outcomes.filter { $0.activityId == "pain" }
        let firstWeek = pain.filter { $0.date < date("2026-11-08") }.map { $0.values[0].value! }
        let sixthWeek = pain.filter { $0.date >= date("2026-12-06") && $0.date < date("2026-12-13") }.map { $0.values[0].value! }
        #expect(average(firstWeek) > average(sixthWeek) + 2.5)
        // Mostly yes; choices favour the first options.
        let slept = numbers("slept-well")
        #expect((0.7...0.97).contains(average(slept)))
        let swelling = numbers("swelling")
        let counts = (0...3).map { option in swelling.filter { $0 == Double(option) }.count }
        #expect(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0)
        // Journal entries are occasional and short.
        let journal = outcomes.filter { $0.activityId == "journal" }
        #expect(journal.count > 10 && journal.count < outcomes.filter { $0.activityId == "slept-well" }.count / 4)
        #expect(journal.allSatisfy { !$0.values[0].text!.isEmpty && $0.values[0].text!.count < 40 })
    }

    func average(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }

    func correlation(_ x: [Double], _ y: [Double]) -> Double {
        let mx = average(x), my = average(y)
        let sxy = zip(x, y).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
        let sxx = x.map { ($0 - mx) * ($0 - mx) }.reduce(0, +), syy = y.map { ($0 - my) * ($0 - my) }.reduce(0, +)
        return sxy / (sxx * syy).squareRoot()
    }

    // MARK: Schedules and clocks

    @Test func nothingIsGeneratedOutsideTheScheduleOfTheVersionInForce() throws {
        let test = try TestStore.withSamplePlan()
        let stretch = "schedule: {start: 2026-11-01, weekly: {mon: 1, wed: 1, fri: 1}}"
        let ice = #"schedule: {start: 2026-11-01, daily: 3, times: ["08:00", "14:00", "20:00"]}"#
        try #require(samplePlanYAML.contains(stretch) && samplePlanYAML.contains(ice))
        let changed = samplePlanYAML
            .replacingOccurrences(of: stretch, with: "schedule: {start: 2026-11-01, weekly: {tue: 2, thu: 1}}")
            .replacingOccurrences(of: ice, with: #"schedule: {start: 2026-11-01, daily: 1, times: ["08:00"]}"#)
        try test.store.importPlan(try decode(changed), effective: date("2026-11-20"), clock: clock("2026-11-20T08:00"))
        let plan = try test.store.plan()
        let outcomes = generate(plan, from: date("2026-10-15"), through: date("2027-01-31"))
        #expect(outcomes.map(\.date).min() == first)
        #expect(!outcomes.contains { $0.activityId == "anticoagulant" && $0.date > date("2026-11-30") })
        #expect(outcomes.contains { $0.activityId == "anticoagulant" && $0.date == date("2026-11-30") })
        for outcome in outcomes {
            let schedule = plan.history(outcome.activityId)!.activity(on: outcome.date).schedule
            #expect(schedule.covers(outcome.date))
            #expect(schedule.isAsNeeded || outcome.occurrence < schedule.occurrences(on: outcome.date), "\(outcome)")
        }
        let stretches = outcomes.filter { $0.activityId == "stretch" }
        #expect(Set(stretches.filter { $0.date < date("2026-11-20") }.map(\.date.weekday)) == [.mon, .wed, .fri])
        #expect(Set(stretches.filter { $0.date >= date("2026-11-20") }.map(\.date.weekday)) == [.tue, .thu])
        let ice3 = outcomes.filter { $0.activityId == "ice-knee" && $0.occurrence == 2 }
        #expect(!ice3.isEmpty && ice3.allSatisfy { $0.date < date("2026-11-20") })
        // And the store agrees that every one of them is a valid outcome.
        #expect(try test.store.insert(generated: outcomes) == outcomes.count)
    }

    @Test func recordingTimesFollowTheScheduleAndTheLocalClockAcrossDST() throws {
        let test = try TestStore()
        // Berlin leaves summer time on 2026-10-25.
        try test.store.importPlan(try decode(samplePlanYAML.replacingOccurrences(of: "start: 2026-11-01", with: "start: 2026-10-18")),
                                  effective: date("2026-10-18"), clock: clock("2026-10-18T08:00"))
        let plan = try test.store.plan()
        let outcomes = generate(plan, from: date("2026-10-18"), through: date("2026-11-08"))
        var calendar = Calendar(identifier: .gregorian)
        for outcome in outcomes {
            #expect(outcome.utcOffset == berlin.secondsFromGMT(for: outcome.recordedAt))
            #expect(outcome.utcOffset == (outcome.date < date("2026-10-25") ? 7200 : 3600) || outcome.date == date("2026-10-25"))
            calendar.timeZone = TimeZone(secondsFromGMT: outcome.utcOffset)!
            let local = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: outcome.recordedAt)
            #expect(LocalDate(year: local.year!, month: local.month!, day: local.day!) == outcome.date, "\(outcome)")
            let minutes = local.hour! * 60 + local.minute!
            let schedule = plan.history(outcome.activityId)!.activity(on: outcome.date).schedule
            if let time = schedule.time(ofOccurrence: outcome.occurrence) {
                #expect((time.minutes - 10)...(time.minutes + 45) ~= minutes, "\(outcome)")
            } else {
                #expect((7 * 60)...(22 * 60) ~= minutes, "\(outcome)")
            }
        }
        #expect(outcomes.contains { $0.date == date("2026-10-25") && $0.utcOffset == 3600 })
    }

    @Test func aHistoryUpToNowHasNothingLaterThanNow() throws {
        let plan = try TestStore.withSamplePlan().store.plan()
        let now = clock("2026-12-12T12:00")
        let outcomes = HistoryGenerator(seed: 7).outcomes(for: plan, days: 42, endingAt: now)
        #expect(outcomes.map(\.date).min() == first && outcomes.map(\.date).max() == last)
        #expect(outcomes.allSatisfy { $0.recordedAt <= now.now })
        #expect(outcomes == generate(plan).filter { $0.recordedAt <= now.now })
        #expect(generate(plan).contains { $0.recordedAt > now.now })
    }

    // MARK: Bulk insert

    @Test func bulkInsertRoundTrips() throws {
        let test = try TestStore.withSamplePlan()
        let outcomes = generate(try test.store.plan())
        #expect(outcomes.contains { $0.note != nil } && outcomes.contains { $0.values.count == 2 })
        #expect(try test.store.insert(generated: outcomes, batchSize: 100) == outcomes.count)
        #expect(try test.count("outcome") == outcomes.count)
        #expect(try test.count("outcomeValue") == outcomes.reduce(0) { $0 + $1.values.count })
        #expect(try test.store.outcomes() == outcomes)
        // Inserting again skips every one: each event has its outcome already.
        #expect(try test.store.insert(generated: outcomes) == 0)
        #expect(try test.count("outcome") == outcomes.count)
    }

    @Test func bulkInsertKeepsWhatWasRecordedBefore() throws {
        let test = try TestStore.withSamplePlan()
        let day = date("2026-11-05"), now = clock("2026-11-05T21:00")
        try test.store.markDone("ice-knee", date: day, occurrence: 0, note: "by hand", clock: now)
        try test.store.log("temperature", inputs: ["38.4"], date: day, clock: now)
        let outcomes = generate(try test.store.plan(), completion: 1)
        #expect(try test.store.insert(generated: outcomes) == outcomes.count - 2)
        let kept = try test.store.outcomes(from: day, to: day)
        #expect(kept.first { $0.activityId == "ice-knee" && $0.occurrence == 0 }?.note == "by hand")
        #expect(kept.first { $0.activityId == "temperature" }?.values[0].value == 38.4)
    }

    @Test func bulkInsertRejectsWhatTheStoreWouldAndWritesNothing() throws {
        let test = try TestStore.withSamplePlan()
        let plan = try test.store.plan()
        let good = generate(plan)
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let tuesday = date("2026-11-17")
        let cases: [(CarePlanError, Outcome)] = [
            (.notScheduled(id: "stretch", date: tuesday, schedule: "weekly on Mon, Wed, Fri from 2026-11-01"),
             Outcome(activityId: "stretch", date: tuesday, occurrence: 0, recordedAt: at, utcOffset: 3600)),
            (.notScheduled(id: "anticoagulant", date: date("2026-12-01"), schedule: "daily from 2026-11-01 to 2026-11-30"),
             Outcome(activityId: "anticoagulant", date: date("2026-12-01"), occurrence: 0, recordedAt: at, utcOffset: 3600)),
            (.noSuchOccurrence(id: "ice-knee", date: tuesday, occurrence: 3, count: 3),
             Outcome(activityId: "ice-knee", date: tuesday, occurrence: 3, recordedAt: at, utcOffset: 3600)),
            (.unknownActivity("icing", known: plan.histories.map(\.id)),
             Outcome(activityId: "icing", date: tuesday, occurrence: 0, recordedAt: at, utcOffset: 3600)),
            (.wrongValueCount(id: "bp", expected: ["systolic", "diastolic"], got: 1),
             Outcome(activityId: "bp", date: tuesday, occurrence: 0, recordedAt: at, utcOffset: 3600,
                     values: [ReadingValue(name: "systolic", value: 120, unit: "mmHg")])),
            (.invalidValue(id: "temperature", field: "value", message: "45 is outside the accepted range 34–43"),
             Outcome(activityId: "temperature", date: tuesday, occurrence: 0, recordedAt: at, utcOffset: 3600,
                     values: [ReadingValue(name: "value", value: 45, unit: "degC")])),
        ]
        for (error, bad) in cases {
            #expect(throws: error) { try test.store.insert(generated: good + [bad], batchSize: 50) }
        }
        #expect(try test.count("outcome") == 0)
    }
}
