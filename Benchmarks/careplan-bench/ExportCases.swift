import CarePlanStore
import Foundation

/// FHIR export (issue 12): `careplan export --format fhir` as a whole process over the last 30
/// days and the last year of the longest history, each beside `careplan export --format json` of
/// the same days (the same outcomes, written as careplan's own JSON) in the same run, interleaved.
/// No target was set; the ratio says what building FHIR resources costs over the plain export.
struct ExportCases {
    let storePath: String
    let runs: Int

    func run() throws -> [ProcessResult] {
        let careplan = try ProcessCases.binary("careplan")
        var environment = ProcessInfo.processInfo.environment
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        let today = PinnedClock.clock.today
        return try [("30 days", 29), ("a year", 364)].map { label, days in
            let range = ["--from", today.adding(days: -days).iso, "--to", today.iso, "--db", storePath]
            var own: [Double] = [], peer: [Double] = []
            var firstOwn = 0.0, firstPeer = 0.0
            for run in 0..<(runs + 3) {
                let timePeer = try Spawn.run(careplan, ["export", "--format", "json"] + range, environment: environment).ms
                let timeOwn = try Spawn.run(careplan, ["export", "--format", "fhir"] + range, environment: environment).ms
                if run == 0 { (firstOwn, firstPeer) = (timeOwn, timePeer) }
                if run >= 3 { own.append(timeOwn); peer.append(timePeer) }
            }
            return ProcessResult(command: "careplan export --format fhir, \(label) (floor: --format json)",
                                 samples: Samples(warmups: 3, milliseconds: own, firstCall: firstOwn),
                                 floor: Samples(warmups: 3, milliseconds: peer, firstCall: firstPeer))
        }
    }
}
