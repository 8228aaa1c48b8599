import CarePlanStore
import FHIR
import Foundation
import HealthData
import Localization

/// One sync of one person with their server: first what changed on the server since the last
/// sync (one batch of searches), then what changed here (transaction Bundles of bounded size).
///
/// The store is never held while the network is waited on: each step reads, talks, then writes
/// what the server acknowledged in one transaction of its own, so a tick made meanwhile is never
/// blocked and never lost (it waits for the next sync), and a sync cut short anywhere resumes
/// from what the store says was acknowledged.
public final class SyncSession {
    let store: CareStore
    let connection: FHIRConnection
    let clock: CareClock
    /// Events per transaction Bundle.
    let bundleSize: Int

    public init(store: CareStore, connection: FHIRConnection, clock: CareClock, bundleSize: Int = 200) {
        self.store = store
        self.connection = connection
        self.clock = clock
        self.bundleSize = bundleSize
    }

    public func run(dryRun: Bool = false) throws -> SyncReport {
        var report = SyncReport()
        report.dryRun = dryRun
        do {
            try pull(into: &report, dryRun: dryRun)
            try push(into: &report, dryRun: dryRun)
            if !dryRun {
                let finished = clock.now.localISO8601(offset: clock.utcOffsetSeconds)
                try store.saveSync { settings in
                    settings.lastSync = finished
                    settings.lastProblem = nil
                }
            }
        } catch {
            if !dryRun { try? store.saveSync { $0.lastProblem = "\(error)" } }
            throw error
        }
        report.requests = connection.requests
        return report
    }

    func settings() throws -> SyncSettings {
        guard let settings = try store.reading({ try $0.syncSettings() }) else { throw SyncError.notConnected }
        return settings
    }

    /// The person's resources as this store writes them, and its writer identity.
    func resources(_ settings: SyncSettings) throws -> SyncResources {
        try store.reading { reader in
            SyncResources(plan: try reader.plan(), writerUUID: try BundleBuilder.identity(reader), planSystem: settings.planSystem,
                          patientId: settings.patientId, carePlanId: settings.carePlanId, today: clock.today, base: settings.url)
        }
    }
}
