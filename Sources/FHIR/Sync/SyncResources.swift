import CarePlanStore
import Foundation
import HealthData
import Localization

/// The resources a sync sends, as entries of a FHIR transaction: each one idempotent, so a
/// transaction sent twice (a retry after a dropped connection) changes nothing the second time.
///
/// - the Patient: a conditional create on the plan's identifier (`ifNoneExist`), until its id on
///   the server is known;
/// - the CarePlan: a conditional update on its identifier (`PUT CarePlan?identifier=…`), sent
///   only when its content changed, so the server makes a new version only then;
/// - each event's reading as an Observation, and each tick as a MedicationAdministration (a
///   medicine) or a Procedure (anything else done), `PUT` on the stable id careplan makes for the
///   event, or on the resource that already stands for it; a cleared event's resource becomes
///   `entered-in-error`. The Device of a reading health data filled goes with it.
///
/// Everything this store writes carries its writer tag, so its pulls can leave out what it wrote.
public struct SyncResources {
    /// The tag system of what a careplan store wrote (the code is the store's writer UUID).
    public static let writerTagSystem = "urn:careplan:writer"

    /// Builds the writer's own resources (ids and identifiers from the writer's identity).
    var writer: BundleBuilder
    /// Builds the plan's resources (the Patient and the CarePlan, from the plan's identity).
    let planBuilder: BundleBuilder
    public let writerUUID: String
    public let planSystem: String
    let tag: Coding
    /// The server's FHIR base: each entry's `fullUrl` is the resource's address there.
    let base: String?

    /// `writerUUID` is this store's identity for the person; `planSystem` the identifier system
    /// of the Patient and the CarePlan (`urn:uuid:` and the writer's, or the joined store's);
    /// `patientId` the Patient's id on the server once known.
    public init(plan: PlanSnapshot, writerUUID: String, planSystem: String, patientId: String?, carePlanId: String?, today: LocalDate,
                base: String? = nil) {
        self.writerUUID = writerUUID
        self.base = base
        self.planSystem = planSystem
        let planUUID = planSystem.hasPrefix("urn:uuid:") ? String(planSystem.dropFirst("urn:uuid:".count)) : planSystem
        var planBuilder = BundleBuilder(plan: plan, storeUUID: planUUID, today: today)
        if let patientId { planBuilder.patientReference = Reference(reference: "Patient/" + patientId, display: plan.patientName) }
        planBuilder.carePlanReference = Reference(reference: carePlanId.map { "CarePlan/" + $0 } ?? "urn:uuid:" + planBuilder.uuid("careplan"), display: plan.title)
        self.planBuilder = planBuilder
        writer = BundleBuilder(plan: plan, storeUUID: writerUUID, today: today)
        writer.patientReference = planBuilder.patientReference
        tag = Coding(system: Self.writerTagSystem, code: writerUUID, display: nil)
    }

    /// The identifier search of the Patient: `identifier=SYSTEM|patient`.
    public var patientSearch: String { "identifier=\(Self.escaped(planSystem))|patient" }
    /// The identifier search of the CarePlan.
    public var carePlanSearch: String { "identifier=\(Self.escaped(planSystem))|careplan" }

    /// The Patient, created only if no Patient has its identifier.
    public func patientEntry() -> Bundle.Entry {
        var patient = Patient(id: nil, identifier: [Identifier(system: planSystem, value: "patient")]
                                  + planBuilder.plan.patientDetails.identifiers.map { Identifier(system: $0.system, value: $0.value) },
                              name: planBuilder.plan.patientName.map { [HumanName(text: $0)] })
        patient.birthDate = planBuilder.plan.patientDetails.born?.iso
        return Bundle.Entry(fullUrl: planBuilder.patientReference.reference, resource: .patient(patient),
                            request: Bundle.Request(method: "POST", url: "Patient", ifNoneExist: patientSearch))
    }

    /// The CarePlan as it stands today, and the digest of its content (what tells a change).
    public func carePlan() throws -> (resource: CarePlanResource, digest: String) {
        let resource = try Language.inSourceLanguage { try planBuilder.carePlan() }
        return (resource, try Self.digest(resource))
    }

    /// What the CarePlan is made from: the plan's revision (every change to the plan moves it),
    /// the day (which activities are on, and their statuses), the ids it refers to, and this
    /// careplan's version (which decides how it is written). The same key, the same CarePlan.
    public var planKey: String {
        [String(planBuilder.plan.revision), planBuilder.today.iso, planSystem, planBuilder.patientReference.reference ?? "",
         planBuilder.carePlanReference?.reference ?? "", CareplanVersion.current].joined(separator: "|")
    }

    /// The CarePlan's entry: an update of the resource with the plan's identifier, made if none is.
    public func carePlanEntry(_ resource: CarePlanResource) -> Bundle.Entry {
        var resource = resource
        resource.id = nil
        // Tagged as everything this store writes: its own pulls leave it out, another computer's
        // and the clinic's see it.
        resource.meta = Meta(tag: [tag])
        return Bundle.Entry(fullUrl: "urn:uuid:" + planBuilder.uuid("careplan"), resource: .carePlan(resource),
                            request: Bundle.Request(method: "PUT", url: "CarePlan?" + carePlanSearch))
    }

    /// A digest of a CarePlan's content (ids and server metadata aside): equal digests, same plan.
    public static func digest(_ resource: CarePlanResource) throws -> String {
        var resource = resource
        resource.id = nil
        resource.meta = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return StableUUID.make(store: "careplan-digest", key: String(decoding: try encoder.encode(resource), as: UTF8.self))
    }

    /// The entries for one changed event (its Device first when health data filled it), and the
    /// binding it has once the server took them; nil when nothing goes (a clinic's resource,
    /// which careplan never writes over, or an event cleared before it ever went).
    /// `response`: a questionnaire's answers to the event (its last answering), with what its
    /// scores mean; they go as a QuestionnaireResponse before the score's Observation, which says it
    /// was derived from them.
    public func entries(for event: PendingEvent, device: SampleDevice?,
                        response: (answers: StoredResponse, scores: FormScores?)? = nil) -> (entries: [Bundle.Entry], binding: SyncBinding)? {
        if event.binding?.origin == .clinic { return nil }
        guard let history = writer.plan.history(event.activityId) else { return nil }
        let activity = history.activity(on: event.date)
        let intervention = history.kind == .intervention
        let key = intervention ? Self.tickKey(event.activityId, event.date, event.occurrence)
                               : BundleBuilder.eventKey(event.activityId, event.date, event.occurrence)
        // The resource already standing for the event keeps its id and identifier (another
        // careplan's reading is updated in place); else the stable ones this store makes.
        let type = intervention ? (activity.medication == nil ? "Procedure" : "MedicationAdministration") : "Observation"
        let id = event.binding.map { String($0.resource.split(separator: "/").last ?? "") } ?? writer.uuid(key)
        let identifier = event.binding.map { Self.identifier($0.identifier) } ?? Identifier(system: writer.system, value: key)
        guard event.outcome != nil || event.binding != nil else { return nil }
        // A questionnaire without a score: its answers are all there is to send.
        if !intervention, activity.questionnaire != nil, event.binding?.resource.hasPrefix("Observation/") != true,
           event.outcome == nil || writer.observation(event.outcome!, imported: nil) == nil {
            return answersOnly(event, form: activity.questionnaire!, response: response)
        }
        var entries: [Bundle.Entry] = []
        let resource: AnyResource
        let code = writer.code(of: activity)
        let meta = Meta(tag: [tag])
        if intervention {
            let status = event.outcome == nil ? "entered-in-error" : "completed"
            let effective = event.outcome.map { writer.effective($0, activity: activity) } ?? event.date.iso
            let note = event.outcome?.note.map { [Annotation(text: $0)] }
            let performer = [Procedure.Performer(actor: writer.patientReference)]
            if let medication = activity.medication {
                var administration = MedicationAdministration(id: id, identifier: [identifier], status: status,
                                                              medication: CodeableConcept(text: medication), subject: writer.patientReference)
                administration.meta = meta
                administration.effectiveDateTime = effective
                administration.supportingInformation = planBuilder.carePlanReference.map { [$0] }
                administration.performer = performer
                administration.note = note
                resource = .medicationAdministration(administration)
            } else {
                var procedure = Procedure(id: id, identifier: [identifier], status: status, code: code, subject: writer.patientReference)
                procedure.meta = meta
                procedure.basedOn = planBuilder.carePlanReference.map { [$0] }
                procedure.performedDateTime = effective
                procedure.performer = performer
                procedure.note = note
                resource = .procedure(procedure)
            }
        } else if let outcome = event.outcome, var observation = writer.observation(outcome, imported: nil) {
            observation.id = id
            observation.identifier = [identifier]
            observation.meta = meta
            observation.basedOn = planBuilder.carePlanReference.map { [$0] }
            if let device {
                let resource = writer.device(device)
                var tagged = resource
                tagged.meta = meta
                entries.append(Bundle.Entry(fullUrl: fullUrl("Device/" + (resource.id ?? "")), resource: .device(tagged),
                                            request: Bundle.Request(method: "PUT", url: "Device/" + (resource.id ?? ""))))
                observation.device = Reference(reference: "Device/" + (resource.id ?? ""), display: observation.device?.display)
            }
            if let response {
                let answers = questionnaireResponseEntry(response.answers, meta: meta)
                entries.append(answers.entry)
                entries += extractedEntries(response, from: answers.resource, meta: meta)
                writer.scored(&observation, outcome, by: response.answers, scores: response.scores)
                observation.derivedFrom = [Reference(reference: answers.resource, display: "QuestionnaireResponse")]
            }
            resource = .observation(observation)
        } else {
            // Cleared: the values are gone here, the server keeps them in the resource's history.
            // The answers this store sent for it are withdrawn with the score.
            if let form = activity.questionnaire {
                entries.append(withdrawnResponseEntry(event, form: form, meta: meta))
                if let response { entries += withdrawnExtractionEntries(response, of: event, meta: meta) }
            }
            var observation = Observation(id: id, identifier: [identifier], status: "entered-in-error", code: code)
            observation.meta = meta
            observation.subject = writer.patientReference
            observation.effectiveDateTime = event.date.iso
            resource = .observation(observation)
        }
        entries.append(Bundle.Entry(fullUrl: fullUrl("\(type)/\(id)"), resource: resource, request: Bundle.Request(method: "PUT", url: "\(type)/\(id)")))
        let binding = SyncBinding(resource: "\(type)/\(id)", identifier: "\(identifier.system ?? "")|\(identifier.value ?? "")",
                                  origin: event.binding?.origin ?? .own)
        return (entries, binding)
    }

    /// A questionnaire's answers as this writer's QuestionnaireResponse, `PUT` on the stable id
    /// careplan makes for the event's response (an amended answering updates it in place), or on
    /// the response already `standing` for the event.
    func questionnaireResponseEntry(_ response: StoredResponse, meta: Meta, standing: SyncBinding? = nil) -> (entry: Bundle.Entry, resource: String) {
        var resource = writer.questionnaireResponse(response)
        // Another careplan's response standing for the event is updated in place, as its reading would be.
        Self.standIn(for: standing, &resource)
        resource.meta = meta
        resource.basedOn = planBuilder.carePlanReference.map { [$0] }
        let name = "QuestionnaireResponse/" + (resource.id ?? "")
        return (Bundle.Entry(fullUrl: fullUrl(name), resource: .questionnaireResponse(resource), request: Bundle.Request(method: "PUT", url: name)), name)
    }

    /// An answered questionnaire that gives no score: its QuestionnaireResponse alone, bound to the
    /// event as a reading's Observation is; cleared, it is withdrawn.
    func answersOnly(_ event: PendingEvent, form: FormReference, response: (answers: StoredResponse, scores: FormScores?)?)
        -> (entries: [Bundle.Entry], binding: SyncBinding)? {
        let meta = Meta(tag: [tag])
        let entry: Bundle.Entry
        var extracted: [Bundle.Entry] = []
        if event.outcome != nil, let response {
            let answers = questionnaireResponseEntry(response.answers, meta: meta, standing: event.binding)
            entry = answers.entry
            extracted = extractedEntries(response, from: answers.resource, meta: meta)
        } else if event.outcome == nil, event.binding != nil {
            entry = withdrawnResponseEntry(event, form: form, meta: meta)
            extracted = response.map { withdrawnExtractionEntries($0, of: event, meta: meta) } ?? []
        } else {
            return nil
        }
        guard case .questionnaireResponse(let resource)? = entry.resource, let identifier = resource.identifier else { return nil }
        let binding = SyncBinding(resource: "QuestionnaireResponse/" + (resource.id ?? ""), identifier: "\(identifier.system ?? "")|\(identifier.value ?? "")",
                                  origin: event.binding?.origin ?? .own)
        // The response last: the event's binding is the last entry's.
        return (extracted + [entry], binding)
    }

    /// The Observations SDC extracts from a response's answers (`observationExtract`), `PUT` on
    /// their stable ids, derived from the response.
    func extractedEntries(_ response: (answers: StoredResponse, scores: FormScores?), from resource: String, meta: Meta) -> [Bundle.Entry] {
        writer.extractedObservations(response.answers, scores: response.scores, derivedFrom: Reference(reference: resource, display: "QuestionnaireResponse"))
            .map { observation in
                var based = observation
                based.basedOn = planBuilder.carePlanReference.map { [$0] }
                return put(based, meta: meta)
            }
    }

    /// Those Observations withdrawn with a cleared response: the same ids, `entered-in-error`.
    func withdrawnExtractionEntries(_ response: (answers: StoredResponse, scores: FormScores?), of event: PendingEvent, meta: Meta) -> [Bundle.Entry] {
        author(of: event).withdrawnExtractions(response.answers, scores: response.scores).map { put($0, meta: meta) }
    }

    /// An Observation tagged as this writer's, `PUT` on its id.
    func put(_ observation: Observation, meta: Meta) -> Bundle.Entry {
        var tagged = observation
        tagged.meta = meta
        let name = "Observation/" + (observation.id ?? "")
        return Bundle.Entry(fullUrl: fullUrl(name), resource: .observation(tagged), request: Bundle.Request(method: "PUT", url: name))
    }

    /// A response takes the id and identifier of the response `binding` names, when it names one
    /// (the resource standing for the event, perhaps another careplan's).
    static func standIn(for binding: SyncBinding?, _ resource: inout QuestionnaireResponse) {
        guard let binding, binding.resource.hasPrefix("QuestionnaireResponse/") else { return }
        resource.id = String(binding.resource.dropFirst("QuestionnaireResponse/".count))
        resource.identifier = identifier(binding.identifier)
    }

    /// Who made the resources standing for an event: this writer, or the careplan whose identifier
    /// system (`urn:uuid:WRITER`) its binding carries, whose ids for the event's other resources
    /// (its response, their extracted Observations) are made the same way.
    func author(of event: PendingEvent) -> BundleBuilder {
        guard let system = event.binding.map({ Self.identifier($0.identifier).system ?? "" }), system.hasPrefix("urn:uuid:"), system != writer.system else {
            return writer
        }
        var author = BundleBuilder(plan: writer.plan, storeUUID: String(system.dropFirst("urn:uuid:".count)), today: writer.today)
        author.patientReference = writer.patientReference
        return author
    }

    /// The QuestionnaireResponse this store sent for a cleared event, `entered-in-error`: the same
    /// id and identifier, its answers left to the server's history of it.
    func withdrawnResponseEntry(_ event: PendingEvent, form: FormReference, meta: Meta) -> Bundle.Entry {
        let key = BundleBuilder.responseKey(event.activityId, event.date, event.occurrence)
        let author = self.author(of: event)
        var resource = QuestionnaireResponse(id: author.uuid(key), identifier: Identifier(system: author.system, value: key),
                                             questionnaire: form.canonical, status: "entered-in-error")
        Self.standIn(for: event.binding, &resource)
        resource.meta = meta
        resource.subject = writer.patientReference
        resource.basedOn = planBuilder.carePlanReference.map { [$0] }
        let name = "QuestionnaireResponse/" + (resource.id ?? "")
        return Bundle.Entry(fullUrl: fullUrl(name), resource: .questionnaireResponse(resource), request: Bundle.Request(method: "PUT", url: name))
    }

    /// The forms careplan made that the plan asks (`BundleBuilder.formsToSend`), each `PUT` on the
    /// id every careplan gives the same form, so the CarePlan's `instantiatesCanonical` resolves on
    /// the server and another computer joining the plan finds them. Not tagged as this writer's:
    /// the same form from every store is one resource.
    public func formEntries(_ reader: StoreReader) throws -> [Bundle.Entry] {
        try planBuilder.formsToSend(reader).map { form in
            let resource = try form.resource()
            let name = "Questionnaire/" + (resource.id ?? "")
            return Bundle.Entry(fullUrl: fullUrl(name), resource: resource, request: Bundle.Request(method: "PUT", url: name))
        }
    }

    /// A resource's address on the server (`https://fhir.example.org/r4/Observation/ID`), as a
    /// transaction's entries name what they update.
    func fullUrl(_ resource: String) -> String? { base.map { $0 + "/" + resource } }

    /// The key of an intervention's tick, as `eventKey` is a reading's.
    public static func tickKey(_ activityId: String, _ date: LocalDate, _ occurrence: Int) -> String { "tick/\(activityId)/\(date.iso)/\(occurrence)" }

    /// `system|value` back into an Identifier.
    static func identifier(_ text: String) -> Identifier {
        guard let bar = text.lastIndex(of: "|") else { return Identifier(system: nil, value: text) }
        return Identifier(system: String(text[..<bar]), value: String(text[text.index(after: bar)...]))
    }

    /// A search parameter's value with the characters a URL query cannot carry as they are.
    public static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#|,")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension SyncResources {
    /// A pending event's key, by which a push finds what goes with it: the device of its
    /// sample, a questionnaire's answers.
    public static func eventKey(_ event: PendingEvent) -> String { BundleBuilder.eventKey(event.activityId, event.date, event.occurrence) }
}
