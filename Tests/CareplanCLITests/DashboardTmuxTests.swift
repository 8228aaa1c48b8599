import Foundation
import Testing

/// The real binary inside tmux: keys go in with send-keys, the screen comes back with
/// capture-pane, and the database is checked afterwards through `careplan today --json`.
@Suite(.serialized) struct DashboardTmuxTests {
    /// A tmux server of the test's own (its own socket), so nothing touches the user's sessions.
    final class Tmux {
        let socket = "careplan-test-\(UUID().uuidString.prefix(8))"
        let session = "dash"

        /// Runs a tmux command and returns what it printed. Spawned with posix_spawn and its
        /// output sent to a file: tmux's daemonised server keeps the first client's descriptors,
        /// so a pipe would never reach end-of-file, and Foundation's Process did not reap that client.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ["tmux", "-u", "-L", socket] + arguments
            var cArguments = argv.map { strdup($0) } + [nil]
            defer { cArguments.forEach { free($0) } }
            // Test threads block some signals and children inherit the mask; the tmux server (and the
            // dashboard it runs) must get SIGWINCH, so spawn with an empty mask.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t()
            sigemptyset(&empty)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            var pid: pid_t = 0
            guard posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, environ) == 0 else { throw CocoaError(.executableNotLoadable) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }

        func start(_ command: String, width: Int, height: Int) throws {
            try run(["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command])
        }

        func keys(_ keys: String...) throws { try run(["send-keys", "-t", session] + keys) }
        func type(_ text: String) throws { try run(["send-keys", "-t", session, "-l", text]) }
        func screen() throws -> String { try run(["capture-pane", "-p", "-t", session]) }
        var isRunning: Bool { (try? run(["list-sessions"]))?.contains(session) ?? false }

        /// Waits (up to 10 s) until the screen shows `text`; returns the screen.
        @discardableResult
        func waitFor(_ text: String) throws -> String {
            var last = ""
            for _ in 0..<100 {
                last = try screen()
                if last.contains(text) { return last }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("the screen never showed '\(text)':\n\(last)")
            return last
        }

        deinit { _ = try? run(["kill-server"]) }
    }

    func dashboardCommand(_ cli: CLI) -> String {
        let env = ["CAREPLAN_NOW=2026-11-21T09:30", "TZ=Europe/Berlin", "LANG=C.UTF-8", "TERM=xterm-256color"].joined(separator: " ")
        return "env -u LANGUAGE -u LC_ALL -u LC_MESSAGES \(env) \(CLI.binary.path) --db \(cli.db)"
    }

    func event(_ cli: CLI, _ id: String) throws -> [[String: Any]] {
        let day = try cli.json(["today", "--json"]) as! [String: Any]
        return (day["activities"] as! [[String: Any]]).first { $0["id"] as? String == id }!["events"] as! [[String: Any]]
    }

    /// Where `text` first shows on `line`-containing row of the screen (0-based column and row).
    func position(of text: String, onLineWith marker: String, in screen: String) -> (x: Int, y: Int)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let y = lines.firstIndex(where: { $0.contains(marker) }), let range = lines[y].range(of: text) else { return nil }
        return (lines[y].distance(from: lines[y].startIndex, to: range.lowerBound), y)
    }

    /// A left click as xterm reports it (SGR 1006, what `TERM=xterm-256color` asks ncurses to read).
    func click(_ tmux: Tmux, x: Int, y: Int) throws {
        try tmux.type("\u{1b}[<0;\(x + 1);\(y + 1)M\u{1b}[<0;\(x + 1);\(y + 1)m")
    }

    @Test func aClickOnABoxTicksItAndNoMouseIgnoresClicks() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli) + " --no-mouse", width: 120, height: 40)
        var screen = try tmux.waitFor("Care Card")
        let box = try #require(position(of: "[ ]", onLineWith: "Amlodipine 5 mg", in: screen))
        try click(tmux, x: box.x + 1, y: box.y)
        Thread.sleep(forTimeInterval: 1)
        #expect(!(try tmux.screen()).contains("Done:"))
        try tmux.keys("q")
        #expect(try event(cli, "amlodipine").allSatisfy { $0["done"] as? Bool == false })

        let mouse = Tmux()
        try mouse.start(dashboardCommand(cli), width: 120, height: 40)
        screen = try mouse.waitFor("Care Card")
        try click(mouse, x: box.x + 1, y: box.y)
        try mouse.waitFor("Done: Amlodipine 5 mg (08:00)")
        try mouse.keys("q")
        #expect(try event(cli, "amlodipine").first?["done"] as? Bool == true)
    }

    @Test func aDayInTheDashboard() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 120, height: 40)
        let first = try tmux.waitFor("Care Card")
        #expect(first.contains("Symptom Tracker"))
        #expect(first.contains("Amlodipine 5 mg"))

        // Tick the first intervention.
        try tmux.keys("Space")
        try tmux.waitFor("Done: Amlodipine 5 mg (08:00)")

        // Enter a blood-pressure reading in the Symptom Tracker (the first assessment).
        try tmux.keys("2")
        try tmux.keys("Enter")
        try tmux.waitFor("Blood pressure · 21 Nov")
        try tmux.type("128")
        try tmux.keys("Tab")
        try tmux.type("84")
        try tmux.keys("Enter")
        try tmux.waitFor("Saved Blood pressure: 128/84 mmHg")

        // An invalid temperature is refused inline and nothing is saved.
        try tmux.keys("j")
        try tmux.keys("Enter")
        try tmux.waitFor("Temperature · 21 Nov")
        try tmux.type("45")
        try tmux.keys("Enter")
        try tmux.waitFor("outside the accepted range 34–43 °C")
        try tmux.keys("Escape")
        try tmux.waitFor("Cancelled; nothing saved")

        // Undo takes back the blood pressure reading.
        try tmux.keys("u")
        try tmux.waitFor("Undone: Blood pressure")

        // Too small, then large enough again.
        try tmux.run(["resize-window", "-t", tmux.session, "-x", "70", "-y", "20"])
        try tmux.waitFor("Terminal too small: need 80×24, have 70×20")
        try tmux.run(["resize-window", "-t", tmux.session, "-x", "100", "-y", "30"])
        try tmux.waitFor("1 Care Card")

        try tmux.keys("q")
        for _ in 0..<50 where tmux.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!tmux.isRunning, "q should quit the dashboard")

        #expect(try event(cli, "amlodipine").map { $0["done"] as! Bool } == [true, false])
        #expect(try event(cli, "bp").map { $0["done"] as! Bool } == [false])
        #expect(try event(cli, "temp").map { $0["done"] as! Bool } == [false])
    }

    /// The dashboard in a real terminal in Polish and in Chinese, with the locale not generated on
    /// the machine (careplan falls back to C.UTF-8 and still speaks the language): the panes, a
    /// tick and its message, a reading typed with the language's decimal separator, help.
    @Test(arguments: [Languages.polish, Languages.chinese])
    func aDayInTheReadersLanguage(_ reader: Languages.Reader) throws {
        let cli = CLI().speaking(reader)
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let tmux = Tmux()
        let environment = ["CAREPLAN_NOW=2026-11-21T09:30", "TZ=Europe/Berlin", "TERM=xterm-256color"]
            + reader.environment.map { "\($0.key)=\($0.value)" }
        try tmux.start("env -u LANGUAGE -u LC_ALL -u LC_MESSAGES \(environment.joined(separator: " ")) \(CLI.binary.path) --db \(cli.db)",
                       width: 120, height: 40)
        let careCard = Languages.word("Care Card", in: reader), tracker = Languages.word("Symptom Tracker", in: reader)
        let first = try tmux.waitFor(careCard)
        #expect(first.contains(tracker))
        #expect(first.contains(Languages.cldrDate("2026-11-21", skeleton: "yMMMEEEEd", in: reader)))
        try tmux.keys("Space")
        let named = Languages.word("{title} ({time})", in: reader).replacingOccurrences(of: "{title}", with: "Amlodipine 5 mg")
            .replacingOccurrences(of: "{time}", with: "08:00")
        try tmux.waitFor(Languages.word("Done: {activity}", in: reader).replacingOccurrences(of: "{activity}", with: named))
        // A temperature typed as the language writes it.
        try tmux.keys("2")
        try tmux.keys("j")
        try tmux.keys("Enter")
        try tmux.type(reader.code == "pl" ? "37,2" : "37.2")
        try tmux.keys("Enter")
        let decimal = reader.code == "pl" ? "37,2 °C" : "37.2 °C"
        try tmux.waitFor(Languages.word("Saved {title}: {reading}", in: reader).replacingOccurrences(of: "{title}", with: "Temperature")
            .replacingOccurrences(of: "{reading}", with: decimal))
        try tmux.keys("?")
        try tmux.waitFor(Languages.word("Keys", in: reader))
        try tmux.keys("q")
        for _ in 0..<50 where tmux.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!tmux.isRunning, "q should quit the dashboard")
        #expect(try event(cli, "amlodipine").map { $0["done"] as! Bool } == [true, false])
        #expect(try event(cli, "temp").map { $0["done"] as! Bool } == [true])
    }

    /// A PHQ-9 answered with keys in the reader's language: part of it kept as a draft, the draft
    /// resumed from where it was left, the score shown with its band, the response recorded.
    @Test(arguments: [Languages.english, Languages.polish])
    func aPHQ9AnsweredWithKeysAndADraftResumed(_ reader: Languages.Reader) throws {
        let cli = CLI(now: "2026-11-16T09:30").speaking(reader)
        #expect(try cli.run(["import", CLI.repository.appendingPathComponent("sample-plans/depression-care.yaml").path]).status == 0)
        let tmux = Tmux()
        let environment = ["CAREPLAN_NOW=2026-11-16T09:30", "TZ=Europe/Berlin", "TERM=xterm-256color"] + reader.environment.map { "\($0.key)=\($0.value)" }
        try tmux.start("env -u LANGUAGE -u LC_ALL -u LC_MESSAGES \(environment.joined(separator: " ")) \(CLI.binary.path) --db \(cli.db)",
                       width: 80, height: 24)
        try tmux.waitFor(Languages.word("Symptom Tracker", in: reader))
        try tmux.keys("2")
        try tmux.keys("j")
        try tmux.keys("Enter")
        try tmux.waitFor("1. Little interest or pleasure in doing things")
        try tmux.type("112")
        try tmux.waitFor("[2]")
        try tmux.keys("Escape")
        try tmux.waitFor(String(Languages.word("Keep your answers as a draft to finish later? {enter} keeps · d discards · Esc goes back to the questions", in: reader).prefix(20)))
        try tmux.keys("Enter")
        try tmux.waitFor(Languages.word("started, not finished", in: reader))
        #expect(try event(cli, "phq9").map { $0["done"] as! Bool } == [false], "a draft is not a reading")
        // Enter on it goes on at the first question not answered.
        try tmux.keys("Enter")
        let resumed = try tmux.waitFor("▸ 4. Feeling tired")
        #expect(resumed.contains("[2]"), "the draft's answers are there:\n\(resumed)")
        try tmux.type("010000")
        let band = Languages.word("mild", context: "score band", in: reader)
        let score = Languages.word("{reading} ({band})", in: reader).replacingOccurrences(of: "{reading}", with: "5").replacingOccurrences(of: "{band}", with: band)
        try tmux.waitFor("Total score: " + score)
        try tmux.type("1")
        try tmux.waitFor(Languages.word("Record these answers", in: reader))
        try tmux.keys("Enter")
        // The status line's message, as much of it as 80 columns show; the tracker's row, whole.
        let answered = Languages.word("Answered {title}: {reading}", in: reader).replacingOccurrences(of: "{title}", with: "PHQ-9")
            .replacingOccurrences(of: "{reading}", with: score)
        try tmux.waitFor(String(answered.prefix(30)))
        let tracker = try tmux.waitFor("1/1")
        #expect(tracker.split(separator: "\n").contains { $0.contains("PHQ-9") && $0.contains("▲") && $0.contains(score) }, "\(tracker)")
        #expect(try event(cli, "phq9").map { $0["done"] as! Bool } == [true])
        try tmux.keys("q")
        for _ in 0..<50 where tmux.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!tmux.isRunning)
        let history = try cli.run(["history", "phq9"]).stdout
        #expect(history.contains(score), "\(history)")
    }

    @Test func aSleepDiaryNightTypedInTheDashboardAndTheTimer() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", SleepCommandTests.plan)]).status == 0)
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 120, height: 40)
        try tmux.waitFor("Care Card")
        try tmux.keys("2")
        try tmux.keys("Enter")
        try tmux.waitFor("Into bed")
        try tmux.type("11:10pm")
        for _ in 0..<5 { try tmux.keys("Tab") }
        try tmux.type("6.40")
        try tmux.keys("Enter")
        try tmux.waitFor("Out of bed: enter a value")
        try tmux.type("07:00")
        try tmux.keys("Enter")
        try tmux.waitFor("Saved Sleep diary: 23:10–07:00 · asleep 7 h 30 min · 96 %")
        try tmux.keys("z")
        try tmux.waitFor("zzz in bed since 09:30")
        try tmux.keys("q")
        let night = try #require(try cli.json(["sleep", "--json"]) as? [String: Any])
        let diary = try #require((night["nights"] as? [[String: Any]])?.first?["diary"] as? [String: Any])
        #expect(diary["totalSleep"] as? Double == 450)
        #expect(night["timerSince"] as? String == "2026-11-21 09:30")
    }

    @Test func connectPreparesAReportForTheNurse() throws {
        let cli = CLI()
        #expect(try cli.run(["import", CLI.repository.appendingPathComponent("sample-plans/hypertension.yaml").path]).status == 0)
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 120, height: 40)
        try tmux.waitFor("Care Card")
        try tmux.keys("4")
        try tmux.waitFor("Dr Amira Haddad")
        try tmux.keys("j")
        try tmux.waitFor("Practice nurse · care team")
        try tmux.keys("p")
        try tmux.waitFor("Report for Sam Patel written to")
        try tmux.keys("q")
        // The file the status line names (cut at its width) is beside the store.
        let reports = URL(fileURLWithPath: cli.db).deletingLastPathComponent().appendingPathComponent("reports")
        let files = try FileManager.default.contentsOfDirectory(atPath: reports.path)
        #expect(files == ["careplan-report-2026-11-16-to-2026-11-22-for-sam-patel.html"])
        let html = try String(contentsOf: reports.appendingPathComponent(files[0]), encoding: .utf8)
        #expect(html.contains("Prepared for Sam Patel (Practice nurse)"))
    }

    @Test func changesFromAnotherProcessShowUpWithinASecond() throws {
        let cli = CLI()
        try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)])
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 120, height: 40)
        try tmux.waitFor("Care Card")
        #expect(try cli.run(["log", "temp", "37.2"]).status == 0)
        try tmux.waitFor("37.2 °C")
        try tmux.keys("q")
    }

    @Test func anEmptyStoreOffersTheSamplePlansAndImportsOne() throws {
        let cli = CLI()
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 100, height: 30)
        let welcome = try tmux.waitFor("Welcome to careplan")
        #expect(welcome.contains("Knee replacement recovery"))
        try tmux.keys("Enter")
        try tmux.waitFor("Care Card")
        try tmux.keys("q")
        for _ in 0..<50 where tmux.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try cli.run(["plan"]).status == 0)
    }

    /// The dashboard run from an interactive shell in tmux, as a person runs it.
    func shell(_ cli: CLI) throws -> Tmux {
        let tmux = Tmux()
        // Swift's crash reporter off: a fault sent with kill then takes its default action right
        // after careplan's handler, as a real trap does once the reporter has spoken (the reporter
        // returns from a kill()ed signal and lets the program run on).
        try tmux.start("env PS1='ready> ' TERM=xterm-256color LANG=C.UTF-8 SWIFT_BACKTRACE=enable=no bash --norc --noprofile -i",
                       width: 120, height: 40)
        try tmux.waitFor("ready>")
        try tmux.type(dashboardCommand(cli) + "; echo \"exit $?\"")
        try tmux.keys("Enter")
        try tmux.waitFor("Care Card")
        return tmux
    }

    /// Whether the pane shows the terminal's alternate screen, which curses mode uses.
    func inCursesMode(_ tmux: Tmux) throws -> Bool {
        try tmux.run(["display-message", "-p", "-t", tmux.session, "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// The dashboard's process, found by the store path only it has on its command line.
    func dashboardPID(_ cli: CLI) throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        // Anchored: tmux's own client may carry the same words in its command line.
        process.arguments = ["-f", "^\(CLI.binary.path) --db \(cli.db)"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return try #require(text.split(separator: "\n").compactMap { pid_t($0) }.first)
    }

    /// Ctrl-Z gives the shell back; fg brings the dashboard back, redrawn, and it still works.
    @Test func ctrlZSuspendsAndFgRedraws() throws {
        let cli = CLI()
        try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)])
        let tmux = try shell(cli)
        try tmux.keys("C-z")
        try tmux.waitFor("Stopped")
        #expect(try !inCursesMode(tmux), "the terminal is given back while stopped")
        try tmux.type("fg")
        try tmux.keys("Enter")
        try tmux.waitFor("Care Card")
        #expect(try inCursesMode(tmux))
        try tmux.keys("q")
        for _ in 0..<50 where try inCursesMode(tmux) { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try !inCursesMode(tmux), "quitting after fg gives the terminal back")
    }

    /// Killed by a signal, or crashing, the dashboard leaves the terminal as it found it.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGSEGV, SIGABRT])
    func theTerminalIsRestoredWhateverEndsIt(signal: Int32) throws {
        let cli = CLI()
        try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)])
        let tmux = try shell(cli)
        #expect(try inCursesMode(tmux))
        kill(try dashboardPID(cli), signal)
        let screen = try tmux.waitFor("exit ")
        #expect(try !inCursesMode(tmux), "signal \(signal): the terminal was left in curses mode:\n\(screen)")
        // The shell reads what is typed, echoed on a sane terminal.
        try tmux.type("echo typed-\(signal)")
        try tmux.keys("Enter")
        try tmux.waitFor("\ntyped-\(signal)\nready>")
    }

    /// A tick while another program holds the write lock: the status line says so after a
    /// second, and the tick lands once the lock is released.
    @Test func aTickWaitingForAnotherWriterSaysSoThenLands() throws {
        let cli = CLI()
        try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)])
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 120, height: 40)
        try tmux.waitFor("Care Card")
        let holder = try SQLiteShell(cli.db, running: "BEGIN IMMEDIATE;\nSELECT 'locked';\n")
        try tmux.keys("Space")
        try tmux.waitFor("Waiting for another program's write to the store to finish")
        #expect(try event(cli, "amlodipine").first?["done"] as? Bool == false)
        holder.send("ROLLBACK;\n")
        holder.quit()
        for _ in 0..<50 where try event(cli, "amlodipine").first?["done"] as? Bool != true { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try event(cli, "amlodipine").first?["done"] as? Bool == true, "the tick landed after the lock was released")
        try tmux.keys("q")
    }

    /// A tick the disk refuses: the dashboard says why, keeps running with what was saved, and
    /// the same tick lands once there is room again. The "full disk" is a file-size limit set on
    /// the running dashboard (`prlimit`, SIGXFSZ ignored): its write-ahead log cannot grow.
    @Test func aTickTheDiskRefusesLeavesTheDashboardRunning() throws {
        let cli = CLI()
        try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)])
        let tmux = Tmux()
        try tmux.start("sh -c \"trap '' XFSZ; exec \(dashboardCommand(cli))\"", width: 120, height: 40)
        try tmux.waitFor("Care Card")
        let pid = try dashboardPID(cli)
        func limit(_ value: String) throws {
            let result = try cli.run(["--pid", String(pid), "--fsize=\(value):unlimited"], useDB: false, executable: URL(fileURLWithPath: "/usr/bin/prlimit"))
            #expect(result.status == 0, "\(result.stderr)")
        }
        try limit("1024")
        try tmux.keys("Space")
        try tmux.waitFor("could not write to the disk")
        try tmux.keys("j")
        let screen = try tmux.waitFor("Basal insulin")
        #expect(screen.contains("Care Card"))
        #expect(try event(cli, "amlodipine").first?["done"] as? Bool == false)
        try limit("unlimited")
        try tmux.keys("k", "Space")
        for _ in 0..<50 where try event(cli, "amlodipine").first?["done"] as? Bool != true { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try event(cli, "amlodipine").first?["done"] as? Bool == true, "with room again the tick lands")
        try tmux.keys("q")
        for _ in 0..<50 where tmux.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try cli.run(["doctor", "--full"]).status == 0)
    }

    /// A title and a note holding escape sequences are drawn as visible symbols: the terminal's
    /// title is not set, the screen not cleared, nothing written to the clipboard.
    @Test func escapeSequencesInTheStoreAreDrawnNotObeyed() throws {
        let cli = CLI()
        let hostile = cliPlanYAML.replacingOccurrences(of: "title: Amlodipine 5 mg", with: "title: \"Amlo\\e]0;pwned\\a\\e[2J\"")
        try #require(hostile != cliPlanYAML)
        #expect(try cli.run(["import", cli.write("plan.yaml", hostile)]).status == 0)
        #expect(try cli.run(["done", "amlodipine", "--note", "\u{1b}]52;c;ZXZpbA==\u{07}"]).status == 0)
        let tmux = Tmux()
        try tmux.start(dashboardCommand(cli), width: 120, height: 40)
        let screen = try tmux.waitFor("Amlo␛]0;pwned␇␛[2J")
        #expect(screen.contains("Care Card"), "the screen was not cleared")
        let title = try tmux.run(["display-message", "-p", "-t", tmux.session, "#{pane_title}"])
        #expect(!title.contains("pwned"), "the pane's title was set: \(title)")
        let buffers = try tmux.run(["list-buffers"])
        #expect(!buffers.contains("evil") && !buffers.contains("ZXZpbA"), "something reached the clipboard: \(buffers)")
        try tmux.keys("q")
    }
}
