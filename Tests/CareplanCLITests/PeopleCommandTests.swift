import Foundation
import Testing

/// A caregiver's store: two people's plans, with the same activity ids, through the binary.
@Suite(.serialized) struct PeopleCommandTests {
    /// Dad's and Mum's morning tablet: the same id, Mum's overdue sooner.
    static func plan(_ title: String, patient: String, grace: Int) -> String {
        """
        title: \(title)
        patient: \(patient)
        activities:
          - id: ramipril
            kind: intervention
            title: Ramipril 5 mg
            grace: \(grace)
            schedule: {start: 2026-11-01, daily: 1, times: ["08:00"]}
          - id: bp
            kind: assessment
            title: Blood pressure
            schedule: {start: 2026-11-01, daily: 1, times: ["18:00"]}
            measure:
              type: integer
              fields:
                - {name: systolic, unit: mmHg, range: [60, 250]}
                - {name: diastolic, unit: mmHg, range: [30, 150]}
        """
    }

    func at(_ time: String, _ cli: CLI, _ arguments: [String], extra: [String: String] = [:]) throws -> CLI.Result {
        try cli.run(arguments, environment: ["CAREPLAN_NOW": "2026-11-21T\(time)"].merging(extra) { _, new in new })
    }

    func twoPeople() throws -> CLI {
        let cli = CLI()
        let dad = try cli.run(["import", cli.write("dad.yaml", Self.plan("Dad's tablets", patient: "Arthur Jones", grace: 30)), "--person", "Dad"])
        #expect(dad.status == 0 && dad.stdout.hasPrefix("Imported 'Dad's tablets' for Dad from"), "\(dad.stdout)\(dad.stderr)")
        let mum = try cli.run(["import", cli.write("mum.yaml", Self.plan("Mum's tablets", patient: "Mary Jones", grace: 15)), "--person", "Mum"])
        #expect(mum.status == 0 && mum.stdout.hasPrefix("Imported 'Mum's tablets' for Mum from"), "\(mum.stdout)\(mum.stderr)")
        return cli
    }

    /// The "done when": the status line shows Mum's tablet overdue, one notification
    /// came when it became due (and one when overdue), it is ticked in the dashboard after
    /// switching to Mum, and the status line follows.
    @Test func aCaregiversMorning() throws {
        let cli = try twoPeople()
        let (path, notified) = try cli.fakeNotifySend()
        #expect(try at("07:55", cli, ["status"]).stdout == "0 due · 0 overdue\n")
        #expect(try at("08:01", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified() == ["--app-name=careplan|--urgency=normal|Due: Dad: 08:00 Ramipril 5 mg|careplan done ramipril --person Dad|",
                               "--app-name=careplan|--urgency=normal|Due: Mum: 08:00 Ramipril 5 mg|careplan done ramipril --person Mum|"])
        #expect(try at("08:05", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified().count == 2, "nothing twice")
        // 08:20: Mum's 15 minutes of grace are over, Dad's 30 are not.
        #expect(try at("08:20", cli, ["status"]).stdout == "1 due · 1 overdue\n")
        #expect(try at("08:20", cli, ["status", "--format", "{overdue}! {next} ({title})"]).stdout == "1! Mum: 08:00 Ramipril 5 mg (Dad · Mum)\n")
        #expect(try at("08:20", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified().last == "--app-name=careplan|--urgency=critical|Overdue: Mum: 08:00 Ramipril 5 mg|careplan done ramipril --person Mum|")
        #expect(try at("08:20", cli, ["due"]).stdout == """
            Dad
              Due now
                08:00 Ramipril 5 mg  (ramipril)
            Mum
              Overdue
                08:00 Ramipril 5 mg  (ramipril)  overdue since 08:15

            """)

        // The caregiver's tmux: the dashboard in a window, `careplan status` in the status line
        // (status-right, as docs/reminders.md sets it up). tmux draws its status line only for a
        // client, so a second tmux attaches to the first and its screen is what the person sees.
        let tmux = DashboardTmuxTests.Tmux(), screen = DashboardTmuxTests.Tmux()
        let env = ["CAREPLAN_NOW=2026-11-21T08:21", "TZ=Europe/Berlin", "LANG=C.UTF-8", "TERM=xterm-256color"].joined(separator: " ")
        try tmux.start("env \(env) \(CLI.binary.path) --db \(cli.db)", width: 120, height: 40)
        try tmux.run(["set", "-g", "status-interval", "1"])
        try tmux.run(["set", "-g", "status-right-length", "60"])
        try tmux.run(["set", "-g", "status-right", "#(env \(env) \(CLI.binary.path) status --db \(cli.db))"])
        try screen.start("env TERM=xterm-256color tmux -u -L \(tmux.socket) attach -t \(tmux.session)", width: 120, height: 41)
        // The status line and the dashboard are two processes drawing in their own time: wait for
        // both before reading the screen.
        _ = try screen.waitFor("careplan · Dad (P) · Dad's tablets")
        let first = try screen.waitFor("1 due · 1 overdue")
        #expect(first.contains("careplan · Dad (P) · Dad's tablets") && first.contains("1 due (n)"), "\(first)")
        // The dashboard opens on Dad's plan; P switches to Mum's, and Space ticks her tablet.
        try tmux.keys("P")
        let switched = try tmux.waitFor("careplan · Mum (P) · Mum's tablets")
        #expect(switched.contains("1 overdue (n)"), "\(switched)")
        try tmux.keys("Space")
        let ticked = try tmux.waitFor("Done: Ramipril 5 mg")
        #expect(!ticked.contains("1 overdue"), "\(ticked)")
        // The status line follows within its interval.
        let after = try screen.waitFor("1 due · 0 overdue")
        #expect(after.contains("careplan · Mum (P)"), "\(after)")
        try tmux.keys("q")
        #expect(try at("08:22", cli, ["status"]).stdout == "1 due · 0 overdue\n")
        #expect(try at("08:22", cli, ["status", "--person", "mum"]).stdout == "0 due · 0 overdue\n")
        // Dad's tablet, with the same id, is still to take.
        #expect(try at("08:22", cli, ["due", "--person", "Dad"]).stdout.contains("08:00 Ramipril 5 mg  (ramipril)"))
        #expect(try at("08:40", cli, ["remind", "--once"], extra: path).status == 0)
        #expect(notified().last == "--app-name=careplan|--urgency=critical|Overdue: Dad: 08:00 Ramipril 5 mg|careplan done ramipril --person Dad|")
    }

    @Test func whoseItIsIsNeverGuessed() throws {
        let cli = try twoPeople()
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.db))
        for arguments in [["today"], ["done", "ramipril"], ["log", "bp", "128/84"], ["export", "--json"], ["report", "--out", "-"], ["insights"]] {
            let refused = try cli.run(arguments)
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.stderr == "careplan: this store holds the plans of 2 people (Dad, Mum); say whose with --person NAME (or CAREPLAN_PERSON)\n",
                    "\(arguments): \(refused.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.db)) == before, "a refused command writes nothing")
        #expect(try cli.run(["today", "--person", "Gran"]).stderr == "careplan: no person 'Gran' in this store; it holds: Dad, Mum\n")
        // CAREPLAN_PERSON, a name's start, any case.
        #expect(try cli.run(["done", "ramipril"], environment: ["CAREPLAN_PERSON": "mu"]).status == 0)
        #expect(try cli.run(["today", "--person", "MUM"]).stdout.contains("[✓] 08:00"))
        #expect(try cli.run(["today", "--person", "dad"]).stdout.contains("[!] 08:00"))
        // A plan imported without a name, into a store of several, is refused before anything is read.
        let unnamed = try cli.run(["import", cli.write("other.yaml", Self.plan("Other", patient: "X", grace: 5))])
        #expect(unnamed.status != 0 && unnamed.stderr.contains("say whose with --person NAME"))
        #expect(try cli.run(["today", "--person", "  "]).stderr == "careplan: '  ' cannot be a person's name: it is empty\n")
        // Reminders narrowed to one person still say whose, and the command to type names them.
        let one = try at("08:40", cli, ["remind", "--once", "--person", "dad"], extra: ["PATH": "/nonexistent"])
        #expect(one.stdout.contains("Overdue: Dad: 08:00 Ramipril 5 mg (careplan done ramipril --person Dad)"), "\(one.stdout)")
        #expect(try cli.run(["import", cli.write("bad.yaml", Self.plan("B", patient: "Y", grace: 5)), "--person=-rf"]).stderr
            == "careplan: '-rf' cannot be a person's name: it starts with '-', which reads as an option\n")
    }

    @Test func peopleListsEveryoneAndRenames() throws {
        let cli = try twoPeople()
        #expect(try at("08:20", cli, ["people"]).stdout == """
              Dad  Dad's tablets · 2 activities · 0 overdue · 1 due
              Mum  Mum's tablets · 2 activities · 1 overdue · 0 due

            """)
        let json = try #require(try cli.json(["people", "--json"]) as? [[String: Any]])
        #expect(json.map { $0["name"] as? String } == ["Dad", "Mum"] && json.map { $0["patient"] as? String } == ["Arthur Jones", "Mary Jones"])
        #expect(try cli.run(["people", "--rename", "dad", "--to", "Arthur"]).stdout == "Renamed Dad to Arthur\n")
        #expect(try cli.run(["people", "--rename", "Arthur", "--to", "mum"]).stderr == "careplan: 'mum' cannot be a person's name: Mum is someone else in this store\n")
        #expect(try cli.run(["today", "--person", "arthur"]).status == 0)
        let doctor = try cli.run(["doctor"])
        #expect(doctor.status == 0 && doctor.stdout.contains("Contents:     2 people, 4 activities"), "\(doctor.stdout)")
    }

    /// Exports and reports are one person's: their readings, their patient, identifiers that never
    /// meet the other person's.
    @Test func exportsAndReportsArePerPerson() throws {
        let cli = try twoPeople()
        #expect(try at("18:05", cli, ["log", "bp", "150/95", "--person", "Mum"]).status == 0)
        #expect(try at("18:06", cli, ["log", "bp", "121/79", "--person", "Dad"]).status == 0)
        let mum = try #require(try cli.json(["export", "--json", "--person", "Mum"]) as? [[String: Any]])
        #expect(mum.count == 1 && (mum[0]["values"] as? [[String: Any]])?.first?["value"] as? Double == 150)
        let report = try cli.run(["report", "--format", "md", "--out", "-", "--person", "Dad"]).stdout
        #expect(report.contains("**Arthur Jones**") && report.contains("average 121.0") && !report.contains("150.0"), "\(report.prefix(600))")
        var patients: [String: [String: Any]] = [:]
        var observationIds: [String: Set<String>] = [:]
        for person in ["Dad", "Mum"] {
            let file = cli.write("\(person).json", try cli.run(["export", "--format", "fhir", "--person", person]).stdout)
            #expect(try FHIRValidator.validate([file]).status == 0)
            let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
            let resources = (bundle["entry"] as! [[String: Any]]).map { $0["resource"] as! [String: Any] }
            patients[person] = resources.first { $0["resourceType"] as? String == "Patient" }
            observationIds[person] = Set(resources.filter { $0["resourceType"] as? String == "Observation" }.map { $0["id"] as! String })
        }
        #expect((patients["Dad"]?["name"] as? [[String: Any]])?.first?["text"] as? String == "Arthur Jones")
        #expect((patients["Mum"]?["name"] as? [[String: Any]])?.first?["text"] as? String == "Mary Jones")
        #expect(patients["Dad"]?["id"] as? String != patients["Mum"]?["id"] as? String)
        #expect(observationIds["Dad"]!.count == 1 && observationIds["Dad"]!.isDisjoint(with: observationIds["Mum"]!))
        // Mum's Bundle goes into a fresh store whole.
        let fresh = CLI()
        #expect(try fresh.run(["import", cli.folder.appendingPathComponent("Mum.json").path]).status == 0)
        #expect(try fresh.run(["people"]).stdout.contains("Mary Jones  Mum's tablets"))
    }
}
