import Foundation
import GRDB
import Testing

@Suite struct CommandLineTests {
    /// A CLI with `cliPlanYAML` imported.
    func importedCLI() throws -> CLI {
        let cli = CLI()
        let result = try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)])
        #expect(result.status == 0, "\(result.stderr)")
        return cli
    }

    func outcomeCount(_ cli: CLI) throws -> Int {
        (try cli.json(["export", "--format", "json"]) as! [Any]).count
    }

    @Test func todayJSONHasTheDocumentedShape() throws {
        let cli = try importedCLI()
        #expect(try cli.run(["done", "amlodipine"]).status == 0)
        #expect(try cli.run(["log", "temp", "99.1", "--unit", "degF"]).status == 0)
        let day = try cli.json(["today", "--json"]) as! [String: Any]
        #expect(day["date"] as? String == "2026-11-21")
        let adherence = day["adherence"] as! [String: Any]
        // Saturday: amlodipine ×2, insulin, weigh-in; the as-needed inhaler never counts.
        #expect(adherence["completed"] as? Int == 1)
        #expect(adherence["total"] as? Int == 4)
        let activities = day["activities"] as! [[String: Any]]
        #expect(activities.map { $0["id"] as! String } == ["amlodipine", "insulin", "weigh", "rescue", "bp", "temp"])
        let amlodipine = activities[0]
        #expect(amlodipine["kind"] as? String == "intervention")
        #expect(amlodipine["title"] as? String == "Amlodipine 5 mg")
        let events = amlodipine["events"] as! [[String: Any]]
        #expect(events.map { $0["occurrence"] as! Int } == [0, 1])
        #expect(events.map { $0["time"] as! String } == ["08:00", "20:00"])
        #expect(events.map { $0["done"] as! Bool } == [true, false])
        #expect((events[0]["values"] as! [Any]).isEmpty)
        let insulinEvent = (activities[1]["events"] as! [[String: Any]])[0]
        #expect(insulinEvent["time"] is NSNull, "time is null when the schedule has no times")
        let temp = (activities[5]["events"] as! [[String: Any]])[0]
        let value = (temp["values"] as! [[String: Any]])[0]
        #expect(value["name"] as? String == "value")
        #expect(value["value"] as? Double == 37.3)
        #expect(value["unit"] as? String == "degC")
    }

    @Test func aDayOfWorkFromTheShell() throws {
        let cli = try importedCLI()
        #expect(try cli.run(["done", "amlodipine"]).stdout == "Done: Amlodipine 5 mg on 2026-11-21, 08:00 (occurrence 0)\n")
        #expect(try cli.run(["done", "amlodipine", "--date", "yesterday", "--occurrence", "1"]).status == 0)
        #expect(try cli.run(["log", "bp", "128", "84", "--note", "after coffee"]).stdout == "Logged Blood pressure on 2026-11-21, occurrence 0: 128/84 mmHg\n")
        #expect(try cli.run(["done", "rescue"]).status == 0)
        #expect(try cli.run(["done", "rescue"]).status == 0)
        let text = try cli.run([]).stdout
        #expect(text.contains("Hypertension — Saturday 21 Nov 2026 (today)"))
        #expect(text.contains("Adherence: 1 of 4 done (25 %)"))
        #expect(text.contains("[✓] 08:00  [ ] 20:00"))
        #expect(text.contains("as needed: 2 logged"))
        let history = try cli.json(["history", "bp", "--json"]) as! [[String: Any]]
        #expect(history.count == 1)
        #expect(history[0]["note"] as? String == "after coffee")
        #expect((history[0]["values"] as! [[String: Any]]).map { $0["name"] as! String } == ["systolic", "diastolic"])
        #expect(try cli.run(["reset", "amlodipine"]).status == 0)
        #expect((try cli.json(["today", "--json"]) as! [String: Any])["adherence"].map { ($0 as! [String: Any])["completed"] as! Int } == 0)
        let yesterday = try cli.json(["today", "--json", "--date", "2026-11-20"]) as! [String: Any]
        #expect((yesterday["adherence"] as! [String: Any])["completed"] as? Int == 1)
    }

    @Test func exportWritesEveryOutcomeAsCSVAndJSON() throws {
        let cli = try importedCLI()
        try cli.run(["log", "bp", "128", "84", "--date", "2026-11-20", "--note", "tired, dizzy"])
        try cli.run(["done", "amlodipine", "--date", "2026-11-21"])
        let csv = try cli.run(["export", "--format", "csv"]).stdout.split(separator: "\n")
        #expect(csv[0] == "date,activity,occurrence,time,field,value,text,unit,entered_value,entered_unit,note,recorded_at,source")
        #expect(csv[1] == "2026-11-20,bp,0,,systolic,128,,mmHg,,,\"tired, dizzy\",2026-11-21T09:30:00+01:00,")
        #expect(csv[2] == "2026-11-20,bp,0,,diastolic,84,,mmHg,,,\"tired, dizzy\",2026-11-21T09:30:00+01:00,")
        #expect(csv[3] == "2026-11-21,amlodipine,0,08:00,,,,,,,,2026-11-21T09:30:00+01:00,")
        #expect(csv.count == 4)
        let ranged = try cli.json(["export", "--format", "json", "--from", "2026-11-21", "--to", "2026-11-21"]) as! [[String: Any]]
        #expect(ranged.map { $0["activity"] as! String } == ["amlodipine"])
    }

    @Test func planExportReimportsUnchanged() throws {
        let cli = try importedCLI()
        let exported = try cli.run(["plan", "--export"]).stdout
        let path = cli.write("exported.yaml", exported)
        let again = try cli.run(["import", path])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("Nothing changed.\n"))
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).stdout.hasSuffix("Nothing changed.\n"))
    }

    @Test func anEditedPlanCreatesAVersionFromTheEffectiveDate() throws {
        let cli = try importedCLI()
        try cli.run(["done", "amlodipine", "--date", "2026-11-18", "--occurrence", "1"])
        let edited = cliPlanYAML.replacingOccurrences(of: "daily: 2, times: [\"08:00\", \"20:00\"]", with: "daily: 1, times: [\"08:00\"]")
        let result = try cli.run(["import", cli.write("edited.yaml", edited), "--effective", "2026-11-19"])
        #expect(result.stdout.contains("changed    amlodipine (version 2, from 2026-11-19"))
        let before = try cli.json(["today", "--json", "--date", "2026-11-18"]) as! [String: Any]
        let after = try cli.json(["today", "--json", "--date", "2026-11-19"]) as! [String: Any]
        func events(_ day: [String: Any]) -> [[String: Any]] {
            (day["activities"] as! [[String: Any]]).first { $0["id"] as? String == "amlodipine" }!["events"] as! [[String: Any]]
        }
        #expect(events(before).map { $0["done"] as! Bool } == [false, true])
        #expect(events(after).count == 1)
    }

    @Test func endStopsSchedulingAndKeepsHistory() throws {
        let cli = try importedCLI()
        try cli.run(["done", "insulin", "--date", "2026-11-20"])
        let refused = try cli.run(["end", "insulin", "--date", "2026-11-19"])
        #expect(refused.status != 0)
        #expect(refused.stderr == "careplan: cannot end 'insulin' on 2026-11-19: 1 outcome recorded after it (first on 2026-11-20); choose a date on or after the last outcome, or reset them first\n")
        #expect(try cli.run(["end", "insulin", "--date", "2026-11-20"]).stdout == "Ended insulin: its last day is 2026-11-20; its outcomes are kept\n")
        let today = try cli.json(["today", "--json"]) as! [String: Any]
        #expect(!(today["activities"] as! [[String: Any]]).contains { $0["id"] as? String == "insulin" })
        #expect(try outcomeCount(cli) == 1)
    }

    /// Every bad input: non-zero exit, exactly one line on stderr saying what is accepted, nothing changed.
    @Test func badInputGetsOneClearLineAndChangesNothing() throws {
        let cli = try importedCLI()
        try cli.run(["log", "bp", "128", "84"])
        try cli.run(["done", "insulin"])
        let before = try cli.run(["export", "--format", "json"]).stdout
        let cases: [([String], String)] = [
            (["done", "amlodipin"], "careplan: no activity 'amlodipin'; known activities: amlodipine, insulin, weigh, rescue, bp, temp"),
            (["log", "temp", "45"], "careplan: temp: 45 °C is outside the accepted range 34–43 °C"),
            (["log", "temp", "37", "--unit", "mmHg"], "careplan: unit 'mmHg' does not convert to °C; accepted: °C, °F, K"),
            (["done", "weigh", "--date", "2026-11-20"], "careplan: 'weigh' is not scheduled on 2026-11-20 (Friday); its schedule: weekly on Sat from 2026-11-01"),
            (["done", "amlodipine", "--occurrence", "2"], "careplan: 'amlodipine' has no occurrence 2 on 2026-11-21; occurrences that day: 0..1"),
            (["reset", "insulin"], "careplan: 'insulin' is not resettable: once recorded, its outcomes cannot be changed or cleared"),
            (["done", "amlodipine", "--date", "2026-11-22"], "careplan: 2026-11-22 is after today (2026-11-21); outcomes can be recorded for today or earlier days"),
            (["done", "amlodipine", "--date", "21/11/2026"], "careplan: '21/11/2026' is not a date; expected YYYY-MM-DD, 'today' or 'yesterday'"),
            (["log", "bp", "128"], "careplan: 'bp' takes 2 values (systolic, diastolic), got 1"),
            (["done", "bp"], "careplan: 'bp' is an assessment: record it with careplan log bp VALUE..."),
            (["import", "no-such-plan.yaml"], "careplan: no-such-plan.yaml: no such file"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status != 0, "\(arguments) should fail")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr == message + "\n")
        }
        let usage = try cli.run(["log"])
        #expect(usage.status != 0)
        #expect(usage.stderrLines.count == 1)
        #expect(usage.stderr.contains("Missing expected argument '<id>'"))
        #expect(try cli.run(["export", "--format", "json"]).stdout == before)
    }

    @Test func aMalformedPlanFileNamesTheLineAndWritesNothing() throws {
        let cli = try importedCLI()
        let broken = cliPlanYAML.replacingOccurrences(of: "title: Hypertension", with: "title: Changed")
            .replacingOccurrences(of: "weekly: {sat: 1}", with: "weekly: {saturday: 1}")
        let result = try cli.run(["import", cli.write("broken.yaml", broken)])
        #expect(result.status != 0)
        #expect(result.stderr == "careplan: broken.yaml:15:44: schedule: 'weekly' takes weekday keys mon..sun, found 'saturday'\n")
        #expect(try cli.run(["plan"]).stdout.hasPrefix("Hypertension\n"))
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let cli = CLI()
        try Data("not a database, just some notes that go on for a while".utf8).write(to: URL(fileURLWithPath: cli.db))
        let result = try cli.run(["today"])
        #expect(result.status != 0)
        #expect(result.stderr == "careplan: \(cli.db): is not a careplan database (not an SQLite file, or damaged)\n")
    }

    @Test func aLockedDatabaseIsReportedAndNothingIsWritten() throws {
        let cli = try importedCLI()
        // Another program holds the write lock for as long as the command runs.
        let holder = try DatabaseQueue(path: cli.db)
        let (result, reader) = try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? db.execute(sql: "ROLLBACK") }
            // A reader is not held up by the writer (WAL), even with no time to wait.
            let reader = try cli.run(["today"], environment: ["CAREPLAN_BUSY_TIMEOUT": "0"])
            return (try cli.run(["done", "amlodipine"], environment: ["CAREPLAN_BUSY_TIMEOUT": "0.2"]), reader)
        }
        #expect(reader.status == 0, "\(reader.stderr)")
        #expect(reader.stdout.contains("Amlodipine"))
        #expect(result.status != 0)
        #expect(result.stderr == "careplan: \(cli.db): the database is locked by another program; try again when it has finished\n")
        #expect(try outcomeCount(cli) == 0)
    }

    @Test func twoProcessesWritingAtOnceBothSucceedAndLoseNothing() throws {
        let cli = try importedCLI()
        let writers = try (0..<2).map { _ in
            try cli.start(["-c", "for i in $(seq 1 15); do \"$0\" done rescue --db \"$1\" || exit 1; done", CLI.binary.path, cli.db], useDB: false, executable: URL(fileURLWithPath: "/bin/sh"))
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let day = try cli.json(["today", "--json"]) as! [String: Any]
        let rescue = (day["activities"] as! [[String: Any]]).first { $0["id"] as? String == "rescue" }!
        #expect((rescue["events"] as! [Any]).count == 30)
    }

    @Test func theDefaultDatabaseIsPrivateUnderXDGDataHome() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)], useDB: false).status == 0)
        let path = cli.environment["XDG_DATA_HOME"]! + "/careplan/careplan.sqlite"
        let files = FileManager.default
        #expect(try files.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try files.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)[.posixPermissions] as? Int == 0o700)
        #expect(try cli.run(["done", "insulin"], useDB: false, environment: ["CAREPLAN_DB": path]).status == 0)
    }

    @Test func theClockAndTimeZoneComeFromTheEnvironment() throws {
        let cli = try importedCLI()
        let late = try cli.run(["done", "insulin"], environment: ["CAREPLAN_NOW": "2026-11-21T23:30", "TZ": "America/New_York"])
        #expect(late.stdout.contains("on 2026-11-21"))
        let history = try cli.json(["history", "insulin", "--json"]) as! [[String: Any]]
        #expect(history[0]["recordedAt"] as? String == "2026-11-21T23:30:00-05:00")
        let bad = try cli.run(["today"], environment: ["CAREPLAN_NOW": "tomorrow"])
        #expect(bad.stderr == "careplan: CAREPLAN_NOW='tomorrow' is not a local date-time; expected YYYY-MM-DDTHH:MM, e.g. 2026-11-21T09:30\n")
    }

    @Test func anEmptyStoreSaysHowToStartAndReadingLeavesNoFileBehind() throws {
        let cli = CLI()
        for command in [["today"], ["plan"], ["export", "--format", "csv"], ["history", "bp"]] {
            let result = try cli.run(command)
            #expect(result.status != 0)
            #expect(result.stderr == "careplan: no care plan in \(cli.db) yet; import one with careplan import PLAN.yaml (see sample-plans/)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.db))
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        let cli = CLI()
        try cli.run(["import", cli.write("plan.yaml", """
            title: T
            activities:
              - {id: balance, kind: assessment, title: Fluid balance, schedule: {start: 2026-11-01, daily: 1}, measure: {type: number, unit: L, range: [-5, 5]}}
            """)])
        let result = try cli.run(["log", "balance", "-0.5", "--note", "after diuretic"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Logged Fluid balance on 2026-11-21, occurrence 0: -0.5 L\n")
        let typo = try cli.run(["log", "balance", "1", "--nte", "x"])
        #expect(typo.stderr.hasPrefix("careplan: unknown option '--nte'"))
    }
}
