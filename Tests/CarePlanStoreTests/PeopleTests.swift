import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// Several people in one store (schema v12): each person's plan, readings, contacts and health
/// data apart from everyone else's, and a single-plan store from before becoming its first person.
@Suite struct PeopleTests {
    static let v11 = "v11: the patient's date of birth and identifiers"

    /// A store as careplan wrote it before v12: the v3 sample store migrated to v11, then given
    /// what a year of use leaves in each table that v12 rebuilds, written as v11 wrote it.
    func v11Store() throws -> TestStore.Older {
        try TestStore.Older(upTo: Self.v11) { db in
            try db.execute(sql: """
                UPDATE plan SET graceMinutes = 30, quietHours = '22:00-07:00', patientBorn = '1958-04-17';
                INSERT INTO patientIdentifier (position, system, value) VALUES (0, 'https://fhir.nhs.uk/Id/nhs-number', '9434765919');
                INSERT INTO outcome (id, activityId, date, occurrence, recordedAt, utcOffset, note) VALUES
                    (1, 'temperature', '2026-11-12', 0, '2026-11-12T06:35:00Z', 3600, 'after breakfast'),
                    (2, 'stretch', '2026-11-12', 0, '2026-11-12T07:00:00Z', 3600, NULL);
                INSERT INTO outcomeValue (outcomeId, position, name, value, unit, enteredValue, enteredUnit)
                    VALUES (1, 0, 'value', 37.9, 'degC', 37.9, 'degC');
                INSERT INTO contact (name, position) VALUES ('Dr Amira Haddad', 0);
                INSERT INTO contactVersion (name, version, effectiveFrom, importedAt, role, groupName, phone)
                    VALUES ('Dr Amira Haddad', 1, '2026-11-01', '2026-11-01T07:00:00Z', 'GP', 'care-team', '+44 20 7946 0000');
                INSERT INTO reminderSent (activityId, date, occurrence, stage, sentAt)
                    VALUES ('stretch', '2026-11-12', 0, 'due', '2026-11-12T08:00:00+01:00');
                INSERT INTO fhirObservation (identifier, activityId, date, occurrence, importedAt)
                    VALUES ('urn:clinic|obs-1', 'temperature', '2026-11-12', 0, '2026-11-13T09:00:00Z');
                INSERT INTO healthType (id, identifier) VALUES (1, 'HKQuantityTypeIdentifierStepCount');
                INSERT INTO healthSource (id, name, defaultRank) VALUES (1, 'Sam''s Apple Watch', 0);
                INSERT INTO quantitySample (typeId, sourceId, start, end, utcOffset, day, value, unit)
                    VALUES (1, 1, 1763020800, 1763021400, 3600, 20404, 1200, 'count'), (1, 1, 1763024400, 1763025000, 3600, 20404, 800, 'count');
                INSERT INTO sleepTimer (id, start, utcOffset) VALUES (1, 1763074800, 3600);
                """)
            // As v11 kept them: the day summaries of those outcomes.
            try db.execute(sql: """
                INSERT INTO daySummary (activityId, field, day, count, sum, min, max, last) VALUES
                    ('temperature', '', 20404, 1, NULL, NULL, NULL, NULL),
                    ('temperature', 'value', 20404, 1, 37.9, 37.9, 37.9, 37.9),
                    ('stretch', '', 20404, 1, NULL, NULL, NULL, NULL)
                """)
        }
    }

    @Test func aSinglePlanStoreBecomesItsPatientsWithNothingLost() throws {
        let old = try v11Store(), path = old.path
        let store = try CareStore(path: path)
        #expect(store.migrationBackup == path + ".v11-backup")
        #expect(try store.people() == [Person(id: 1, name: "Sam")])
        #expect(store.person?.name == "Sam", "the only person is the one the store opens for")
        let plan = try store.plan()
        #expect(plan.title == "Knee recovery" && plan.patient == "Sam" && plan.person == "Sam")
        #expect(plan.histories.map(\.id) == (try decode(samplePlanYAML)).activities.map(\.id))
        #expect(plan.history("temperature")?.versions.count == 2)
        #expect(plan.reminders.graceMinutes == 30 && plan.reminders.quietText == "22:00-07:00")
        #expect(plan.patientDetails.born == date("1958-04-17") && plan.patientDetails.identifiers.map(\.value) == ["9434765919"])
        #expect(plan.contactHistories.map(\.name) == ["Dr Amira Haddad"])
        let outcomes = try store.outcomes(from: date("2026-11-12"), to: date("2026-11-12"))
        #expect(outcomes.map(\.activityId) == ["stretch", "temperature"])
        #expect(outcomes.last?.values.first?.value == 37.9 && outcomes.last?.note == "after breakfast")
        #expect(try store.reading { try $0.remindersSent(on: date("2026-11-12")) } == ["stretch/2026-11-12/0/due"])
        #expect(try store.reading { try $0.importedObservations() }.keys.sorted() == ["urn:clinic|obs-1"])
        try store.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM quantitySample WHERE personId = 1") == 2)
            // The per-day figures were made again from the samples, for the person who owns them.
            let day = try #require(try Row.fetchOne(db, sql: "SELECT count, sum FROM quantityDay WHERE personId = 1 AND day = 20404"))
            #expect(day[0] as Int == 2 && day[1] as Double == 2000)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sleepTimer WHERE personId = 1") == 1)
        }
        let check = try store.check(full: true)
        #expect(check.isHealthy, "\(check)")
        #expect(check.people == 1 && check.outcomes == 2)
        // And it keeps working: a reading on a day it had none.
        try store.log("temperature", inputs: ["37.2"], date: date("2026-11-13"), clock: clock("2026-11-13T07:35"))
        #expect(try store.check().isHealthy)
    }

    @Test func anEmptyStoreHasNobodyUntilTheFirstPlan() throws {
        let test = try TestStore()
        #expect(try test.store.people().isEmpty && test.store.person == nil)
        #expect(try test.store.plan().isEmpty)
        try test.store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        #expect(try test.store.people().map(\.name) == ["Sam"], "named after the plan's patient")
    }

    /// Two people with the same plan, so the same activity ids: what one records, the other never sees.
    @Test func twoPeopleWithTheSameIdsNeverMeet() throws {
        let test = try TestStore.withSamplePlan()
        let store = test.store
        let sam = try #require(store.person)
        try store.choosePerson("Mum", adding: true)
        #expect(try store.people().count == 1, "a new name is added by the first write, not by choosing it")
        try store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        let mum = try #require(store.person)
        #expect(mum.name == "Mum" && mum.id != sam.id)
        try store.log("temperature", inputs: ["38.4"], date: date("2026-11-12"), clock: clock("2026-11-12T07:35"))
        try store.markDone("stretch", date: date("2026-11-13"), clock: clock("2026-11-13T08:00"))
        try store.markReminded([("stretch", date("2026-11-13"), 0, "due")], clock: clock("2026-11-13T08:00"))

        store.choose(sam)
        #expect(try store.outcomes(from: nil, to: nil).isEmpty, "Sam has recorded nothing")
        let stretch = { try store.reading { try $0.day(date("2026-11-13"), detail: .dueList) }.items.first { $0.activity.id == "stretch" }?.events.first?.isDone }
        #expect(try stretch() == false, "a due list's read of the day sees Sam's outcomes only")
        #expect(try store.reading { try $0.remindersSent(on: date("2026-11-13")) }.isEmpty)
        try store.log("temperature", inputs: ["36.9"], date: date("2026-11-12"), clock: clock("2026-11-12T07:40"))
        let samDay = try store.reading { try $0.statistics(of: "temperature", field: "value", from: date("2026-11-12"), through: date("2026-11-12"), by: .day) }
        #expect(samDay.map(\.statistics.last) == [36.9])

        store.choose(mum)
        #expect(try stretch() == true)
        let mumDay = try store.reading { try $0.statistics(of: "temperature", field: "value", from: date("2026-11-12"), through: date("2026-11-12"), by: .day) }
        #expect(mumDay.map(\.statistics.last) == [38.4])
        #expect(try store.outcomes(from: nil, to: nil).map(\.activityId).sorted() == ["stretch", "temperature"])
        // Ending an activity is one person's business.
        try store.end("walk", on: date("2026-11-20"))
        store.choose(sam)
        #expect(try store.plan().history("walk")?.activity(on: date("2026-11-25")).schedule.end == nil)
        #expect(try store.check(full: true).isHealthy)
        #expect(try store.forEachPerson { _ in try store.outcomeCount() } == [1, 2])
        #expect(store.person == sam, "going through everyone leaves the store on whoever it was on")
    }

    @Test func whoseItIsMustBeSaidWhenTheStoreHoldsSeveral() throws {
        let test = try TestStore.withSamplePlan()
        try test.store.choosePerson("Mum", adding: true)
        try test.store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        try test.store.choosePerson("Margaret Ellis", adding: true)
        try test.store.importPlan(try decode(samplePlanYAML), effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        let reopened = try CareStore(path: test.store.path)
        #expect(reopened.person == nil, "no one is guessed")
        #expect(throws: CarePlanError.personNeeded(known: ["Sam", "Mum", "Margaret Ellis"])) { try reopened.choosePerson(nil) }
        // Nobody chosen: a write is refused instead of filed under someone.
        #expect(throws: CarePlanError.personNeeded(known: ["Sam", "Mum", "Margaret Ellis"])) {
            try reopened.markDone("stretch", date: date("2026-11-12"), clock: clock("2026-11-12T08:00"))
        }
        try reopened.choosePerson("mUM")
        #expect(reopened.person?.name == "Mum", "names match ignoring case")
        #expect(throws: CarePlanError.ambiguousPerson("m", matches: ["Mum", "Margaret Ellis"])) { try reopened.choosePerson("m") }
        try reopened.choosePerson("marg")
        #expect(reopened.person?.name == "Margaret Ellis", "or by the start of one name")
        #expect(throws: CarePlanError.unknownPerson("Dad", known: ["Sam", "Mum", "Margaret Ellis"])) { try reopened.choosePerson("Dad") }
        #expect(throws: CarePlanError.self) { try reopened.choosePerson("-x", adding: true) }
        #expect(throws: CarePlanError.startsSomeonesName("Mu", matches: ["Mum"])) { try reopened.choosePerson("Mu", adding: true) }
        // A refused write adds nobody, and leaves the name waiting for the next one.
        try reopened.choosePerson("Dad", adding: true)
        #expect(throws: CarePlanError.unknownActivity("stretch", known: [])) {
            try reopened.markDone("stretch", date: date("2026-11-13"), clock: clock("2026-11-13T08:00"))
        }
        #expect(try reopened.people().count == 3 && reopened.person == nil)
        try reopened.choosePerson("Sam")
        #expect(throws: CarePlanError.invalidPersonName("mum", reason: "Mum is someone else in this store")) { try reopened.renamePerson(to: "mum") }
        try reopened.renamePerson(to: "Dad")
        #expect(try reopened.people().map(\.name) == ["Dad", "Mum", "Margaret Ellis"])
    }
}
