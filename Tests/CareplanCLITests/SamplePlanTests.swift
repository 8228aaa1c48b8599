import Foundation
import Testing

/// The plans in sample-plans/ are what newcomers start from: each must import, show a day,
/// accept its own readings, and export to a file that re-imports unchanged.
@Suite struct SamplePlanTests {
    static let plans: [String] = {
        let folder = CLI.repository.appendingPathComponent("sample-plans")
        return (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".yaml") }.sorted() ?? []
    }()

    @Test func thereAreAtLeastFourSamplePlans() {
        #expect(Self.plans.count >= 4)
    }

    @Test(arguments: plans)
    func importsShowsTodayAndRoundTrips(_ name: String) throws {
        let cli = CLI()
        let imported = try cli.run(["import", "sample-plans/\(name)"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let day = try cli.json(["today", "--json"]) as! [String: Any]
        #expect(!(day["activities"] as! [Any]).isEmpty, "\(name) has nothing on 2026-11-21")
        let exported = try cli.run(["plan", "--export"]).stdout
        let again = try cli.run(["import", cli.write("exported.yaml", exported)])
        #expect(again.stdout.hasSuffix("Nothing changed.\n"), "\(again.stdout)")
    }

    @Test func betweenThemTheyUseEveryScheduleKindAndMeasureType() throws {
        let text = try Self.plans.map { try String(contentsOf: CLI.repository.appendingPathComponent("sample-plans/\($0)"), encoding: .utf8) }.joined()
        for kind in ["daily:", "weekly:", "every:", "as-needed: true", "times:", "end:"] {
            #expect(text.contains(kind), "no sample plan uses \(kind)")
        }
        for type in ["number", "integer", "scale", "boolean", "choice", "text"] {
            #expect(text.contains("type: \(type)"), "no sample plan uses type \(type)")
        }
        #expect(text.contains("fields:"))
    }
}
