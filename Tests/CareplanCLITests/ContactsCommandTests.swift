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
