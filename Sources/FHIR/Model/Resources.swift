import FHIRPath

/// The FHIR R4 resources careplan writes and reads: Patient, CarePlan, Observation, the record of
/// a tick (Procedure, MedicationAdministration, in Ticks.swift), and the Bundle that carries them. Other resources a file contains are kept as `OtherResource`, enough
/// to resolve a reference to a name.

public struct Meta: Codable, Hashable, Sendable {
    /// A server's version of the resource (`_history/N`), which moves with every update.
    public var versionId: String?
    public var lastUpdated: String?
    /// careplan tags what it writes with the store that wrote it (`SyncResources.writerTagSystem`).
    public var tag: [Coding]?
    public init(versionId: String? = nil, lastUpdated: String? = nil, tag: [Coding]? = nil) {
        self.versionId = versionId
        self.lastUpdated = lastUpdated
        self.tag = tag
    }
}

public struct Patient: Codable, Hashable, Sendable {
    public var resourceType = "Patient"
    public var id: String?
    public var meta: Meta?
    public var identifier: [Identifier]?
    public var name: [HumanName]?
    public var birthDate: String?

    public init(id: String?, identifier: [Identifier]?, name: [HumanName]?) {
        self.id = id
        self.identifier = identifier
        self.name = name
    }
}

public struct CarePlanResource: Codable, Hashable, Sendable {
    public struct Activity: Codable, Hashable, Sendable {
        public var id: String?
        public var `extension`: [Extension]?
        public var reference: Reference?
        public var detail: Detail?

        public init(id: String?, extension: [Extension]?, detail: Detail?) {
            self.id = id
            self.extension = `extension`
            self.detail = detail
        }
    }

    public struct Detail: Codable, Hashable, Sendable {
        public var kind: String?
        public var code: CodeableConcept?
        public var status: String?
        public var doNotPerform: Bool?
        public var scheduledTiming: Timing?
        public var scheduledPeriod: Period?
        public var scheduledString: String?
        public var productCodeableConcept: CodeableConcept?
        public var productReference: Reference?
        public var description: String?
        /// What defines it: a Questionnaire's canonical url makes it a questionnaire to answer.
        public var instantiatesCanonical: [String]?

        public init(kind: String?, code: CodeableConcept?, status: String, scheduledTiming: Timing?, description: String?) {
            self.kind = kind
            self.code = code
            self.status = status
            self.scheduledTiming = scheduledTiming
            self.description = description
        }
    }

    public var resourceType = "CarePlan"
    public var id: String?
    public var meta: Meta?
    public var identifier: [Identifier]?
    /// The language the plan is written in (BCP 47), as its plan file says.
    public var language: String?
    public var text: Narrative?
    public var contained: [AnyResource]?
    public var status: String?
    public var intent: String?
    public var title: String?
    public var description: String?
    public var subject: Reference?
    public var period: Period?
    public var created: String?
    public var careTeam: [Reference]?
    public var activity: [Activity]?

    public init(id: String, identifier: [Identifier], status: String, intent: String, title: String, subject: Reference,
                period: Period?, activity: [Activity]) {
        self.id = id
        self.identifier = identifier
        self.status = status
        self.intent = intent
        self.title = title
        self.subject = subject
        self.period = period
        self.activity = activity
    }
}

/// What holds an Observation's value[x]: the Observation itself, and each of its components.
public protocol ObservationValueHolder {
    var valueQuantity: Quantity? { get set }
    var valueString: String? { get set }
    var valueBoolean: Bool? { get set }
    var valueInteger: Int? { get set }
    var valueCodeableConcept: CodeableConcept? { get set }
    var valueTime: String? { get set }
}

/// A questionnaire's answers (R4 QuestionnaireResponse): the form by its canonical, and the items as
/// the store keeps them, nested as the form nests them. Read leniently (a response without a
/// `questionnaire` reads with an empty one): what careplan cannot use is left by its callers.
public struct QuestionnaireResponse: Codable, Hashable, Sendable {
    public var resourceType = "QuestionnaireResponse"
    public var id: String?
    /// The writer's tag, in a sync.
    public var meta: Meta?
    public var identifier: Identifier?
    /// The CarePlan that asked it.
    public var basedOn: [Reference]?
    public var questionnaire: String
    public var status: String
    public var subject: Reference?
    public var authored: String?
    public var author: Reference?
    public var item: FHIRJSONValue?

    public init(id: String, identifier: Identifier, questionnaire: String, status: String) {
        self.id = id
        self.identifier = identifier
        self.questionnaire = questionnaire
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case resourceType, id, meta, identifier, basedOn, questionnaire, status, subject, authored, author, item
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        meta = try container.decodeIfPresent(Meta.self, forKey: .meta)
        identifier = try container.decodeIfPresent(Identifier.self, forKey: .identifier)
        basedOn = try container.decodeIfPresent([Reference].self, forKey: .basedOn)
        questionnaire = try container.decodeIfPresent(String.self, forKey: .questionnaire) ?? ""
        status = try container.decodeIfPresent(String.self, forKey: .status) ?? ""
        subject = try container.decodeIfPresent(Reference.self, forKey: .subject)
        authored = try container.decodeIfPresent(String.self, forKey: .authored)
        author = try container.decodeIfPresent(Reference.self, forKey: .author)
        item = try container.decodeIfPresent(FHIRJSONValue.self, forKey: .item)
    }
}

public struct Observation: Codable, Hashable, Sendable, ObservationValueHolder {
    public struct Component: Codable, Hashable, Sendable, ObservationValueHolder {
        public var code: CodeableConcept
        public var valueQuantity: Quantity?
        public var valueString: String?
        public var valueBoolean: Bool?
        public var valueInteger: Int?
        public var valueCodeableConcept: CodeableConcept?
        public var valueTime: String?
        public var valueSampledData: SampledData?
        public var dataAbsentReason: CodeableConcept?

        public init(code: CodeableConcept) { self.code = code }
    }

    /// Only noticed, never read: a waveform is not a reading.
    public struct SampledData: Codable, Hashable, Sendable {
        public var data: String?
    }

    public var resourceType = "Observation"
    public var id: String?
    public var meta: Meta?
    public var identifier: [Identifier]?
    /// The CarePlan the reading was asked for by.
    public var basedOn: [Reference]?
    public var status: String?
    public var category: [CodeableConcept]?
    public var code: CodeableConcept?
    public var subject: Reference?
    public var effectiveDateTime: String?
    public var effectivePeriod: Period?
    public var effectiveInstant: String?
    public var performer: [Reference]?
    public var valueQuantity: Quantity?
    public var valueString: String?
    public var valueBoolean: Bool?
    public var valueInteger: Int?
    public var valueCodeableConcept: CodeableConcept?
    public var valueTime: String?
    /// A date or date and time answered in a questionnaire (SDC's observationExtract).
    public var valueDateTime: String?
    public var valueSampledData: SampledData?
    public var dataAbsentReason: CodeableConcept?
    public var issued: String?
    public var note: [Annotation]?
    public var device: Reference?
    public var hasMember: [Reference]?
    public var component: [Component]?
    /// What the value means (a score's band); the response a score was worked out from.
    public var interpretation: [CodeableConcept]?
    public var derivedFrom: [Reference]?

    public init(id: String, identifier: [Identifier], status: String, code: CodeableConcept) {
        self.id = id
        self.identifier = identifier
        self.status = status
        self.code = code
    }
}

/// A resource of a type careplan does not map, by its type and id, with the names that let a
/// reference to it read as words (a contained Medication's code, a Practitioner's name).
public struct OtherResource: Codable, Hashable, Sendable {
    /// A CareTeam's member and their role.
    public struct Participant: Codable, Hashable, Sendable {
        public var `extension`: [Extension]?
        public var role: [CodeableConcept]?
        public var member: Reference?

        public init(extension: [Extension]?, role: [CodeableConcept]?, member: Reference?) {
            self.extension = `extension`
            self.role = role
            self.member = member
        }
    }

    /// A phone number or an email address (ContactPoint).
    public struct ContactPoint: Codable, Hashable, Sendable {
        public var system: String?
        public var value: String?

        public init(system: String?, value: String?) {
            self.system = system
            self.value = value
        }
    }

    /// An address as one line of text.
    public struct Address: Codable, Hashable, Sendable {
        public var text: String?
        public init(text: String?) { self.text = text }
    }

    public var resourceType: String
    public var id: String?
    public var code: CodeableConcept?
    public var name: FlexibleName?
    public var participant: [Participant]?
    public var telecom: [ContactPoint]?
    public var address: [Address]?
    /// RelatedPerson: whose relation, and what relation.
    public var patient: Reference?
    public var relationship: [CodeableConcept]?

    public init(resourceType: String, id: String?) {
        self.resourceType = resourceType
        self.id = id
    }

    private enum CodingKeys: String, CodingKey {
        case resourceType, id, code, name, participant, telecom, address, patient, relationship
    }

    /// Read leniently: an element another resource type shapes differently (a Questionnaire's
    /// `code` is a list of codings, not a CodeableConcept) is left out, not an error, since only
    /// names are read from resources careplan does not map.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resourceType = try container.decode(String.self, forKey: .resourceType)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        code = try? container.decodeIfPresent(CodeableConcept.self, forKey: .code)
        name = try? container.decodeIfPresent(FlexibleName.self, forKey: .name)
        participant = try? container.decodeIfPresent([Participant].self, forKey: .participant)
        telecom = try? container.decodeIfPresent([ContactPoint].self, forKey: .telecom)
        address = try? container.decodeIfPresent([Address].self, forKey: .address)
        patient = try? container.decodeIfPresent(Reference.self, forKey: .patient)
        relationship = try? container.decodeIfPresent([CodeableConcept].self, forKey: .relationship)
    }
}

/// `name` is a string on some resources (Organization, CareTeam) and a list of HumanName on others.
public enum FlexibleName: Codable, Hashable, Sendable {
    case text(String)
    case human([HumanName])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { self = .text(text) } else { self = .human((try? container.decode([HumanName].self)) ?? []) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .human(let names): try container.encode(names)
        }
    }

    var shown: String? {
        switch self {
        case .text(let text): return text
        case .human(let names): return names.lazy.compactMap(\.shown).first
        }
    }
}

/// Any resource in a Bundle entry or a `contained` list, by its `resourceType`.
public enum AnyResource: Codable, Hashable, Sendable {
    case patient(Patient)
    case carePlan(CarePlanResource)
    case observation(Observation)
    case bundle(Bundle)
    case device(Device)
    case procedure(Procedure)
    case medicationAdministration(MedicationAdministration)
    case operationOutcome(OperationOutcome)
    /// A questionnaire's answers; one that does not read comes in as `other`.
    case questionnaireResponse(QuestionnaireResponse)
    /// Only ever written: a form as the store keeps it, its `id` set (`StoredForm.resource`).
    case questionnaire(FHIRJSONValue)
    case other(OtherResource)

    private enum Keys: String, CodingKey { case resourceType }

    public init(from decoder: Decoder) throws {
        let type = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .resourceType)
        switch type {
        case "Patient": self = .patient(try Patient(from: decoder))
        case "CarePlan": self = .carePlan(try CarePlanResource(from: decoder))
        case "Observation": self = .observation(try Observation(from: decoder))
        case "Bundle": self = .bundle(try Bundle(from: decoder))
        case "Device": self = .device(try Device(from: decoder))
        case "Procedure": self = .procedure(try Procedure(from: decoder))
        case "MedicationAdministration": self = .medicationAdministration(try MedicationAdministration(from: decoder))
        case "OperationOutcome": self = .operationOutcome(try OperationOutcome(from: decoder))
        case "QuestionnaireResponse":
            if let response = try? QuestionnaireResponse(from: decoder) { self = .questionnaireResponse(response) } else { self = .other(try OtherResource(from: decoder)) }
        default: self = .other(try OtherResource(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .patient(let resource): try resource.encode(to: encoder)
        case .carePlan(let resource): try resource.encode(to: encoder)
        case .observation(let resource): try resource.encode(to: encoder)
        case .bundle(let resource): try resource.encode(to: encoder)
        case .device(let resource): try resource.encode(to: encoder)
        case .procedure(let resource): try resource.encode(to: encoder)
        case .medicationAdministration(let resource): try resource.encode(to: encoder)
        case .operationOutcome(let resource): try resource.encode(to: encoder)
        case .questionnaireResponse(let resource): try resource.encode(to: encoder)
        case .questionnaire(let resource): try resource.encode(to: encoder)
        case .other(let resource): try resource.encode(to: encoder)
        }
    }

    public var resourceType: String {
        switch self {
        case .patient: return "Patient"
        case .carePlan: return "CarePlan"
        case .observation: return "Observation"
        case .bundle: return "Bundle"
        case .device: return "Device"
        case .procedure: return "Procedure"
        case .medicationAdministration: return "MedicationAdministration"
        case .operationOutcome: return "OperationOutcome"
        case .questionnaireResponse: return "QuestionnaireResponse"
        case .questionnaire: return "Questionnaire"
        case .other(let resource): return resource.resourceType
        }
    }

    public var id: String? {
        switch self {
        case .patient(let resource): return resource.id
        case .carePlan(let resource): return resource.id
        case .observation(let resource): return resource.id
        case .bundle(let resource): return resource.id
        case .device(let resource): return resource.id
        case .procedure(let resource): return resource.id
        case .medicationAdministration(let resource): return resource.id
        case .operationOutcome(let resource): return resource.id
        case .questionnaireResponse(let resource): return resource.id
        case .questionnaire(let resource): return resource.json["id"]?.stringValue
        case .other(let resource): return resource.id
        }
    }

    /// What a reference to it shows: a patient's or practitioner's name, a medication's code.
    public var shown: String? {
        switch self {
        case .patient(let patient): return patient.name?.lazy.compactMap(\.shown).first
        case .other(let other): return other.name?.shown ?? other.code?.label
        case .carePlan(let plan): return plan.title
        case .observation(let observation): return observation.code?.label
        case .bundle, .operationOutcome: return nil
        case .questionnaireResponse(let response): return response.questionnaire
        case .questionnaire(let form): return form.json["title"]?.stringValue ?? form.json["name"]?.stringValue
        case .device(let device): return device.deviceName?.first?.name
        case .procedure(let procedure): return procedure.code?.label
        case .medicationAdministration(let administration): return administration.medicationCodeableConcept?.label
        }
    }
}

public struct Bundle: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        public var fullUrl: String?
        public var resource: AnyResource?
        /// In a transaction or batch: what to do with the entry.
        public var request: Request?
        /// In a transaction or batch response: what the server did.
        public var response: Response?

        public init(fullUrl: String?, resource: AnyResource?, request: Request? = nil) {
            self.fullUrl = fullUrl
            self.resource = resource
            self.request = request
        }
    }

    /// `PUT Observation/ID`, `POST Patient` with `ifNoneExist`, `GET Observation?patient=…`.
    public struct Request: Codable, Hashable, Sendable {
        public var method: String
        public var url: String
        public var ifNoneExist: String?

        public init(method: String, url: String, ifNoneExist: String? = nil) {
            self.method = method
            self.url = url
            self.ifNoneExist = ifNoneExist
        }
    }

    /// `201 Created` with `location` `Patient/ID/_history/1`; a search's result in `resource`.
    public struct Response: Codable, Hashable, Sendable {
        public var status: String
        public var location: String?
        public var etag: String?
        public var lastModified: String?
        public var outcome: AnyResource?
    }

    /// A page's neighbours: `next` is the rest of a search.
    public struct Link: Codable, Hashable, Sendable {
        public var relation: String
        public var url: String
    }

    public var resourceType = "Bundle"
    public var id: String?
    public var meta: Meta?
    public var identifier: Identifier?
    public var type: String?
    public var timestamp: String?
    public var total: Int?
    public var link: [Link]?
    public var entry: [Entry]?

    /// A transaction or a batch to send to a server: no id, no timestamp.
    public init(type: String, entry: [Entry]) {
        self.type = type
        self.entry = entry
    }

    public init(id: String, identifier: Identifier, type: String, timestamp: String, entry: [Entry]) {
        self.id = id
        self.identifier = identifier
        self.type = type
        self.timestamp = timestamp
        self.entry = entry
    }
}
