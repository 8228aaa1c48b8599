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
}
