import CarePlanStore
import Foundation
import Localization

/// FHIR R4 Observations (one, or those of a Bundle) as readings for the plan's assessments.
///
/// An Observation lands on the assessment whose LOINC code it carries (the plan's `loinc:`, or
/// the code careplan knows for it, `ClinicalCodes`), or on the activity careplan's own code names
/// when careplan exported it. Values convert from their UCUM unit to the measure's. What is not a
/// reading (cancelled, entered in error, a data-absent reason, a panel of other Observations, a
/// waveform) is left out with the reason; codes no assessment has are listed, not guessed.
public struct ObservationReader {
    public struct Skipped: Equatable, Sendable {
        public var label: String
        public var reason: String
    }

    public struct Result: Sendable {
        public var readings: [ExternalReading] = []
        public var skipped: [Skipped] = []
        /// Codes no assessment of the plan has, as `system|code` with what the file calls them
        /// and how many Observations carried them.
        public var unknown: [(code: String, name: String, count: Int)] = []
    }

    let plan: PlanSnapshot
    let zone: TimeZone
    let file: String
    /// The plan's assessments as they stand, each with its LOINC code as careplan knows it and
    /// that code's canonical form: worked out once, not for every Observation.
    let assessments: [(activity: Activity, loinc: String?, canonical: String?)]

    public init(plan: PlanSnapshot, zone: TimeZone, file: String) {
        self.plan = plan
        self.zone = zone
        self.file = file
        assessments = plan.histories.filter { $0.kind == .assessment }.map { history in
            let activity = history.versions.last!.activity
            let loinc = ClinicalCodes.loinc(of: activity)
            return (activity, loinc, loinc.map { ClinicalCodes.known($0)?.code ?? $0 })
        }
    }

    /// The Observations of a resource: itself, or a Bundle's.
    public static func observations(in resource: AnyResource) -> [Observation] {
        switch resource {
        case .observation(let observation): return [observation]
        case .bundle(let bundle):
            return (bundle.entry ?? []).compactMap { entry in
                if case .observation(let observation)? = entry.resource { return observation }
                return nil
            }
        default: return []
        }
    }

    public func read(_ observations: [Observation]) -> Result {
        var result = Result()
        var unknown: [String: (name: String, count: Int)] = [:]
        var order: [String] = []
        for (index, observation) in observations.enumerated() {
            // TRANSLATORS: an Observation of the file, by its id or its place in the file (Observation 3).
            let label = observation.id.map { tr("Observation '{id}'", ["id": $0]) } ?? tr("Observation {number}", ["number": String(index + 1)])
            switch reading(observation, label: label) {
            case .success(let reading): result.readings.append(reading)
            case .failure(.skipped(let reason)): result.skipped.append(Skipped(label: label, reason: reason))
            case .failure(.unknownCode(let code, let name)):
                if unknown[code] == nil { order.append(code) }
                unknown[code, default: (name, 0)].count += 1
            }
        }
        result.unknown = order.map { (code: $0, name: unknown[$0]!.name, count: unknown[$0]!.count) }
        return result
    }

    enum Problem: Error {
        case skipped(String)
        case unknownCode(String, String)
    }

    static let readingStatuses: Set<String> = ["final", "amended", "corrected", "preliminary"]

    func reading(_ observation: Observation, label: String) -> Swift.Result<ExternalReading, Problem> {
        let status = observation.status ?? "unknown"
        // TRANSLATORS: {status} is the Observation's FHIR status code (cancelled, entered-in-error).
        guard Self.readingStatuses.contains(status) else { return .failure(.skipped(tr("status {status} is not a reading", ["status": status]))) }
        if let absent = observation.dataAbsentReason {
            // TRANSLATORS: {reason} is the file's, or "no reason given".
            return .failure(.skipped(tr("no value (data absent: {reason})", ["reason": absent.label ?? tr("no reason given")])))
        }
        if observation.valueSampledData != nil || observation.component?.contains(where: { $0.valueSampledData != nil }) == true {
            return .failure(.skipped(tr("a waveform (SampledData) is not a reading careplan keeps")))
        }
        if observation.hasMember?.isEmpty == false, !hasValue(observation) {
            return .failure(.skipped(tr("a panel: its members are Observations of their own, read one by one")))
        }
        guard let code = observation.code, let activity = assessment(for: code) else {
            let loinc = observation.code?.codes(in: ClinicalCodes.loincSystem).first
            let shown = loinc.map { "LOINC \($0)" } ?? observation.code?.coding?.first.map { "\($0.system ?? "?")|\($0.code ?? "?")" } ?? tr("no code")
            return .failure(.unknownCode(shown, observation.code?.label ?? ""))
        }
        guard let when = observation.effectiveDateTime ?? observation.effectiveInstant ?? observation.effectivePeriod?.start else {
            return .failure(.skipped(tr("no effective time (effectiveDateTime, effectiveInstant or effectivePeriod)")))
        }
        guard let instant = FHIRDate.instant(when, zone: zone) else {
            return .failure(.skipped(tr("effective time '{time}' is not a FHIR date or dateTime", ["time": when])))
        }
        guard let measure = activity.measure else { return .failure(.skipped(tr("'{id}' takes no readings", ["id": activity.id]))) }
        var inputs: [String] = []
        var sleep: SleepDiary.Entry?
        if measure.type == .sleep {
            switch diary(observation) {
            case .success(let entry): sleep = entry
            case .failure(let problem): return .failure(problem)
            }
            inputs = [sleep!.bed, sleep!.wake, sleep!.up].compactMap { $0 }
        } else {
            switch values(observation, measure: measure) {
            case .success(let found): inputs = found
            case .failure(let problem): return .failure(problem)
            }
        }
        let note = (observation.note ?? []).map(\.text).filter { !$0.isEmpty }.joined(separator: "\n")
        let key = ObservationKey.key(of: observation, content: "\(activity.id)|\(when)|\(inputs.joined(separator: ";"))")
        return .success(ExternalReading(key: key, label: label, activityId: activity.id, recordedAt: instant.date, utcOffset: instant.offset,
                                        inputs: inputs, note: note.isEmpty ? nil : note, occurrence: exportedOccurrence(observation, activity: activity),
                                        sleep: sleep))
    }

    /// A sleep diary's night from components named as careplan names its fields (`bed`,
    /// `lights-out`, `latency`…): clock times as `valueTime`, minutes and counts as numbers.
    func diary(_ observation: Observation) -> Swift.Result<SleepDiary.Entry, Problem> {
        var entry = SleepDiary.Entry()
        for component in observation.component ?? [] {
            guard let name = component.code.text, let field = SleepDiary.Field(rawValue: name) else { continue }
            var text = component.valueTime.map { String($0.prefix(5)) }
            if text == nil, case .success(let value) = self.text(of: component, field: name) { text = value.split(separator: " ").first.map(String.init) }
            switch field {
            case .bed: entry.bed = text
            case .lightsOut: entry.lightsOut = text
            case .latency: entry.latency = text
            case .awakenings: entry.awakenings = text
            case .awake: entry.awake = text
            case .wake: entry.wake = text
            case .up: entry.up = text
            case .quality: entry.quality = text
            case .timeInBed, .totalSleep, .efficiency: break
            }
        }
        guard entry.bed != nil, entry.wake != nil, entry.up != nil else {
            // TRANSLATORS: bed, wake and up are the names of the components, as careplan writes them: keep them.
            return .failure(.skipped(tr("a sleep diary needs bed, wake and up components (as careplan exports them)")))
        }
        return .success(entry)
    }

    /// The occurrence a careplan export named in the identifier (`reading/ID/DATE/N`) of a reading
    /// of this same activity.
    func exportedOccurrence(_ observation: Observation, activity: Activity) -> Int? {
        for identifier in observation.identifier ?? [] {
            let parts = (identifier.value ?? "").split(separator: "/")
            if parts.count == 4, parts[0] == "reading", parts[1] == activity.id, let n = Int(parts[3]), n >= 0 { return n }
        }
        return nil
    }

    func hasValue(_ observation: Observation) -> Bool {
        observation.valueQuantity != nil || observation.valueString != nil || observation.valueBoolean != nil
            || observation.valueInteger != nil || observation.valueCodeableConcept != nil || observation.component?.isEmpty == false
    }

    /// The assessment an Observation's code names: careplan's own activity code first, then LOINC,
    /// where codes LOINC treats as the same reading (3141-9 and 29463-7, body weight) match.
    func assessment(for code: CodeableConcept) -> Activity? {
        for id in code.codes(in: BundleBuilder.activitySystem) {
            if let found = assessments.first(where: { $0.activity.id == id }) { return found.activity }
        }
        for loinc in code.codes(in: ClinicalCodes.loincSystem) {
            let canonical = ClinicalCodes.known(loinc)?.code ?? loinc
            if let found = assessments.first(where: { $0.loinc == loinc || $0.canonical == canonical }) { return found.activity }
        }
        return nil
    }

    /// One input per field of the measure, each with its unit, from the value or the components.
    func values(_ observation: Observation, measure: Measure) -> Swift.Result<[String], Problem> {
        if measure.fields.count == 1 {
            return text(of: observation, field: measure.fields[0].name).map { [$0] }
        }
        var inputs: [String] = []
        let panel = measure.loinc ?? ClinicalCodes.known(observation.code?.codes(in: ClinicalCodes.loincSystem).first ?? "")?.code
        for field in measure.fields {
            let code = ClinicalCodes.loinc(of: field, in: measure, code: panel)
            let component = observation.component?.first { component in
                (code != nil && component.code.codes(in: ClinicalCodes.loincSystem).contains(code!)) || component.code.text == field.name
            }
            guard let component else {
                // TRANSLATORS: {field} is the name of a measure's field (systolic), {code} a LOINC code.
                return .failure(.skipped(code.map { tr("no {field} component (LOINC {code})", ["field": field.name, "code": $0]) }
                                         ?? tr("no {field} component", ["field": field.name])))
            }
            if let absent = component.dataAbsentReason {
                // TRANSLATORS: {field} is the name of a measure's field (systolic); {reason} is the file's, or "no reason given".
                return .failure(.skipped(tr("{field}: no value (data absent: {reason})", ["field": field.name, "reason": absent.label ?? tr("no reason given")])))
            }
            switch text(of: component, field: field.name) {
            case .success(let input): inputs.append(input)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(inputs)
    }

    /// The value as careplan reads a typed one: the number with its unit, yes/no, or the text.
    func text(of holder: some ObservationValueHolder, field: String) -> Swift.Result<String, Problem> {
        if let quantity = holder.valueQuantity {
            // TRANSLATORS: {field} is the name of a measure's field (systolic, value).
            guard let value = quantity.value else { return .failure(.skipped(tr("{field}: a quantity without a value", ["field": field]))) }
            if let comparator = quantity.comparator {
                // TRANSLATORS: {bound} is the file's value with its comparator: "< 2.5".
                return .failure(.skipped(tr("{field}: '{bound}' is a bound, not a value", ["field": field, "bound": "\(comparator) \(NumberText.string(value))"])))
            }
            // Read back as a typed reading and part of the reading's key: the same in every language.
            let number = NumberText.plain(value)
            guard quantity.code != nil || quantity.unit != nil else { return .success(number) }
            guard let unit = UCUM.unit(of: quantity) else {
                return .failure(.skipped(tr("{field}: the unit '{unit}' is not one careplan converts", ["field": field, "unit": quantity.code ?? quantity.unit ?? ""])))
            }
            return .success("\(number) \(unit.symbol)")
        }
        if let integer = holder.valueInteger { return .success(String(integer)) }
        if let boolean = holder.valueBoolean { return .success(boolean ? "yes" : "no") }
        if let string = holder.valueString { return .success(string) }
        if let label = holder.valueCodeableConcept?.label { return .success(label) }
        return .failure(.skipped(tr("{field}: no value careplan reads (a quantity, number, yes/no, text or coded answer)", ["field": field])))
    }
}
