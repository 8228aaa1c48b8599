import CarePlanStore
import FHIRPath
import Foundation
import Localization
import HealthData

/// The store as one FHIR R4 Bundle (type `collection`): the Patient, the CarePlan and an
/// Observation per assessment reading. Every resource's id is a stable UUID made from the
/// store's identity and what it is, so exporting again gives the same resources (docs/fhir.md).
public struct BundleBuilder {
    /// careplan's names in FHIR: activity ids as a code system, and the extension that carries an
    /// activity's careplan definition so another careplan takes it back whole.
    public static let activitySystem = "urn:careplan:activity"
    public static let definitionURL = "urn:careplan:extension:activity-definition"

    let plan: PlanSnapshot
    let storeUUID: String
    let today: LocalDate
    /// The identifier system of everything this store exports.
    let system: String
    /// Made once: every Observation refers to the Patient.
    var patientReference: Reference
    /// What a sync's resources refer to the CarePlan by: its id on the server, else its entry's.
    var carePlanReference: Reference?

    public init(plan: PlanSnapshot, storeUUID: String, today: LocalDate) {
        self.plan = plan
        self.storeUUID = storeUUID
        self.today = today
        system = "urn:uuid:" + storeUUID
        patientReference = Reference(reference: "urn:uuid:" + StableUUID.make(store: storeUUID, key: "patient"), display: plan.patientName)
    }

    func uuid(_ key: String) -> String { StableUUID.make(store: storeUUID, key: key) }

    /// The store's Bundle for `from`...`to` (all days when nil), read in the one transaction of
    /// `reader`: the plan, the outcomes, the Observations they came from and the devices of the
    /// samples that filled them. Nil when there is no plan yet.
    public static func export(_ reader: StoreReader, from: LocalDate?, to: LocalDate?, today: LocalDate, generatedAt: Date,
                              utcOffset: Int) throws -> Bundle? {
        let plan = try reader.plan()
        guard !plan.isEmpty else { return nil }
        let outcomes = try reader.outcomes(from: from, to: to)
        var devices: [String: SampleDevice] = [:]
        for outcome in outcomes where outcome.source != nil {
            guard let link = plan.history(outcome.activityId)?.activity(on: outcome.date).health,
                  let device = try reader.device(of: outcome, link: link) else { continue }
            devices[eventKey(outcome)] = device
        }
        let responses = try reader.latestResponses(from: from, to: to)
        var scores: [FormReference: FormScores] = [:]
        for reference in Set(responses.map(\.form)) { scores[reference] = try reader.form(reference).map(FormScores.init) }
        let builder = BundleBuilder(plan: plan, storeUUID: try identity(reader), today: today)
        return try builder.bundle(outcomes: outcomes, range: (from, to), imported: ObservationKey.identifiers(try reader.importedObservations()),
                                  devices: devices, responses: responses, scores: scores,
                                  forms: try builder.formsToSend(reader, answered: responses.map(\.form)), generatedAt: generatedAt, utcOffset: utcOffset)
    }

    /// `outcomes` are those of the exported range; `imported` maps an event to the identifier of
    /// the FHIR Observation it came from, which its Observation carries again; `devices` maps an
    /// event health data filled to the device of its sample, which goes in as a Device. Its texts
    /// (a schedule's summary, a reading in words) are careplan's English whatever the reader's
    /// language: a FHIR resource is data for other programs, the same from every careplan.
    public func bundle(outcomes: [Outcome], range: (from: LocalDate?, to: LocalDate?), imported: [String: Identifier] = [:],
                       devices: [String: SampleDevice] = [:], responses: [StoredResponse] = [], scores: [FormReference: FormScores] = [:],
                       forms: [StoredForm] = [], generatedAt: Date, utcOffset: Int) throws -> Bundle {
        try Language.inSourceLanguage {
            var entries: [Bundle.Entry] = []
            func add(_ resource: AnyResource) { entries.append(Bundle.Entry(fullUrl: "urn:uuid:" + (resource.id ?? ""), resource: resource)) }
            var patient = Patient(id: uuid("patient"),
                                  identifier: [Identifier(system: system, value: "patient")]
                                      + plan.patientDetails.identifiers.map { Identifier(system: $0.system, value: $0.value) },
                                  name: plan.patientName.map { [HumanName(text: $0)] })
            patient.birthDate = plan.patientDetails.born?.iso
            add(.patient(patient))
            add(.carePlan(try carePlan()))
            for form in forms { add(try form.resource()) }
            // A questionnaire's answers, each event's last; its scores' Observations say they came from them.
            var answered: [String: StoredResponse] = [:]
            for response in responses {
                let resource = questionnaireResponse(response)
                add(.questionnaireResponse(resource))
                answered[Self.eventKey(response.activityId, response.date, response.occurrence)] = response
                let derivedFrom = Reference(reference: "urn:uuid:" + (resource.id ?? ""), display: "QuestionnaireResponse")
                for observation in extractedObservations(response, scores: scores[response.form], derivedFrom: derivedFrom) { add(.observation(observation)) }
            }
            // One Device per real device: samples of the same watch written by two versions of an
            // app are still the one watch (its resource id is made from the same key).
            var deviceIds: [String: String] = [:]
            for outcome in outcomes {
                guard var observation = observation(outcome, imported: imported[Self.eventKey(outcome)]) else { continue }
                if let response = answered[Self.eventKey(outcome)] {
                    scored(&observation, outcome, by: response, scores: scores[response.form])
                }
                if let sample = devices[Self.eventKey(outcome)] {
                    let key = Self.deviceKey(sample)
                    if deviceIds[key] == nil {
                        let resource = device(sample)
                        deviceIds[key] = resource.id
                        add(.device(resource))
                    }
                    observation.device = Reference(reference: "urn:uuid:" + deviceIds[key]!, display: observation.device?.display)
                }
                add(.observation(observation))
            }
            let rangeKey = "export/\(range.from?.iso ?? "start")/\(range.to?.iso ?? "end")"
            return Bundle(id: uuid(rangeKey + "/" + String(Int(generatedAt.timeIntervalSince1970))), identifier: Identifier(system: system, value: rangeKey),
                          type: "collection", timestamp: generatedAt.localISO8601(offset: utcOffset), entry: entries)
        }
    }

    /// The UUID the person's resources are named from. The first person keeps the store's own
    /// identity (what careplan exported before a store held several people); everyone else has one
    /// made from it, so no two people's resources or identifiers meet.
    public static func identity(_ reader: StoreReader) throws -> String {
        let store = try reader.storeUUID()
        let person = try reader.personId() ?? 1
        return person == 1 ? store : StableUUID.make(store: store, key: "person/\(person)")
    }

    public static func eventKey(_ outcome: Outcome) -> String { eventKey(outcome.activityId, outcome.date, outcome.occurrence) }

    /// The key of an event's reading: what its Observation's identifier and id are made from.
    static func eventKey(_ activityId: String, _ date: LocalDate, _ occurrence: Int) -> String { "reading/\(activityId)/\(date.iso)/\(occurrence)" }

    // MARK: CarePlan

    func carePlan() throws -> CarePlanResource {
        let activities = plan.activities(on: today)
        let ends = activities.map(\.schedule.end)
        let end = ends.contains(nil) ? nil : ends.compactMap { $0 }.max()
        let ongoing = end.map { $0 >= today } ?? true
        var resource = CarePlanResource(
            id: uuid("careplan"), identifier: [Identifier(system: system, value: "careplan")], status: ongoing ? "active" : "completed",
            intent: "plan", title: plan.title, subject: patientReference, period: Period(start: plan.start?.iso, end: end?.iso),
            activity: try activities.map(activity))
        resource.language = plan.language
        resource.description = plan.patientName.map { "\(plan.title), the care plan of \($0), from careplan" }
        let team = try CareTeamBuilder(patient: patientReference).contained(plan.contacts(on: today))
        if !team.isEmpty {
            resource.contained = team
            resource.careTeam = [Reference(reference: "#careteam")]
        }
        return resource
    }

    func activity(_ activity: Activity) throws -> CarePlanResource.Activity {
        let schedule = activity.schedule
        let status = schedule.start > today ? "not-started" : (schedule.end.map { $0 < today } ?? false) ? "completed" : "in-progress"
        let code = code(of: activity)
        var detail = CarePlanResource.Detail(
            kind: activity.kind == .assessment ? "ServiceRequest" : activity.medication == nil ? "Task" : "MedicationRequest", code: code, status: status,
            scheduledTiming: ScheduleTiming.timing(schedule), description: activity.instructions ?? activity.text)
        detail.productCodeableConcept = activity.medication.map { CodeableConcept(text: $0) }
        // The form it asks, by the canonical a clinic's software resolves (and another careplan reads).
        detail.instantiatesCanonical = activity.questionnaire.map { [$0.canonical] }
        return CarePlanResource.Activity(id: activity.id, extension: [Extension(url: Self.definitionURL, valueString: try PlanEncoder.yaml(activity))],
                                         detail: detail)
    }

    /// The forms careplan made (`StoredForm.isCareplans`) that today's plan asks or `answered`
    /// names, so that every canonical the CarePlan and the responses name resolves to a
    /// Questionnaire sent beside them. A clinic's own forms are the clinic's to publish.
    public func formsToSend(_ reader: StoreReader, answered: [FormReference] = []) throws -> [StoredForm] {
        var wanted = Set(answered)
        for activity in plan.activities(on: today) { if let form = activity.questionnaire { wanted.insert(form) } }
        guard !wanted.isEmpty else { return [] }
        return try reader.storedForms().filter { $0.isCareplans && wanted.contains($0.reference) }
            .sorted { $0.reference.canonical < $1.reference.canonical }
    }

    /// The activity's LOINC code when it has one, and its careplan id; its title as text.
    func code(of activity: Activity) -> CodeableConcept {
        var coding: [Coding] = []
        if let loinc = ClinicalCodes.loinc(of: activity) {
            coding.append(Coding(system: ClinicalCodes.loincSystem, code: loinc, display: ClinicalCodes.display(loinc)))
        }
        coding.append(Coding(system: Self.activitySystem, code: activity.id, display: activity.title))
        return CodeableConcept(coding: coding, text: activity.title)
    }

    // MARK: QuestionnaireResponse

    /// The key of an event's response: what its QuestionnaireResponse's identifier and id are made from.
    static func responseKey(_ response: StoredResponse) -> String { responseKey(response.activityId, response.date, response.occurrence) }

    static func responseKey(_ activityId: String, _ date: LocalDate, _ occurrence: Int) -> String {
        "response/\(activityId)/\(date.iso)/\(occurrence)"
    }

    /// The event a response's key names (`response/phq9/2026-11-16/0`); nil for any other key.
    public static func responseEvent(_ key: String) -> (activityId: String, date: LocalDate, occurrence: Int)? {
        let parts = key.split(separator: "/").map(String.init)
        guard parts.count == 4, parts[0] == "response", let date = LocalDate(iso: parts[2]), let occurrence = Int(parts[3]), occurrence >= 0 else { return nil }
        return (parts[1], date, occurrence)
    }

    /// The system of the bands careplan's instruments give their scores (`minimal`, `moderate`…).
    public static let scoreBandSystem = "urn:careplan:codesystem:score-band"

    /// One response as FHIR has it: the form by its canonical, asked by the CarePlan, answered by
    /// the patient or the person named, with its items as the store keeps them.
    func questionnaireResponse(_ response: StoredResponse) -> QuestionnaireResponse {
        let key = Self.responseKey(response)
        var resource = QuestionnaireResponse(id: uuid(key), identifier: Identifier(system: system, value: key),
                                             questionnaire: response.form.canonical, status: response.status)
        resource.basedOn = [Reference(reference: "urn:uuid:" + uuid("careplan"), display: plan.title)]
        resource.subject = patientReference
        resource.authored = response.completedAt?.localISO8601(offset: response.utcOffset)
        resource.author = response.author.map { Reference(display: $0) } ?? patientReference
        if let items = try? JSONReader.read(response.items), items.items.isEmpty == false { resource.item = FHIRJSONValue(items) }
        return resource
    }

    /// A questionnaire's score: worked out from its response, its band as the interpretation.
    func scored(_ observation: inout Observation, _ outcome: Outcome, by response: StoredResponse, scores: FormScores?) {
        observation.derivedFrom = [Reference(reference: "urn:uuid:" + uuid(Self.responseKey(response)), display: "QuestionnaireResponse")]
        observation.category = [CodeableConcept(coding: [Coding(system: ClinicalCodes.categorySystem, code: "survey", display: Self.categoryNames["survey"])])]
        guard let band = outcome.values.lazy.compactMap({ scores?.band(of: $0) }).first else { return }
        observation.interpretation = [CodeableConcept(coding: [Coding(system: Self.scoreBandSystem, code: band.code, display: band.display)], text: band.display)]
    }

    // MARK: Observation

    /// An assessment's reading; nil for an intervention's tick (docs/fhir.md says why).
    func observation(_ outcome: Outcome, imported: Identifier?) -> Observation? {
        guard let history = plan.history(outcome.activityId), history.kind == .assessment else { return nil }
        let activity = history.activity(on: outcome.date)
        guard let measure = activity.measure, !outcome.values.isEmpty else { return nil }
        let key = Self.eventKey(outcome)
        let code = code(of: activity)
        let loinc = code.codes(in: ClinicalCodes.loincSystem).first
        var observation = Observation(id: uuid(key), identifier: [Identifier(system: system, value: key)] + (imported.map { [$0] } ?? []),
                                      status: "final", code: code)
        if let category = loinc.flatMap(ClinicalCodes.known)?.category {
            observation.category = [CodeableConcept(coding: [Coding(system: ClinicalCodes.categorySystem, code: category, display: Self.categoryNames[category])])]
        }
        observation.subject = patientReference
        observation.effectiveDateTime = effective(outcome, activity: activity)
        observation.issued = outcome.recordedAtLocal
        if let note = outcome.note { observation.note = [Annotation(text: note)] }
        if let source = outcome.source { observation.device = Reference(display: source) } else { observation.performer = [patientReference] }
        if measure.fields.count == 1, measure.type != .sleep {
            ObservationValue(outcome.values[0], type: measure.type)?.apply(to: &observation)
        } else {
            observation.component = zip(measure.fields, outcome.values).compactMap { field, value in
                guard let typed = ObservationValue(value, type: measure.type) else { return nil }
                var coding: [Coding] = []
                if let code = ClinicalCodes.loinc(of: field, in: measure, code: loinc) {
                    coding.append(Coding(system: ClinicalCodes.loincSystem, code: code, display: ClinicalCodes.display(code)))
                }
                var component = Observation.Component(code: CodeableConcept(coding: coding.isEmpty ? nil : coding, text: field.name))
                typed.apply(to: &component)
                return component
            }
        }
        return observation
    }

    /// When the reading was taken: the instant, with its offset, when it was recorded on its own
    /// day; a reading entered later for an earlier day has that day (and its scheduled time, if
    /// any, on the clocks it was entered on).
    func effective(_ outcome: Outcome, activity: Activity) -> String {
        let local = outcome.recordedAtLocal
        if local.hasPrefix(outcome.date.iso) { return local }
        guard let time = activity.schedule.time(ofOccurrence: outcome.occurrence) else { return outcome.date.iso }
        let offset = outcome.utcOffset
        let clock = TimeOfDay(minutes: abs(offset) / 60 % 1440)?.description ?? "00:00"
        return "\(outcome.date.iso)T\(time.description):00\(offset < 0 ? "-" : "+")\(clock)"
    }

    /// What a device is in the Bundle: the source that wrote from it and its fields (not the app's
    /// version, nor the address HealthKit printed).
    static func deviceKey(_ sample: SampleDevice) -> String {
        "device/\(sample.source)/\([sample.name, sample.manufacturer, sample.hardware, sample.software].map { $0 ?? "" }.joined(separator: "/"))"
    }

    /// A sample's device: its name, maker, model and software, and the app that wrote it.
    func device(_ sample: SampleDevice) -> Device {
        let key = Self.deviceKey(sample)
        var device = Device(id: uuid(key), identifier: [Identifier(system: system, value: key)])
        device.deviceName = [Device.DeviceName(name: sample.name ?? sample.source, type: sample.name == nil ? "other" : "user-friendly-name")]
        device.manufacturer = sample.manufacturer
        device.modelNumber = sample.hardware ?? sample.model
        device.version = sample.software.map { [Device.Version(value: $0)] }
        device.note = [Annotation(text: "Written to Apple Health by \(sample.source)\(sample.sourceVersion.map { " \($0)" } ?? "")")]
        return device
    }

    static let categoryNames = ["vital-signs": "Vital Signs", "laboratory": "Laboratory", "survey": "Survey", "activity": "Activity"]
}
