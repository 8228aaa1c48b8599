import CarePlanStore
import FHIR
import Foundation

/// JSON shapes of the scriptable commands. Keys named in the issue (`date`, `adherence`, `activities`,
/// `events`, `occurrence`, `time`, `done`, `values`) are a contract; others may be added.
enum JSONOutput {
    /// The one encoder: pretty, keys sorted (stable output for diffs and tests), slashes as typed.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func print<T: Encodable>(_ value: T) throws {
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// A key that is always written: `null` when there is no value. Swift's synthesized encoding
/// leaves nil optionals out; keys scripts rely on (a bucket's `value`, an event's `time`) must be
/// there either way.
@propertyWrapper
struct Null<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// Adherence as every JSON output writes it; `fraction` is null when nothing was due.
struct AdherenceJSON: Encodable {
    var state: String
    var completed: Int
    var total: Int
    @Null var fraction: Double?

    init(_ adherence: Adherence) {
        state = adherence.name
        if case .due(let completed, let total) = adherence {
            (self.completed, self.total) = (completed, total)
        } else {
            (completed, total) = (0, 0)
        }
        fraction = adherence.fraction
    }
}

struct ValueJSON: Encodable {
    var name: String
    @Null var value: Double?
    var text: String?
    @Null var unit: String?
    var enteredValue: Double?
    var enteredUnit: String?

    init(_ value: ReadingValue) {
        name = value.name
        self.value = value.value
        text = value.text
        unit = value.unit
        enteredValue = value.enteredValue
        enteredUnit = value.enteredUnit
    }
}

struct EventJSON: Encodable {
    var occurrence: Int
    @Null var time: String?
    var done: Bool
    var values: [ValueJSON]
    var note: String?
    var recordedAt: String?
    /// Where health data filled it from; absent when a person recorded it.
    var source: String?

    init(_ event: Event) {
        occurrence = event.occurrence
        time = event.time?.description
        done = event.isDone
        values = event.outcome?.values.map(ValueJSON.init) ?? []
        note = event.outcome?.note
        recordedAt = event.outcome?.recordedAtLocal
        source = event.outcome?.source
    }
}

struct DayJSON: Encodable {
    struct ActivityJSON: Encodable {
        var id: String
        var kind: String
        var title: String
        var group: String?
        var optional: Bool
        var asNeeded: Bool
        var events: [EventJSON]
    }

    var date: String
    var adherence: AdherenceJSON
    var activities: [ActivityJSON]

    init(_ day: DayAgenda) {
        date = day.date.iso
        adherence = AdherenceJSON(day.adherence)
        activities = day.items.map { item in
            ActivityJSON(id: item.activity.id, kind: item.activity.kind.rawValue, title: item.activity.title,
                         group: item.activity.group, optional: item.activity.optional,
                         asNeeded: item.activity.schedule.isAsNeeded, events: item.events.map(EventJSON.init))
        }
    }
}

/// One outcome with everything needed to read it without the plan: for history and export.
struct OutcomeJSON: Encodable {
    var date: String
    var activity: String
    var occurrence: Int
    var time: String?
    var values: [ValueJSON]
    var note: String?
    var recordedAt: String
    var source: String?
    /// A questionnaire's responses to the event, each as a FHIR QuestionnaireResponse, earliest
    /// first (the last is the one in force); absent for other activities.
    var responses: [FHIRJSONValue]?

    init(_ outcome: Outcome, time: TimeOfDay?, responses: [StoredResponse]? = nil) {
        self.responses = responses?.map { FHIRJSONValue($0.questionnaireResponse) }
        date = outcome.date.iso
        activity = outcome.activityId
        occurrence = outcome.occurrence
        self.time = time?.description
        values = outcome.values.map(ValueJSON.init)
        note = outcome.note
        recordedAt = outcome.recordedAtLocal
        source = outcome.source
    }
}
