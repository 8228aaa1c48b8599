import CarePlanStore
import Foundation

/// JSON shapes of the scriptable commands. Keys named in the issue (`date`, `adherence`, `activities`,
/// `events`, `occurrence`, `time`, `done`, `values`) are a contract; others may be added.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

struct ValueJSON: Encodable {
    var name: String
    var value: Double?
    var text: String?
    var unit: String?
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

    enum CodingKeys: String, CodingKey { case name, value, text, unit, enteredValue, enteredUnit }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(enteredValue, forKey: .enteredValue)
        try container.encodeIfPresent(enteredUnit, forKey: .enteredUnit)
    }
}

struct EventJSON: Encodable {
    var occurrence: Int
    var time: String?
    var done: Bool
    var values: [ValueJSON]
    var note: String?
    var recordedAt: String?

    init(_ event: Event) {
        occurrence = event.occurrence
        time = event.time?.description
        done = event.isDone
        values = event.outcome?.values.map(ValueJSON.init) ?? []
        note = event.outcome?.note
        recordedAt = event.outcome?.recordedAtLocal
    }

    enum CodingKeys: String, CodingKey { case occurrence, time, done, values, note, recordedAt }

    // `time` is null, not missing, when the schedule has no times.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(occurrence, forKey: .occurrence)
        try container.encode(time, forKey: .time)
        try container.encode(done, forKey: .done)
        try container.encode(values, forKey: .values)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(recordedAt, forKey: .recordedAt)
    }
}

struct DayJSON: Encodable {
    struct AdherenceJSON: Encodable {
        var completed: Int
        var total: Int
        /// `due`, `nothing-due` or `not-started`: a day with nothing due is never 100 %.
        var state: String
    }

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
        switch day.adherence {
        case .notStarted: adherence = AdherenceJSON(completed: 0, total: 0, state: "not-started")
        case .nothingDue: adherence = AdherenceJSON(completed: 0, total: 0, state: "nothing-due")
        case .due(let completed, let total): adherence = AdherenceJSON(completed: completed, total: total, state: "due")
        }
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

    init(_ outcome: Outcome, time: TimeOfDay?) {
        date = outcome.date.iso
        activity = outcome.activityId
        occurrence = outcome.occurrence
        self.time = time?.description
        values = outcome.values.map(ValueJSON.init)
        note = outcome.note
        recordedAt = outcome.recordedAtLocal
    }
}
