import Foundation

/// An activity version as migration v3 kept it: JSON in the plan file's shape, key for key.
///
/// Only migration v3 writes it now (a v1 or v2 store's YAML definitions pass through it), and
/// migration v4 takes it apart into columns with SQLite's JSON functions. Stores keep activity
/// versions as columns (ActivityRows).
struct StoredActivity: Encodable, Equatable {
    struct StoredSchedule: Encodable, Equatable {
        struct Every: Encodable, Equatable {
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

    struct StoredField: Encodable, Equatable {
        var name: String
        var unit: String?
        var range: [Double]?
        var normal: [Double]?
        var decimals: Int?
        var options: [String]?
    }

    struct StoredMeasure: Encodable, Equatable {
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
        case .weekly(let perDay): stored.weekly = Dictionary(uniqueKeysWithValues: perDay.pairs.map { ($0.day.key, $0.count) })
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

    static func json(_ activity: Activity) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(StoredActivity(activity)), as: UTF8.self)
    }
}
