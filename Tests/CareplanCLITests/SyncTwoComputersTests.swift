import Foundation
import Testing

/// Two computers keeping one person's plan through a real FHIR server (Tests/FHIRServer): what
/// happens when both record the same occurrence while apart, and when one edits or clears what the
/// other recorded (docs/sync.md, "Two computers, one person").
@Suite(.serialized) struct SyncTwoComputersTests {
    /// A plan on the first computer, synced, and a second computer joined to it.
    func joined(_ server: FHIRServerProcess) throws -> (first: CLI, second: CLI, patient: String) {
        let first = CLI(), second = CLI()
        #expect(try first.run(["import", "sample-plans/hypertension.yaml", "--effective", "2026-11-20"]).status == 0)
        #expect(try first.run(["sync", "--server", server.base]).status == 0)
        let status = try #require(try first.json(["sync", "--status", "--json"]) as? [String: Any])
        let patient = try #require(status["patient"] as? String)
        let join = try second.run(["sync", "--server", server.base, "--patient", patient])
        #expect(join.status == 0, "\(join.stderr)")
        return (first, second, patient)
    }

    /// Every outcome as the CSV export lists it, without the column of when it was written.
    func outcomes(_ cli: CLI) throws -> [String] {
        try cli.run(["export", "--format", "csv"]).stdout.split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(8).joined(separator: ",") }.sorted()
    }

    func notes(_ cli: CLI, _ activity: String) throws -> [Int: String] {
        let exported = try #require(try cli.json(["export", "--json"]) as? [[String: Any]])
        var notes: [Int: String] = [:]
        for outcome in exported where outcome["activity"] as? String == activity && outcome["date"] as? String == "2026-11-20" {
            notes[outcome["occurrence"] as? Int ?? -1] = outcome["note"] as? String ?? ""
        }
        return notes
    }

    @Test func oneOccurrenceRecordedOnBothComputersWhileApartKeepsBothReadingsAndOneTick() throws {
        let server = try FHIRServerProcess()
        let (first, second, patient) = try joined(server)
        // Apart: the same morning pulse on both, the first computer at 07:35, the second at 07:50;
        // the same dose ticked on both.
        let early = ["CAREPLAN_NOW": "2026-11-20T07:35"], late = ["CAREPLAN_NOW": "2026-11-20T07:50"]
        #expect(try first.run(["log", "pulse", "72", "--occurrence", "0"], environment: early).status == 0)
        #expect(try first.run(["done", "ramipril"], environment: early).status == 0)
        #expect(try second.run(["log", "pulse", "80", "--occurrence", "0"], environment: late).status == 0)
        #expect(try second.run(["done", "ramipril"], environment: late).status == 0)

        // The later reading reaches the server first; then the earlier one meets it on the first
        // computer, and again on the second at its next sync.
        #expect(try second.run(["sync"]).stdout.contains("sent 1 reading, 1 tick"))
        let met = try first.run(["sync"])
        #expect(met.status == 0, "\(met.stderr)")
        #expect(met.stdout.contains("received 1 reading, 1 tick"), "\(met.stdout)")
        #expect(met.stdout.contains("ticked on both computers"), "\(met.stdout)")
        #expect(met.stdout.contains("sent 1 reading to"), "\(met.stdout)")
        let back = try second.run(["sync"])
        #expect(back.stdout.contains("received 1 reading"), "\(back.stdout)")

        // Both computers: the earlier reading on the occurrence, the later kept as an extra reading
        // of the day with a note saying so; one tick.
        for cli in [first, second] {
            let pulse = try notes(cli, "pulse")
            #expect(pulse.count == 2, "\(pulse)")
            #expect(pulse[0] == "", "\(pulse)")
            let extra = try #require(pulse.first { $0.key >= 2 })
            #expect(extra.value.contains("Recorded on two computers"))
            let today = try cli.run(["today", "--date", "2026-11-20"]).stdout
            #expect(today.contains("72"), "\(today)")
        }
        #expect(try outcomes(first) == (try outcomes(second)))
        // The server: both readings, as Observations, and one record of the dose.
        let pulses = try server.search("Observation?patient=\(patient)&code=http://loinc.org|8867-4")
        #expect(pulses.filter { $0["status"] as? String == "final" }.compactMap { ($0["valueQuantity"] as? [String: Any])?["value"] as? Double }.sorted() == [72, 80])
        let doses = try server.search("MedicationAdministration?patient=\(patient)").filter { $0["status"] as? String == "completed" }
        #expect(doses.count == 1, "\(doses)")
        // Settled: nothing more either way.
        for cli in [first, second] {
            let again = try cli.run(["sync"]).stdout
            #expect(again.contains("sent nothing") && again.contains("received nothing"), "\(again)")
        }
    }

    @Test func editsAndClearsOfTheOtherComputersRecordsReachIt() throws {
        let server = try FHIRServerProcess()
        let (first, second, _) = try joined(server)
        #expect(try first.run(["log", "pulse", "72", "--date", "2026-11-20", "--occurrence", "0"]).status == 0)
        #expect(try first.run(["done", "amlodipine", "--date", "2026-11-20"]).status == 0)
        #expect(try first.run(["sync"]).status == 0)
        #expect(try second.run(["sync"]).stdout.contains("received 1 reading, 1 tick"))

        // The second computer corrects the first's reading and undoes its tick.
        #expect(try second.run(["log", "pulse", "75", "--date", "2026-11-20", "--occurrence", "0", "--note", "typed wrong"]).status == 0)
        #expect(try second.run(["reset", "amlodipine", "--date", "2026-11-20"]).status == 0)
        #expect(try second.run(["sync"]).stdout.contains("sent 1 reading, 1 cleared"))
        let taken = try first.run(["sync"])
        #expect(taken.stdout.contains("received 1 edit, 1 cleared"), "\(taken.stdout)")
        #expect(try outcomes(first) == (try outcomes(second)))
        #expect(try notes(first, "pulse")[0] == "typed wrong")
        #expect(try first.run(["export", "--format", "csv"]).stdout.contains("amlodipine") == false)

        // Changed on both before either synced: the later sync's change goes over the earlier.
        #expect(try first.run(["log", "pulse", "70", "--date", "2026-11-20", "--occurrence", "0"]).status == 0)
        #expect(try second.run(["log", "pulse", "71", "--date", "2026-11-20", "--occurrence", "0"]).status == 0)
        #expect(try first.run(["sync"]).status == 0)
        let both = try second.run(["sync"])
        #expect(both.stdout.contains("changed here and on the server"), "\(both.stdout)")
        #expect(try first.run(["sync"]).stdout.contains("received 1 edit"))
        #expect(try outcomes(first) == (try outcomes(second)))
        #expect(try outcomes(first).contains { $0.contains("pulse") && $0.contains(",71,") })
    }
}
