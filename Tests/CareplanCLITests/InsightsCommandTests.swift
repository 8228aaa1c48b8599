import Foundation
import Testing

@Suite struct InsightsCommandTests {
    @Test func daysBeforeThePlanWasImportedAreNeverReportedMissed() throws {
        let cli = CLI()  // Saturday 21 November 2026; the plan's schedules start on the 16th
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let report = try cli.json(["insights", "--json"]) as! [String: Any]
        let messages = report["messages"] as! [[String: Any]]
        #expect(!messages.contains { $0["kind"] as? String == "missed-streak" }, "\(messages)")
        // The Care Card still offers those days, so they can be filled in.
        let monday = try cli.json(["today", "--json", "--date", "2026-11-16"]) as! [String: Any]
        #expect((monday["activities"] as! [[String: Any]]).contains { $0["id"] as? String == "insulin" })
    }

    @Test func insightsJSONShowsTheWeekAsThePaneDoes() throws {
        let cli = CLI()  // Saturday 21 November 2026, 09:30 in Berlin
        // Followed since Monday: the days from then on count, misses included.
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML), "--effective", "2026-11-16"]).status == 0)
        for arguments in [["done", "amlodipine", "--date", "2026-11-16"], ["done", "amlodipine", "--date", "2026-11-16"],
                          ["done", "insulin", "--date", "2026-11-16"],
                          ["log", "temp", "38.2", "--date", "2026-11-19"], ["log", "temp", "38.0", "--date", "2026-11-20"],
                          ["log", "temp", "38.4"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let report = try cli.json(["insights", "--json"]) as! [String: Any]
        #expect(report["range"] as? String == "week")
        #expect(report["first"] as? String == "2026-11-16")
        #expect(report["last"] as? String == "2026-11-22")
        #expect(report["bucket"] as? String == "day")
        #expect((report["buckets"] as! [[String: Any]]).map { $0["start"] as! String } == (16...22).map { "2026-11-\($0)" })

        // Monday to Saturday: amlodipine 2 a day, insulin 1 a day, the weigh-in on Saturday.
        let adherence = report["adherence"] as! [String: Any]
        let total = adherence["total"] as! [String: Any]
        #expect(total["state"] as? String == "due")
        #expect(total["completed"] as? Int == 3)
        #expect(total["total"] as? Int == 19)
        let days = adherence["buckets"] as! [[String: Any]]
        #expect(days.map { $0["state"] as! String } == ["due", "due", "due", "due", "due", "due", "future"])
        #expect(days[0]["fraction"] as? Double == 1)
        #expect(days[6]["fraction"] is NSNull, "a future day has no fraction, not 0")
        #expect((report["activities"] as! [[String: Any]]).map { $0["activity"] as! String } == ["amlodipine", "insulin", "weigh"])

        let assessments = report["assessments"] as! [[String: Any]]
        #expect(assessments.map { "\($0["activity"]!)/\($0["field"]!)" } == ["bp/systolic", "bp/diastolic", "temp/value"])
        let temp = assessments[2]
        let values = (temp["buckets"] as! [[String: Any]]).map { $0["value"] as? Double }
        #expect(values == [nil, nil, nil, 38.2, 38.0, 38.4, nil], "days without readings are null, never 0")
        #expect((temp["buckets"] as! [[String: Any]])[0]["value"] is NSNull)
        #expect((temp["overall"] as! [String: Any])["count"] as? Int == 3)
        #expect(temp["aggregate"] as? String == "average")
        #expect(temp["normal"] as? [Double] == [36.1, 37.5])
        #expect((assessments[0]["overall"] as! [String: Any])["value"] is NSNull)

        let messages = report["messages"] as! [[String: Any]]
        let fever = try #require(messages.first { $0["kind"] as? String == "out-of-normal" })
        #expect(fever["text"] as? String == "Temperature above 37.5 °C on 3 of the last 7 days; call your care team")
        #expect(fever["level"] as? String == "alert")
        #expect(fever["activity"] as? String == "temp")
        #expect((fever["numbers"] as! [String: Any])["days"] as? Double == 3)
        #expect(messages.contains { $0["text"] as? String == "Basal insulin missed 4 days in a row" })
        let levels = messages.map { ["alert": 2, "warning": 1, "tip": 0][$0["level"] as! String]! }
        #expect(levels == levels.sorted(by: >))

        let text = try cli.run(["insights", "--range", "month"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Hypertension · month 2026-11-01 to 2026-11-30, by day · today 2026-11-21\n"))
        #expect(text.stdout.contains("  Sat 2026-11-21  0 of 4 (0 %)"), "today counts, with nothing done yet")
        #expect(text.stdout.contains("  Mon 2026-11-16  3 of 3 (100 %)"))
        #expect(text.stdout.contains("  alert    Temperature above 37.5 °C on 3 of the last 7 days; call your care team"))

        let bad = try cli.run(["insights", "--range", "decade"])
        #expect(bad.status != 0)
        #expect(bad.stderrLines.count == 1)
        #expect(bad.stderr.contains("'week'") && bad.stderr.contains("'year'"))
        let unknown = try cli.run(["insights", "--activity", "nope"])
        #expect(unknown.stderrLines == ["careplan: no activity 'nope'; known activities: amlodipine, insulin, weigh, rescue, bp, temp"])
    }

    @Test func generateWritesDeterministicHistoryEndingNowAndRefusesAFilledDatabase() throws {
        let cli = CLI()
        let arguments = ["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "30", "--seed", "7"]
        let first = try cli.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Generated "))
        #expect(first.stdout.contains("from 2026-10-23 to 2026-11-21"))
        let outcomes = try cli.json(["export", "--format", "json"]) as! [[String: Any]]
        #expect(outcomes.count > 30)
        #expect(first.stdout.hasPrefix("Generated \(outcomes.count) outcomes"))
        let dates = outcomes.map { $0["date"] as! String }
        #expect(dates.min()! >= "2026-10-23")
        #expect(dates.max()! <= "2026-11-21")
        // Nothing recorded after "now" (09:30 on the 21st).
        #expect(outcomes.filter { ($0["date"] as! String) == "2026-11-21" }.allSatisfy { ($0["recordedAt"] as! String) <= "2026-11-21T09:30:00+01:00" })

        let again = try cli.run(arguments)
        #expect(again.status == 1)
        #expect(again.stderrLines == ["careplan: \(cli.db): already has \(outcomes.count) outcomes; careplan generate only fills a database without outcomes, give it a new --db path"])
        #expect((try cli.json(["export", "--format", "json"]) as! [Any]).count == outcomes.count, "the refusal wrote nothing")

        // The same arguments give the same history in another database; another seed does not.
        let twin = CLI()
        #expect(try twin.run(arguments).status == 0)
        #expect(try twin.run(["export", "--format", "csv"]).stdout == (try cli.run(["export", "--format", "csv"]).stdout))
        let other = CLI()
        #expect(try other.run(["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "30", "--seed", "8"]).status == 0)
        #expect(try other.run(["export", "--format", "csv"]).stdout != (try cli.run(["export", "--format", "csv"]).stdout))

        let badCompletion = try CLI().run(arguments + ["--completion", "1.5"])
        #expect(badCompletion.status != 0)
        #expect(badCompletion.stderrLines.count == 1)
        #expect(badCompletion.stderr.contains("--completion must be a number from 0 to 1, got 1.5"))
        let noDB = try CLI().run(arguments, useDB: false)
        #expect(noDB.status != 0)
        #expect(noDB.stderrLines.count == 1)
        #expect(noDB.stderr.contains("--db"))
    }
}
