import Questionnaires
import Yams

/// Writes a plan back as YAML in the same form `PlanDecoder` reads, keys in a fixed, readable order.
///
/// The store also keeps each activity version in this form, so what is stored, what is exported and
/// what people write are one format, and the round trip is tested once for all three.
public enum PlanEncoder {
    public static func yaml(_ plan: CarePlan) throws -> String {
        var top: [(Node, Node)] = [("title", scalar(plan.title))]
        if let language = plan.language { top.append(("language", scalar(language))) }
        if let patient = plan.patient {
            if plan.patientDetails.isEmpty {
                top.append(("patient", scalar(patient)))
            } else {
                var pairs: [(Node, Node)] = [("name", scalar(patient))]
                if let born = plan.patientDetails.born { pairs.append(("born", Node(born.iso))) }
                if !plan.patientDetails.identifiers.isEmpty {
                    pairs.append(("identifiers", .sequence(.init(plan.patientDetails.identifiers.map { identifier in
                        .mapping(.init([(Node("system"), scalar(identifier.system)), (Node("value"), quoted(identifier.value))], .implicit, .flow))
                    }))))
                }
                top.append(("patient", .mapping(.init(pairs))))
            }
        }
        if plan.reminders != .standard {
            var pairs: [(Node, Node)] = []
            if plan.reminders.graceMinutes != Reminders.standard.graceMinutes { pairs.append(("grace", number(plan.reminders.graceMinutes))) }
            if let quiet = plan.reminders.quietText { pairs.append(("quiet", quoted(quiet))) }
            top.append(("reminders", .mapping(.init(pairs, .implicit, .flow))))
        }
        top.append(("activities", .sequence(.init(plan.activities.map { node($0, forms: plan.forms) }))))
        if !plan.contacts.isEmpty { top.append(("contacts", .sequence(.init(plan.contacts.map(node))))) }
        return try Yams.serialize(node: .mapping(.init(top)), allowUnicode: true, sortKeys: false)
    }

    /// One activity as a YAML document (the stored form of a version).
    public static func yaml(_ activity: Activity) throws -> String {
        try Yams.serialize(node: node(activity), allowUnicode: true, sortKeys: false)
    }

    /// One contact as a YAML document (what a FHIR export carries for careplan to read back).
    public static func yaml(_ contact: Contact) throws -> String {
        try Yams.serialize(node: node(contact), allowUnicode: true, sortKeys: false)
    }

    static func node(_ contact: Contact) -> Node {
        var pairs: [(Node, Node)] = [("name", scalar(contact.name)), ("role", scalar(contact.role)), ("group", scalar(contact.group.rawValue))]
        if let phone = contact.phone { pairs.append(("phone", quoted(phone))) }
        if let email = contact.email { pairs.append(("email", scalar(email))) }
        if let address = contact.address { pairs.append(("address", scalar(address))) }
        if let notes = contact.notes { pairs.append(("notes", scalar(notes))) }
        if contact.crisisLine { pairs.append(("crisis-line", .scalar(.init("true")))) }
        if !contact.activities.isEmpty { pairs.append(("activities", sources(contact.activities))) }
        return .mapping(.init(pairs))
    }

    /// `forms`: those the plan carries; a form the plan file wrote inline is written back inline.
    static func node(_ activity: Activity, forms: [StoredForm] = []) -> Node {
        var pairs: [(Node, Node)] = [("id", scalar(activity.id)), ("kind", scalar(activity.kind.rawValue)), ("title", scalar(activity.title))]
        if let text = activity.text { pairs.append(("text", scalar(text))) }
        if let instructions = activity.instructions { pairs.append(("instructions", scalar(instructions))) }
        if let medication = activity.medication { pairs.append(("medication", scalar(medication))) }
        if let group = activity.group { pairs.append(("group", scalar(group))) }
        if let color = activity.color { pairs.append(("color", scalar(color))) }
        if activity.optional { pairs.append(("optional", "true")) }
        if !activity.resettable { pairs.append(("resettable", "false")) }
        if let grace = activity.graceMinutes { pairs.append(("grace", number(grace))) }
        pairs.append(("schedule", node(activity.schedule)))
        if let form = activity.questionnaire {
            // A questionnaire's measure is made from the form; the plan names the form alone.
            if let inline = forms.first(where: { $0.reference == form }).flatMap({ InlineFormEncoder.node($0.json) }) {
                pairs.append(("questionnaire", inline))
            } else {
                pairs.append(("questionnaire", scalar(Instruments.name(ofURL: form.url) ?? form.canonical)))
            }
        } else if let measure = activity.measure {
            var measurePairs = Self.pairs(measure)
            if let link = activity.health {
                measurePairs.append(("healthkit", scalar(link.type)))
                if !link.sources.isEmpty { measurePairs.append(("sources", sources(link.sources))) }
            }
            pairs.append(("measure", .mapping(.init(measurePairs))))
        } else if let link = activity.health {
            var linkPairs: [(Node, Node)] = [("type", scalar(link.type))]
            if let goal = link.goal { linkPairs.append(("goal", number(goal))) }
            if !link.sources.isEmpty { linkPairs.append(("sources", sources(link.sources))) }
            pairs.append(("healthkit", .mapping(.init(linkPairs))))
        }
        return .mapping(.init(pairs))
    }

    static func node(_ schedule: Schedule) -> Node {
        // Dates stay plain: the decoder reads them as text, and people write them unquoted.
        var pairs: [(Node, Node)] = [("start", Node(schedule.start.iso))]
        if let end = schedule.end { pairs.append(("end", Node(end.iso))) }
        switch schedule.pattern {
        case .daily(let n): pairs.append(("daily", number(n)))
        case .weekly(let perDay):
            let days = perDay.pairs.map { (scalar($0.day.key), number($0.count)) }
            pairs.append(("weekly", .mapping(.init(days, .implicit, .flow))))
        case .every(let days, let n):
            pairs.append(("every", .mapping(.init([(Node("days"), number(days)), (Node("times"), number(n))], .implicit, .flow))))
        case .asNeeded: pairs.append(("as-needed", "true"))
        }
        if !schedule.times.isEmpty {
            pairs.append(("times", .sequence(.init(schedule.times.map { quoted($0.description) }, .implicit, .flow))))
        }
        return .mapping(.init(pairs))
    }

    static func sources(_ names: [String]) -> Node {
        .sequence(.init(names.map(scalar), .implicit, .flow))
    }

    static func pairs(_ measure: Measure) -> [(Node, Node)] {
        var pairs: [(Node, Node)] = [("type", scalar(measure.type.rawValue))]
        if let loinc = measure.loinc { pairs.append(("loinc", scalar(loinc))) }
        if let sleep = measure.sleep {
            // The fields are fixed; only settings that differ from the defaults are written.
            let standard = SleepSettings.standard
            if sleep.windowStart != standard.windowStart || sleep.windowEnd != standard.windowEnd {
                pairs.append(("window", quoted(sleep.windowText)))
            }
            if sleep.awakeningMinutes != standard.awakeningMinutes { pairs.append(("awakening", number(sleep.awakeningMinutes))) }
            if sleep.headline != standard.headline { pairs.append(("headline", scalar(sleep.headline.rawValue))) }
            return pairs
        }
        if measure.aggregate != .average { pairs.append(("aggregate", scalar(measure.aggregate.rawValue))) }
        if measure.isMultiValue {
            let fields = measure.fields.map { field -> Node in
                .mapping(.init([("name", scalar(field.name))] + (field.loinc.map { [(Node("loinc"), scalar($0))] } ?? []) + fieldPairs(field, type: measure.type),
                               .implicit, .flow))
            }
            pairs.append(("fields", .sequence(.init(fields))))
        } else if let field = measure.fields.first {
            pairs += fieldPairs(field, type: measure.type)
        }
        return pairs
    }

    static func fieldPairs(_ field: Measure.Field, type: Measure.ValueType) -> [(Node, Node)] {
        var pairs: [(Node, Node)] = []
        if let unit = field.unit { pairs.append(("unit", scalar(unit))) }
        if type == .scale, let range = field.range {
            pairs.append(("min", number(range.lowerBound)))
            pairs.append(("max", number(range.upperBound)))
        } else if let range = field.range {
            pairs.append(("range", interval(range)))
        }
        if let normal = field.normal { pairs.append(("normal", interval(normal))) }
        if let decimals = field.decimals { pairs.append(("decimals", number(decimals))) }
        if !field.options.isEmpty {
            pairs.append(("options", .sequence(.init(field.options.map(scalar), .implicit, .flow))))
        }
        return pairs
    }

    static func interval(_ range: ClosedRange<Double>) -> Node {
        .sequence(.init([number(range.lowerBound), number(range.upperBound)], .implicit, .flow))
    }

    /// Text that YAML would read as something else (a number, a boolean, null, a date) is quoted.
    static func scalar(_ text: String) -> Node {
        let plain = Node.Scalar(text)
        let resolved = Resolver.default.resolveTag(of: Node.scalar(plain))
        return resolved == .init(.str) ? .scalar(plain) : quoted(text)
    }

    static func quoted(_ text: String) -> Node { .scalar(.init(text, .implicit, .doubleQuoted)) }
    static func number(_ value: Int) -> Node { .scalar(.init(String(value))) }
    static func number(_ value: Double) -> Node { .scalar(.init(NumberText.plain(value))) }
}
