import Foundation

/// Issue 25's targets for `careplan sync`: a year of the dense plan pushed within 1.3× the time the
/// server itself takes for the same requests (the plain loop), and a sync with nothing to send in
/// at most 2 requests and 2× careplan's start-up plus one loopback round trip.
enum SyncTargets {
    static let pushRatio = 1.3

    /// What a sync with nothing new may take: twice the start-up and one round trip.
    static func quietLimit(_ sync: SyncResult) -> Double { 2 * sync.startUp.median + sync.roundTrip.median }

    static func rows(_ sync: SyncResult) -> [ResultRow] {
        let label = "1y"
        let push = sync.push.median / sync.floor.median
        let quiet = sync.nothingNew.median / quietLimit(sync)
        return [
            ResultRow(measurement: "sync, a year to a fresh server (\(sync.outcomes) outcomes, \(sync.requests) requests)", history: label, unit: "ms",
                      runs: sync.push.runs, median: sync.push.median, p90: sync.push.p90, firstCall: sync.push.firstCall, floor: sync.floor.median,
                      ratio: push, target: "≤ \(pushRatio)× plain loop", pass: push <= pushRatio),
            ResultRow(measurement: "sync, nothing new (\(sync.nothingNewRequests) request\(sync.nothingNewRequests == 1 ? "" : "s"))", history: label,
                      unit: "ms", runs: sync.nothingNew.runs, median: sync.nothingNew.median, p90: sync.nothingNew.p90,
                      firstCall: sync.nothingNew.firstCall, floor: quietLimit(sync), ratio: quiet,
                      target: "≤ 2× start-up + round trip", pass: quiet <= 1 && sync.nothingNewRequests <= 2),
            ResultRow(measurement: "sync floor: careplan --version", history: label, unit: "ms", runs: sync.startUp.runs, median: sync.startUp.median,
                      p90: sync.startUp.p90, firstCall: sync.startUp.firstCall),
            ResultRow(measurement: "sync floor: one round trip (the batch of searches)", history: label, unit: "ms", runs: sync.roundTrip.runs,
                      median: sync.roundTrip.median, p90: sync.roundTrip.p90, firstCall: sync.roundTrip.firstCall),
        ]
    }

    static func checks(_ sync: SyncResult) -> [TargetCheck] {
        let push = sync.push.median / sync.floor.median
        let limit = quietLimit(sync)
        return [
            TargetCheck(target: "careplan sync of a year of the dense plan ≤ \(pushRatio)× the same requests by a plain HTTP loop (same server, fresh each run)",
                        measured: String(format: "%.2f× (%.0f ms vs %.0f ms; %d outcomes, %d requests)", push, sync.push.median, sync.floor.median,
                                         sync.outcomes, sync.requests),
                        pass: push <= pushRatio),
            TargetCheck(target: "careplan sync with nothing to send: ≤ 2 requests and ≤ 2× start-up + one loopback round trip",
                        measured: "\(sync.nothingNewRequests) request\(sync.nothingNewRequests == 1 ? "" : "s"), "
                            + String(format: "%.1f ms vs %.1f ms (2 × %.1f + %.1f)", sync.nothingNew.median, limit, sync.startUp.median,
                                     sync.roundTrip.median),
                        pass: sync.nothingNewRequests <= 2 && sync.nothingNew.median <= limit),
        ]
    }
}
