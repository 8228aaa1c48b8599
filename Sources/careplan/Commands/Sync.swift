import ArgumentParser
import CarePlanStore
import FHIR
import FHIRSync
import Foundation
import Localization

/// `careplan sync`: the plan, its readings and ticks with a FHIR server (docs/sync.md).
struct Sync: ParsableCommand {
    var store: StoreOptions { careplan.store }

    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: tr("Sync the plan, its readings and ticks with a FHIR R4 server, so a clinic sees them and a second computer shares them."),
        discussion: tr("The first time, give the server's FHIR base with --server (remembered for the person); then careplan sync alone. Readings go as Observations, ticks as MedicationAdministrations or Procedures, the plan as a CarePlan; what others put on the server for the patient comes back. https only, except to this computer. docs/sync.md says what is sent."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("The server's FHIR base, e.g. https://fhir.example.org/r4 (remembered)."), valueName: "url"))
    var server: String?
    @Option(name: .customLong("token-file"), help: ArgumentHelp(tr("A file holding the server's bearer token, readable by you alone (remembered; else $CAREPLAN_FHIR_TOKEN)."), valueName: "file"))
    var tokenFile: String?
    @Option(name: .long, help: ArgumentHelp(tr("Join the plan another computer keeps on the server for this Patient (as its careplan sync --status names it), from a store with no plan yet."), valueName: "Patient/id"))
    var patient: String?
    @Flag(name: .long, help: ArgumentHelp(tr("Say the server, the last sync and what waits to go; send nothing.")))
    var status = false
    @Flag(name: .customLong("dry-run"), help: ArgumentHelp(tr("Say what would be sent and received; change nothing here or on the server.")))
    var dryRun = false
    @Flag(name: .long, help: ArgumentHelp(tr("Every person of the store with a server, one after the other.")))
    var all = false
    @Flag(name: .long, help: ArgumentHelp(tr("Go ahead when a plan changed on the server ends activities or removes contacts.")))
    var yes = false
    @Option(name: .long, help: ArgumentHelp(tr("Seconds a request may take before it is tried again (default: 30)."), valueName: "seconds"))
    var timeout: Double = 30

    /// `--token-file`, with a quoted `~` expanded as the shell would have.
    var tokenPath: String? { tokenFile.map { ($0 as NSString).expandingTildeInPath } }

    func validate() throws {
        if all, store.personName != nil { throw ValidationError(tr("--all and --person each name whose plan; give one")) }
        if all, server != nil || patient != nil { throw ValidationError(tr("--server is remembered for one person; give it with --person, then sync --all")) }
        if patient != nil, server == nil { throw ValidationError(tr("--patient needs the server it is kept on: --server URL")) }
        if status, dryRun { throw ValidationError(tr("--status and --dry-run both send nothing; give one")) }
        guard timeout > 0, timeout.isFinite else { throw ValidationError(tr("--timeout takes a number of seconds above 0")) }
        if careplan.global.json, !status { throw ValidationError(tr("--json goes with --status")) }
    }

    func run() throws {
        let clock = try store.clock()
        let careStore = try store.open(readOnly: status || dryRun, everyone: all)
        let people: [Person?] = all ? try careStore.people().map { Optional($0) } : [nil]
        var statuses: [SyncStatusJSON] = []
        var failures = 0
        for person in people {
            if let person { careStore.choose(person) }
            if all, try careStore.reading({ try $0.syncSettings() }) == nil { continue }
            let whose = person.map { tr("{person}: ", ["person": $0.name]) } ?? ""
            if status {
                let settings = try careStore.reading { try $0.syncSettings() }
                let counts = try careStore.reading { try $0.pendingCounts() }
                let planWaits = try settings.map { try planChanged(careStore, $0, clock: clock) } ?? false
                if careplan.global.json {
                    statuses.append(SyncStatusJSON(person: person?.name, settings: settings, counts: counts, planWaits: planWaits))
                } else {
                    say(whose + SyncText.status(settings, counts: counts, planWaits: planWaits))
                }
                continue
            }
            do {
                try sync(careStore, clock: clock, prefix: whose)
            } catch let error as SyncError where all {
                FileHandle.standardError.write(Data("careplan: \(whose)\(error)\n".utf8))
                failures += 1
            }
        }
        if careplan.global.json {
            if all { try JSONOutput.print(statuses) } else { try JSONOutput.print(statuses.first) }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// One person's sync: the server remembered (or given now), then pull and push.
    func sync(_ careStore: CareStore, clock: CareClock, prefix: String) throws {
        var settings = try careStore.reading { try $0.syncSettings() }
        let hasPlan = try !careStore.reading({ try $0.plan() }).isEmpty
        if let patient, let server {
            guard !hasPlan else { throw SyncError.alreadyPlanned }
            return try join(careStore, patient: SyncJoin.patientId(patient), server: try ServerAddress(server), clock: clock, prefix: prefix)
        }
        guard hasPlan else { throw SyncError.noPlan }
        if let server {
            let address = try ServerAddress(server)
            let system = try careStore.reading { "urn:uuid:" + (try BundleBuilder.identity($0)) }
            var wanted = SyncSettings(url: address.base, planSystem: settings?.url == address.base ? settings!.planSystem : system)
            wanted.tokenFile = tokenPath ?? (settings?.url == address.base ? settings?.tokenFile : nil)
            _ = try BearerToken.load(file: wanted.tokenFile, environment: ProcessEnvironment.values)
            if dryRun, settings?.url != wanted.url {
                // Nothing waits yet for a server the person has not synced with: everything would go.
                let outcomes = try careStore.reading { reader in
                    let plan = try reader.plan()
                    return try reader.outcomes().map { plan.history($0.activityId)?.kind }
                }
                var report = SyncReport()
                report.dryRun = true
                report.sentReadings = outcomes.filter { $0 == .assessment }.count
                report.sentTicks = outcomes.filter { $0 == .intervention }.count
                report.sentPlan = true
                for line in SyncText.report(report, server: address.base) { say(prefix + line) }
                return
            }
            if !dryRun { try careStore.connectSync(wanted) }
            settings = try careStore.reading { try $0.syncSettings() } ?? wanted
        }
        guard let settings else { throw SyncError.notConnected }
        let address = try ServerAddress(settings.url)
        let token = try BearerToken.load(file: tokenPath ?? settings.tokenFile, environment: ProcessEnvironment.values)
        let connection = try FHIRConnection(address: address, token: token, timeout: timeout, notice: { line in
            FileHandle.standardError.write(Data("careplan: \(prefix)\(line)\n".utf8))
        })
        let session = SyncSession(store: careStore, connection: connection, clock: clock)
        let report = try session.run(dryRun: dryRun)
        if let changed = report.changedPlan, !dryRun {
            let forms = try CanonicalForms.available(for: changed, store: store, session: session)
            let read = try CarePlanReader(file: address.base, today: clock.today, forms: forms).read(.carePlan(changed))
            try PlanImportRun(store: store, yes: yes, source: address.base, verb: .synced).run(read.plan, effective: clock.today, clock: clock)
            let digest = try SyncResources.digest(changed)
            try careStore.saveSync { saved in
                saved.carePlanId = changed.id
                saved.carePlanVersion = changed.meta?.versionId
                saved.planDigest = digest
            }
        }
        for line in SyncText.report(report, server: address.base) { say(prefix + line) }
    }

    /// A second computer: the plan as the server keeps it becomes this store's, known there by the
    /// first computer's identifiers, then a sync brings its readings and ticks.
    func join(_ careStore: CareStore, patient: String, server address: ServerAddress, clock: CareClock, prefix: String) throws {
        let token = try BearerToken.load(file: tokenPath, environment: ProcessEnvironment.values)
        let connection = try FHIRConnection(address: address, token: token, timeout: timeout, notice: { line in
            FileHandle.standardError.write(Data("careplan: \(prefix)\(line)\n".utf8))
        })
        let (carePlan, system) = try SyncJoin.carePlan(of: patient, on: connection)
        if dryRun {
            say(prefix + tr("would join '{title}' (Patient/{patient}) on {server}", ["title": carePlan.title ?? "", "patient": patient, "server": address.base]))
            return
        }
        let forms = try CanonicalForms.available(for: carePlan, store: store, session: SyncSession(store: careStore, connection: connection, clock: clock))
        let read = try CarePlanReader(file: address.base, today: clock.today, forms: forms).read(.carePlan(carePlan))
        try PlanImportRun(store: store, yes: true, source: address.base, verb: .joined).run(read.plan, effective: clock.today, clock: clock)
        // Opened again: the import may have added the person it was opened for.
        let careStore = try store.open()
        var settings = SyncSettings(url: address.base, planSystem: system)
        settings.tokenFile = tokenPath
        try careStore.connectSync(settings)
        let digest = try careStore.reading { reader in
            try SyncResources(plan: try reader.plan(), writerUUID: try BundleBuilder.identity(reader), planSystem: system, patientId: patient,
                              carePlanId: carePlan.id, today: clock.today).carePlan().digest
        }
        try careStore.saveSync { saved in
            saved.patientId = patient
            saved.carePlanId = carePlan.id
            saved.carePlanVersion = carePlan.meta?.versionId
            saved.planDigest = digest
        }
        let report = try SyncSession(store: careStore, connection: connection, clock: clock).run()
        for line in SyncText.report(report, server: address.base) { say(prefix + line) }
    }

    func planChanged(_ careStore: CareStore, _ settings: SyncSettings, clock: CareClock) throws -> Bool {
        let digest = try careStore.reading { reader in
            try SyncResources(plan: try reader.plan(), writerUUID: try BundleBuilder.identity(reader), planSystem: settings.planSystem,
                              patientId: settings.patientId, carePlanId: settings.carePlanId, today: clock.today).carePlan().digest
        }
        return digest != settings.planDigest
    }
}
