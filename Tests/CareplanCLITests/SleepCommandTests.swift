import Foundation
import Testing

/// `careplan log ID --bed …`, `careplan sleep` and the bedside timer, as a person runs them.
@Suite struct SleepCommandTests {
    static let plan = """
        title: Better sleep
        activities:
          - id: sleep
            kind: assessment
            title: Sleep diary
            schedule: {start: 2026-11-01, daily: 1, times: ["07:00"]}
            measure: {type: sleep, healthkit: HKCategoryTypeIdentifierSleepAnalysis}

        """

    func cli(now: String = "2026-11-24T09:00") throws -> CLI {
        let cli = CLI(now: now)
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.plan)]).status == 0)
        return cli
    }

    @Test func theDiaryFromTheShellWithTheIssuesOptions() throws {
        let cli = try cli()
        let logged = try cli.run(["log", "sleep", "--bed", "23:10", "--lights-out", "23:30", "--latency", "20", "--awakenings", "2",
                                  "--awake", "25", "--wake", "06:40", "--up", "07:00", "--quality", "3", "--note", "cat"])
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stdout == "Logged Sleep diary on 2026-11-24, 07:00 (occurrence 0): 23:10–07:00 · asleep 6 h 25 min · 82 % · quality 3\n")
        // Times as people type them, for the night before.
        #expect(try cli.run(["log", "sleep", "--bed", "11:10pm", "--wake", "6.40", "--up", "07:00", "--date", "yesterday"]).status == 0)

        let night = try cli.run(["sleep"]).stdout
        #expect(night.contains("Night of Tuesday 24 Nov 2026 · in bed 23:10–07:00"), "\(night)")
        #expect(night.contains("Asleep                   6 h 25 min"))
        #expect(night.contains("Efficiency               82 %"))
        let json = try #require(try cli.json(["sleep", "--range", "week", "--json"]) as? [String: Any])
        let nights = try #require(json["nights"] as? [[String: Any]])
        #expect(nights.count == 2)
        let last = try #require(nights.last?["diary"] as? [String: Any])
        #expect(last["totalSleep"] as? Double == 385 && last["timeInBed"] as? Double == 470 && last["efficiency"] as? Double == 81.9)
        let statistics = try #require(json["statistics"] as? [String: Any])
        #expect(statistics["nights"] as? Int == 2)
        #expect((statistics["totalSleep"] as? [String: Any])?["mean"] as? Double == (385.0 + 450) / 2)
    }

    /// A night in New York, exported and read in Berlin: shown on New York's clocks (HKTimeZone),
    /// its bedtime averaged as lived, and the linked diary filled with those times.
    @Test func aNightLivedInAnotherZoneReadsOnItsOwnClocks() throws {
        let cli = try cli()
        func sleep(_ value: String, _ start: String, _ end: String) -> String {
            """
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" value="HKCategoryValueSleepAnalysis\(value)" startDate="\(start)" endDate="\(end)">
              <MetadataEntry key="HKTimeZone" value="America/New_York"/>
             </Record>

            """
        }
        // 22:30 EST on 20 November to 06:30 EST, as an export made in Berlin writes it.
        let export = cli.write("export.xml", "<?xml version=\"1.0\"?>\n<HealthData locale=\"de_DE\">\n"
            + sleep("InBed", "2026-11-21 04:30:00 +0100", "2026-11-21 12:30:00 +0100")
            + sleep("AsleepCore", "2026-11-21 04:45:00 +0100", "2026-11-21 12:15:00 +0100") + "</HealthData>\n")
        #expect(try cli.run(["health", "import", export]).status == 0)
        let night = try cli.run(["sleep", "--date", "2026-11-21"]).stdout
        #expect(night.contains("Night of Saturday 21 Nov 2026 · in bed 22:30–06:30"), "\(night)")
        let json = try #require(try cli.json(["sleep", "--range", "week", "--date", "2026-11-21", "--json"]) as? [String: Any])
        let device = try #require((json["nights"] as? [[String: Any]])?.first { $0["date"] as? String == "2026-11-21" }?["device"] as? [String: Any])
        #expect(device["bedStart"] as? String == "2026-11-20T22:30:00-05:00")
        let bedtime = try #require((json["statistics"] as? [String: Any])?["bedtime"] as? [String: Any])
        #expect(bedtime["mean"] as? Double == -90, "22:30 the evening before, not 04:30")
        #expect(try cli.run(["history", "sleep"]).stdout.contains("22:30–06:30"))
    }

    @Test func badDiaryInputSaysWhatIsAcceptedAndChangesNothing() throws {
        let cli = try cli()
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.db))
        for (arguments, message) in [
            (["--bed", "25:10", "--wake", "06:40", "--up", "07:00"], "sleep bed: '25:10' is not a time of day; enter it like 23:10, 11:10pm or 23.10"),
            (["--bed", "23:10", "--wake", "06:40"], "sleep up: missing"),
            (["--bed", "23:10", "--wake", "06:40", "--up", "07:00", "--quality", "7"], "quality: 7 is outside the scale; enter a whole number from 1 to 5"),
            (["--bed", "23:10", "--wake", "06:40", "--up", "07:00", "--awake", "30"], "needs at least one awakening"),
            (["7", "--bed", "23:10"], "a sleep diary takes its night as options"),
        ] {
            let result = try cli.run(["log", "sleep"] + arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(try cli.run(["log", "sleep", "7"]).stderr.contains("a sleep diary takes its times as options"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.db)) == before)
    }

    @Test func theBedsideTimerHonoursCareplanNow() throws {
        let cli = try cli()
        let started = try cli.run(["sleep", "start"], environment: ["CAREPLAN_NOW": "2026-11-23T23:05"])
        #expect(started.stdout == "Sleep timer started at 23:05; run careplan sleep stop when you get up\n", "\(started.stderr)")
        let twice = try cli.run(["sleep", "start"], environment: ["CAREPLAN_NOW": "2026-11-23T23:06"])
        #expect(twice.status != 0 && twice.stderr.contains("already running since 2026-11-23 23:05"))
        let stopped = try cli.run(["sleep", "stop"], environment: ["CAREPLAN_NOW": "2026-11-24T07:02"])
        #expect(stopped.stdout == "In bed 23:05 → 07:02, 7 h 57 min, recorded for the night of Tuesday 24 Nov 2026\n", "\(stopped.stderr)")
        #expect(try cli.run(["sleep", "stop"]).stderr.contains("no sleep timer is running"))
        let night = try cli.run(["sleep", "--date", "2026-11-24"]).stdout
        #expect(night.contains("In bed                   7 h 57 min"), "\(night)")
        #expect(night.contains("not measured"))
        #expect(night.contains("careplan"))
        // The linked diary took the night from the timer.
        #expect(try cli.run(["today"]).stdout.contains("23:05–07:02 · sleep not measured"))
    }
}
