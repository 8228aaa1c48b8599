import Foundation
import Testing

/// `careplan encrypt`, `rekey`, `decrypt`, `unlock` and `lock` through the binary: what reaches the
/// disk, what a missing or wrong key gets, conversions killed half-way, the key kept out of every
/// child's environment and command line, and the dashboard asking before its screen starts.
@Suite struct EncryptionCommandTests {
    static let passphrase = "correct horse battery staple"

    /// A 0600 file holding `phrase`, as --key-file wants it.
    static func keyFile(_ cli: CLI, _ name: String = "passphrase", _ phrase: String = passphrase, mode: Int = 0o600) -> String {
        let path = cli.write(name, phrase + "\n")
        chmod(path, mode_t(mode))
        return path
    }

    static func imported() throws -> CLI {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        return cli
    }

    static func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    /// careplan with no terminal to ask on, as in a status line or a timer: a new session
    /// (setsid) has no controlling terminal, whatever terminal the tests run in.
    static func detached(_ cli: CLI, _ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        try cli.run(["--wait", CLI.binary.path] + arguments + ["--db", cli.db], useDB: false, environment: environment,
                    executable: URL(fileURLWithPath: "/usr/bin/setsid"))
    }

    /// What the `sqlite3` command makes of a file: its status and output.
    static func sqlite3(_ path: String, _ sql: String) throws -> (status: Int32, stdout: String) {
        try Tool.run("/usr/bin/sqlite3", [path, sql], withErrors: true)
    }

    /// The issue's test: a marker written with a key is nowhere in the file, `sqlite3` cannot read
    /// it, careplan with the key shows everything as before; a new key, then plain again, and the
    /// `.dump` is the one from before.
    @Test func anEncryptedStoreHidesEveryByteAndShowsEverythingWithItsKey() throws {
        let cli = try Self.imported()
        let marker = "MARKER-\(UUID().uuidString)"
        #expect(try cli.run(["log", "bp", "128/84", "--note", marker]).status == 0)
        #expect(try cli.run(["done", "amlodipine"]).status == 0)
        let views = [["today"], ["history", "bp"], ["export", "--json"], ["insights"]]
        let before = try views.map { try cli.run($0).stdout }
        let dump = try Self.sqlite3(cli.db, ".dump")
        #expect(dump.status == 0 && dump.stdout.contains(marker))

        let key = Self.keyFile(cli)
        let encrypted = try cli.run(["encrypt", "--key-file", key])
        #expect(encrypted.status == 0 && encrypted.stdout.hasPrefix("Encrypted \(cli.db): "), "\(encrypted.stdout)\(encrypted.stderr)")
        let file = Self.bytes(cli.db)
        #expect(!file.starts(with: Data("SQLite format 3".utf8)))
        #expect(file.range(of: Data(marker.utf8)) == nil)
        #expect(file.range(of: Data("amlodipine".utf8)) == nil)
        #expect(!FileManager.default.fileExists(atPath: cli.db + "-wal") || Self.bytes(cli.db + "-wal").range(of: Data(marker.utf8)) == nil)
        let refused = try Self.sqlite3(cli.db, "SELECT COUNT(*) FROM outcome")
        #expect(refused.status != 0 && refused.stdout.contains("file is not a database"), "\(refused)")
        #expect(try views.map { try cli.run($0 + ["--key-file", key]).stdout } == before)

        // A new passphrase: the old one no longer opens it.
        let newKey = Self.keyFile(cli, "new-passphrase", "a new and longer passphrase")
        let rekeyed = try cli.run(["rekey", "--key-file", key, "--new-key-file", newKey])
        #expect(rekeyed.status == 0 && rekeyed.stdout.hasPrefix("New passphrase for \(cli.db): "), "\(rekeyed.stdout)\(rekeyed.stderr)")
        #expect(try cli.run(["today", "--key-file", key]).stderr.contains("the key does not open this store"))
        #expect(try views.map { try cli.run($0 + ["--key-file", newKey]).stdout } == before)

        // Plain again: every row as it was.
        let decrypted = try cli.run(["decrypt", "--key-file", newKey])
        #expect(decrypted.status == 0 && decrypted.stdout.hasPrefix("Decrypted \(cli.db): "), "\(decrypted.stdout)\(decrypted.stderr)")
        // The same statements; sqlcipher_export creates a table's indexes after every table, so
        // some CREATE INDEX lines come in another order.
        #expect(try Self.sqlite3(cli.db, ".dump").stdout.split(separator: "\n").sorted() == dump.stdout.split(separator: "\n").sorted())
        #expect(try Self.sqlite3(cli.db, "PRAGMA journal_mode").stdout == "wal\n")
        #expect(try views.map { try cli.run($0).stdout } == before)
    }

    /// Written on an encrypted store, with the key: the new reading is nowhere in the file either,
    /// and a plain copy (decrypt --output) is an ordinary SQLite file with everything in it.
    @Test func whatIsWrittenLaterIsEncryptedAndAPlainCopyIsExplicit() throws {
        let cli = try Self.imported()
        let key = Self.keyFile(cli)
        #expect(try cli.run(["encrypt", "--key-file", key]).status == 0)
        let marker = "LATER-\(UUID().uuidString)"
        #expect(try cli.run(["log", "bp", "131/85", "--note", marker, "--key-file", key]).status == 0)
        #expect(Self.bytes(cli.db).range(of: Data(marker.utf8)) == nil)
        #expect(try cli.run(["history", "bp", "--key-file", key]).stdout.contains(marker))

        let copy = cli.folder.appendingPathComponent("plain-copy.sqlite").path
        let written = try cli.run(["decrypt", "--output", copy, "--key-file", key])
        #expect(written.status == 0 && written.stdout.contains("Anyone who can read \(copy) reads the health data in it"), "\(written.stdout)\(written.stderr)")
        #expect(try Self.sqlite3(copy, "SELECT note FROM outcome WHERE note IS NOT NULL").stdout == marker + "\n")
        #expect(!Self.bytes(cli.db).starts(with: Data("SQLite format 3".utf8)), "the store stays encrypted")
        // A copy is never written over a file.
        #expect(try cli.run(["decrypt", "--output", copy, "--key-file", key]).stderr == "careplan: \(copy): already exists; careplan does not write a copy over a file, give a new name\n")
        // doctor says how it is encrypted, and points at a plain copy named after the store.
        let beside = cli.db + ".old"
        try FileManager.default.copyItem(atPath: copy, toPath: beside)
        let doctor = try cli.run(["doctor", "--key-file", key])
        #expect(doctor.stdout.contains("Encryption:   SQLCipher 4.9.0 community, AES-256 in pages of 4096 bytes, HMAC_SHA256, key from the passphrase by PBKDF2_HMAC_SHA512 (256000 rounds)"),
                "\(doctor.stdout)")
        #expect(doctor.stdout.contains("Warning:      \(beside) is a plain copy beside the encrypted store"), "\(doctor.stdout)")
        // Its backup is encrypted under the same key.
        let backup = cli.folder.appendingPathComponent("backup.sqlite").path
        #expect(try cli.run(["doctor", "--backup", backup, "--key-file", key]).stdout.contains("encrypted under the store's key"))
        #expect(try Self.sqlite3(backup, "SELECT COUNT(*) FROM sqlite_master").status != 0)
        #expect(try CLI.runOn(backup, cli, ["history", "bp", "--key-file", key]).stdout.contains(marker))
    }

    /// No key, a wrong one, a key file others can read, a command that fails: one line that says
    /// which and what would do, no SQLCipher noise, and not a byte of the store changed.
    @Test func withoutTheRightKeyOneLineAndNothingWritten() throws {
        let cli = try Self.imported()
        let key = Self.keyFile(cli)
        #expect(try cli.run(["encrypt", "--key-file", key]).status == 0)
        let before = Self.bytes(cli.db)
        let files = { ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: cli.db + $0) } }
        let filesBefore = files()
        let wrong = Self.keyFile(cli, "wrong", "not the passphrase at all")
        let exposed = Self.keyFile(cli, "exposed", Self.passphrase, mode: 0o644)
        let cases: [([String], [String: String], String)] = [
            (["today"], [:], "\(cli.db) is encrypted and no key was given: use --key-file FILE, --key-fd N or --key-command CMD, set CAREPLAN_KEY_FILE, unlock it first with careplan unlock (--remember keeps it in the desktop's keyring), or run careplan in a terminal to be asked; nothing was read or written"),
            (["done", "amlodipine", "--key-file", wrong], [:], "\(cli.db): the key does not open this store (a mistyped passphrase, or another store's key); nothing was read or written"),
            (["log", "bp", "120/80", "--key-file", exposed], [:], "--key-file \(exposed): other users may read it (mode 644); a key file must be yours alone: chmod 600 \(exposed); nothing was read or written"),
            (["status", "--key-command", "exit 3"], [:], "--key-command 'exit 3' failed (exit status 3); nothing was read or written"),
            (["status", "--key-command", "echo"], [:], "--key-command echo: gave no passphrase (its first line is empty); nothing was read or written"),
            (["status", "--key-fd", "9"], [:], "--key-fd 9: cannot be read (no such open file descriptor); nothing was read or written"),
            (["status"], ["CAREPLAN_KEY_FILE": "/nonexistent/key"], "CAREPLAN_KEY_FILE /nonexistent/key: cannot be read (No such file or directory); nothing was read or written"),
            (["decrypt", "--key-file", wrong], [:], "\(cli.db): the key does not open this store (a mistyped passphrase, or another store's key); nothing was read or written"),
            (["encrypt", "--key-file", key], [:], "\(cli.db) is encrypted already; nothing was changed"),
        ]
        for (arguments, environment, message) in cases {
            let result = try Self.detached(cli, arguments, environment: environment)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "careplan: \(message)\n", "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(Self.bytes(cli.db) == before, "a refused command writes nothing")
        #expect(files() == filesBefore)
        // A new passphrase must be typed the same twice, or given, and not be too short.
        let plain = try Self.imported()
        let short = Self.keyFile(plain, "short", "short")
        #expect(try Self.detached(plain, ["encrypt", "--key-file", short]).stderr == "careplan: a passphrase needs at least 8 characters; nothing was changed\n")
        #expect(try Self.detached(plain, ["encrypt"]).stderr.hasPrefix("careplan: \(plain.db): no new passphrase: give it with --key-file FILE"))
        #expect(try Self.sqlite3(plain.db, "SELECT COUNT(*) FROM activity").status == 0, "still plain")
    }

    /// `unlock` keeps the key for the status line and every other careplan with no terminal to
    /// ask on; `lock` forgets it.
    @Test func unlockSparesThePromptUntilLock() throws {
        let cli = try Self.imported()
        let key = Self.keyFile(cli)
        #expect(try cli.run(["encrypt", "--key-file", key]).status == 0)
        #expect(try Self.detached(cli, ["status"]).status == 1)
        let unlocked = try cli.run(["unlock", "--for", "5m", "--key-file", key])
        #expect(unlocked.status == 0 && unlocked.stdout.hasPrefix("Unlocked \(cli.db) until "), "\(unlocked.stdout)\(unlocked.stderr)")
        defer { _ = try? cli.run(["lock"]) }
        let status = try Self.detached(cli, ["status"])
        #expect(status.status == 0 && status.stdout.hasSuffix("overdue\n"), "\(status.stdout)\(status.stderr)")
        #expect(try Self.detached(cli, ["done", "amlodipine"]).status == 0)
        #expect(try cli.run(["lock"]).stdout == "Locked \(cli.db): its key is forgotten.\n")
        #expect(try Self.detached(cli, ["status"]).stderr.hasPrefix("careplan: \(cli.db) is encrypted and no key was given"))
        #expect(try cli.run(["lock"]).stdout == "\(cli.db) was not unlocked; nothing to forget.\n")
        #expect(try cli.run(["today", "--key-file", key]).stdout.contains("[✓]"), "the tick made while unlocked is there")
        #expect(try cli.run(["unlock", "--for", "2d", "--key-file", key]).stderr
            == "careplan: --for 2d: give minutes or hours, e.g. 30m or 8h, from 1m up to 24h (see careplan --help)\n")
        #expect(try cli.run(["unlock", "--key-file", Self.keyFile(cli, "wrong", "not the passphrase")]).stderr.contains("the key does not open this store"))
    }

    /// `unlock --remember` keeps the passphrase in the desktop's Secret Service (here GNOME
    /// Keyring on a session bus of the test's own, its login keyring unlocked): with the kernel's key
    /// forgotten, careplan with no terminal still opens the store from there, until `lock --forget`.
    @Test func theDesktopsKeyringKeepsThePassphraseWhenAskedTo() throws {
        let cli = try Self.imported()
        let key = Self.keyFile(cli)
        #expect(try cli.run(["encrypt", "--key-file", key]).status == 0)
        let home = cli.folder.appendingPathComponent("home").path
        let careplan = "\(CLI.binary.path) --db \(cli.db)"
        let script = """
            set -u
            export HOME=\(home) XDG_DATA_HOME=\(home)/data XDG_RUNTIME_DIR=\(home)/run
            mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
            # A session bus of its own, stopped at the end (dbus-run-session leaves its bus running here).
            bus=$(dbus-daemon --session --fork --print-pid --address="unix:path=$XDG_RUNTIME_DIR/bus" 2>/dev/null)
            export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
            # The keyring daemon in the foreground, its output away from the test's pipes, stopped at the end.
            printf 'login password' | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
            daemon=$!
            trap 'kill $daemon $bus' EXIT
            for i in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/keyring/control" ] && break; sleep 0.1; done
            \(careplan) unlock --remember --for 5m --key-file \(key)
            \(careplan) lock
            setsid -w \(careplan) status; echo "from the keyring: $?"
            \(careplan) lock --forget
            setsid -w \(careplan) status; echo "forgotten: $?"
            """
        let result = try cli.run(["60", "sh", "-c", script], useDB: false, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Unlocked \(cli.db) until ") == true, "\(result.stdout)\(result.stderr)")
        #expect(lines.contains("Locked \(cli.db): its key is forgotten."), "\(result.stdout)")
        #expect(lines.contains("from the keyring: 0"), "\(result.stdout)\(result.stderr)")
        #expect(lines.contains("The desktop's keyring no longer keeps its passphrase."), "\(result.stdout)")
        #expect(lines.contains("forgotten: 1"), "\(result.stdout)")
        #expect(result.stderr.contains("careplan: \(cli.db) is encrypted and no key was given"), "\(result.stderr)")
        // Without a session bus, --remember says what it needs and keeps nothing.
        let refused = try cli.run(["unlock", "--remember", "--key-file", key], environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        #expect(refused.stderr.hasPrefix("careplan: --remember needs the desktop's Secret Service"), "\(refused.stderr)")
        #expect(try Self.detached(cli, ["status"]).status == 1, "nothing was unlocked")
    }

    /// A conversion killed at any point leaves the store whole: plain as it was, or encrypted with
    /// every row, and the next conversion goes through.
    @Test func aConversionKilledAtAnyPointLeavesTheStoreWhole() throws {
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "400"]).status == 0)
        let key = Self.keyFile(cli)
        let rows = try Self.sqlite3(cli.db, "SELECT COUNT(*) FROM outcome").stdout
        let pristine = cli.folder.appendingPathComponent("pristine.sqlite").path
        #expect(try Self.sqlite3(cli.db, ".backup \(pristine)").status == 0)
        var outcomes: Set<String> = []
        // Every 40 ms through the first 600, then longer waits until a run gets through: a loaded
        // machine (the test suite's other processes) may take longer than 600 ms to convert.
        var delays = Array(stride(from: 0, through: 600_000, by: 40_000))
        var later = 800_000
        while later <= 25_600_000 { delays.append(later); later *= 2 }
        for delay in delays {
            if delay > 600_000, outcomes.contains("encrypted") { break }
            try? FileManager.default.removeItem(atPath: cli.db)
            try FileManager.default.copyItem(atPath: pristine, toPath: cli.db)
            let process = try cli.start(["encrypt", "--key-file", key])
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let encrypted = !Self.bytes(cli.db).starts(with: Data("SQLite format 3".utf8))
            outcomes.insert(encrypted ? "encrypted" : "plain")
            let counted = try cli.run(["doctor", "--json"] + (encrypted ? ["--key-file", key] : []))
            #expect(counted.status == 0, "killed after \(delay / 1000) ms: \(counted.stderr)")
            let check = try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any]
            #expect("\(check?["outcomes"] ?? "")\n" == rows, "killed after \(delay / 1000) ms")
            #expect(check?["integrity"] as? [String] == ["ok"])
            if !encrypted {
                // What the killed run left beside the store is cleared by the next one.
                let again = try cli.run(["encrypt", "--key-file", key])
                #expect(again.status == 0, "after a kill at \(delay / 1000) ms: \(again.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: cli.db + ".converting") || !encrypted)
        }
        #expect(outcomes.contains("encrypted"), "some run got through")
    }

    /// The passphrase is in no process's environment or command line: careplan's own, and those
    /// of the programs it starts (here notify-send, from remind, which records what it sees).
    @Test func theKeyNeverReachesAnEnvironmentOrACommandLine() throws {
        let cli = try Self.imported()
        let key = Self.keyFile(cli)
        #expect(try cli.run(["encrypt", "--key-file", key]).status == 0)
        let bin = cli.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let seen = cli.folder.appendingPathComponent("seen").path
        let fake = bin.appendingPathComponent("notify-send").path
        try """
        #!/bin/sh
        for f in /proc/self/environ /proc/self/cmdline /proc/$PPID/environ /proc/$PPID/cmdline; do cat "$f"; echo; done >> \(seen)
        """.write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let path = ["PATH": bin.path + ":" + (cli.environment["PATH"] ?? "/usr/bin:/bin"), "CAREPLAN_NOW": "2026-11-21T08:01"]
        #expect(try cli.run(["remind", "--once", "--key-file", key], environment: path).status == 0)
        #expect(try cli.run(["remind", "--once"], environment: path.merging(["CAREPLAN_NOW": "2026-11-21T20:01", "CAREPLAN_KEY_FILE": key]) { _, new in new }).status == 0)
        let recorded = String(decoding: Self.bytes(seen), as: UTF8.self)
        #expect(recorded.contains("careplan"), "notify-send ran and saw its parent")
        #expect(!recorded.contains(Self.passphrase))
        #expect(!recorded.contains("correct horse"))
    }

    /// The dashboard asks on the terminal before its screen starts, shows nothing typed, says a
    /// wrong passphrase in one line, and with the right one opens as always.
    @Test func theDashboardAsksForThePassphraseBeforeItsScreen() throws {
        let cli = try Self.imported()
        #expect(try cli.run(["encrypt", "--key-file", Self.keyFile(cli)]).status == 0)
        let env = ["CAREPLAN_NOW=2026-11-21T09:30", "TZ=Europe/Berlin", "LANG=C.UTF-8", "TERM=xterm-256color"].joined(separator: " ")
        let wrong = DashboardTmuxTests.Tmux()
        try wrong.start("env \(env) \(CLI.binary.path) --db \(cli.db); sleep 30", width: 200, height: 30)
        try wrong.waitFor("Passphrase for \(cli.db):")
        try wrong.type("Tr0ub4dor&3 wrong")
        try wrong.keys("Enter")
        let refused = try wrong.waitFor("the key does not open this store")
        #expect(!refused.contains("Tr0ub4dor"), "nothing typed is shown:\n\(refused)")

        let right = DashboardTmuxTests.Tmux()
        try right.start("env \(env) \(CLI.binary.path) --db \(cli.db)", width: 100, height: 30)
        try right.waitFor("Passphrase for \(cli.db):")
        try right.type(Self.passphrase)
        try right.keys("Enter")
        let screen = try right.waitFor("Care Card")
        #expect(!screen.contains("correct horse"))
        try right.keys("Space")
        try right.waitFor("Done: ")
        try right.keys("q")
        #expect(try cli.run(["today", "--key-file", Self.keyFile(cli, "again")]).stdout.contains("[✓]"))
    }

    /// A slice of what the other suites run, on a plain store and on an encrypted one side by side:
    /// every command prints the same (the store's path aside), the dashboard's frames included.
    @Test func everyCommandSaysTheSameOnAnEncryptedStore() throws {
        let plain = CLI(), encrypted = CLI()
        let plan = "sample-plans/heart-failure.yaml"
        #expect(try plain.run(["generate", "--plan", plan, "--days", "60"]).status == 0)
        // One store, copied: the same rows and the same identity (which FHIR ids are made from).
        #expect(try Self.sqlite3(plain.db, ".backup \(encrypted.db)").status == 0)
        let key = Self.keyFile(encrypted)
        #expect(try encrypted.run(["encrypt", "--key-file", key]).status == 0)
        let apple = "Tests/Data/apple-health/alxdrcirilo-export.zip"
        let commands: [[String]] = [
            ["today"], ["done", "furosemide"], ["log", "weight", "81.4"], ["today", "--date", "yesterday"],
            ["history", "weight"], ["insights", "--range", "month"], ["export", "--json"], ["export", "--format", "fhir"],
            ["plan"], ["due"], ["status"], ["people"], ["contacts"],
            ["health", "import", apple], ["health", "types"], ["sleep"],
            ["report", "--range", "month", "--format", "md", "--out", "-"],
            ["snapshot", "--pane", "all"], ["snapshot", "--pane", "insights", "--range", "quarter"],
            ["doctor"],
        ]
        for arguments in commands {
            // An import says how long it took.
            let timing = /in [0-9.]+ s\)/
            let plainRun = try plain.run(arguments)
            let a = CLI.Result(status: plainRun.status, stdout: plainRun.stdout.replacing(timing, with: "in … s)"), stderr: plainRun.stderr)
            let b = try encrypted.run(arguments, environment: ["CAREPLAN_KEY_FILE": key])
            #expect(b.status == a.status, "\(arguments): \(b.stderr)")
            #expect(b.stderr.replacingOccurrences(of: encrypted.db, with: plain.db) == a.stderr, "\(arguments)")
            let same = b.stdout.replacingOccurrences(of: encrypted.db, with: plain.db).replacing(timing, with: "in … s)")
            if arguments == ["doctor"] {
                // The encryption line differs, and only it.
                let differing = zip(a.stdout.split(separator: "\n"), same.split(separator: "\n")).filter { $0 != $1 }.map(\.1)
                #expect(differing.count == 1 && differing.contains { $0.hasPrefix("Encryption:   SQLCipher 4.9.0") }, "\(differing)")
            } else {
                #expect(same == a.stdout, "\(arguments)")
            }
        }
        #expect(!Self.bytes(encrypted.db).starts(with: Data("SQLite format 3".utf8)))
    }

    /// A store the dashboard has open is not converted under its feet.
    @Test func aStoreOpenElsewhereIsNotConverted() throws {
        let cli = try Self.imported()
        let env = ["CAREPLAN_NOW=2026-11-21T09:30", "TZ=Europe/Berlin", "LANG=C.UTF-8", "TERM=xterm-256color"].joined(separator: " ")
        let tmux = DashboardTmuxTests.Tmux()
        try tmux.start("env \(env) \(CLI.binary.path) --db \(cli.db)", width: 100, height: 30)
        try tmux.waitFor("Care Card")
        let refused = try cli.run(["encrypt", "--key-file", Self.keyFile(cli)])
        #expect(refused.stderr.hasPrefix("careplan: \(cli.db) is open in another program (the dashboard, careplan remind, a sync?); close it and try again"),
                "\(refused.stdout)\(refused.stderr)")
        #expect(Self.bytes(cli.db).starts(with: Data("SQLite format 3".utf8)))
        try tmux.keys("Space")
        try tmux.waitFor("Done: ")
        try tmux.keys("q")
        #expect(try cli.run(["today"]).stdout.contains("[✓]"))
    }
}

extension CLI {
    /// `careplan ARGS --db FILE` for a store other than the CLI's own, with its environment.
    static func runOn(_ file: String, _ cli: CLI, _ arguments: [String]) throws -> CLI.Result {
        try cli.run(arguments + ["--db", file], useDB: false)
    }
}
