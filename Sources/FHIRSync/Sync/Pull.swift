import CarePlanStore
import FHIR
import Foundation
import Localization

extension SyncSession {
    /// Reads what changed on the server since the last sync, leaving out what this store wrote (its
    /// writer tag, the CarePlan's too: a year's plan is a large resource to fetch for nothing): one batch of five searches (readings, the two kinds of tick,
    /// questionnaires' answers, the CarePlan),
    /// more requests only when a search has further pages. With nothing new: one small request.
    func pull(into report: inout SyncReport, dryRun: Bool) throws {
        var settings = try settings()
        let resources = try resources(settings)
        if settings.patientId == nil {
            let found = try connection.get("Patient?" + resources.patientSearch)
            guard let id = found.entry?.lazy.compactMap({ $0.resource?.id }).first else { return }
            settings.patientId = id
            if !dryRun { try store.saveSync { $0.patientId = id } }
        }
        let patient = "patient=Patient/" + SyncResources.escaped(settings.patientId!)
        let since = settings.pulledSince.flatMap(Self.searchTime).map { "&_lastUpdated=ge" + SyncResources.escaped($0) } ?? ""
        let notMine = "&_tag:not=" + SyncResources.escaped(SyncResources.writerTagSystem + "|" + resources.writerUUID)
        let searches = ["Observation", "Procedure", "MedicationAdministration", "QuestionnaireResponse"].map { "\($0)?\(patient)\(notMine)\(since)&_count=500" }
            + ["CarePlan?" + resources.carePlanSearch + notMine + since]
        let response = try connection.post(FHIR.Bundle(type: "batch", entry: searches.map {
            FHIR.Bundle.Entry(fullUrl: nil, resource: nil, request: FHIR.Bundle.Request(method: "GET", url: $0))
        }))
        var found: [AnyResource] = []
        var serverTime = response.meta?.lastUpdated
        for (index, entry) in (response.entry ?? []).enumerated() {
            let status = Int(entry.response?.status.prefix(3) ?? "") ?? 0
            guard (200..<300).contains(status), case .bundle(var page)? = entry.resource else {
                var diagnostics = tr("no details")
                if case .operationOutcome(let outcome)? = entry.response?.outcome ?? entry.resource { diagnostics = outcome.summary }
                throw SyncError.refused(url: connection.address.base + "/" + searches[min(index, searches.count - 1)], status: status, diagnostics: diagnostics)
            }
            serverTime = serverTime ?? page.meta?.lastUpdated
            while true {
                found += (page.entry ?? []).compactMap(\.resource)
                guard let next = page.link?.first(where: { $0.relation == "next" })?.url, !(page.entry ?? []).isEmpty else { break }
                page = try connection.get(next)
            }
        }
        try take(found, settings: settings, writer: resources.writerUUID, into: &report, dryRun: dryRun)
        if !dryRun, let serverTime { try store.saveSync { $0.pulledSince = serverTime } }
    }

    /// The next search's `_lastUpdated` bound: the server's time of the last one, a minute earlier,
    /// so a transaction the server stamped before that search but committed after it is not
    /// missed (what comes twice is known by its version and taken once).
    static func searchTime(_ serverTime: String) -> String? {
        guard let instant = FHIRDate.instant(serverTime, zone: .gmt) else { return nil }
        return instant.date.addingTimeInterval(-60).localISO8601(offset: 0)
    }

    /// Takes what the searches found into the store: readings onto their assessments, another
    /// careplan's ticks onto their occurrences, resources entered-in-error cleared, and the
    /// CarePlan, when someone else changed it, handed to the caller.
    func take(_ found: [AnyResource], settings: SyncSettings, writer: String, into report: inout SyncReport, dryRun: Bool) throws {
        guard !found.isEmpty else { return }
        let names = found.compactMap { resource in resource.id.map { resource.resourceType + "/" + $0 } }
        let (snapshot, versions) = try store.reading { (try $0.plan(), try $0.syncVersions(of: names)) }
        var observations: [Observation] = [], edited: [Observation] = [], bindings: [String: SyncBinding] = [:]
        var ticks: [SyncedTick] = [], editedTicks: [SyncedTick] = [], cleared: [String] = []
        var responses: [SyncedResponse] = []
        for resource in found {
            guard let id = resource.id else { continue }
            let name = resource.resourceType + "/" + id
            // Taken before, at this version: nothing new. At another: an edit, or a clear.
            let known = versions[name]
            switch resource {
            case .carePlan(let carePlan):
                try consider(carePlan, settings: settings, into: &report, dryRun: dryRun)
                continue
            case .observation(let observation):
                guard known == nil || known != observation.meta?.versionId else { continue }
                // Another careplan's answer extracted from a questionnaire (SDC) is that response's,
                // not a reading of its own: on the computer that sent it, it is none.
                if Self.isCareplan(observation.meta), observation.identifier?.contains(where: { $0.value?.hasPrefix(BundleBuilder.extractKeyPrefix) == true }) == true { continue }
                if observation.status == "entered-in-error" {
                    if known != nil { cleared.append(name) }
                    continue
                }
                let key = ObservationKey.key(of: observation, content: "")
                bindings[key] = SyncBinding(resource: name, identifier: key, origin: Self.isCareplan(observation.meta) ? .careplan : .clinic,
                                            version: observation.meta?.versionId)
                if known == nil { observations.append(observation) } else { edited.append(observation) }
            case .questionnaireResponse(let response):
                // Another careplan's answers for this person (a server may not filter as asked).
                guard Self.isCareplan(response.meta), !Self.isWriter(writer, response.meta),
                      response.subject?.reference == settings.patientId.map({ "Patient/" + $0 }),
                      known == nil || known != response.meta?.versionId else { continue }
                if response.status == "entered-in-error" {
                    if known != nil { cleared.append(name) }
                } else if let synced = Self.synced(response, name: name) {
                    responses.append(synced)
                }
            case .procedure, .medicationAdministration:
                guard let tick = Self.tick(resource, name: name), known == nil || known != tick.binding.version else { continue }
                if tick.cleared {
                    if known != nil { cleared.append(name) }
                } else if known == nil {
                    ticks.append(tick.tick)
                } else {
                    editedTicks.append(tick.tick)
                }
            default:
                continue
            }
        }
        let reader = ObservationReader(plan: snapshot, zone: clock.timeZone, file: connection.address.base)
        let read = reader.read(observations)
        let edits = reader.read(edited).readings.compactMap { reading in
            bindings[reading.key].map { (reading: reading, version: $0.version, resource: $0.resource) }
        }
        report.refused += read.skipped.map { "\($0.label): \($0.reason)" }
        if dryRun {
            report.receivedReadings += read.readings.count + responses.count { response in
                !read.readings.contains { $0.activityId == response.activityId && $0.date == response.date }
            }
            report.receivedTicks += ticks.count
            report.receivedEdits += edits.count + editedTicks.count
            report.receivedCleared += cleared.count
            return
        }
        for result in try store.take(read.readings, clock: clock, bindings: bindings) {
            switch result {
            case .added: report.receivedReadings += 1
            case .addedAsExtra(let outcome):
                report.receivedReadings += 1
                report.extras.append(tr("{activity} on {date}: {note}", ["activity": outcome.activityId, "date": outcome.date.iso, "note": outcome.note ?? ""]))
            case .alreadyTaken: break
            case .refused(let reason): report.refused.append(reason)
            }
        }
        let takenTicks = try store.takeTicks(ticks, clock: clock)
        report.receivedTicks += takenTicks.landed
        report.extras += takenTicks.both
        let takenEdits = try store.takeEdits(readings: edits, ticks: editedTicks, clock: clock)
        report.receivedEdits += takenEdits.taken
        report.extras += takenEdits.keptHere
        let answered = try store.takeResponses(responses, clock: clock)
        report.receivedReadings += answered.recorded
        report.refused += answered.refused
        report.receivedCleared += try store.clearSynced(resources: cleared)
    }

    /// A CarePlan found on the server: its id is remembered; a version someone else made with a
    /// different content goes to the caller.
    func consider(_ carePlan: CarePlanResource, settings: SyncSettings, into report: inout SyncReport, dryRun: Bool) throws {
        guard let id = carePlan.id, carePlan.meta?.versionId == nil || carePlan.meta?.versionId != settings.carePlanVersion else { return }
        let digest = try SyncResources.digest(carePlan)
        if digest == settings.planDigest {
            if !dryRun { try store.saveSync { $0.carePlanId = id; $0.carePlanVersion = carePlan.meta?.versionId } }
            return
        }
        report.changedPlan = carePlan
    }

    /// Whether another careplan store wrote it (its writer tag).
    static func isCareplan(_ meta: Meta?) -> Bool {
        meta?.tag?.contains { $0.system == SyncResources.writerTagSystem } ?? false
    }

    /// Whether this store wrote it (its own writer tag).
    static func isWriter(_ writer: String, _ meta: Meta?) -> Bool {
        meta?.tag?.contains { $0.system == SyncResources.writerTagSystem && $0.code == writer } ?? false
    }

    /// Another careplan's answers: their event from the response's identifier (`response/ID/DATE/N`).
    static func synced(_ response: QuestionnaireResponse, name: String) -> SyncedResponse? {
        guard let identifier = response.identifier, let event = identifier.value.flatMap(BundleBuilder.responseEvent),
              let authored = response.authored.flatMap({ FHIRDate.instant($0, zone: .gmt) }), !response.questionnaire.isEmpty else { return nil }
        // The patient answered when the author is the Patient; someone else is named by display.
        let author = response.author?.reference == nil ? response.author?.display : nil
        let binding = SyncBinding(resource: name, identifier: "\(identifier.system ?? "")|\(identifier.value ?? "")", origin: .careplan,
                                  version: response.meta?.versionId)
        return SyncedResponse(activityId: event.activityId, date: event.date, occurrence: event.occurrence, status: response.status,
                              form: FormReference(canonical: response.questionnaire), author: author, completedAt: authored.date,
                              utcOffset: authored.offset, items: response.item?.json.text ?? "[]", binding: binding)
    }

    /// Another careplan's tick: its occurrence from its identifier (`tick/ID/DATE/N`).
    static func tick(_ resource: AnyResource, name: String) -> (tick: SyncedTick, binding: SyncBinding, cleared: Bool)? {
        let identifiers: [Identifier], meta: Meta?, status: String, when: String?, note: [Annotation]?
        switch resource {
        case .procedure(let procedure):
            (identifiers, meta, status, when, note) = (procedure.identifier ?? [], procedure.meta, procedure.status, procedure.performedDateTime, procedure.note)
        case .medicationAdministration(let administration):
            (identifiers, meta, status, when, note) = (administration.identifier ?? [], administration.meta, administration.status,
                                                       administration.effectiveDateTime, administration.note)
        default:
            return nil
        }
        guard isCareplan(meta) else { return nil }
        for identifier in identifiers {
            let parts = (identifier.value ?? "").split(separator: "/").map(String.init)
            guard parts.count == 4, parts[0] == "tick", let date = LocalDate(iso: parts[2]), let occurrence = Int(parts[3]), occurrence >= 0 else { continue }
            let instant = when.flatMap { FHIRDate.instant($0, zone: .gmt) }
            let binding = SyncBinding(resource: name, identifier: "\(identifier.system ?? "")|\(identifier.value ?? "")", origin: .careplan,
                                      version: meta?.versionId)
            let text = (note ?? []).map(\.text).joined(separator: "\n")
            let tick = SyncedTick(outcome: Outcome(activityId: parts[1], date: date, occurrence: occurrence, recordedAt: instant?.date ?? Date(),
                                                   utcOffset: instant?.offset ?? 0, note: text.isEmpty ? nil : text), binding: binding)
            return (tick, binding, status == "entered-in-error")
        }
        return nil
    }
}
