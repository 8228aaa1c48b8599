import Foundation
import Localization
import Yams

/// Reads a plan file (YAML) into a `CarePlan`, checking every key and value.
///
/// The whole file is checked before anything is returned, so an import either takes every activity
/// or none. The format is documented in docs/plan-format.md.
public struct PlanDecoder {
    let reader: YAMLNodeReader

    /// `file` is the name used in error messages.
    public init(file: String) { reader = YAMLNodeReader(file: file) }

    public static func load(path: String) throws -> CarePlan {
        let name = (path as NSString).lastPathComponent
        return try PlanDecoder(file: name).decode(try YAMLNodeReader.text(ofFile: path, shown: name))
    }

    public func decode(_ yaml: String) throws -> CarePlan {
        try plan(try reader.compose(yaml, empty: "the file is empty; a plan needs title and activities"))
    }

    /// One activity in plan-file form (the form stores before schema v3 kept each version in).
    public func decodeActivity(_ yaml: String) throws -> Activity {
        try activity(try reader.compose(yaml, empty: "empty activity"))
    }

    /// One contact in plan-file form, checked as in a plan whose activities are `activityIds`.
    public func decodeContact(_ yaml: String, activityIds: Set<String>) throws -> Contact {
        let node = try reader.compose(yaml, empty: "empty contact")
        return try contacts(.sequence(.init([node])), activityIds: activityIds)[0]
    }

    func plan(_ node: Node) throws -> CarePlan {
        let top = try reader.mapping(node, "plan", allowed: ["title", "language", "patient", "activities", "contacts", "reminders"])
        // (The patient is read before the activities: a mistake in it is reported first, where it is.)
        guard let titleNode = top["title"] else { throw reader.error(at: node, "plan: missing 'title'") }
        guard let activitiesNode = top["activities"] else { throw reader.error(at: node, "plan: missing 'activities'") }
        let items = try reader.sequence(activitiesNode, "activities", of: "activities")
        guard !items.isEmpty else { throw reader.error(at: activitiesNode, "activities: the list is empty; a plan needs at least one activity") }
        guard items.count <= InputLimits.activities else {
            throw reader.error(at: activitiesNode, "activities: \(items.count) activities; a plan may hold at most \(InputLimits.activities)")
        }
        var activities: [Activity] = []
        var seen: [String: Int] = [:]
        for item in items {
            let activity = try self.activity(item)
            if let line = seen[activity.id] {
                throw reader.error(at: item, "activities: id '\(activity.id)' is used twice (first on line \(line)); ids must be unique")
            }
            seen[activity.id] = item.mark?.line ?? 0
            activities.append(activity)
        }
        let patient = try top["patient"].map(self.patient)
        return CarePlan(title: try reader.shortString(titleNode, "title"),
                        patient: patient?.name,
                        activities: activities,
                        contacts: try top["contacts"].map { try contacts($0, activityIds: Set(activities.map(\.id))) } ?? [],
                        reminders: try top["reminders"].map(reminders) ?? .standard,
                        patientDetails: patient?.details ?? PatientDetails(),
                        language: try top["language"].map(language))
    }

    /// `language: zh-CN`: a BCP 47 tag, a language of two or three letters with subtags after hyphens.
    func language(_ node: Node) throws -> String {
        let text = try reader.shortString(node, "language")
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let isTag = (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard isTag else {
            throw reader.error(at: node, tr("language: '{value}' is not a language tag; write one such as en, pl, ja or zh-CN", ["value": text]))
        }
        return text
    }

    static let activityKeys = ["id", "kind", "title", "text", "instructions", "group", "color", "optional", "resettable", "schedule", "measure",
                               "healthkit", "grace"]

    /// `patient: Robert Hughes`, or `patient: {name: Robert Hughes, born: 1951-03-02,
    /// identifiers: [{system: "https://fhir.nhs.uk/Id/nhs-number", value: "9434765919"}]}`.
    func patient(_ node: Node) throws -> (name: String, details: PatientDetails) {
        guard case .mapping = node else { return (try reader.shortString(node, "patient"), PatientDetails()) }
        let map = try reader.mapping(node, "patient", allowed: ["name", "born", "identifiers"])
        guard let nameNode = map["name"] else { throw reader.error(at: node, "patient: missing 'name'") }
        var details = PatientDetails(born: try map["born"].map { try reader.date($0, "patient: born") })
        if let listNode = map["identifiers"] {
            for item in try reader.sequence(listNode, "patient: identifiers", of: "identifiers {system, value}") {
                let entry = try reader.mapping(item, "patient: identifier", allowed: ["system", "value"])
                guard let systemNode = entry["system"], let valueNode = entry["value"] else {
                    throw reader.error(at: item, "patient: identifier: give 'system' (a URI naming the numbering, e.g. https://fhir.nhs.uk/Id/nhs-number) and 'value'")
                }
                let system = try reader.shortString(systemNode, "patient: identifier: system")
                guard system.contains(":") else {
                    throw reader.error(at: systemNode, "patient: identifier: system: '\(system)' is not a URI; e.g. https://fhir.nhs.uk/Id/nhs-number or urn:oid:2.16.840.1.113883.2.4.6.3")
                }
                details.identifiers.append(PatientDetails.Identifier(system: system, value: try reader.shortString(valueNode, "patient: identifier: value")))
            }
        }
        return (try reader.shortString(nameNode, "patient: name"), details)
    }

    /// `reminders: {grace: 60, quiet: "22:00-07:00"}`.
    func reminders(_ node: Node) throws -> Reminders {
        let map = try reader.mapping(node, "reminders", allowed: ["grace", "quiet"])
        var reminders = Reminders.standard
        if let graceNode = map["grace"] { reminders.graceMinutes = try grace(graceNode, "reminders: grace") }
        if let quietNode = map["quiet"] {
            let text = try reader.string(quietNode, "reminders: quiet")
            guard let quiet = Reminders.quiet(text) else {
                throw reader.error(at: quietNode, "reminders: quiet: expected two different times HH:MM-HH:MM, when no reminder is sent (e.g. 22:00-07:00), found '\(text)'")
            }
            reminders.quiet = quiet
        }
        return reminders
    }

    /// Minutes an occurrence stays due before it is overdue: 0 to 720.
    func grace(_ node: Node, _ context: String) throws -> Int {
        let minutes = try reader.integer(node, context, atLeast: Reminders.graceRange.lowerBound)
        guard Reminders.graceRange.contains(minutes) else {
            throw reader.error(at: node, "\(context): \(minutes) minutes; give the minutes an occurrence stays due before it is overdue, 0 to \(Reminders.graceRange.upperBound)")
        }
        return minutes
    }

    func activity(_ node: Node) throws -> Activity {
        let map = try reader.mapping(node, "activity", allowed: Self.activityKeys)
        guard let idNode = map["id"] else { throw reader.error(at: node, "activity: missing 'id'") }
        let id = try reader.string(idNode, "id")
        guard !id.isEmpty, id.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw reader.error(at: idNode, "id: '\(id)' is not a slug; use lowercase letters, digits and '-' (e.g. ice-knee)")
        }
        guard id.count <= 64 else { throw reader.error(at: idNode, "id: '\(id.prefix(20))…' is \(id.count) characters long; at most 64 are accepted") }
        let context = "activity '\(id)'"
        guard let kindNode = map["kind"] else { throw reader.error(at: node, "\(context): missing 'kind' (intervention or assessment)") }
        let kindText = try reader.string(kindNode, "kind")
        guard let kind = Activity.Kind(rawValue: kindText) else {
            throw reader.error(at: kindNode, "kind: expected intervention or assessment, found '\(kindText)'")
        }
        guard let titleNode = map["title"] else { throw reader.error(at: node, "\(context): missing 'title'") }
        guard let scheduleNode = map["schedule"] else { throw reader.error(at: node, "\(context): missing 'schedule'") }
        var color: String?
        if let colorNode = map["color"] {
            let name = try reader.string(colorNode, "color")
            guard Activity.paletteNames.contains(name) else {
                throw reader.error(at: colorNode, "color: '\(name)' is not a palette name; accepted: \(Activity.paletteNames.joined(separator: ", "))")
            }
            color = name
        }
        var measure: Measure?
        switch (kind, map["measure"]) {
        case (.intervention, let measureNode?):
            throw reader.error(at: map.keyNode("measure") ?? measureNode, "measure: only assessments take a measure; '\(id)' is an intervention")
        case (.assessment, nil):
            throw reader.error(at: node, "\(context): an assessment needs a 'measure' (type: number, integer, scale, boolean, choice or text)")
        case (.assessment, let measureNode?):
            measure = try self.measure(measureNode)
        case (.intervention, nil):
            break
        }
        var health: HealthLink?
        switch (kind, map["healthkit"]) {
        case (.assessment, let linkNode?):
            throw reader.error(at: map.keyNode("healthkit") ?? linkNode, "healthkit: an assessment names its type inside 'measure' (measure: healthkit: …)")
        case (.intervention, let linkNode?):
            health = try interventionLink(linkNode)
        case (.assessment, nil):
            health = try map["measure"].flatMap { node in try measure.flatMap { try assessmentLink(node, measure: $0) } }
        case (.intervention, nil):
            break
        }
        return Activity(
            id: id, kind: kind, title: try reader.shortString(titleNode, "title"),
            text: try map["text"].map { try reader.shortString($0, "text") },
            instructions: try map["instructions"].map { try reader.nonEmptyString($0, "instructions") },
            group: try map["group"].map { try reader.shortString($0, "group") },
            color: color,
            optional: try map["optional"].map { try reader.bool($0, "optional") } ?? false,
            resettable: try map["resettable"].map { try reader.bool($0, "resettable") } ?? true,
            schedule: try schedule(scheduleNode), measure: measure, health: health,
            graceMinutes: try map["grace"].map { try grace($0, "grace") })
    }

    // MARK: Schedule

    static let patternKeys = ["daily", "weekly", "every", "as-needed"]

    func schedule(_ node: Node) throws -> Schedule {
        let map = try reader.mapping(node, "schedule", allowed: ["start", "end"] + Self.patternKeys + ["times"])
        guard let startNode = map["start"] else { throw reader.error(at: node, "schedule: missing 'start' (YYYY-MM-DD)") }
        let start = try reader.date(startNode, "schedule: start")
        let end = try map["end"].map { try reader.date($0, "schedule: end") }
        if let end, end < start, let endNode = map["end"] {
            throw reader.error(at: endNode, "schedule: end \(end) is before start \(start)")
        }
        let given = map.entries.filter { Self.patternKeys.contains($0.key) }
        guard given.count == 1, let (key, value) = given.first.map({ ($0.key, $0.value) }) else {
            let at = given.count > 1 ? given[1].keyNode : node
            throw reader.error(at: at, "schedule: give exactly one of daily, weekly, every, as-needed; found \(given.isEmpty ? "none" : given.map(\.key).joined(separator: " and "))")
        }
        var times: [TimeOfDay] = []
        if let timesNode = map["times"] {
            if key == "as-needed" {
                throw reader.error(at: map.keyNode("times") ?? timesNode, "schedule: as-needed activities are never due, so they take no 'times'")
            }
            times = try self.times(timesNode)
        }
        // With times, a left-out count (`true`, or a bare weekday) is the number of times;
        // a count that disagrees with the times is a mistake.
        func count(_ node: Node?, _ context: String) throws -> Int {
            guard let node else { return max(times.count, 1) }
            if case .scalar(let scalar) = node, scalar.style == .plain, ["true", "yes"].contains(scalar.string) {
                return max(times.count, 1)
            }
            let n = try reader.integer(node, context, atLeast: 1)
            guard n <= InputLimits.occurrencesPerDay else {
                throw reader.error(at: node, "\(context): \(n) a day; at most \(InputLimits.occurrencesPerDay) (every half hour) are accepted")
            }
            if !times.isEmpty, n != times.count {
                throw reader.error(at: node, "\(context): \(n) occurrences but \(times.count) times (\(times.map(\.description).joined(separator: ", "))); give as many times as occurrences, or leave the count out")
            }
            return n
        }
        let pattern: Schedule.Pattern
        switch key {
        case "daily":
            pattern = .daily(try count(value, "schedule: daily"))
        case "weekly":
            pattern = .weekly(try weekly(value, count: count))
        case "every":
            let every = try reader.mapping(value, "schedule: every", allowed: ["days", "times"])
            guard let daysNode = every["days"] else { throw reader.error(at: value, "schedule: every: missing 'days' (every how many days)") }
            let days = try reader.integer(daysNode, "schedule: every: days", atLeast: 1)
            guard days <= InputLimits.everyDays else {
                throw reader.error(at: daysNode, "schedule: every: days: \(days); at most \(InputLimits.everyDays) (ten years) are accepted")
            }
            let n = try count(every["times"], "schedule: every: times")
            pattern = .every(days: days, times: n)
        default:
            guard try reader.bool(value, "schedule: as-needed") else {
                throw reader.error(at: value, "schedule: as-needed: only 'true' makes sense; use daily, weekly or every for a scheduled activity")
            }
            pattern = .asNeeded
        }
        return Schedule(start: start, end: end, pattern: pattern, times: times)
    }

    /// `{mon: 1, wed: 2}`, or with times `[mon, wed]` (each day has every time).
    func weekly(_ node: Node, count: (Node?, String) throws -> Int) throws -> [Weekday: Int] {
        var perDay: [Weekday: Int] = [:]
        func day(_ keyNode: Node) throws -> Weekday {
            let text = try reader.string(keyNode, "schedule: weekly")
            guard let weekday = Weekday(key: text) else {
                throw reader.error(at: keyNode, "schedule: 'weekly' takes weekday keys mon..sun, found '\(text)'")
            }
            guard perDay[weekday] == nil else { throw reader.error(at: keyNode, "schedule: weekly: '\(text)' is given twice") }
            return weekday
        }
        switch node {
        case .mapping(let mapping):
            for (keyNode, value) in mapping {
                perDay[try day(keyNode)] = try count(value, "schedule: weekly: \(try reader.string(keyNode, "weekly"))")
            }
        case .sequence(let sequence):
            for item in sequence { perDay[try day(item)] = try count(nil, "schedule: weekly") }
        default:
            throw reader.error(at: node, "schedule: weekly: expected weekdays with counts, e.g. {mon: 1, thu: 1}, found \(reader.describe(node))")
        }
        guard !perDay.isEmpty else { throw reader.error(at: node, "schedule: weekly: name at least one weekday (mon..sun)") }
        return perDay
    }

    func times(_ node: Node) throws -> [TimeOfDay] {
        var times: [TimeOfDay] = []
        for item in try reader.sequence(node, "schedule: times", of: "times of day like \"08:00\"") {
            let text = try reader.string(item, "schedule: times")
            guard let time = TimeOfDay(text: text) else {
                throw reader.error(at: item, "schedule: times: expected HH:MM on a 24-hour clock, found '\(text)'")
            }
            if let last = times.last, time == last {
                throw reader.error(at: item, "schedule: times: \(time) is listed twice; each time names one occurrence")
            }
            if let last = times.last, time < last {
                throw reader.error(at: item, "schedule: times: \(time) comes after \(last); list times in the order they are due, each once")
            }
            times.append(time)
        }
        guard !times.isEmpty else { throw reader.error(at: node, "schedule: times: the list is empty") }
        guard times.count <= InputLimits.occurrencesPerDay else {
            throw reader.error(at: node, "schedule: times: \(times.count) times; at most \(InputLimits.occurrencesPerDay) a day are accepted")
        }
        return times
    }

    // MARK: Measure

    static let fieldKeys = ["unit", "range", "normal", "decimals", "options", "min", "max"]

    static let measureKeys = ["type", "aggregate", "fields", "healthkit", "sources", "loinc"] + fieldKeys + sleepKeys
    /// What a sleep measure takes besides its type and link: how nights are cut and summarised.
    static let sleepKeys = ["window", "awakening", "headline"]

    func measure(_ node: Node) throws -> Measure {
        let map = try reader.mapping(node, "measure", allowed: Self.measureKeys)
        guard let typeNode = map["type"] else {
            throw reader.error(at: node, "measure: missing 'type' (\(Measure.ValueType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let typeText = try reader.string(typeNode, "measure: type")
        guard let type = Measure.ValueType(rawValue: typeText) else {
            throw reader.error(at: typeNode, "measure: type: expected one of \(Measure.ValueType.allCases.map(\.rawValue).joined(separator: ", ")), found '\(typeText)'")
        }
        let loinc = try map["loinc"].map { try self.loinc($0, "measure: loinc") }
        if type == .sleep {
            var measure = try sleepMeasure(map)
            measure.loinc = loinc
            return measure
        }
        if let stray = map.entries.first(where: { Self.sleepKeys.contains($0.key) }) {
            throw reader.error(at: stray.keyNode, "measure: '\(stray.key)' applies to a sleep measure (type: sleep) only")
        }
        var aggregate = Measure.Aggregate.average
        if let aggregateNode = map["aggregate"] {
            let text = try reader.string(aggregateNode, "measure: aggregate")
            guard let value = Measure.Aggregate(rawValue: text) else {
                throw reader.error(at: aggregateNode, "measure: aggregate: expected one of \(Measure.Aggregate.allCases.map(\.rawValue).joined(separator: ", ")), found '\(text)'")
            }
            aggregate = value
        }
        var fields: [Measure.Field]
        if let fieldsNode = map["fields"] {
            if let stray = map.entries.first(where: { Self.fieldKeys.contains($0.key) }) {
                throw reader.error(at: stray.keyNode, "measure: '\(stray.key)' goes inside each entry of 'fields' when a measure has fields")
            }
            guard [.number, .integer, .scale].contains(type) else {
                throw reader.error(at: map.keyNode("fields") ?? fieldsNode, "measure: fields: only number, integer and scale measures take several values")
            }
            let items = try reader.sequence(fieldsNode, "measure: fields", of: "fields")
            guard !items.isEmpty else { throw reader.error(at: fieldsNode, "measure: fields: the list is empty") }
            fields = []
            for item in items {
                let fieldMap = try reader.mapping(item, "measure: field", allowed: ["name", "loinc"] + Self.fieldKeys)
                guard let nameNode = fieldMap["name"] else { throw reader.error(at: item, "measure: field: missing 'name' (e.g. systolic)") }
                let name = try reader.shortString(nameNode, "measure: field: name")
                if fields.contains(where: { $0.name == name }) {
                    throw reader.error(at: nameNode, "measure: field: name '\(name)' is used twice")
                }
                var field = try self.field(fieldMap, name: name, type: type, context: "measure: \(name)")
                field.loinc = try fieldMap["loinc"].map { try self.loinc($0, "measure: \(name): loinc") }
                fields.append(field)
            }
        } else {
            fields = [try field(map, name: "value", type: type, context: "measure")]
        }
        return Measure(type: type, fields: fields, aggregate: aggregate, loinc: loinc)
    }

    /// A LOINC code, checked down to its check digit.
    func loinc(_ node: Node, _ context: String) throws -> String {
        let code = try reader.string(node, context)
        guard LOINC.isValid(code) else {
            throw reader.error(at: node, "\(context): '\(code)' is not a LOINC code; expected digits, a dash and the check digit, e.g. 8867-4 (heart rate)")
        }
        return code
    }

    /// A sleep diary: fixed fields, and optionally `window: 18:00-18:00`, `awakening: 5` (minutes)
    /// and `headline: device|diary`.
    func sleepMeasure(_ map: KeyedNode) throws -> Measure {
        if let stray = map.entries.first(where: { !(["type", "healthkit", "sources", "loinc"] + Self.sleepKeys).contains($0.key) }) {
            throw reader.error(at: stray.keyNode, "measure: '\(stray.key)' does not apply to a sleep measure, whose fields are fixed; it takes \(Self.sleepKeys.joined(separator: ", "))")
        }
        var settings = SleepSettings.standard
        if let node = map["window"] {
            let text = try reader.string(node, "measure: window")
            guard let (start, end) = SleepSettings.window(text) else {
                throw reader.error(at: node, "measure: window: expected two times HH:MM-HH:MM, the evening the night may start and the day it may end (e.g. 18:00-18:00), found '\(text)'")
            }
            guard end <= start else {
                throw reader.error(at: node, "measure: window: \(text) is longer than a day; the night may end at \(start) on the morning after at the latest")
            }
            (settings.windowStart, settings.windowEnd) = (start, end)
        }
        if let node = map["awakening"] {
            let minutes = try reader.integer(node, "measure: awakening", atLeast: 1)
            guard minutes <= 120 else { throw reader.error(at: node, "measure: awakening: the minutes awake that count as an awakening, 1 to 120; found \(minutes)") }
            settings.awakeningMinutes = minutes
        }
        if let node = map["headline"] {
            let text = try reader.string(node, "measure: headline")
            guard let headline = SleepSettings.Headline(rawValue: text) else {
                throw reader.error(at: node, "measure: headline: expected device or diary (which figures lead when a night has both), found '\(text)'")
            }
            settings.headline = headline
        }
        return .sleepDiary(settings)
    }

    /// The keys each type takes; any other is a mistake worth telling about.
    static func keys(for type: Measure.ValueType) -> [String] {
        switch type {
        case .number: return ["unit", "range", "normal", "decimals"]
        case .integer: return ["unit", "range", "normal"]
        case .scale: return ["min", "max", "normal"]
        case .boolean, .text: return []
        case .choice: return ["options"]
        case .sleep: return []
        }
    }

    func field(_ map: KeyedNode, name: String, type: Measure.ValueType, context: String) throws -> Measure.Field {
        let accepted = Self.keys(for: type)
        if let stray = map.entries.first(where: { Self.fieldKeys.contains($0.key) && !accepted.contains($0.key) }) {
            throw reader.error(at: stray.keyNode, "\(context): '\(stray.key)' does not apply to \(type == .integer ? "an" : "a") \(type.rawValue) measure\(accepted.isEmpty ? "" : "; it takes \(accepted.joined(separator: ", "))")")
        }
        var field = Measure.Field(name: name)
        if let unitNode = map["unit"] {
            let symbol = try reader.string(unitNode, "\(context): unit")
            guard let unit = UnitRegistry.unit(symbol) else {
                throw reader.error(at: unitNode, "\(context): unit: unknown unit '\(symbol)'; known units: \(UnitRegistry.all.map(\.symbol).joined(separator: ", "))")
            }
            field.unit = unit.symbol
        }
        field.range = try map["range"].map { try reader.interval($0, "\(context): range") }
        field.normal = try map["normal"].map { try reader.interval($0, "\(context): normal") }
        if let decimalsNode = map["decimals"] {
            let decimals = try reader.integer(decimalsNode, "\(context): decimals", atLeast: 0)
            guard decimals <= 6 else { throw reader.error(at: decimalsNode, "\(context): decimals: at most 6, found \(decimals)") }
            field.decimals = decimals
        }
        if type == .scale {
            guard let minNode = map["min"], let maxNode = map["max"] else {
                throw reader.error(at: map.node, "\(context): a scale needs 'min' and 'max' (e.g. min: 0, max: 10)")
            }
            let low = try reader.integer(minNode, "\(context): min", atLeast: Int.min)
            let high = try reader.integer(maxNode, "\(context): max", atLeast: Int.min)
            guard low < high else { throw reader.error(at: maxNode, "\(context): max \(high) must be above min \(low)") }
            field.range = Double(low)...Double(high)
        }
        if type == .integer, let range = field.range, range.lowerBound != range.lowerBound.rounded() || range.upperBound != range.upperBound.rounded() {
            throw reader.error(at: map["range"], "\(context): range: an integer measure takes whole-number bounds")
        }
        if type == .choice {
            guard let optionsNode = map["options"] else {
                throw reader.error(at: map.node, "\(context): a choice needs 'options' (e.g. options: [none, mild, severe])")
            }
            let items = try reader.sequence(optionsNode, "\(context): options", of: "option names")
            guard items.count >= 2 else { throw reader.error(at: optionsNode, "\(context): options: a choice needs at least two options") }
            for item in items {
                let option = try reader.shortString(item, "\(context): options")
                guard !field.options.contains(option) else { throw reader.error(at: item, "\(context): options: '\(option)' is listed twice") }
                field.options.append(option)
            }
        }
        if let normal = field.normal, let range = field.range, !(range.contains(normal.lowerBound) && range.contains(normal.upperBound)) {
            let bounds = type == .scale ? "the scale min..max" : "range"
            throw reader.error(at: map["normal"], "\(context): normal [\(NumberText.string(normal.lowerBound)), \(NumberText.string(normal.upperBound))] lies outside \(bounds) [\(NumberText.string(range.lowerBound)), \(NumberText.string(range.upperBound))]")
        }
        return field
    }
}
