import Foundation
import Localization
import Yams

/// Reads a plan file (YAML) into a `CarePlan`, checking every key and value.
///
/// The whole file is checked before anything is returned, so an import either takes every activity
/// or none. The format is documented in docs/plan-format.md. Messages name the keys that lead to
/// a mistake as the file writes them, in every language (`YAMLNodeReader`).
public struct PlanDecoder {
    let reader: YAMLNodeReader
    /// The folder a questionnaire's file is found from (`questionnaire: forms/intake.json`): the
    /// plan file's own.
    let folder: String
    /// The forms the store keeps already, which a plan may name by canonical url (asked for only
    /// when it does: the store need not exist for a plan that does not).
    let storedForms: () throws -> [StoredForm]
    /// The forms the activities read so far ask, for `CarePlan.forms`.
    let found = FoundForms()

    /// `file` is the name used in error messages.
    public init(file: String, folder: String = ".", storedForms: @escaping () throws -> [StoredForm] = { [] }) {
        reader = YAMLNodeReader(file: file)
        self.folder = folder
        self.storedForms = storedForms
    }

    public static func load(path: String, storedForms: @escaping () throws -> [StoredForm] = { [] }) throws -> CarePlan {
        let name = (path as NSString).lastPathComponent
        return try PlanDecoder(file: name, folder: (path as NSString).deletingLastPathComponent, storedForms: storedForms)
            .decode(try YAMLNodeReader.text(ofFile: path, shown: name))
    }

    public func decode(_ yaml: String) throws -> CarePlan {
        // TRANSLATORS: title and activities are the plan file's keys; keep them as they are.
        try plan(try reader.compose(yaml, empty: tr("the file is empty; a plan needs title and activities")))
    }

    /// One activity in plan-file form (the form stores before schema v3 kept each version in).
    public func decodeActivity(_ yaml: String) throws -> Activity {
        try activity(try reader.compose(yaml, empty: tr("empty activity")))
    }

    /// One contact in plan-file form, checked as in a plan whose activities are `activityIds`.
    public func decodeContact(_ yaml: String, activityIds: Set<String>) throws -> Contact {
        let node = try reader.compose(yaml, empty: tr("empty contact"))
        return try contacts(.sequence(.init([node])), activityIds: activityIds)[0]
    }

    func plan(_ node: Node) throws -> CarePlan {
        let top = try reader.mapping(node, "plan", allowed: ["title", "language", "patient", "activities", "contacts", "reminders"])
        // (The patient is read before the activities: a mistake in it is reported first, where it is.)
        guard let titleNode = top["title"] else { throw reader.missing("title", in: "plan", at: node) }
        guard let activitiesNode = top["activities"] else { throw reader.missing("activities", in: "plan", at: node) }
        let items = try reader.sequence(activitiesNode, "activities", of: .activities)
        guard !items.isEmpty else {
            throw reader.error(at: activitiesNode, tr("{context}: the list is empty; a plan needs at least one activity", ["context": "activities"]))
        }
        guard items.count <= InputLimits.activities else {
            throw reader.error(at: activitiesNode, trn("{context}: {count} activity; a plan may hold at most {limit}", "{context}: {count} activities; a plan may hold at most {limit}",
                                                       items.count, ["context": "activities", "limit": InputLimits.activities]))
        }
        var activities: [Activity] = []
        var seen: [String: Int] = [:]
        for item in items {
            let activity = try self.activity(item)
            if let line = seen[activity.id] {
                throw reader.error(at: item, tr("{context}: id '{id}' is used twice (first on line {line}); ids must be unique",
                                                ["context": "activities", "id": activity.id, "line": String(line)]))
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
                        language: try top["language"].map(language),
                        forms: found.forms)
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

    static let activityKeys = ["id", "kind", "title", "text", "instructions", "medication", "group", "color", "optional", "resettable", "schedule", "measure",
                               "healthkit", "grace", "questionnaire"]

    /// `patient: Robert Hughes`, or `patient: {name: Robert Hughes, born: 1951-03-02,
    /// identifiers: [{system: "https://fhir.nhs.uk/Id/nhs-number", value: "9434765919"}]}`.
    func patient(_ node: Node) throws -> (name: String, details: PatientDetails) {
        guard case .mapping = node else { return (try reader.shortString(node, "patient"), PatientDetails()) }
        let map = try reader.mapping(node, "patient", allowed: ["name", "born", "identifiers"])
        guard let nameNode = map["name"] else { throw reader.missing("name", in: "patient", at: node) }
        var details = PatientDetails(born: try map["born"].map { try reader.date($0, "patient: born") })
        if let listNode = map["identifiers"] {
            for item in try reader.sequence(listNode, "patient: identifiers", of: .identifiers) {
                let entry = try reader.mapping(item, "patient: identifier", allowed: ["system", "value"])
                guard let systemNode = entry["system"], let valueNode = entry["value"] else {
                    // TRANSLATORS: system and value are the plan file's keys; keep them as they are.
                    throw reader.error(at: item, tr("{context}: give 'system' (a URI naming the numbering, e.g. https://fhir.nhs.uk/Id/nhs-number) and 'value'",
                                                    ["context": "patient: identifier"]))
                }
                let system = try reader.shortString(systemNode, "patient: identifier: system")
                guard system.contains(":") else {
                    throw reader.error(at: systemNode, tr("{context}: '{system}' is not a URI; e.g. https://fhir.nhs.uk/Id/nhs-number or urn:oid:2.16.840.1.113883.2.4.6.3",
                                                          ["context": "patient: identifier: system", "system": system]))
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
                throw reader.error(at: quietNode, tr("{context}: expected two different times HH:MM-HH:MM, when no reminder is sent (e.g. 22:00-07:00), found '{text}'",
                                                     ["context": "reminders: quiet", "text": text]))
            }
            reminders.quiet = quiet
        }
        return reminders
    }

    /// Minutes an occurrence stays due before it is overdue: 0 to 720.
    func grace(_ node: Node, _ context: String) throws -> Int {
        let minutes = try reader.integer(node, context, atLeast: Reminders.graceRange.lowerBound)
        guard Reminders.graceRange.contains(minutes) else {
            // TRANSLATORS: {minutes} is the number as the file writes it.
            throw reader.error(at: node, trn("{context}: {minutes} minute; give the minutes an occurrence stays due before it is overdue, 0 to {limit}",
                                             "{context}: {minutes} minutes; give the minutes an occurrence stays due before it is overdue, 0 to {limit}",
                                             minutes, ["context": context, "minutes": String(minutes), "limit": Reminders.graceRange.upperBound]))
        }
        return minutes
    }

    func activity(_ node: Node) throws -> Activity {
        let map = try reader.mapping(node, "activity", allowed: Self.activityKeys)
        guard let idNode = map["id"] else { throw reader.missing("id", in: "activity", at: node) }
        let id = try reader.string(idNode, "id")
        guard Activity.isSlug(id) else {
            throw reader.error(at: idNode, tr("{context}: '{id}' is not a slug; use lowercase letters, digits and '-' (e.g. ice-knee)", ["context": "id", "id": id]))
        }
        guard id.count <= 64 else {
            // TRANSLATORS: {id} is the start of a long id, followed by an ellipsis.
            throw reader.error(at: idNode, trn("{context}: '{id}…' is {count} character long; at most {limit} are accepted",
                                               "{context}: '{id}…' is {count} characters long; at most {limit} are accepted",
                                               id.count, ["context": "id", "id": id.prefix(20), "limit": 64]))
        }
        let context = "activity '\(id)'"
        guard let kindNode = map["kind"] else {
            // TRANSLATORS: kind is the plan file's key, intervention and assessment the values it takes; keep them as they are.
            throw reader.error(at: node, tr("{context}: missing 'kind' (intervention or assessment)", ["context": context]))
        }
        let kindText = try reader.string(kindNode, "kind")
        guard let kind = Activity.Kind(rawValue: kindText) else {
            // TRANSLATORS: intervention and assessment are the values the plan file's kind takes; keep them as they are.
            throw reader.error(at: kindNode, tr("{context}: expected intervention or assessment, found '{text}'", ["context": "kind", "text": kindText]))
        }
        guard let titleNode = map["title"] else { throw reader.missing("title", in: context, at: node) }
        guard let scheduleNode = map["schedule"] else { throw reader.missing("schedule", in: context, at: node) }
        var color: String?
        if let colorNode = map["color"] {
            let name = try reader.string(colorNode, "color")
            guard Activity.paletteNames.contains(name) else {
                throw reader.error(at: colorNode, tr("{context}: '{name}' is not a palette name; accepted: {accepted}",
                                                     ["context": "color", "name": name, "accepted": Activity.paletteNames.joined(separator: ", ")]))
            }
            color = name
        }
        var measure: Measure?
        var questionnaire: FormReference?
        switch (kind, map["measure"], map["questionnaire"]) {
        case (.intervention, _, let formNode?):
            throw reader.error(at: map.keyNode("questionnaire") ?? formNode,
                               tr("{context}: only assessments ask a questionnaire; '{id}' is an intervention", ["context": "questionnaire", "id": id]))
        case (.assessment, let measureNode?, _?):
            // TRANSLATORS: measure and questionnaire are the plan file's keys; keep them as they are.
            throw reader.error(at: map.keyNode("measure") ?? measureNode,
                               tr("{context}: give 'measure' or 'questionnaire', not both: a questionnaire's scores are its reading", ["context": context]))
        case (.assessment, nil, let formNode?):
            (questionnaire, measure) = try self.questionnaire(formNode, activityId: id, title: try reader.shortString(titleNode, "title"))
        case (.intervention, let measureNode?, nil):
            throw reader.error(at: map.keyNode("measure") ?? measureNode,
                               tr("{context}: only assessments take a measure; '{id}' is an intervention", ["context": "measure", "id": id]))
        case (.assessment, nil, nil):
            // TRANSLATORS: measure, type and questionnaire are the plan file's keys, number … text the values type takes; keep them as they are.
            throw reader.error(at: node, tr("{context}: an assessment needs a 'measure' (type: number, integer, scale, boolean, choice or text) or a 'questionnaire'",
                                            ["context": context]))
        case (.assessment, let measureNode?, nil):
            measure = try self.measure(measureNode)
        case (.intervention, nil, nil):
            break
        }
        var health: HealthLink?
        switch (kind, map["healthkit"]) {
        case (.assessment, let linkNode?):
            throw reader.error(at: map.keyNode("healthkit") ?? linkNode,
                               tr("{context}: an assessment names its type inside 'measure' (measure: healthkit: …)", ["context": "healthkit"]))
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
            graceMinutes: try map["grace"].map { try grace($0, "grace") },
            medication: try medication(map["medication"], kind: kind),
            questionnaire: questionnaire)
    }

    /// `medication: Lisinopril 10 mg`: the medicine an intervention gives (its ticks reach a FHIR
    /// server as MedicationAdministrations). An assessment gives none.
    func medication(_ node: Node?, kind: Activity.Kind) throws -> String? {
        guard let node else { return nil }
        guard kind == .intervention else {
            throw reader.error(at: node, tr("{context}: only an intervention gives a medicine (kind: intervention)", ["context": "medication"]))
        }
        return try reader.shortString(node, "medication")
    }

    // MARK: Schedule

    static let patternKeys = ["daily", "weekly", "every", "as-needed"]

    func schedule(_ node: Node) throws -> Schedule {
        let map = try reader.mapping(node, "schedule", allowed: ["start", "end"] + Self.patternKeys + ["times"])
        guard let startNode = map["start"] else { throw reader.error(at: node, tr("{context}: missing 'start' (YYYY-MM-DD)", ["context": "schedule"])) }
        let start = try reader.date(startNode, "schedule: start")
        let end = try map["end"].map { try reader.date($0, "schedule: end") }
        if let end, end < start, let endNode = map["end"] {
            // TRANSLATORS: end and start are the plan file's keys; keep them as they are.
            throw reader.error(at: endNode, tr("{context}: end {end} is before start {start}", ["context": "schedule", "end": end.iso, "start": start.iso]))
        }
        let given = map.entries.filter { Self.patternKeys.contains($0.key) }
        guard given.count == 1, let (key, value) = given.first.map({ ($0.key, $0.value) }) else {
            let at = given.count > 1 ? given[1].keyNode : node
            // TRANSLATORS: daily, weekly, every and as-needed are the plan file's keys; keep them as they are.
            throw reader.error(at: at, given.isEmpty ? tr("{context}: give exactly one of daily, weekly, every, as-needed; found none", ["context": "schedule"])
                : tr("{context}: give exactly one of daily, weekly, every, as-needed; found {keys}",
                     ["context": "schedule", "keys": given.map(\.key).joined(separator: trc("list of names", " and "))]))
        }
        var times: [TimeOfDay] = []
        if let timesNode = map["times"] {
            if key == "as-needed" {
                throw reader.error(at: map.keyNode("times") ?? timesNode,
                                   tr("{context}: as-needed activities are never due, so they take no 'times'", ["context": "schedule"]))
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
                // TRANSLATORS: {occurrences} is the number as the file writes it.
                throw reader.error(at: node, trn("{context}: {occurrences} a day; at most {limit} (every half hour) are accepted",
                                                 "{context}: {occurrences} a day; at most {limit} (every half hour) are accepted",
                                                 n, ["context": context, "occurrences": String(n), "limit": InputLimits.occurrencesPerDay]))
            }
            if !times.isEmpty, n != times.count {
                // TRANSLATORS: {count} occurrences a day; {times} is how many times of day the schedule lists, {list} the times.
                throw reader.error(at: node, trn("{context}: {count} occurrence but {times} times ({list}); give as many times as occurrences, or leave the count out",
                                                 "{context}: {count} occurrences but {times} times ({list}); give as many times as occurrences, or leave the count out",
                                                 n, ["context": context, "times": times.count, "list": times.map(\.description).joined(separator: ", ")]))
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
            guard let daysNode = every["days"] else {
                throw reader.error(at: value, tr("{context}: missing 'days' (every how many days)", ["context": "schedule: every"]))
            }
            let days = try reader.integer(daysNode, "schedule: every: days", atLeast: 1)
            guard days <= InputLimits.everyDays else {
                throw reader.error(at: daysNode, tr("{context}: {days}; at most {limit} (ten years) are accepted",
                                                    ["context": "schedule: every: days", "days": String(days), "limit": InputLimits.everyDays]))
            }
            let n = try count(every["times"], "schedule: every: times")
            pattern = .every(days: days, times: n)
        default:
            guard try reader.bool(value, "schedule: as-needed") else {
                // TRANSLATORS: true, daily, weekly and every are what the plan file says; keep them as they are.
                throw reader.error(at: value, tr("{context}: only 'true' makes sense; use daily, weekly or every for a scheduled activity", ["context": "schedule: as-needed"]))
            }
            pattern = .asNeeded
        }
        return Schedule(start: start, end: end, pattern: pattern, times: times)
    }

    /// `{mon: 1, wed: 2}`, or with times `[mon, wed]` (each day has every time).
    func weekly(_ node: Node, count: (Node?, String) throws -> Int) throws -> WeekdayCounts {
        var perDay = WeekdayCounts()
        func day(_ keyNode: Node) throws -> Weekday {
            let text = try reader.string(keyNode, "schedule: weekly")
            guard let weekday = Weekday(key: text) else {
                // TRANSLATORS: weekly is the plan file's key, mon..sun the weekdays it takes; keep them as they are.
                throw reader.error(at: keyNode, tr("{context}: 'weekly' takes weekday keys mon..sun, found '{text}'", ["context": "schedule", "text": text]))
            }
            guard perDay[weekday] == nil else {
                throw reader.error(at: keyNode, tr("{context}: '{text}' is given twice", ["context": "schedule: weekly", "text": text]))
            }
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
            // TRANSLATORS: {example} is how the plan file writes it: {mon: 1, thu: 1}.
            throw reader.error(at: node, tr("{context}: expected weekdays with counts, e.g. {example}, found {found}",
                                            ["context": "schedule: weekly", "example": "{mon: 1, thu: 1}", "found": reader.describe(node)]))
        }
        guard !perDay.isEmpty else {
            throw reader.error(at: node, tr("{context}: name at least one weekday (mon..sun)", ["context": "schedule: weekly"]))
        }
        return perDay
    }

    func times(_ node: Node) throws -> [TimeOfDay] {
        var times: [TimeOfDay] = []
        let context = "schedule: times"
        for item in try reader.sequence(node, context, of: .timesOfDay) {
            let text = try reader.string(item, context)
            guard let time = TimeOfDay(text: text) else {
                throw reader.error(at: item, tr("{context}: expected HH:MM on a 24-hour clock, found '{text}'", ["context": context, "text": text]))
            }
            if let last = times.last, time == last {
                throw reader.error(at: item, tr("{context}: {time} is listed twice; each time names one occurrence", ["context": context, "time": time.description]))
            }
            if let last = times.last, time < last {
                throw reader.error(at: item, tr("{context}: {time} comes after {last}; list times in the order they are due, each once",
                                                ["context": context, "time": time.description, "last": last.description]))
            }
            times.append(time)
        }
        guard !times.isEmpty else { throw reader.error(at: node, emptyList(context)) }
        guard times.count <= InputLimits.occurrencesPerDay else {
            throw reader.error(at: node, trn("{context}: {count} time; at most {limit} a day are accepted", "{context}: {count} times; at most {limit} a day are accepted",
                                             times.count, ["context": context, "limit": InputLimits.occurrencesPerDay]))
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
        let types = Measure.ValueType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let typeNode = map["type"] else {
            // TRANSLATORS: {types} lists the values the plan file's type takes.
            throw reader.error(at: node, tr("{context}: missing 'type' ({types})", ["context": "measure", "types": types]))
        }
        let typeText = try reader.string(typeNode, "measure: type")
        guard let type = Measure.ValueType(rawValue: typeText) else { throw reader.error(at: typeNode, notOneOf(typeText, "measure: type", accepted: types)) }
        let loinc = try map["loinc"].map { try self.loinc($0, "measure: loinc") }
        if type == .sleep {
            var measure = try sleepMeasure(map)
            measure.loinc = loinc
            return measure
        }
        if let stray = map.entries.first(where: { Self.sleepKeys.contains($0.key) }) {
            throw reader.error(at: stray.keyNode, tr("{context}: '{key}' applies to a sleep measure (type: sleep) only", ["context": "measure", "key": stray.key]))
        }
        var aggregate = Measure.Aggregate.average
        if let aggregateNode = map["aggregate"] {
            let text = try reader.string(aggregateNode, "measure: aggregate")
            guard let value = Measure.Aggregate(rawValue: text) else {
                throw reader.error(at: aggregateNode, notOneOf(text, "measure: aggregate", accepted: Measure.Aggregate.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            aggregate = value
        }
        var fields: [Measure.Field]
        if let fieldsNode = map["fields"] {
            if let stray = map.entries.first(where: { Self.fieldKeys.contains($0.key) }) {
                // TRANSLATORS: fields is the plan file's key; keep it as it is.
                throw reader.error(at: stray.keyNode, tr("{context}: '{key}' goes inside each entry of 'fields' when a measure has fields",
                                                         ["context": "measure", "key": stray.key]))
            }
            guard [.number, .integer, .scale].contains(type) else {
                // TRANSLATORS: number, integer and scale are the values the plan file's type takes; keep them as they are.
                let message = tr("{context}: only number, integer and scale measures take several values", ["context": "measure: fields"])
                throw reader.error(at: map.keyNode("fields") ?? fieldsNode, message)
            }
            let items = try reader.sequence(fieldsNode, "measure: fields", of: .fields)
            guard !items.isEmpty else { throw reader.error(at: fieldsNode, emptyList("measure: fields")) }
            fields = []
            for item in items {
                let fieldMap = try reader.mapping(item, "measure: field", allowed: ["name", "loinc"] + Self.fieldKeys)
                guard let nameNode = fieldMap["name"] else {
                    throw reader.error(at: item, tr("{context}: missing 'name' (e.g. systolic)", ["context": "measure: field"]))
                }
                let name = try reader.shortString(nameNode, "measure: field: name")
                if fields.contains(where: { $0.name == name }) {
                    throw reader.error(at: nameNode, tr("{context}: name '{name}' is used twice", ["context": "measure: field", "name": name]))
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
            throw reader.error(at: node, tr("{context}: '{code}' is not a LOINC code; expected digits, a dash and the check digit, e.g. 8867-4 (heart rate)",
                                            ["context": context, "code": code]))
        }
        return code
    }

    /// A sleep diary: fixed fields, and optionally `window: 18:00-18:00`, `awakening: 5` (minutes)
    /// and `headline: device|diary`.
    func sleepMeasure(_ map: KeyedNode) throws -> Measure {
        if let stray = map.entries.first(where: { !(["type", "healthkit", "sources", "loinc"] + Self.sleepKeys).contains($0.key) }) {
            throw reader.error(at: stray.keyNode, tr("{context}: '{key}' does not apply to a sleep measure, whose fields are fixed; it takes {keys}",
                                                     ["context": "measure", "key": stray.key, "keys": Self.sleepKeys.joined(separator: ", ")]))
        }
        var settings = SleepSettings.standard
        if let node = map["window"] {
            let text = try reader.string(node, "measure: window")
            guard let (start, end) = SleepSettings.window(text) else {
                throw reader.error(at: node, tr("{context}: expected two times HH:MM-HH:MM, the evening the night may start and the day it may end (e.g. 18:00-18:00), found '{text}'",
                                                ["context": "measure: window", "text": text]))
            }
            guard end <= start else {
                throw reader.error(at: node, tr("{context}: {window} is longer than a day; the night may end at {start} on the morning after at the latest",
                                                ["context": "measure: window", "window": text, "start": start.description]))
            }
            (settings.windowStart, settings.windowEnd) = (start, end)
        }
        if let node = map["awakening"] {
            let minutes = try reader.integer(node, "measure: awakening", atLeast: 1)
            guard minutes <= 120 else {
                throw reader.error(at: node, tr("{context}: the minutes awake that count as an awakening, 1 to 120; found {minutes}",
                                                ["context": "measure: awakening", "minutes": String(minutes)]))
            }
            settings.awakeningMinutes = minutes
        }
        if let node = map["headline"] {
            let text = try reader.string(node, "measure: headline")
            guard let headline = SleepSettings.Headline(rawValue: text) else {
                // TRANSLATORS: device and diary are the values the plan file's headline takes; keep them as they are.
                throw reader.error(at: node, tr("{context}: expected device or diary (which figures lead when a night has both), found '{text}'",
                                                ["context": "measure: headline", "text": text]))
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
            let values: KeyValuePairs<String, any PlaceholderValue> = ["context": context, "key": stray.key, "type": type.rawValue,
                                                                        "keys": accepted.joined(separator: ", ")]
            // TRANSLATORS: {type} is the measure's type as the plan file writes it (number, scale, boolean); {keys} lists the keys it takes.
            if type == .integer { throw reader.error(at: stray.keyNode, tr("{context}: '{key}' does not apply to an integer measure; it takes {keys}", values)) }
            throw reader.error(at: stray.keyNode, accepted.isEmpty ? tr("{context}: '{key}' does not apply to a {type} measure", values)
                : tr("{context}: '{key}' does not apply to a {type} measure; it takes {keys}", values))
        }
        var field = Measure.Field(name: name)
        if let unitNode = map["unit"] {
            let symbol = try reader.string(unitNode, "\(context): unit")
            guard let unit = UnitRegistry.unit(symbol) else {
                throw reader.error(at: unitNode, tr("{context}: unknown unit '{unit}'; known units: {units}",
                                                    ["context": "\(context): unit", "unit": symbol, "units": UnitRegistry.all.map(\.symbol).joined(separator: ", ")]))
            }
            field.unit = unit.symbol
        }
        field.range = try map["range"].map { try reader.interval($0, "\(context): range") }
        field.normal = try map["normal"].map { try reader.interval($0, "\(context): normal") }
        if let decimalsNode = map["decimals"] {
            let decimals = try reader.integer(decimalsNode, "\(context): decimals", atLeast: 0)
            guard decimals <= 6 else {
                throw reader.error(at: decimalsNode, tr("{context}: at most {limit}, found {value}", ["context": "\(context): decimals", "limit": 6, "value": String(decimals)]))
            }
            field.decimals = decimals
        }
        if type == .scale {
            guard let minNode = map["min"], let maxNode = map["max"] else {
                // TRANSLATORS: min and max are the plan file's keys; keep them as they are.
                throw reader.error(at: map.node, tr("{context}: a scale needs 'min' and 'max' (e.g. min: 0, max: 10)", ["context": context]))
            }
            let low = try reader.integer(minNode, "\(context): min", atLeast: Int.min)
            let high = try reader.integer(maxNode, "\(context): max", atLeast: Int.min)
            guard low < high else {
                // TRANSLATORS: max and min are the plan file's keys; keep them as they are.
                throw reader.error(at: maxNode, tr("{context}: max {max} must be above min {min}", ["context": context, "max": String(high), "min": String(low)]))
            }
            field.range = Double(low)...Double(high)
        }
        if type == .integer, let range = field.range, range.lowerBound != range.lowerBound.rounded() || range.upperBound != range.upperBound.rounded() {
            throw reader.error(at: map["range"], tr("{context}: an integer measure takes whole-number bounds", ["context": "\(context): range"]))
        }
        if type == .choice {
            guard let optionsNode = map["options"] else {
                // TRANSLATORS: options is the plan file's key; keep it as it is.
                throw reader.error(at: map.node, tr("{context}: a choice needs 'options' (e.g. options: [none, mild, severe])", ["context": context]))
            }
            let optionsContext = "\(context): options"
            let items = try reader.sequence(optionsNode, optionsContext, of: .optionNames)
            guard items.count >= 2 else { throw reader.error(at: optionsNode, tr("{context}: a choice needs at least two options", ["context": optionsContext])) }
            for item in items {
                let option = try reader.shortString(item, optionsContext)
                guard !field.options.contains(option) else { throw reader.error(at: item, listedTwice(option, optionsContext)) }
                field.options.append(option)
            }
        }
        if let normal = field.normal, let range = field.range, !(range.contains(normal.lowerBound) && range.contains(normal.upperBound)) {
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "context": context, "low": NumberText.plain(normal.lowerBound), "high": NumberText.plain(normal.upperBound),
                "min": NumberText.plain(range.lowerBound), "max": NumberText.plain(range.upperBound),
            ]
            // TRANSLATORS: normal, range, min and max are the plan file's keys; keep them as they are.
            throw reader.error(at: map["normal"], type == .scale ? tr("{context}: normal [{low}, {high}] lies outside the scale min..max [{min}, {max}]", values)
                : tr("{context}: normal [{low}, {high}] lies outside range [{min}, {max}]", values))
        }
        return field
    }

    /// "measure: fields: the list is empty".
    func emptyList(_ context: String) -> String {
        tr("{context}: the list is empty", ["context": context])
    }

    /// "contact 'Sam': activities: 'walk' is listed twice".
    func listedTwice(_ item: String, _ context: String) -> String {
        tr("{context}: '{item}' is listed twice", ["context": context, "item": item])
    }

    /// "measure: type: expected one of number, integer, …, found 'float'".
    func notOneOf(_ text: String, _ context: String, accepted: String) -> String {
        // TRANSLATORS: {accepted} lists the values the plan file's key takes, {text} what the file has.
        tr("{context}: expected one of {accepted}, found '{text}'", ["context": context, "accepted": accepted, "text": text])
    }
}
