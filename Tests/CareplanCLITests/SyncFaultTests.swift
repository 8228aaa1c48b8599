import Foundation
import Testing

/// `careplan sync` when the server fails: each fault made on purpose by a proxy in front of a real
/// FHIR server, and each checked for no duplicate and no loss once the next sync has run.
@Suite(.serialized) struct SyncFaultTests {
    /// A store with ten days of the hypertension plan, and what it holds by kind.
    func store() throws -> (cli: CLI, readings: Int, ticks: Int) {
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "10"]).status == 0)
        let outcomes = try #require(try cli.json(["export", "--json"]) as? [[String: Any]])
        let readings = outcomes.filter { ($0["values"] as? [Any])?.isEmpty == false }.count
        return (cli, readings, outcomes.count - readings)
    }

    /// What the server holds for the store's patient: Observations, and ticks of both kinds.
    func onServer(_ server: FHIRServerProcess, _ cli: CLI) throws -> (readings: Int, ticks: Int, patients: Int) {
        let status = try #require(try cli.json(["sync", "--status", "--json"]) as? [String: Any])
        let patient = try #require(status["patient"] as? String)
        let readings = try server.search("Observation?patient=\(patient)&_count=500").count
        let ticks = try server.search("Procedure?patient=\(patient)&_count=500").count
            + (try server.search("MedicationAdministration?patient=\(patient)&_count=500").count)
        return (readings, ticks, try server.search("Patient?_count=50").count)
    }

    func waiting(_ cli: CLI) throws -> Int {
        let status = try #require(try cli.json(["sync", "--status", "--json"]) as? [String: Any])
        let waiting = try #require(status["waiting"] as? [String: Any])
        return (waiting["readings"] as? Int ?? -1) + (waiting["ticks"] as? Int ?? -1)
    }

    @Test func aConnectionDroppedAfterTheServerCommittedIsSentAgainWithoutADuplicate() throws {
        let server = try FHIRServerProcess()
        let proxy = try FaultyProxy(before: server)
        let (cli, readings, ticks) = try store()
        // Dropped once: the retry sends the same transaction, which the server takes once.
        try proxy.fail([("transaction", "drop-after-commit")])
        let sync = try cli.run(["sync", "--server", proxy.base])
        #expect(sync.status == 0, "\(sync.stderr)")
        // Sent again (by careplan, or by libcurl itself when the connection it reused died).
        #expect(proxy.log.filter { $0.contains(" transaction ") }.count >= 2, "\(proxy.log)")
        let held = try onServer(server, cli)
        #expect(held.readings == readings && held.ticks == ticks && held.patients == 1)
        #expect(try waiting(cli) == 0)
    }

    @Test func aServerFailingEveryTryLeavesTheStoreAsItWasAndTheNextSyncResumes() throws {
        let server = try FHIRServerProcess()
        let proxy = try FaultyProxy(before: server)
        let (cli, readings, ticks) = try store()
        // The first transaction goes through; then every try of the second fails (500), then the
        // connection drops after commits: the store keeps what waits.
        #expect(try cli.run(["sync", "--server", proxy.base]).status == 0)
        #expect(try cli.run(["log", "pulse", "70", "--date", "today", "--occurrence", "0"]).status == 0)
        try proxy.fail(Array(repeating: ("transaction", "status:500"), count: 4))
        let failed = try cli.run(["sync"])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("failed (HTTP 500)") && failed.stderr.contains("the proxy answered 500 on purpose"), "\(failed.stderr)")
        #expect(try waiting(cli) == 1)
        let status = try #require(try cli.json(["sync", "--status", "--json"]) as? [String: Any])
        #expect((status["lastError"] as? String)?.contains("HTTP 500") == true)
        // The next sync resumes: nothing lost, nothing doubled.
        let next = try cli.run(["sync"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try waiting(cli) == 0)
        let held = try onServer(server, cli)
        #expect(held.readings == readings && held.ticks == ticks && held.patients == 1)
    }

    @Test func rateLimitingIsWaitedOutAsTheServerAsks() throws {
        let server = try FHIRServerProcess()
        let proxy = try FaultyProxy(before: server)
        let (cli, readings, ticks) = try store()
        try proxy.fail([("batch", "status:429:1"), ("transaction", "status:429:1")])
        let sync = try cli.run(["sync", "--server", proxy.base])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("HTTP 429") && sync.stderr.contains("trying again in 1 s"), "\(sync.stderr)")
        let held = try onServer(server, cli)
        #expect(held.readings == readings && held.ticks == ticks)
        // A Retry-After longer than careplan waits stops the sync with the server's request.
        #expect(try cli.run(["log", "pulse", "70", "--date", "today", "--occurrence", "0"]).status == 0)
        try proxy.fail([("batch", "status:429:3600")])
        let limited = try cli.run(["sync"])
        #expect(limited.status != 0 && limited.stderr.contains("asks careplan to wait 3,600 seconds"), "\(limited.stderr)")
        #expect(try waiting(cli) == 1)
    }

    @Test func aSlowServerTimesOutAndTheRetryDoublesNothing() throws {
        let server = try FHIRServerProcess()
        let proxy = try FaultyProxy(before: server)
        let (cli, readings, ticks) = try store()
        // The first transaction reaches the server only after careplan stopped waiting for it.
        try proxy.fail([("transaction", "slow:4")])
        let sync = try cli.run(["sync", "--server", proxy.base, "--timeout", "2"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("did not answer within 2 seconds"), "\(sync.stderr)")
        usleep(3_000_000)
        let held = try onServer(server, cli)
        #expect(held.readings == readings && held.ticks == ticks && held.patients == 1)
    }

    @Test func aRefusalShowsTheServersDiagnosticsAndIsNotRetried() throws {
        let server = try FHIRServerProcess()
        let proxy = try FaultyProxy(before: server)
        let (cli, _, _) = try store()
        try proxy.fail([("transaction", "status:422")])
        let refused = try cli.run(["sync", "--server", proxy.base])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("refused the request (HTTP 422): the proxy answered 422 on purpose"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("trying again"))
        #expect(proxy.log.filter { $0.contains(" transaction ") }.count == 1)
        #expect(try cli.run(["sync"]).status == 0)
        #expect(try waiting(cli) == 0)
    }
}
