import Foundation

/// An activity version as the store keeps it: JSON, so that loading a plan never runs a YAML parser
/// (Yams' resolver, which tries a regex on every scalar, was 40 % of a command's time).
///
/// The shape mirrors the plan-file format (docs/plan-format.md) key for key, so `sqlite3` shows what
/// people write; it is checked when read back, and a row that does not decode is reported as damage
/// in the store, never guessed at.
struct StoredActivity: Codable, Equatable {
    struct StoredSchedule: Codable, Equatable {
        struct Every: Codable, Equatable {
            var days: Int
            var times: Int
        }
        var start: String
        var end: String?
        var daily: Int?
        var weekly: [String: Int]?
        var every: Every?
        var asNeeded: Bool?
        var times: [String]?
    }

    struct StoredField: Codable, Equatable {
        var name: String
        var unit: String?
        var range: [Double]?
        var normal: [Double]?
        var decimals: Int?
        var options: [String]?
    }

    struct StoredMeasure: Codable, Equatable {
        var type: String
        var aggregate: String
        var fields: [StoredField]
    }

    var id: String
    var kind: String
    var title: String
    var text: String?
    var instructions: String?
    var group: String?
    var color: String?
    var optional: Bool
    var resettable: Bool
    var schedule: StoredSchedule
    var measure: StoredMeasure?

    init(_ activity: Activity) {
        id = activity.id
        kind = activity.kind.rawValue
        title = activity.title
        text = activity.text
        instructions = activity.instructions
        group = activity.group
        color = activity.color
        optional = activity.optional
        resettable = activity.resettable
        let schedule = activity.schedule
        var stored = StoredSchedule(start: schedule.start.iso, end: schedule.end?.iso,
                                    times: schedule.times.isEmpty ? nil : schedule.times.map(\.description))
        switch schedule.pattern {
        case .daily(let n): stored.daily = n
        case .weekly(let perDay): stored.weekly = Dictionary(uniqueKeysWithValues: perDay.map { ($0.key.key, $0.value) })
        case .every(let days, let times): stored.every = .init(days: days, times: times)
        case .asNeeded: stored.asNeeded = true
        }
        self.schedule = stored
        measure = activity.measure.map { measure in
            StoredMeasure(type: measure.type.rawValue, aggregate: measure.aggregate.rawValue, fields: measure.fields.map { field in
                StoredField(name: field.name, unit: field.unit, range: field.range.map { [$0.lowerBound, $0.upperBound] },
                            normal: field.normal.map { [$0.lowerBound, $0.upperBound] }, decimals: field.decimals,
                            options: field.options.isEmpty ? nil : field.options)
            })
        }
    }

    /// The domain value; nil when the row holds something this careplan cannot have written.
    var activity: Activity? {
        guard let kind = Activity.Kind(rawValue: kind), let start = LocalDate(iso: schedule.start) else { return nil }
        let end = schedule.end.flatMap { LocalDate(iso: $0) }
        if schedule.end != nil, end == nil { return nil }
        let pattern: Schedule.Pattern
        if let n = schedule.daily {
            pattern = .daily(n)
        } else if let weekly = schedule.weekly {
            var perDay: [Weekday: Int] = [:]
            for (key, count) in weekly {
                guard let day = Weekday(key: key) else { return nil }
                perDay[day] = count
            }
            pattern = .weekly(perDay)
        } else if let every = schedule.every {
            pattern = .every(days: every.days, times: every.times)
        } else if schedule.asNeeded == true {
            pattern = .asNeeded
        } else {
            return nil
        }
        let times = (schedule.times ?? []).compactMap { TimeOfDay(text: $0) }
        guard times.count == (schedule.times ?? []).count else { return nil }
        var measure: Measure?
        if let stored = self.measure {
            guard let type = Measure.ValueType(rawValue: stored.type), let aggregate = Measure.Aggregate(rawValue: stored.aggregate) else { return nil }
            func interval(_ pair: [Double]?) -> ClosedRange<Double>? {
                guard let pair, pair.count == 2, pair[0] <= pair[1] else { return nil }
                return pair[0]...pair[1]
            }
            let fields = stored.fields.map { field in
                Measure.Field(name: field.name, unit: field.unit, range: interval(field.range), normal: interval(field.normal),
                              decimals: field.decimals, options: field.options ?? [])
            }
            measure = Measure(type: type, fields: fields, aggregate: aggregate)
        }
        return Activity(id: id, kind: kind, title: title, text: text, instructions: instructions, group: group, color: color,
                        optional: optional, resettable: resettable,
                        schedule: Schedule(start: start, end: end, pattern: pattern, times: times), measure: measure)
    }

    static func json(_ activity: Activity) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(StoredActivity(activity)), as: UTF8.self)
    }

    /// Reads a stored row back. Through `JSONSerialization` rather than `JSONDecoder`: every
    /// command decodes the plan, and Codable's first use costs more than the rest of a `careplan
    /// today` (generic metadata built at run time); the checks are the same.
    static func activity(json: String) -> Activity? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        return StoredActivity(object)?.activity
    }

    init?(_ object: [String: Any]) {
        guard let id = object["id"] as? String, let kind = object["kind"] as? String, let title = object["title"] as? String,
              let optional = object["optional"] as? Bool, let resettable = object["resettable"] as? Bool,
              let schedule = object["schedule"] as? [String: Any], let start = schedule["start"] as? String else { return nil }
        self.id = id
        self.kind = kind
        self.title = title
        text = object["text"] as? String
        instructions = object["instructions"] as? String
        group = object["group"] as? String
        color = object["color"] as? String
        self.optional = optional
        self.resettable = resettable
        let every = (schedule["every"] as? [String: Any]).flatMap { every -> StoredSchedule.Every? in
            guard let days = every["days"] as? Int, let times = every["times"] as? Int else { return nil }
            return StoredSchedule.Every(days: days, times: times)
        }
        self.schedule = StoredSchedule(start: start, end: schedule["end"] as? String, daily: schedule["daily"] as? Int,
                                       weekly: schedule["weekly"] as? [String: Int], every: every,
                                       asNeeded: schedule["asNeeded"] as? Bool, times: schedule["times"] as? [String])
        if let measure = object["measure"] as? [String: Any] {
            guard let type = measure["type"] as? String, let aggregate = measure["aggregate"] as? String,
                  let fields = measure["fields"] as? [[String: Any]] else { return nil }
            var stored: [StoredField] = []
            for field in fields {
                guard let name = field["name"] as? String else { return nil }
                stored.append(StoredField(name: name, unit: field["unit"] as? String, range: field["range"] as? [Double],
                                          normal: field["normal"] as? [Double], decimals: field["decimals"] as? Int,
                                          options: field["options"] as? [String]))
            }
            self.measure = StoredMeasure(type: type, aggregate: aggregate, fields: stored)
        }
    }
}
