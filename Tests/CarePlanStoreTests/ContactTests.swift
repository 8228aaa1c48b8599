import Foundation
import Testing
@testable import CarePlanStore

/// Contacts in the plan file: read and checked like the rest of it, stored in versions, exported
/// back to the same file.
@Suite struct ContactTests {
    static func plan(nursePhone: String = "\"+44 113 496 0312\"", extra: String = "") -> String {
        """
        title: Heart failure
        patient: Robert Hughes
        activities:
          - id: weight
            kind: assessment
            title: Weight
            schedule: {start: 2026-11-01, daily: 1}
            measure: {type: number, unit: kg}
        contacts:
          - name: Sister Joanna Price
            role: Heart failure nurse
            group: care-team
            phone: \(nursePhone)
            email: hf.nurses@example.nhs.uk
            address: St Luke's Health Centre
            notes: Call if weight rises 2 kg in 3 days
            activities: [weight]
          - name: Karen Hughes
            role: Wife
            group: personal
            phone: "07700 900412"
        \(extra)
        """
    }

    @Test func everyFieldIsRead() throws {
        let contacts = try decode(Self.plan()).contacts
        #expect(contacts.count == 2)
        #expect(contacts[0] == Contact(name: "Sister Joanna Price", role: "Heart failure nurse", group: .careTeam, phone: "+44 113 496 0312",
                                       email: "hf.nurses@example.nhs.uk", address: "St Luke's Health Centre",
                                       notes: "Call if weight rises 2 kg in 3 days", activities: ["weight"]))
        #expect(contacts[1].group == .personal && contacts[1].email == nil)
        // The export reads back to the same plan.
        let plan = try decode(Self.plan())
        #expect(try decode(try PlanEncoder.yaml(plan)) == plan)
    }

    @Test func anUnknownKeyIsRefusedWithItsPosition() throws {
        let yaml = Self.plan().replacingOccurrences(of: "    phone: \"07700 900412\"", with: "    phone: \"07700 900412\"\n    shoe: 42")
        do {
            _ = try decode(yaml)
            Issue.record("accepted a contact with an unknown key")
        } catch {
            #expect("\(error)".contains("plan.yaml:22:5"), "\(error)")
            #expect("\(error)".contains("'shoe'"), "\(error)")
        }
    }

    @Test func malformedDetailsAreRefusedWithWhatIsAccepted() throws {
        func refusal(_ yaml: String) -> String {
            do { _ = try decode(yaml); return "accepted" } catch { return "\(error)" }
        }
        #expect(refusal(Self.plan(nursePhone: "call me")).contains("plan.yaml:13:12: contact 'Sister Joanna Price': phone: 'call me' is not a phone number; use digits with spaces, dashes or brackets, optionally starting with + (e.g. +44 20 7946 0958)"))
        #expect(refusal(Self.plan(nursePhone: "\"12\"")).contains("is not a phone number"))
        #expect(refusal(Self.plan(nursePhone: "\"+44 (0)113 496-0312\"")) == "accepted")
        #expect(refusal(Self.plan().replacingOccurrences(of: "hf.nurses@example.nhs.uk", with: "hf.nurses@")).contains("email: 'hf.nurses@' is not an email address"))
        #expect(refusal(Self.plan().replacingOccurrences(of: "hf.nurses@example.nhs.uk", with: "\"hf nurses@example.org\"")).contains("is not an email address"))
        #expect(refusal(Self.plan().replacingOccurrences(of: "group: personal", with: "group: family")).contains("group: expected care-team or personal, found 'family'"))
        #expect(refusal(Self.plan().replacingOccurrences(of: "activities: [weight]", with: "activities: [weight, bp]")).contains("activities: no activity 'bp' in this plan; ids: weight"))
        #expect(refusal(Self.plan().replacingOccurrences(of: "name: Karen Hughes", with: "name: Sister Joanna Price")).contains("'Sister Joanna Price' is listed twice (first on line 10)"))
        #expect(refusal(Self.plan().replacingOccurrences(of: "    phone: \"07700 900412\"", with: "")).contains("contact 'Karen Hughes': give a 'phone' or an 'email'"))
        #expect(refusal(Self.plan().replacingOccurrences(of: "    role: Wife\n", with: "")).contains("contact 'Karen Hughes': missing 'role'"))
    }

    @Test func importsKeepVersionsAndTakeOutWhoTheFileNoLongerLists() throws {
        let test = try TestStore()
        let first = try test.store.importPlan(try decode(Self.plan()), effective: date("2026-11-01"), clock: clock("2026-11-01T09:00"))
        #expect(first.contactChanges.map(\.change) == [.added, .added])
        // The same file again changes nothing.
        #expect(try test.store.importPlan(try decode(Self.plan()), effective: date("2026-11-10"), clock: clock("2026-11-10T09:00")).changedNothing)

        // The nurse's number changes from the 15th, and the wife is no longer listed.
        let changed = Self.plan(nursePhone: "\"+44 113 496 0999\"").replacingOccurrences(of: """
              - name: Karen Hughes
                role: Wife
                group: personal
                phone: "07700 900412"
            """, with: "")
        let report = try test.store.importPlan(try decode(changed), effective: date("2026-11-15"), clock: clock("2026-11-15T09:00"))
        #expect(report.contactChanges.map(\.change) == [.changed(version: 2, effective: date("2026-11-15")), .removed(effective: date("2026-11-15"))])
        let plan = try test.store.plan()
        #expect(plan.contacts(on: date("2026-11-14")).map(\.phone) == ["+44 113 496 0312", "07700 900412"])
        #expect(plan.contacts(on: date("2026-11-15")).map(\.phone) == ["+44 113 496 0999"])
        // The export of a day is the plan as it stood that day.
        #expect(try decode(try PlanEncoder.yaml(plan.plan(on: date("2026-11-14")))).contacts.count == 2)
        #expect(try PlanEncoder.yaml(plan.plan(on: date("2026-11-20"))).contains("+44 113 496 0999"))
    }
}
