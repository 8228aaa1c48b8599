import CarePlanStore
import FHIR
import Foundation
import Testing

/// careplan's schedules through FHIR Timing and back, and FHIR timings careplan approximates.
@Suite struct ScheduleTimingTests {
    static let samplePlans = ["heart-failure", "hypertension", "knee-replacement", "sleep-hygiene", "type-2-diabetes"]

    /// Every schedule of every sample plan comes back from its Timing as it was, with no note.
    @Test(arguments: samplePlans)
    func sampleSchedulesRoundTrip(plan name: String) throws {
        let plan = try PlanDecoder.load(path: Examples.repository.appendingPathComponent("sample-plans/\(name).yaml").path)
        for activity in plan.activities {
            let timing = ScheduleTiming.timing(activity.schedule)
            let back = ScheduleTiming.schedule(timing, start: date("2000-01-01"), end: nil)
            #expect(back.schedule == activity.schedule, "\(name) \(activity.id): \(activity.schedule.summary) came back as \(back.schedule.summary)")
            #expect(back.notes.isEmpty, "\(name) \(activity.id): \(back.notes)")
        }
    }

    func schedule(_ json: String) throws -> ScheduleTiming.Reading {
        let timing = try JSONDecoder().decode(Timing.self, from: Data(json.utf8))
        return ScheduleTiming.schedule(timing, start: date("2026-01-05"), end: nil)
    }

    @Test func everyEightHoursIsThreeTimesADay() throws {
        let read = try schedule(#"{"repeat": {"frequency": 1, "period": 8, "periodUnit": "h"}}"#)
        #expect(read.schedule.pattern == .daily(3))
        #expect(read.notes.isEmpty)
    }

    @Test func twiceAWeekOnNamedDaysIsWeekly() throws {
        let read = try schedule(#"{"repeat": {"frequency": 2, "period": 1, "periodUnit": "wk", "dayOfWeek": ["thu", "mon"], "timeOfDay": ["09:00:00"]}}"#)
        #expect(read.schedule.pattern == .weekly([.mon: 1, .thu: 1]))
        #expect(read.schedule.times.map(\.description) == ["09:00"])
    }

    @Test func approximationsAreNamed() throws {
        let monthly = try schedule(#"{"repeat": {"frequency": 1, "period": 1, "periodUnit": "mo"}}"#)
        #expect(monthly.schedule.pattern == .every(days: 30, times: 1))
        #expect(monthly.notes == ["monthly: taken as every 30 days"])
        let perMinute = try schedule(#"{"repeat": {"frequency": 1, "period": 10, "periodUnit": "min"}}"#)
        #expect(perMinute.schedule.isAsNeeded)
        #expect(perMinute.notes.first?.contains("cannot be a careplan schedule") == true)
        let events = try schedule(#"{"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "when": ["ACM", "ACD", "ACV"]}}"#)
        #expect(events.schedule.pattern == .daily(3))
        #expect(events.notes.first?.contains("ACM, ACD, ACV") == true)
        let mismatch = try schedule(#"{"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "timeOfDay": ["08:00:00", "20:00:00"]}}"#)
        #expect(mismatch.schedule.pattern == .daily(2))
        #expect(mismatch.notes == ["3 a period but 2 times of day: taken as 2"])
        let bounded = try schedule(#"{"repeat": {"boundsDuration": {"value": 2, "code": "wk"}, "frequency": 1, "period": 1, "periodUnit": "d"}}"#)
        #expect(bounded.schedule.end == date("2026-01-18"))
    }

    /// A plan scheduled in words keeps the words as instructions and says so.
    @Test func aScheduledStringBecomesInstructions() throws {
        var plan = try JSONSerialization.jsonObject(with: Data(contentsOf: Examples.folder.appendingPathComponent("careplan-example-f001-heart.json"))) as! [String: Any]
        var activities = plan["activity"] as! [[String: Any]]
        var detail = activities[0]["detail"] as! [String: Any]
        detail["doNotPerform"] = false
        activities[0]["detail"] = detail
        plan["activity"] = activities
        let resource = try FHIRFile.decode(try JSONSerialization.data(withJSONObject: plan), file: "f001.json")
        let read = try CarePlanReader(file: "f001.json", today: date("2026-11-24")).read(resource)
        let activity = try #require(read.plan.activities.first)
        #expect(activity.schedule.isAsNeeded)
        #expect(activity.instructions == "When: \(detail["scheduledString"] as! String)")
        #expect(read.notes.contains { $0.contains("is scheduled in words") })
    }

    /// A clinic's long texts are cut to what a plan file takes, and the import says so.
    @Test func overlongTextsAreCutAndNoted() throws {
        let long = String(repeating: "Walk ", count: 80)
        let json = #"{"resourceType": "CarePlan", "status": "active", "intent": "plan", "title": "T", "period": {"start": "2026-11-01"}, "#
            + #""subject": {"display": "P"}, "activity": [{"detail": {"status": "scheduled", "code": {"text": ""# + long
            + #""}, "scheduledTiming": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}}}}]}"#
        let read = try CarePlanReader(file: "long.json", today: date("2026-11-24")).read(try FHIRFile.decode(Data(json.utf8), file: "long.json"))
        #expect(read.plan.activities.first?.title.count == InputLimits.shortText)
        #expect(read.notes.contains("activity 1's title was \(long.count) characters; cut to 200"), "\(read.notes)")
    }
}
