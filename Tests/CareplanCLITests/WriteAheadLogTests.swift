import Foundation
import Testing

/// A store written only by one-shot commands (`done` and `log` through the day, a status line
/// reading every few seconds) keeps a short write-ahead log: every process that opens the store
/// reads all of the log before its first query, and nothing but careplan empties it when no
/// process ever closes the store. Real `careplan` processes, and `sqlite3` as another reader.
@Suite(.serialized) struct WriteAheadLogTests {
    /// What the log may hold after a command: the 100 pages past which a command folds it, and
    /// what one command writes besides.
    static let longest = (100 + 30) * (4096 + 24)

    func logSize(_ cli: CLI) -> Int {
        var status = stat()
        return stat(cli.db + "-wal", &status) == 0 ? Int(status.st_size) : 0
    }

    @Test func readingsLoggedOneByOneNeverLetTheLogGrowLong() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", tallyPlanYAML)]).status == 0)
        var longest = 0, folds = 0
        for value in 0..<60 {
            let before = logSize(cli)
            #expect(try cli.run(["log", "tally", String(value)]).status == 0)
            if logSize(cli) < before { folds += 1 }
            longest = max(longest, logSize(cli))
        }
        #expect(longest <= Self.longest, "the log reached \(longest) bytes")
        #expect(folds >= 2, "the log was folded \(folds) times in 60 readings")
        #expect(try cli.tallyValues().sorted() == Array(0..<60))
        #expect(try cli.run(["doctor", "--full"]).status == 0)
    }

    @Test func aReaderInAnotherProcessIsNotWaitedForAndTheLogIsFoldedAfterIt() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", tallyPlanYAML)]).status == 0)
        // sqlite3 in a read transaction: the log cannot be emptied under its snapshot.
        let reader = try SQLiteShell(cli.db, running: "BEGIN; SELECT count(*) FROM outcome;\n")
        // A command that waited for that reader would wait out the busy timeout: 60 s here.
        for value in 0..<40 {
            let start = Date()
            #expect(try cli.run(["log", "tally", String(value)], environment: ["CAREPLAN_BUSY_TIMEOUT": "60"]).status == 0)
            #expect(Date().timeIntervalSince(start) < 30, "log \(value) waited for the reader")
        }
        #expect(logSize(cli) > Self.longest, "the log was emptied under a reader's snapshot")
        // Killed, so that its close does not fold the log itself.
        reader.kill()
        #expect(logSize(cli) > Self.longest)
        // The reader gone, the next command folds the log.
        #expect(try cli.run(["log", "tally", "40"]).status == 0)
        #expect(logSize(cli) == 0)
        #expect(try cli.tallyValues().sorted() == Array(0...40))
    }

    /// `done`, `log` and `answer` open only their writing connection on a careplan store; given
    /// another program's SQLite file in WAL mode, with transactions still in its log, each refuses
    /// it as every command does, and neither the file nor its log changes by a byte (closing a
    /// connection to it would have folded the log into the file).
    @Test func aWritingCommandLeavesAnotherProgramsDatabaseAndItsLogAsTheyWere() throws {
        let cli = CLI()
        let foreign = cli.folder.appendingPathComponent("notes.sqlite").path
        // Python's sqlite3 writes in WAL mode and ends without closing: its rows stay in the log.
        let made = try Tool.run("/usr/bin/python3", ["-c", """
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA wal_autocheckpoint = 0")
            db.execute("CREATE TABLE notes (text TEXT)")
            for n in range(50): db.execute("INSERT INTO notes VALUES (?)", ("note %d " % n * 20,))
            os._exit(0)
            """, foreign], withErrors: true)
        try #require(made.status == 0, "\(made.stdout)")
        func bytes() throws -> [Data] { try ["", "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: foreign + $0)) } }
        let before = try bytes()
        try #require(before[1].count > 4096, "the log holds the rows")
        for arguments in [["log", "tally", "3"], ["done", "walk"], ["answer", "phq9", "--answers", cli.write("answers.txt", "44250-9=LA6568-5\n")]] {
            let refused = try cli.run(arguments + ["--db", foreign], useDB: false)
            #expect(refused.status == 1 && refused.stderr.contains("is an SQLite database of another program (tables: notes), not a careplan store"),
                    "\(arguments[0]): \(refused.stderr)")
            #expect(try bytes() == before, "\(arguments[0]) changed the file or its log")
        }
    }
}
