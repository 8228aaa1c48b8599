import Foundation
import Testing

/// Writers killed mid-write and writers at the same time: an acknowledged reading is never lost,
/// nothing is written twice, and the store stays intact. Real `careplan` processes on a real file.
@Suite(.serialized) struct CrashAndConcurrencyTests {
    /// A small, seeded generator: the same kill points on every run.
    struct Mixer {
        var state: UInt64
        mutating func next(below bound: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 33) % bound
        }
    }

    @Test func writersKilledAtRandomPointsLoseNoAcknowledgedReading() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", tallyPlanYAML)]).status == 0)
        // How long a `log` takes on this machine now (a busy CI machine is several times slower),
        // timed on a store of its own: kill points spread over twice that land on both sides of
        // the commit whatever the speed.
        let timing = CLI()
        #expect(try timing.run(["import", timing.write("plan.yaml", tallyPlanYAML)]).status == 0)
        let durations = try (0..<5).map { value throws -> Double in
            let start = Date()
            #expect(try timing.run(["log", "tally", String(value)]).status == 0)
            return Date().timeIntervalSince(start)
        }.sorted()
        let window = UInt64(max(20_000, 2 * durations[2] * 1_000_000))
        var mixer = Mixer(state: 2026)
        var acknowledged: Set<Int> = [], killed = 0
        for value in 0..<300 {
            let process = try cli.start(["log", "tally", String(value)])
            // Somewhere in the process's life: starting, opening, mid-transaction, committing.
            usleep(useconds_t(mixer.next(below: window)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit && process.terminationStatus == 0 { acknowledged.insert(value) } else { killed += 1 }
        }
        // Both kinds happened, or the test proved nothing.
        #expect(acknowledged.count >= 20, "only \(acknowledged.count) writes finished before their kill")
        #expect(killed >= 20, "only \(killed) writes were killed")
        let doctor = try cli.run(["doctor", "--full"])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains("Integrity:    ok (integrity_check)"))
        let stored = try cli.tallyValues()
        #expect(acknowledged.isSubset(of: Set(stored)), "lost: \(acknowledged.subtracting(stored).sorted())")
        #expect(stored.count == Set(stored).count, "a reading was written twice")
        #expect(Set(stored).isSubset(of: Set(0..<300)))
        // And the store takes writes as before.
        #expect(try cli.run(["log", "tally", "999999"]).status == 0)
    }

    @Test func eightWritersAtOnceAllLand() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", tallyPlanYAML)]).status == 0)
        let script = "i=0; while [ $i -lt 50 ]; do \"$0\" log tally $(( $1 * 1000 + i )) --db \"$2\" >/dev/null || exit 1; i=$((i + 1)); done"
        let writers = try (0..<8).map { writer in
            try cli.start(["-c", script, CLI.binary.path, String(writer), cli.db], useDB: false, executable: URL(fileURLWithPath: "/bin/sh"))
        }
        for writer in writers {
            let errors = (writer.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0, "\(String(decoding: errors, as: UTF8.self))")
        }
        let stored = try cli.tallyValues()
        let expected = Set((0..<8).flatMap { writer in (0..<50).map { writer * 1000 + $0 } })
        #expect(stored.count == 400, "\(stored.count) entries")
        #expect(Set(stored) == expected)
        #expect(try cli.run(["doctor", "--full"]).status == 0)
    }
}
