import Foundation
import Testing

/// `careplan due`, `status` and `remind` at pinned times of one day, with a fake `notify-send` on
/// PATH that records what it was asked to show.
@Suite struct ReminderCommandTests {
    /// 08:00 tablet (grace 15), 07:30 and 19:30 readings, an untimed weigh-in, an optional walk.
    static let plan = """
    title: Morning routine
    reminders: {grace: 60, quiet: "22:00-07:00"}
    activities:
      - id: ramipril
        kind: intervention
        title: Ramipril 5 mg
        grace: 15
        schedule: {start: 2026-11-01, daily: 1, times: ["08:00"]}
      - id: walk
        kind: intervention
        title: Walk
        optional: true
        schedule: {start: 2026-11-01, daily: 1, times: ["07:00"]}
      - id: bp
        kind: assessment
        title: Blood pressure
        schedule: {start: 2026-11-01, daily: 2, times: ["07:30", "19:30"]}
        measure:
          type: integer
          fields:
            - {name: systolic, unit: mmHg, range: [60, 250]}
            - {name: diastolic, unit: mmHg, range: [30, 150]}
      - id: weigh
        kind: assessment
        title: Weight
        schedule: {start: 2026-11-01, daily: 1}
        measure: {type: number, unit: kg}
    """

    func at(_ time: String, _ cli: CLI, _ arguments: [String], extra: [String: String] = [:]) throws -> CLI.Result {
        try cli.run(arguments, environment: ["CAREPLAN_NOW": "2026-11-21T\(time)"].merging(extra) { _, new in new })
    }

    func imported() throws -> CLI {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.plan)]).status == 0)
        return cli
    }

    @Test func whatIsDueFollowsTheClockAndTheGrace() throws {
        let cli = try imported()
        #expect(try at("07:10", cli, ["due", "--within", "30m"]).stdout == """
            Due now
              Weight  (weigh)
            Soon (within 30 min)
              07:30 Blood pressure  (bp)

            """)
        // 08:20: the tablet's 15 minutes of grace are over, the reading's 60 are not.
        #expect(try at("08:20", cli, ["due"]).stdout == """
            Overdue
              08:00 Ramipril 5 mg  (ramipril)  overdue since 08:15
            Due now
              Weight  (weigh)
              07:30 Blood pressure  (bp)

            """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try at("08:20", cli, ["due", "--json"]).stdout.utf8)) as? [String: Any])
        #expect(json["overdue"] as? Int == 1 && json["due"] as? Int == 2)
        #expect((json["items"] as? [[String: Any]])?.first?["overdueAt"] as? String == "08:15")
        // Done elsewhere: no longer due.
        #expect(try at("08:21", cli, ["done", "ramipril"]).status == 0)
        #expect(try at("08:22", cli, ["status"]).stdout == "2 due · 0 overdue\n")
        #expect(try at("23:00", cli, ["status", "--format", "{overdue}! next: {next}"]).stdout == "2! next: 07:30 Blood pressure\n")
    }

    @Test func theStatusLineSpeaksWaybar() throws {
        let cli = try imported()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try at("09:10", cli, ["status", "--json"]).stdout.utf8)) as? [String: String])
        #expect(json["text"] == "1 due · 2 overdue")
        #expect(json["class"] == "overdue")
        #expect(json["tooltip"] == "overdue: 07:30 Blood pressure\noverdue: 08:00 Ramipril 5 mg\ndue: Weight")
        #expect(try at("06:00", cli, ["status", "--json"]).stdout.contains("\"class\" : \"due\""))
    }

    /// One notification per occurrence when due and one when overdue, never again after a
    /// restart, none in quiet hours, none for what was done elsewhere.
    @Test func remindNotifiesOnceThroughNotifySend() throws {
        let cli = try imported()
        let (path, notified) = try cli.fakeNotifySend()
        let fake = cli.folder.appendingPathComponent("bin/notify-send").path

        // 06:30 is in the quiet hours (22:00-07:00): nothing, though the weigh-in is due.
        #expect(try at("06:30", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified().isEmpty)
        #expect(try at("07:31", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified() == ["--app-name=careplan|--urgency=normal|Due: Weight|careplan log weigh …|",
                               "--app-name=careplan|--urgency=normal|Due: 07:30 Blood pressure|careplan log bp …|"])
        // A restart at the same minute, and a later look: nothing twice.
        #expect(try at("07:31", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(try at("07:45", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified().count == 2)
        // The reading is taken elsewhere; the tablet becomes due, then overdue.
        #expect(try at("07:50", cli, ["log", "bp", "128/84"]).status == 0)
        #expect(try at("08:05", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(try at("08:20", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(Array(notified().dropFirst(2)) == ["--app-name=careplan|--urgency=normal|Due: 08:00 Ramipril 5 mg|careplan done ramipril|",
                                                   "--app-name=careplan|--urgency=critical|Overdue: 08:00 Ramipril 5 mg|careplan done ramipril|"])
        // A notify-send that fails (no desktop session): the bell as well as the line.
        try "#!/bin/sh\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let failing = try at("19:35", cli, ["remind", "--once"], extra: path)
        #expect(failing.stdout.contains("\u{07}") && failing.stdout.contains("Due: 19:30 Blood pressure"))
        // Without notify-send: the bell and a line.
        let plain = try at("21:00", cli, ["remind", "--once"], extra: ["PATH": "/nonexistent"])
        #expect(plain.stdout.contains("\u{07}"))
        #expect(plain.stdout.contains("Overdue: 19:30 Blood pressure (careplan log bp …)"))
    }

    @Test func badSettingsAreRefusedWithTheirPlace() throws {
        let cli = CLI()
        let wrong = Self.plan.replacingOccurrences(of: "quiet: \"22:00-07:00\"", with: "quiet: \"late\"")
        let refused = try cli.run(["import", cli.write("plan.yaml", wrong)])
        #expect(refused.stderr.contains("plan.yaml:2:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("reminders: quiet: expected two different times HH:MM-HH:MM"))
        let grace = try cli.run(["import", cli.write("plan.yaml", Self.plan.replacingOccurrences(of: "grace: 15", with: "grace: 9000"))])
        #expect(grace.stderr.contains("grace: 9000 minutes; give the minutes an occurrence stays due before it is overdue, 0 to 720"))
        // A time it cannot take says what it takes, in one line, for due and status alike.
        for (command, value) in [("due", "forever"), ("status", "25h"), ("status", "-5")] {
            let refused = try cli.run([command, "--within=\(value)"])
            #expect(refused.status != 0)
            #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("--within") && refused.stderr.contains("minutes (30, 30m) or hours (2h) are accepted, up to 24h"), "\(refused.stderr)")
        }
    }

    /// As a service, its lines reach the log as they happen, even into a pipe, and it keeps
    /// checking until it is stopped.
    @Test func runningItLogsEachReminderAtOnce() throws {
        let cli = try imported()
        let process = try cli.start(["remind", "--interval", "1"], environment: ["CAREPLAN_NOW": "2026-11-21T07:31", "PATH": "/nonexistent"])
        Thread.sleep(forTimeInterval: 2.5)
        #expect(process.isRunning)
        // SIGKILL: nothing buffered survives it (the test runner's children inherit a mask that blocks SIGTERM).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let out = String(decoding: (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(out.hasPrefix("careplan remind: checking every 1 s (notify-send not found: the terminal bell and a line instead)\n"), "\(out)")
        #expect(out.contains("Due: 07:30 Blood pressure (careplan log bp …)\n"))
        #expect(out.components(separatedBy: "Due: Weight").count == 2, "announced once over several checks")
    }
}
