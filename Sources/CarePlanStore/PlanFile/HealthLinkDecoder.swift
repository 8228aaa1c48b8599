import Localization
import Yams

/// `healthkit:` in a plan file: under an assessment's `measure` (with `sources:` beside it), or on
/// an intervention (`healthkit: {type: …, goal: …, sources: […]}`). Every link is checked against
/// the measure it fills: a type careplan cannot link, or units that cannot convert, are refused
/// with the file position, like any other mistake in the file.
extension PlanDecoder {
    /// An assessment's link, from its `measure` mapping; nil without `healthkit`.
    func assessmentLink(_ measureNode: Node, measure: Measure) throws -> HealthLink? {
        let map = try reader.mapping(measureNode, "measure", allowed: Self.measureKeys)
        guard let typeNode = map["healthkit"] else {
            if let sources = map.keyNode("sources") {
                // TRANSLATORS: healthkit and sources are the plan file's keys; keep them as they are.
                throw reader.error(at: sources, tr("{context}: only a measure with 'healthkit' takes sources", ["context": "measure: sources"]))
            }
            return nil
        }
        let context = "measure: healthkit"
        let type = try reader.nonEmptyString(typeNode, context)
        let link = HealthLink(type: type, sources: try sources(map["sources"], "measure: sources"))
        switch link.kind {
        case nil:
            throw reader.error(at: typeNode, cannotLink(type, context))
        case .sleepAnalysis?:
            guard measure.type == .sleep else {
                // TRANSLATORS: {type} is a HealthKit identifier; "measure: type: sleep" is what the plan file says, keep it as it is.
                throw reader.error(at: typeNode, tr("{context}: {type} fills a sleep diary (measure: type: sleep)", ["context": context, "type": type]))
            }
        case .workout?, .mindfulSession?:
            // TRANSLATORS: {type} is a HealthKit identifier; {example} is how the plan file writes it: healthkit: {type: …, goal: 30}.
            throw reader.error(at: typeNode, tr("{context}: {type} completes an intervention ({example}); a measure links a quantity or blood pressure",
                                                ["context": context, "type": type, "example": "healthkit: {type: \(type), goal: 30}"]))
        case .bloodPressure? where measure.type == .sleep, .quantity? where measure.type == .sleep:
            throw reader.error(at: typeNode, tr("{context}: a sleep diary links {type}", ["context": context, "type": HealthKitCatalogue.sleepAnalysis]))
        case .bloodPressure?:
            let pressure = measure.fields.allSatisfy { field in field.unit.flatMap(UnitRegistry.unit)?.dimension == .pressure }
            guard measure.fields.count == 2, [.number, .integer].contains(measure.type), pressure else {
                throw reader.error(at: typeNode, tr("{context}: {type} fills a number measure with two fields, systolic then diastolic, each with a pressure unit (mmHg or kPa)",
                                                    ["context": context, "type": type]))
            }
        case .quantity(let dimension)?:
            guard measure.fields.count == 1, [.number, .integer].contains(measure.type) else {
                throw reader.error(at: typeNode, tr("{context}: {type} fills a number or integer measure with one value", ["context": context, "type": type]))
            }
            let unit = measure.fields[0].unit.flatMap(UnitRegistry.unit)
            let wanted = UnitRegistry.base(of: dimension)
            if dimension == .count ? unit.map({ $0.dimension != .count }) ?? false : unit?.dimension != dimension {
                let unitNode = map["unit"] ?? typeNode
                let values: KeyValuePairs<String, any PlaceholderValue> = [
                    "context": "measure: unit", "type": type, "wanted": wanted.symbol, "wantedName": wanted.name,
                    "units": UnitRegistry.all.filter { $0.dimension == dimension }.map(\.symbol).joined(separator: ", "),
                    "unit": unit?.symbol ?? "", "unitName": unit?.name ?? "",
                ]
                guard unit != nil else {
                    // TRANSLATORS: {type} is a HealthKit identifier; {wanted} is a unit's symbol (kg), {wantedName} its name
                    // (kilogram); {units} lists unit symbols.
                    throw reader.error(at: unitNode, tr("{context}: {type} is in {wanted} ({wantedName}); the measure has no unit, which does not convert; give it a unit such as {units}", values))
                }
                // TRANSLATORS: {type} is a HealthKit identifier; {wanted} and {unit} are units' symbols (kg), {wantedName} and {unitName}
                // their names (kilogram); {units} lists unit symbols.
                throw reader.error(at: unitNode, tr("{context}: {type} is in {wanted} ({wantedName}); the measure has '{unit}' ({unitName}), which does not convert; give it a unit such as {units}", values))
            }
        }
        return link
    }

    /// An intervention's link: `healthkit: IDENTIFIER` or `healthkit: {type, goal, sources}`.
    func interventionLink(_ node: Node) throws -> HealthLink {
        let typeNode: Node, goalNode: Node?, sourcesNode: Node?
        if case .mapping = node {
            let map = try reader.mapping(node, "healthkit", allowed: ["type", "goal", "sources"])
            guard let type = map["type"] else {
                throw reader.error(at: node, tr("{context}: missing 'type' (e.g. HKQuantityTypeIdentifierStepCount)", ["context": "healthkit"]))
            }
            (typeNode, goalNode, sourcesNode) = (type, map["goal"], map["sources"])
        } else {
            (typeNode, goalNode, sourcesNode) = (node, nil, nil)
        }
        let type = try reader.nonEmptyString(typeNode, "healthkit: type")
        var link = HealthLink(type: type, sources: try sources(sourcesNode, "healthkit: sources"))
        guard let kind = link.kind else { throw reader.error(at: typeNode, cannotLink(type, "healthkit")) }
        if case .bloodPressure = kind {
            throw reader.error(at: typeNode, tr("{context}: blood pressure fills an assessment's measure; an intervention links steps, a workout, mindful sessions or another quantity",
                                                ["context": "healthkit"]))
        }
        if case .sleepAnalysis = kind {
            // TRANSLATORS: "measure: type: sleep" is what the plan file says; keep it as it is.
            throw reader.error(at: typeNode, tr("{context}: sleep analysis fills a sleep diary (an assessment with measure: type: sleep); an intervention links steps, a workout, mindful sessions or another quantity",
                                                ["context": "healthkit"]))
        }
        if let goalNode {
            let goal = try reader.number(goalNode, "healthkit: goal")
            guard goal > 0 else {
                throw reader.error(at: goalNode, tr("{context}: must be above 0, found {value}", ["context": "healthkit: goal", "value": NumberText.plain(goal)]))
            }
            if case .quantity = kind, !HealthKitCatalogue.isCumulative(String(type.dropFirst("HKQuantityTypeIdentifier".count))) {
                // TRANSLATORS: {type} is a HealthKit identifier.
                throw reader.error(at: goalNode, tr("{context}: {type} does not add up over a day; leave out the goal and any sample of the day completes the activity",
                                                    ["context": "healthkit: goal", "type": type]))
            }
            link.goal = goal
        }
        return link
    }

    private func sources(_ node: Node?, _ context: String) throws -> [String] {
        guard let node else { return [] }
        let items = try reader.sequence(node, context, of: .sourceNames)
        guard !items.isEmpty else { throw reader.error(at: node, tr("{context}: the list is empty; leave it out to take every source", ["context": context])) }
        return try items.map { try reader.nonEmptyString($0, context) }
    }

    /// "healthkit: careplan cannot link 'HKFoo'; it links …".
    private func cannotLink(_ type: String, _ context: String) -> String {
        // TRANSLATORS: {type} is what the plan file names; {types} lists the HealthKit identifiers careplan links.
        tr("{context}: careplan cannot link '{type}'; it links {types}", ["context": context, "type": type, "types": HealthKitCatalogue.linkable.joined(separator: ", ")])
    }
}
