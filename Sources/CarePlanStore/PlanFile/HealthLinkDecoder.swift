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
            if let sources = map.keyNode("sources") { throw reader.error(at: sources, "measure: sources: only a measure with 'healthkit' takes sources") }
            return nil
        }
        let type = try reader.nonEmptyString(typeNode, "measure: healthkit")
        let link = HealthLink(type: type, sources: try sources(map["sources"], "measure: sources"))
        switch link.kind {
        case nil:
            throw reader.error(at: typeNode, "measure: healthkit: careplan cannot link '\(type)'; it links \(HealthKitCatalogue.linkable.joined(separator: ", "))")
        case .sleepAnalysis?:
            guard measure.type == .sleep else {
                throw reader.error(at: typeNode, "measure: healthkit: \(type) fills a sleep diary (measure: type: sleep)")
            }
        case .workout?, .mindfulSession?:
            throw reader.error(at: typeNode, "measure: healthkit: \(type) completes an intervention (healthkit: {type: \(type), goal: 30}); a measure links a quantity or blood pressure")
        case .bloodPressure? where measure.type == .sleep, .quantity? where measure.type == .sleep:
            throw reader.error(at: typeNode, "measure: healthkit: a sleep diary links \(HealthKitCatalogue.sleepAnalysis)")
        case .bloodPressure?:
            let pressure = measure.fields.allSatisfy { field in field.unit.flatMap(UnitRegistry.unit)?.dimension == .pressure }
            guard measure.fields.count == 2, [.number, .integer].contains(measure.type), pressure else {
                throw reader.error(at: typeNode, "measure: healthkit: \(type) fills a number measure with two fields, systolic then diastolic, each with a pressure unit (mmHg or kPa)")
            }
        case .quantity(let dimension)?:
            guard measure.fields.count == 1, [.number, .integer].contains(measure.type) else {
                throw reader.error(at: typeNode, "measure: healthkit: \(type) fills a number or integer measure with one value")
            }
            let unit = measure.fields[0].unit.flatMap(UnitRegistry.unit)
            let wanted = UnitRegistry.base(of: dimension)
            if dimension == .count ? unit.map({ $0.dimension != .count }) ?? false : unit?.dimension != dimension {
                let unitNode = map["unit"] ?? typeNode
                let found = unit.map { "'\($0.symbol)' (\($0.name))" } ?? "no unit"
                throw reader.error(at: unitNode, "measure: unit: \(type) is in \(wanted.symbol) (\(wanted.name)); the measure has \(found), which does not convert; give it a unit such as \(UnitRegistry.all.filter { $0.dimension == dimension }.map(\.symbol).joined(separator: ", "))")
            }
        }
        return link
    }

    /// An intervention's link: `healthkit: IDENTIFIER` or `healthkit: {type, goal, sources}`.
    func interventionLink(_ node: Node) throws -> HealthLink {
        let typeNode: Node, goalNode: Node?, sourcesNode: Node?
        if case .mapping = node {
            let map = try reader.mapping(node, "healthkit", allowed: ["type", "goal", "sources"])
            guard let type = map["type"] else { throw reader.error(at: node, "healthkit: missing 'type' (e.g. HKQuantityTypeIdentifierStepCount)") }
            (typeNode, goalNode, sourcesNode) = (type, map["goal"], map["sources"])
        } else {
            (typeNode, goalNode, sourcesNode) = (node, nil, nil)
        }
        let type = try reader.nonEmptyString(typeNode, "healthkit: type")
        var link = HealthLink(type: type, sources: try sources(sourcesNode, "healthkit: sources"))
        guard let kind = link.kind else {
            throw reader.error(at: typeNode, "healthkit: careplan cannot link '\(type)'; it links \(HealthKitCatalogue.linkable.joined(separator: ", "))")
        }
        if case .bloodPressure = kind {
            throw reader.error(at: typeNode, "healthkit: blood pressure fills an assessment's measure; an intervention links steps, a workout, mindful sessions or another quantity")
        }
        if case .sleepAnalysis = kind {
            throw reader.error(at: typeNode, "healthkit: sleep analysis fills a sleep diary (an assessment with measure: type: sleep); an intervention links steps, a workout, mindful sessions or another quantity")
        }
        if let goalNode {
            let goal = try reader.number(goalNode, "healthkit: goal")
            guard goal > 0 else { throw reader.error(at: goalNode, "healthkit: goal: must be above 0, found \(NumberText.string(goal))") }
            if case .quantity = kind, !HealthKitCatalogue.isCumulative(String(type.dropFirst("HKQuantityTypeIdentifier".count))) {
                throw reader.error(at: goalNode, "healthkit: goal: \(type) does not add up over a day; leave out the goal and any sample of the day completes the activity")
            }
            link.goal = goal
        }
        return link
    }

    private func sources(_ node: Node?, _ context: String) throws -> [String] {
        guard let node else { return [] }
        let items = try reader.sequence(node, context, of: "source names")
        guard !items.isEmpty else { throw reader.error(at: node, "\(context): the list is empty; leave it out to take every source") }
        return try items.map { try reader.nonEmptyString($0, context) }
    }
}
