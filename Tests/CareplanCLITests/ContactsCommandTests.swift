import Foundation
import Testing

/// `careplan contacts` on a sample plan's care team, and contacts through import and export.
@Suite struct ContactsCommandTests {
    static let plan = CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path

    @Test func theCareTeamIsListedAndRoundTrips() throws {
        let cli = CLI()
        let imported = try cli.run(["import", Self.plan])
        #expect(imported.stdout.contains("  added      contact Dr Amira Haddad\n"), "\(imported.stdout)")
        let text = try cli.run(["contacts"]).stdout
        #expect(text.hasPrefix("Care team\n  Dr Amira Haddad · GP\n    phone +44 20 7946 0958 · email riverside.surgery@example.nhs.uk\n"), "\(text)")
        #expect(text.contains("    responsible for: Ramipril 5 mg, Amlodipine 5 mg\n"))
        #expect(text.contains("Personal\n  Grace Okafor · Daughter"))
        let json = try #require(try cli.json(["contacts", "--json"]) as? [[String: Any]])
        #expect(json.count == 4)
        #expect(json.first?["group"] as? String == "care-team")
        #expect((json.first?["activities"] as? [[String: Any]])?.first?["title"] as? String == "Ramipril 5 mg")

        // The export holds the contacts, and importing it again changes nothing.
        let exported = try cli.run(["plan", "--export"]).stdout
        #expect(exported.contains("contacts:"))
        let again = try cli.run(["import", cli.write("exported.yaml", exported)])
        #expect(again.stdout.hasSuffix("Nothing changed.\n"), "\(again.stdout)")
    }

    @Test func aMalformedEmailIsRefusedAndNothingIsImported() throws {
        let cli = CLI()
        let text = try String(contentsOfFile: Self.plan, encoding: .utf8).replacingOccurrences(of: "riverside.nurses@example.nhs.uk", with: "riverside.nurses@")
        let refused = try cli.run(["import", cli.write("plan.yaml", text)])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("plan.yaml:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("contact 'Sam Patel': email: 'riverside.nurses@' is not an email address"))
        #expect(try cli.run(["contacts"]).stderr.contains("no care plan"))
    }
}

/// An import that ends activities or removes contacts says so and needs --yes (asked on a terminal).
@Suite struct ImportConfirmationTests {
    @Test func endingActivitiesOrRemovingContactsNeedsYes() throws {
        let cli = CLI()
        let original = try String(contentsOfFile: ContactsCommandTests.plan, encoding: .utf8)
        #expect(try cli.run(["import", cli.write("plan.yaml", original)]).status == 0)
        let plan = try cli.run(["plan", "--export"]).stdout
        // The walk ends on 2026-12-31, and Grace Okafor is no longer listed.
        var edited = plan
        guard let walk = edited.range(of: "id: brisk-walk"), let start = edited.range(of: "    start: ", range: walk.upperBound..<edited.endIndex) else {
            Issue.record("the sample plan changed: \(plan)"); return
        }
        let line = edited[start.lowerBound...].prefix { $0 != "\n" }
        edited.replaceSubrange(start.lowerBound..<line.endIndex, with: line + "\n    end: 2026-12-31")
        if let grace = edited.range(of: "- name: Grace Okafor") { edited = String(edited[..<grace.lowerBound]) }
        let file = cli.write("edited.yaml", edited)
        let before = try cli.run(["plan", "--export"]).stdout
        let refused = try cli.run(["import", file])
        #expect(refused.status == 1)
        #expect(refused.stderr == "careplan: this import ends brisk-walk (last day 2026-12-31) and removes contact Grace Okafor; nothing was imported; add --yes to go ahead\n",
                "\(refused.stderr)")
        #expect(try cli.run(["plan", "--export"]).stdout == before)
        let accepted = try cli.run(["import", file, "--yes"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("changed    brisk-walk"))
        #expect(accepted.stdout.contains("removed    contact Grace Okafor"))
        // Importing the same file again ends nothing more: no question.
        #expect(try cli.run(["import", file]).stdout.hasSuffix("Nothing changed.\n"))
    }
}
