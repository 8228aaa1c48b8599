import CarePlanStore
import FHIRSync
import Localization

/// What `careplan sync` says: the status, and what one sync sent and received.
enum SyncText {
    static func status(_ settings: SyncSettings?, counts: PendingCounts, planWaits: Bool) -> String {
        guard let settings else { return tr("not synced: no FHIR server yet (careplan sync --server URL)") }
        var lines = [tr("server     {url}", ["url": settings.url])]
        if let patient = settings.patientId { lines.append(tr("patient    Patient/{id}", ["id": patient])) }
        lines.append(tr("last sync  {time}", ["time": settings.lastSync ?? tr("never")]))
        if let problem = settings.lastProblem { lines.append(tr("last error {problem}", ["problem": problem])) }
        lines.append(tr("waiting    {readings}, {ticks}, {cleared}, {plan}", [
            "readings": trn("{count} reading", "{count} readings", counts.readings),
            "ticks": trn("{count} tick", "{count} ticks", counts.ticks),
            "cleared": trn("{count} cleared", "{count} cleared", counts.cleared),
            "plan": planWaits ? tr("the plan changed") : tr("the plan as sent"),
        ]))
        return lines.joined(separator: "\n")
    }

    static func report(_ report: SyncReport, server: String) -> [String] {
        var lines: [String] = []
        let sent = [
            report.sentReadings > 0 ? trn("{count} reading", "{count} readings", report.sentReadings) : nil,
            report.sentTicks > 0 ? trn("{count} tick", "{count} ticks", report.sentTicks) : nil,
            report.sentCleared > 0 ? trn("{count} cleared", "{count} cleared", report.sentCleared) : nil,
            report.sentPlan ? tr("the plan") : nil,
        ].compactMap { $0 }
        let received = [
            report.receivedReadings > 0 ? trn("{count} reading", "{count} readings", report.receivedReadings) : nil,
            report.receivedTicks > 0 ? trn("{count} tick", "{count} ticks", report.receivedTicks) : nil,
            report.receivedEdits > 0 ? trn("{count} edit", "{count} edits", report.receivedEdits) : nil,
            report.receivedCleared > 0 ? trn("{count} cleared", "{count} cleared", report.receivedCleared) : nil,
        ].compactMap { $0 }
        let list = { (items: [String]) in ListText.joined(items) }
        if report.dryRun {
            lines.append(sent.isEmpty ? tr("would send nothing to {server}", ["server": server])
                                      : tr("would send {items} to {server}", ["items": list(sent), "server": server]))
            lines.append(received.isEmpty ? tr("would receive nothing") : tr("would receive {items}", ["items": list(received)]))
        } else {
            lines.append(sent.isEmpty ? tr("sent nothing to {server}", ["server": server])
                                      : tr("sent {items} to {server}", ["items": list(sent), "server": server]))
            lines.append(received.isEmpty ? tr("received nothing") : tr("received {items}", ["items": list(received)]))
        }
        for line in report.extras { lines.append("  " + line) }
        for reason in report.refused { lines.append("  " + tr("not taken: {reason}", ["reason": reason])) }
        lines.append(trn("{count} request", "{count} requests", report.requests))
        return lines
    }
}

/// `careplan sync --status --json`.
struct SyncStatusJSON: Encodable {
    var person: String?
    var server: String?
    var patient: String?
    var lastSync: String?
    var lastError: String?
    var waiting: Waiting

    struct Waiting: Encodable {
        var readings: Int
        var ticks: Int
        var cleared: Int
        var plan: Bool
    }

    init(person: String?, settings: SyncSettings?, counts: PendingCounts, planWaits: Bool) {
        self.person = person
        server = settings?.url
        patient = settings?.patientId.map { "Patient/" + $0 }
        lastSync = settings?.lastSync
        lastError = settings?.lastProblem
        waiting = Waiting(readings: counts.readings, ticks: counts.ticks, cleared: counts.cleared, plan: planWaits)
    }
}
