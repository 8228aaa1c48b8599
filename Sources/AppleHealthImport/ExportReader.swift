import CarePlanStore
internal import CLibXML2
import Foundation
import HealthData
import Localization

/// What a reader finds in an export, one thing at a time.
protocol ExportSink: AnyObject {
    func quantity(_ sample: QuantitySample, line: Int)
    func category(_ sample: CategorySample, line: Int)
    /// A systolic or diastolic record outside a correlation (exports repeat each correlation's values).
    func bloodPressurePart(_ sample: QuantitySample, line: Int)
    func bloodPressure(_ reading: BloodPressureReading, line: Int)
    func workout(_ workout: Workout, line: Int)
    /// A record that cannot be a sample: what it claimed to be, why, and where.
    func skipped(type: String, reason: String, line: Int)
}

/// Turns Apple Health's elements into samples: `Record`s (quantity when they have a unit,
/// category otherwise), BloodPressure `Correlation`s, and `Workout`s with their events and
/// statistics. Routes, activity summaries, clinical records and the like are passed over.
final class ExportReader: XMLElementHandler {
    private unowned let sink: any ExportSink

    /// The record being read, and where it started.
    private var record: RecordFields?
    private var correlation: (fields: RecordFields, children: [RecordFields], line: Int)?
    private var workout: (workout: Workout?, line: Int, reason: String?, timeZone: String?)?
    private var repeated = RepeatedStrings(slots: RecordFields.Slot.allCases.count)
    /// The zones records name in HKTimeZone, looked up once each.
    private let zones = RecordedZones()

    /// The document's root element; an export's is HealthData.
    private(set) var root: String?

    init(sink: any ExportSink) { self.sink = sink }

    /// A Record's or Correlation's attributes and the metadata careplan keeps.
    struct RecordFields {
        var type: String?
        var unit: String?
        var value: String?
        var numeric: Double?
        var source: SampleSource?
        var start: HealthInstant?
        var end: HealthInstant?
        var created: HealthInstant?
        var line: Int
        var wasUserEntered: Bool?
        var timeZone: String?
        var motionContext: Int?
        /// What was wrong with a date attribute, if anything.
        var badDate: String?

        /// The attributes that repeat from record to record, each with its slot of `RepeatedStrings`.
        enum Slot: Int, CaseIterable { case type, unit, source, version, device, categoryValue }

        init(_ attributes: XMLAttributes, line: Int, repeated: inout RepeatedStrings) {
            self.line = line
            func text(_ name: StaticString, _ slot: Slot) -> String? {
                attributes.bytes(name).map { repeated.string($0, slot: slot.rawValue) }
            }
            type = text("type", .type)
            unit = text("unit", .unit)
            if let bytes = attributes.bytes("value") {
                if unit == nil {
                    // A category's value (HKCategoryValueSleepAnalysisAsleepCore) repeats like the type.
                    value = repeated.string(bytes, slot: Slot.categoryValue.rawValue)
                } else {
                    // A quantity's number is what is kept; its text only for the message when it is none.
                    numeric = XMLAttributes.number(bytes)
                    value = numeric == nil ? String(decoding: bytes, as: UTF8.self) : ""
                }
            }
            if let name = text("sourceName", .source) {
                let version = text("sourceVersion", .version)
                // The device is its fields, never the memory address its description starts with:
                // records of one watch then repeat the same bytes, one string, one source.
                let device = attributes.bytes("device").map { repeated.string(DeviceDescription.fields($0), slot: Slot.device.rawValue) }
                // The same source as the record before (the usual case) is the same object.
                if let last = repeated.source, last.name == name, last.version == version, last.device == device {
                    source = last
                } else {
                    source = SampleSource(name: name, version: version, device: device)
                    repeated.source = source
                }
            }
            func instant(_ name: StaticString) -> HealthInstant? {
                guard let bytes = attributes.bytes(name) else { return nil }
                guard let instant = HealthInstant.parse(bytes) else {
                    // TRANSLATORS: a record of the export skipped: {attribute} is the XML attribute's name
                    // (startDate), {value} what it holds; YYYY-MM-DD HH:MM:SS ±HHMM is the form it should have.
                    badDate = badDate ?? tr("{attribute} '{value}' is not YYYY-MM-DD HH:MM:SS ±HHMM",
                                            ["attribute": name.description, "value": String(decoding: bytes, as: UTF8.self)])
                    return nil
                }
                return instant
            }
            start = instant("startDate")
            end = instant("endDate")
            created = instant("creationDate")
        }

        /// Why this cannot be a sample, if it cannot; the type is in `typeAttribute` (a Workout's
        /// in `workoutActivityType`).
        func problem(typeAttribute: String = "type") -> String? {
            if type == nil { return Self.missing(typeAttribute) }
            if source == nil { return Self.missing("sourceName") }
            if let badDate { return badDate }
            if start == nil { return Self.missing("startDate") }
            if end == nil { return Self.missing("endDate") }
            return nil
        }

        /// A record skipped for lack of an attribute: "no startDate".
        static func missing(_ attribute: String) -> String {
            // TRANSLATORS: a record of the export skipped: {attribute} is the XML attribute it lacks (startDate, value).
            tr("no {attribute}", ["attribute": attribute])
        }

        /// The start and end as lived where the sample was recorded (HKTimeZone), rather than in
        /// the offset of the phone when it exported: read once the record's metadata, which comes
        /// after its attributes, is in.
        mutating func liveWhereRecorded(_ zones: RecordedZones) {
            guard let timeZone else { return }
            start = start.map { zones.instant($0, in: timeZone) }
            end = end.map { zones.instant($0, in: timeZone) }
        }

        mutating func metadata(key: String, value: String) {
            switch key {
            case "HKWasUserEntered": wasUserEntered = value == "1"
            case "HKTimeZone": timeZone = value
            case "HKMetadataKeyHeartRateMotionContext": motionContext = Int(value)
            default: break
            }
        }
    }

    func start(_ name: UnsafePointer<xmlChar>, _ attributes: XMLAttributes, line: Int) {
        if root == nil { root = String(cString: name) }
        if XMLStream.equal(name, "Record") {
            record = RecordFields(attributes, line: line, repeated: &repeated)
        } else if XMLStream.equal(name, "MetadataEntry") {
            guard let key = attributes.string("key"), let value = attributes.string("value") else { return }
            if record != nil { record!.metadata(key: key, value: value) }
            else if correlation != nil { correlation!.fields.metadata(key: key, value: value) }
            // A workout's own zone (its route's metadata, inside it, would name the same).
            else if workout != nil, key == "HKTimeZone", workout!.timeZone == nil { workout!.timeZone = value }
        } else if XMLStream.equal(name, "Correlation") {
            correlation = (RecordFields(attributes, line: line, repeated: &repeated), [], line)
        } else if XMLStream.equal(name, "Workout") {
            workout = startWorkout(attributes, line: line)
        } else if XMLStream.equal(name, "WorkoutEvent") {
            guard workout?.workout != nil else { return }
            guard let type = attributes.string("type"), let date = attributes.bytes("date").flatMap({ HealthInstant.parse($0) }) else { return }
            let duration = attributes.double("duration").map { Self.seconds($0, unit: attributes.string("durationUnit")) }
            workout!.workout!.events.append(WorkoutEvent(type: type, date: date, duration: duration))
        } else if XMLStream.equal(name, "WorkoutStatistics") {
            guard workout?.workout != nil, let type = attributes.string("type") else { return }
            workout!.workout!.statistics.append(WorkoutStatistic(type: HealthType(type), average: attributes.double("average"),
                                                                 minimum: attributes.double("minimum"), maximum: attributes.double("maximum"),
                                                                 sum: attributes.double("sum"), unit: attributes.string("unit")))
        }
    }

    func end(_ name: UnsafePointer<xmlChar>) {
        if XMLStream.equal(name, "Record") {
            guard var fields = record else { return }
            record = nil
            fields.liveWhereRecorded(zones)
            if correlation != nil { correlation!.children.append(fields) } else { emit(fields) }
        } else if XMLStream.equal(name, "Correlation") {
            guard var (fields, children, line) = correlation else { return }
            correlation = nil
            fields.liveWhereRecorded(zones)
            emitCorrelation(fields, children, line: line)
        } else if XMLStream.equal(name, "Workout") {
            guard let (found, line, reason, timeZone) = workout else { return }
            workout = nil
            // TRANSLATORS: why a workout of the export was skipped, when nothing more precise is known.
            if var found {
                // As a record's: its times, and its events', as lived where it was recorded.
                found.start = zones.instant(found.start, in: timeZone)
                found.end = zones.instant(found.end, in: timeZone)
                for index in found.events.indices { found.events[index].date = zones.instant(found.events[index].date, in: timeZone) }
                sink.workout(found, line: line)
            } else { sink.skipped(type: HealthType.workout.identifier, reason: reason ?? tr("unreadable"), line: line) }
        }
    }

    private func emit(_ fields: RecordFields) {
        let type = fields.type ?? "Record"
        if let problem = fields.problem() { return sink.skipped(type: type, reason: problem, line: fields.line) }
        let (source, start, end) = (fields.source!, fields.start!, fields.end!)
        if let unit = fields.unit {
            guard fields.value != nil else { return sink.skipped(type: type, reason: RecordFields.missing("value"), line: fields.line) }
            guard let value = fields.numeric else {
                // TRANSLATORS: a record of the export skipped: {attribute} is the XML attribute's name (value), {value} what it holds.
                return sink.skipped(type: type, reason: tr("{attribute} '{value}' is not a number", ["attribute": "value", "value": fields.value!]),
                                    line: fields.line)
            }
            let sample = QuantitySample(type: HealthType(type), source: source, start: start, end: end, created: fields.created, value: value,
                                        unit: unit, wasUserEntered: fields.wasUserEntered, timeZone: fields.timeZone,
                                        motionContext: fields.motionContext)
            if sample.type == .systolic || sample.type == .diastolic {
                sink.bloodPressurePart(sample, line: fields.line)
            } else {
                sink.quantity(sample, line: fields.line)
            }
        } else {
            sink.category(CategorySample(type: HealthType(type), source: source, start: start, end: end, created: fields.created,
                                         value: fields.value ?? "", timeZone: fields.timeZone), line: fields.line)
        }
    }

    /// A BloodPressure correlation is one reading; other correlations (food) are not kept.
    private func emitCorrelation(_ fields: RecordFields, _ children: [RecordFields], line: Int) {
        let type = fields.type ?? "Correlation"
        guard type == HealthType.bloodPressure.identifier else { return }
        if let problem = fields.problem() { return sink.skipped(type: type, reason: problem, line: line) }
        func mmHg(_ member: HealthType) -> Double? {
            guard let child = children.first(where: { $0.type == member.identifier }), let value = child.numeric else { return nil }
            let unit = child.unit.flatMap(HealthUnit.unit)
            return unit.flatMap { HealthUnit.stored(value, exported: $0.symbol).value } ?? value
        }
        guard let systolic = mmHg(.systolic), let diastolic = mmHg(.diastolic) else {
            return sink.skipped(type: type, reason: tr("no systolic and diastolic values inside"), line: line)
        }
        sink.bloodPressure(BloodPressureReading(source: fields.source!, start: fields.start!, end: fields.end!, created: fields.created,
                                                systolic: systolic, diastolic: diastolic, wasUserEntered: fields.wasUserEntered), line: line)
    }

    private func startWorkout(_ attributes: XMLAttributes, line: Int) -> (Workout?, Int, String?, String?) {
        var fields = RecordFields(attributes, line: line, repeated: &repeated)
        fields.type = attributes.string("workoutActivityType")
        if let problem = fields.problem(typeAttribute: "workoutActivityType") { return (nil, line, problem, nil) }
        let duration = attributes.double("duration").map { Self.seconds($0, unit: attributes.string("durationUnit")) }
        let distance = attributes.double("totalDistance").map { Self.converted($0, unit: attributes.string("totalDistanceUnit"), to: "m") }
        let energy = attributes.double("totalEnergyBurned").map { Self.converted($0, unit: attributes.string("totalEnergyBurnedUnit"), to: "kcal") }
        return (Workout(activityType: fields.type!, source: fields.source!, start: fields.start!, end: fields.end!, created: fields.created,
                        duration: duration, distance: distance, energy: energy), line, nil, nil)
    }

    static func seconds(_ value: Double, unit: String?) -> Double { converted(value, unit: unit ?? "min", to: "s") }

    static func converted(_ value: Double, unit: String?, to target: String) -> Double {
        guard let unit = unit.flatMap(HealthUnit.unit), let base = HealthUnit.unit(target) else { return value }
        return UnitRegistry.convert(value, from: unit, to: base) ?? value
    }
}
