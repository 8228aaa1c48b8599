import CarePlanStore
internal import CLibXML2
import Foundation
import HealthData
import Localization

/// What a reader finds in an export, one thing at a time.
protocol ExportSink: AnyObject {
    /// A quantity sample, a category sample (its kind has no unit), or a systolic or diastolic
    /// record outside a correlation (its kind says so; exports repeat each correlation's values).
    /// What it refers to lives as long as the reader (`RecordMemo`).
    func sample(_ row: SampleRow, line: Int)
    func bloodPressure(_ reading: BloodPressureReading, line: Int)
    func workout(_ workout: Workout, line: Int)
    /// A record that cannot be a sample: what it claimed to be, why, and where.
    func skipped(type: String, reason: String, line: Int)
}

/// Turns Apple Health's elements into samples: `Record`s (quantity when they have a unit,
/// category otherwise), BloodPressure `Correlation`s, and `Workout`s with their events and
/// statistics. Routes, activity summaries, clinical records and the like are passed over.
final class ExportReader: XMLElementHandler {
    /// Unowned and unchecked: whoever makes the reader keeps its sink for longer (counting its
    /// references was a cost on each of a million samples).
    private unowned(unsafe) let sink: any ExportSink

    // The state below is touched on every element, only by the thread that parses, and never
    // while a call that changes it is still under way: Swift's run-time exclusivity checks on
    // each access (a tenth of the reader's own work) are left out for it.

    /// The record being read, and where it started.
    @exclusivity(unchecked) private var record: RecordFields?
    @exclusivity(unchecked) private var correlation: (fields: RecordFields, children: [RecordFields], line: Int)?
    @exclusivity(unchecked) private var workout: (workout: Workout?, line: Int, reason: String?, timeZone: String?)?
    @exclusivity(unchecked) private var memo = RecordMemo()
    /// The zones records name in HKTimeZone, looked up once each.
    private let zones = RecordedZones()
    /// The current element's attributes.
    private let attributes = AttributeValues()
    /// The elements read, as the parser interns their names (`XMLNames`).
    @exclusivity(unchecked) private var elements = Elements()

    /// The document's root element; an export's is HealthData.
    @exclusivity(unchecked) private(set) var root: String?

    init(sink: any ExportSink) { self.sink = sink }

    private struct Elements {
        var record, metadataEntry, correlation, workout, workoutEvent, workoutStatistics: UnsafePointer<xmlChar>?
    }

    func parserStarted(names: XMLNames) {
        attributes.learn(names)
        elements = Elements(record: names.intern("Record"), metadataEntry: names.intern("MetadataEntry"),
                            correlation: names.intern("Correlation"), workout: names.intern("Workout"),
                            workoutEvent: names.intern("WorkoutEvent"), workoutStatistics: names.intern("WorkoutStatistics"))
    }

    /// A Record's or Correlation's attributes and the metadata careplan keeps.
    ///
    /// What records share (kind, unit, source, zone, a category's value) is held unmanaged:
    /// `memo` keeps each alive for the whole import, and a record copied or dropped then touches no
    /// reference count (a million records, each copied and dropped a few times on its way).
    struct RecordFields {
        /// The record's type and unit as samples share them (`SampleKind`).
        var kind: Unmanaged<SampleKind>?
        /// A workout's type (`workoutActivityType`), which is no sample's.
        var activityType: String?
        var unit: Unmanaged<SharedText>?
        /// Whether there is a value attribute; a quantity's value when it is a number, its text when not.
        var hasValue = false
        var numeric: Double?
        var notANumber: String?
        var categoryValue: Unmanaged<SharedText>?
        var source: Unmanaged<SampleSource>?
        var start: HealthInstant?
        var end: HealthInstant?
        var created: HealthInstant?
        var line: Int
        var wasUserEntered: Bool?
        var timeZone: Unmanaged<SharedText>?
        var motionContext: Int?
        /// What was wrong with a date attribute, if anything.
        var badDate: String?

        /// The type the record names: its kind's, or a workout's activity type.
        var type: String? { activityType ?? kind?.takeUnretainedValue().type.identifier }

        init(_ attributes: AttributeValues, line: Int, memo: inout RecordMemo) {
            self.line = line
            let unit = attributes[.unit].map { memo.unit($0) }
            self.unit = unit.map { .passUnretained($0) }
            if let bytes = attributes[.type] { kind = .passUnretained(memo.kind(memo.type(bytes), unit: unit)) }
            if let bytes = attributes[.value] {
                hasValue = true
                if unit == nil {
                    // A category's value (HKCategoryValueSleepAnalysisAsleepCore) repeats like the type.
                    categoryValue = .passUnretained(memo.categoryValue(bytes))
                } else {
                    // A quantity's number is what is kept; its text only for the message when it is none.
                    numeric = NumberText.double(bytes)
                    if numeric == nil { notANumber = String(decoding: bytes, as: UTF8.self) }
                }
            }
            if let name = attributes[.sourceName] {
                source = .passUnretained(memo.source(name: name, version: attributes[.sourceVersion], device: attributes[.device]))
            }
            func instant(_ attribute: Attribute) -> HealthInstant? {
                guard let bytes = attributes[attribute] else { return nil }
                guard let instant = HealthInstant.parse(bytes, memo: &memo.day) else {
                    // TRANSLATORS: a record of the export skipped: {attribute} is the XML attribute's name
                    // (startDate), {value} what it holds; YYYY-MM-DD HH:MM:SS ±HHMM is the form it should have.
                    badDate = badDate ?? tr("{attribute} '{value}' is not YYYY-MM-DD HH:MM:SS ±HHMM",
                                            ["attribute": attribute.name.description, "value": String(decoding: bytes, as: UTF8.self)])
                    return nil
                }
                return instant
            }
            start = instant(.startDate)
            end = instant(.endDate)
            created = instant(.creationDate)
        }

        /// Why this cannot be a sample, if it cannot; the type is in `typeAttribute` (a Workout's
        /// in `workoutActivityType`).
        func problem(typeAttribute: String = "type") -> String? {
            if kind == nil, activityType == nil { return Self.missing(typeAttribute) }
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
            guard let zone = timeZone?.takeUnretainedValue().string else { return }
            start = start.map { zones.instant($0, in: zone) }
            end = end.map { zones.instant($0, in: zone) }
        }

        /// The metadata careplan keeps, told by its key's bytes.
        enum MetadataKey {
            case wasUserEntered, timeZone, motionContext

            init?(_ key: UnsafeBufferPointer<UInt8>) {
                func named(_ text: StaticString) -> Bool {
                    text.utf8CodeUnitCount == key.count && memcmp(text.utf8Start, key.baseAddress!, key.count) == 0
                }
                if named("HKMetadataKeyHeartRateMotionContext") { self = .motionContext }
                else if named("HKTimeZone") { self = .timeZone }
                else if named("HKWasUserEntered") { self = .wasUserEntered }
                else { return nil }
            }
        }

        mutating func metadata(_ key: MetadataKey, value: UnsafeBufferPointer<UInt8>, memo: inout RecordMemo) {
            switch key {
            case .wasUserEntered: wasUserEntered = value.count == 1 && value[0] == 0x31
            case .timeZone: timeZone = .passUnretained(memo.timeZone(value))
            case .motionContext: motionContext = NumberText.integer(value)
            }
        }
    }

    func start(_ name: UnsafePointer<xmlChar>, _ xmlAttributes: XMLAttributes, line: Int) {
        if root == nil { root = String(cString: name) }
        if name == elements.record {
            attributes.read(xmlAttributes)
            record = RecordFields(attributes, line: line, memo: &memo)
        } else if name == elements.metadataEntry {
            attributes.read(xmlAttributes)
            guard let keyBytes = attributes[.key], let value = attributes[.value] else { return }
            if let key = RecordFields.MetadataKey(keyBytes) {
                if record != nil { record!.metadata(key, value: value, memo: &memo) }
                else if correlation != nil { correlation!.fields.metadata(key, value: value, memo: &memo) }
                // A workout's own zone (its route's metadata, inside it, would name the same).
                else if workout != nil, key == .timeZone, workout!.timeZone == nil { workout!.timeZone = memo.timeZone(value).string }
            }
        } else if name == elements.correlation {
            attributes.read(xmlAttributes)
            correlation = (RecordFields(attributes, line: line, memo: &memo), [], line)
        } else if name == elements.workout {
            attributes.read(xmlAttributes)
            workout = startWorkout(line: line)
        } else if name == elements.workoutEvent {
            guard workout?.workout != nil else { return }
            attributes.read(xmlAttributes)
            guard let type = attributes.string(.type), let date = attributes[.date].flatMap({ HealthInstant.parse($0) }) else { return }
            let duration = attributes.double(.duration).map { Self.seconds($0, unit: attributes.string(.durationUnit)) }
            workout!.workout!.events.append(WorkoutEvent(type: type, date: date, duration: duration))
        } else if name == elements.workoutStatistics {
            guard workout?.workout != nil else { return }
            attributes.read(xmlAttributes)
            guard let type = attributes.string(.type) else { return }
            workout!.workout!.statistics.append(WorkoutStatistic(type: HealthType(type), average: attributes.double(.average),
                                                                 minimum: attributes.double(.minimum), maximum: attributes.double(.maximum),
                                                                 sum: attributes.double(.sum), unit: attributes.string(.unit)))
        }
    }

    func end(_ name: UnsafePointer<xmlChar>) {
        if name == elements.record {
            // Taken out, not copied: a copy would retain each of its strings once more.
            guard var fields = record.take() else { return }
            fields.liveWhereRecorded(zones)
            if correlation != nil { correlation!.children.append(fields) } else { emit(consume fields) }
        } else if name == elements.correlation {
            guard var (fields, children, line) = correlation.take() else { return }
            fields.liveWhereRecorded(zones)
            emitCorrelation(fields, children, line: line)
        } else if name == elements.workout {
            guard let (found, line, reason, timeZone) = workout.take() else { return }
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

    private func emit(_ fields: consuming RecordFields) {
        if let problem = fields.problem() { return sink.skipped(type: fields.type ?? "Record", reason: problem, line: fields.line) }
        var value = 0.0
        if fields.unit != nil {
            guard fields.hasValue else { return sink.skipped(type: fields.type!, reason: RecordFields.missing("value"), line: fields.line) }
            guard let numeric = fields.numeric else {
                // TRANSLATORS: a record of the export skipped: {attribute} is the XML attribute's name (value), {value} what it holds.
                return sink.skipped(type: fields.type!, reason: tr("{attribute} '{value}' is not a number", ["attribute": "value", "value": fields.notANumber!]),
                                    line: fields.line)
            }
            value = numeric
        }
        sink.sample(SampleRow(kind: fields.kind!, source: fields.source!, text: fields.categoryValue, timeZone: fields.timeZone,
                              start: fields.start!, end: fields.end!, created: fields.created, value: value,
                              wasUserEntered: fields.wasUserEntered, motionContext: fields.motionContext), line: fields.line)
    }

    /// A BloodPressure correlation is one reading; other correlations (food) are not kept.
    private func emitCorrelation(_ fields: RecordFields, _ children: [RecordFields], line: Int) {
        let type = fields.type ?? "Correlation"
        guard type == HealthType.bloodPressure.identifier else { return }
        if let problem = fields.problem() { return sink.skipped(type: type, reason: problem, line: line) }
        func mmHg(_ member: HealthType) -> Double? {
            guard let child = children.first(where: { $0.type == member.identifier }), let value = child.numeric else { return nil }
            let unit = child.unit.flatMap { HealthUnit.unit($0.takeUnretainedValue().string) }
            return unit.flatMap { HealthUnit.stored(value, exported: $0.symbol).value } ?? value
        }
        guard let systolic = mmHg(.systolic), let diastolic = mmHg(.diastolic) else {
            return sink.skipped(type: type, reason: tr("no systolic and diastolic values inside"), line: line)
        }
        sink.bloodPressure(BloodPressureReading(source: fields.source!.takeUnretainedValue(), start: fields.start!, end: fields.end!,
                                                created: fields.created, systolic: systolic, diastolic: diastolic,
                                                wasUserEntered: fields.wasUserEntered), line: line)
    }

    private func startWorkout(line: Int) -> (Workout?, Int, String?, String?) {
        var fields = RecordFields(attributes, line: line, memo: &memo)
        fields.kind = nil
        fields.activityType = attributes.string(.workoutActivityType)
        if let problem = fields.problem(typeAttribute: "workoutActivityType") { return (nil, line, problem, nil) }
        let duration = attributes.double(.duration).map { Self.seconds($0, unit: attributes.string(.durationUnit)) }
        let distance = attributes.double(.totalDistance).map { Self.converted($0, unit: attributes.string(.totalDistanceUnit), to: "m") }
        let energy = attributes.double(.totalEnergyBurned).map { Self.converted($0, unit: attributes.string(.totalEnergyBurnedUnit), to: "kcal") }
        return (Workout(activityType: fields.activityType!, source: fields.source!.takeUnretainedValue(), start: fields.start!, end: fields.end!, created: fields.created,
                        duration: duration, distance: distance, energy: energy), line, nil, nil)
    }

    static func seconds(_ value: Double, unit: String?) -> Double { converted(value, unit: unit ?? "min", to: "s") }

    static func converted(_ value: Double, unit: String?, to target: String) -> Double {
        guard let unit = unit.flatMap(HealthUnit.unit), let base = HealthUnit.unit(target) else { return value }
        return UnitRegistry.convert(value, from: unit, to: base) ?? value
    }
}
