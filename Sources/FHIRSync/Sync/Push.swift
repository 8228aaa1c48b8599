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
        var resources = try resources(settings)
        // Built once a sync, and only when what it is made from moved: a year's plan makes a large
        // CarePlan. The plan a sync sends is the plan as it stood when it started (a change made
        // meanwhile goes at the next sync).
        var plan = try changedPlan(resources, settings, dryRun: dryRun)
        while true {
            let planWaits = plan != nil
            let patientWaits = settings.patientId == nil
            let (events, devices, responses) = try pendingBatch(limit: dryRun ? .max : bundleSize)
            guard !events.isEmpty || planWaits || patientWaits else { return }

            var entries: [FHIR.Bundle.Entry] = []
            var patientIndex: Int?, carePlanIndex: Int?
            if patientWaits {
                patientIndex = entries.count
                entries.append(resources.patientEntry())
            }
            if planWaits {
                // The forms it names go before it, so that every canonical it names resolves.
                entries += try store.reading { try resources.formEntries($0) }
                carePlanIndex = entries.count
                entries.append(resources.carePlanEntry(plan!.resource))
            }
            var sent: [(event: PendingEvent, binding: SyncBinding?, entry: Int?)] = []
            for event in events {
                let key = SyncResources.eventKey(event)
                guard let made = resources.entries(for: event, device: devices[key], response: responses[key]) else {
                    sent.append((event, event.binding, nil))
                    continue
                }
                entries += made.entries
                sent.append((event, made.binding, entries.count - 1))
                if event.outcome == nil {
                    report.sentCleared += 1
                } else if made.binding.resource.hasPrefix("Observation/") || made.binding.resource.hasPrefix("QuestionnaireResponse/") {
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
            let acknowledged = sent.map { item -> (event: PendingEvent, binding: SyncBinding?) in
                guard var binding = item.binding else { return (item.event, nil) }
                if let version = location(item.entry)?.version { binding.version = version }
                return (item.event, binding)
            }
            let sentPlan = plan, planLocation = location(carePlanIndex)
            try store.recordPush(acknowledged) { saved in
                if let patient { saved.patientId = String(patient.resource.dropFirst("Patient/".count)) }
                if let plan = sentPlan {
                    if let planLocation { saved.carePlanId = String(planLocation.resource.dropFirst("CarePlan/".count)) }
                    saved.carePlanVersion = planLocation?.version
                    saved.planDigest = plan.digest
                    saved.planKey = plan.key
                }
                settings = saved
            }
            plan = nil
            // The Patient the server just made is what the next entries and the plan refer to.
            if patient != nil {
                resources = try self.resources(settings)
                plan = try changedPlan(resources, settings, dryRun: dryRun)
            }
        }
    }

    /// The CarePlan, its digest and its key when it differs from what the server was last sent;
    /// nil when it is the same. A plan the same but for its key has its key saved, so the next
    /// sync of the day knows without building it.
    func changedPlan(_ resources: SyncResources, _ settings: SyncSettings, dryRun: Bool)
        throws -> (resource: CarePlanResource, digest: String, key: String)? {
        let key = resources.planKey
        if key == settings.planKey, settings.planDigest != nil { return nil }
        let (resource, digest) = try resources.carePlan()
        guard digest != settings.planDigest else {
            if !dryRun { try store.saveSync { $0.planKey = key } }
            return nil
        }
        return (resource, digest, key)
    }

    /// Up to `limit` waiting events, the devices of those health data filled, and the answers
    /// (with what their scores mean) of those a questionnaire recorded, each by the event's key.
    func pendingBatch(limit: Int) throws -> ([PendingEvent], [String: SampleDevice], [String: (answers: StoredResponse, scores: FormScores?)]) {
        try store.reading { reader in
            let events = try reader.pendingEvents(limit: limit)
            let plan = try reader.plan()
            var devices: [String: SampleDevice] = [:]
            var responses: [String: (answers: StoredResponse, scores: FormScores?)] = [:]
            var scores: [FormReference: FormScores?] = [:]
            for event in events {
                guard let activity = plan.history(event.activityId)?.activity(on: event.date) else { continue }
                // A questionnaire's answers go with the event, and are withdrawn with it when it is cleared.
                if activity.questionnaire != nil,
                   let answers = try reader.lastResponse(activityId: event.activityId, date: event.date, occurrence: event.occurrence),
                   (answers.status == "entered-in-error") == (event.outcome == nil) {
                    if scores[answers.form] == nil { scores[answers.form] = try reader.form(answers.form).map(FormScores.init) }
                    responses[SyncResources.eventKey(event)] = (answers, scores[answers.form] ?? nil)
                }
                guard let outcome = event.outcome, outcome.source != nil, let link = activity.health,
                      let device = try reader.device(of: outcome, link: link) else { continue }
                devices[SyncResources.eventKey(event)] = device
            }
            return (events, devices, responses)
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
