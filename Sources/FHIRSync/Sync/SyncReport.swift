import FHIR

/// What one sync did (or, with --dry-run, would do): sent, received, and the requests it took.
public struct SyncReport: Sendable {
    public var sentReadings = 0
    public var sentTicks = 0
    /// Readings and ticks cleared here, now entered-in-error on the server.
    public var sentCleared = 0
    public var sentPlan = false
    public var createdPatient = false
    public var receivedReadings = 0
    public var receivedTicks = 0
    public var receivedCleared = 0
    /// Readings and ticks another computer (or the clinic) changed, taken here.
    public var receivedEdits = 0
    /// What met a record of this computer's: kept as an extra reading, one tick of two kept, a
    /// change made on both sides.
    public var extras: [String] = []
    /// Received readings that could not land, each with its reason.
    public var refused: [String] = []
    /// A CarePlan someone else changed on the server, for the caller to take in as `import` does.
    public var changedPlan: CarePlanResource?
    public var requests = 0
    public var dryRun = false

    public init() {}
}
