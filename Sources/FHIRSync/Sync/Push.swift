import CarePlanStore
import FHIR
import Foundation
import HealthData

extension SyncSession {
    /// Sends what waits: the Patient until the server has it, the CarePlan when it changed, and the
    /// changed events, `bundleSize` at a time. Each acknowledged transaction is written to the store
    /// in one transaction of its own (the events leave the waiting list, bound to their resources).
    func push(into report: inout SyncReport, dryRun: Bool) throws {
        var settings = try settings()
        var planDigest: String?
        while true {
            let resources = try resources(settings)
            let (carePlan, digest) = try resources.carePlan()
            planDigest = digest
            let planWaits = digest != settings.planDigest
            let patientWaits = settings.patientId == nil
            let (events, devices) = try pendingBatch(limit: dryRun ? .max : bundleSize)
            guard !events.isEmpty || planWaits || patientWaits else { return }

            var entries: [FHIR.Bundle.Entry] = []
            var patientIndex: Int?, carePlanIndex: Int?
            if patientWaits {
                patientIndex = entries.count
                entries.append(resources.patientEntry())
            }
            if planWaits {
                carePlanIndex = entries.count
                entries.append(resources.carePlanEntry(carePlan))
            }
            var sent: [(event: PendingEvent, binding: SyncBinding?, entry: Int?)] = []
            for event in events {
                guard let made = resources.entries(for: event, device: devices[SyncResources.deviceKey(event)]) else {
                    sent.append((event, event.binding, nil))
                    continue
                }
                entries += made.entries
                sent.append((event, made.binding, entries.count - 1))
                if event.outcome == nil {
                    report.sentCleared += 1
                } else if made.binding.resource.hasPrefix("Observation/") {
                    report.sentReadings += 1
                } else {
                    report.sentTicks += 1
                }
            }
            report.sentPlan = report.sentPlan || planWaits
            report.createdPatient = report.createdPatient || patientWaits
            if dryRun { return }

            let response = try connection.post(FHIR.Bundle(type: "transaction", entry: entries))
            let answers = response.entry ?? []
            func location(_ index: Int?) -> (resource: String, version: String?)? {
                guard let index, index < answers.count, let location = answers[index].response?.location else { return nil }
                return Self.resource(atLocation: location)
            }
            let patient = location(patientIndex)
            let plan = location(carePlanIndex)
            let acknowledged = sent.map { item -> (event: PendingEvent, binding: SyncBinding?) in
                guard var binding = item.binding else { return (item.event, nil) }
                if let version = location(item.entry)?.version { binding.version = version }
                return (item.event, binding)
            }
            try store.recordPush(acknowledged) { saved in
                if let patient { saved.patientId = String(patient.resource.dropFirst("Patient/".count)) }
                if planWaits {
                    if let plan { saved.carePlanId = String(plan.resource.dropFirst("CarePlan/".count)) }
                    saved.carePlanVersion = plan?.version
                    saved.planDigest = planDigest
                }
                settings = saved
            }
        }
    }

    /// Up to `limit` waiting events, and the devices of those health data filled.
    func pendingBatch(limit: Int) throws -> ([PendingEvent], [String: SampleDevice]) {
        try store.reading { reader in
            let events = try reader.pendingEvents(limit: limit)
            let plan = try reader.plan()
            var devices: [String: SampleDevice] = [:]
            for event in events {
                guard let outcome = event.outcome, outcome.source != nil,
                      let link = plan.history(outcome.activityId)?.activity(on: outcome.date).health,
                      let device = try reader.device(of: outcome, link: link) else { continue }
                devices[SyncResources.deviceKey(event)] = device
            }
            return (events, devices)
        }
    }

    /// `Observation/ID` and the version from a response's location
    /// (`https://host/fhir/Observation/ID/_history/2`).
    static func resource(atLocation location: String) -> (resource: String, version: String?)? {
        var parts = location.split(separator: "/").map(String.init)
        var version: String?
        if parts.count >= 2, parts[parts.count - 2] == "_history" {
            version = parts.removeLast()
            parts.removeLast()
        }
        guard parts.count >= 2 else { return nil }
        return (parts[parts.count - 2] + "/" + parts[parts.count - 1], version)
    }
}
