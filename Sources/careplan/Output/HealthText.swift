import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Localization

/// What `careplan health import` prints: a line of totals, a row per type, and what was passed over.
enum ImportSummaryText {
    static func lines(_ summary: ImportSummary, clock: CareClock) -> [String] {
        if let previous = summary.previous {
            return [trn("Already imported: {file}, on {time} ({count} sample); nothing added. careplan health import --again reads it anyway.",
                        "Already imported: {file}, on {time} ({count} samples); nothing added. careplan health import --again reads it anyway.",
                        previous.samples, ["file": summary.file, "time": localTime(previous.importedAt, clock)])]
        }
        // TRANSLATORS: "Imported export.zip: 1,200 added, 30 already there, 2 skipped (12.3 MB in 4.5 s)".
        var lines = [tr("Imported {file}: {added} added, {existing} already there, {skipped} skipped ({megabytes} MB in {seconds} s)",
                        ["file": summary.file, "added": summary.added, "existing": summary.existing, "skipped": summary.skipped,
                         "megabytes": NumberText.string(Double(summary.bytes) / 1_000_000, decimals: 1), "seconds": NumberText.string(summary.seconds, decimals: 1)])]
        guard !summary.types.isEmpty else { return lines + [tr("No health records in this export.")] }
        let rows = summary.types.map { counts in
            [counts.type.title, NumberText.grouped(counts.added), NumberText.grouped(counts.existing), NumberText.grouped(counts.skipped),
             counts.first?.iso ?? "", counts.last?.iso ?? "", counts.sources.sorted().joined(separator: ", ")]
        }
        // TRANSLATORS: headings of the table careplan health import prints: per type, how many samples were added, already there, skipped.
        let header = [trc("table heading", "type"), trc("table heading", "added"), trc("table heading", "already"), trc("table heading", "skipped"),
                      trc("table heading", "from"), trc("table heading", "to"), trc("table heading", "sources")]
        lines += TextTable.lines(header: header, rows: rows, rightAligned: [1, 2, 3])
            .map { "  " + $0 }
        let before = summary.types.reduce(0) { $0 + $1.before }
        if before > 0 { lines.append(trn("{count} sample before --since was left out.", "{count} samples before --since were left out.", before)) }
        if summary.future > 0 {
            lines.append(trn("{count} sample starts in the future (kept as exported; a device clock was probably wrong).",
                             "{count} samples start in the future (kept as exported; a device clock was probably wrong).", summary.future))
        }
        if summary.replacedCharacters > 0 {
            // TRANSLATORS: characters an export held that XML 1.0 does not allow (a vertical tab in an app's name); each
            // was replaced (by a space) while reading, instead of refusing the whole file.
            lines.append(trn("{count} character XML does not allow (a control character) was replaced so that the export could be read.",
                             "{count} characters XML does not allow (control characters) were replaced so that the export could be read.",
                             summary.replacedCharacters))
        }
        for counts in summary.types where !counts.unknownUnits.isEmpty {
            // TRANSLATORS: {units} are unit symbols as the export wrote them, e.g. "count/min, furlong".
            lines.append(tr("{type}: unit {units} is not one careplan knows; values kept as exported.",
                            ["type": counts.type.title, "units": counts.unknownUnits.sorted().joined(separator: ", ")]))
        }
        if !summary.skips.isEmpty {
            lines.append(summary.skipped > summary.skips.count
                ? trn("Skipped records (the first {count} of {total}):", "Skipped records (the first {count} of {total}):", summary.skips.count, ["total": summary.skipped])
                : tr("Skipped records:"))
            // TRANSLATORS: a record of the export that was skipped: its line in export.xml, its type, and why.
            lines += summary.skips.map { "  " + tr("line {line}: {type}: {reason}", ["line": String($0.line), "type": $0.type, "reason": $0.reason]) }
        }
        return lines
    }

    /// `2026-11-23 09:00`, in the clock's time zone.
    static func localTime(_ utc: Int, _ clock: CareClock) -> String {
        let local = utc + clock.timeZone.offset(at: utc)
        let minutes = ((local % 86400) + 86400) % 86400 / 60
        return LocalDate(dayNumber: Int((Double(local) / 86400).rounded(.down))).iso + String(format: " %02d:%02d", minutes / 60, minutes % 60)
    }
}

/// `careplan health import --json`.
struct ImportSummaryJSON: Encodable {
    struct TypeJSON: Encodable {
        var type: String
        var added: Int
        var existing: Int
        var skipped: Int
        var beforeSince: Int
        var future: Int
        @Null var first: String?
        @Null var last: String?
        var sources: [String]
        var unknownUnits: [String]
    }

    struct SkipJSON: Encodable {
        var line: Int
        var type: String
        var reason: String
    }

    var file: String
    var added: Int
    var existing: Int
    var skipped: Int
    var bytes: Int
    var seconds: Double
    var types: [TypeJSON]
    var skips: [SkipJSON]
    /// Characters XML does not allow, replaced while reading.
    var replacedCharacters: Int
    /// UTC seconds of the earlier import of the same export, when nothing was read.
    @Null var alreadyImportedAt: Int?

    init(_ summary: ImportSummary) {
        alreadyImportedAt = summary.previous?.importedAt
        file = summary.file
        added = summary.added
        existing = summary.existing
        skipped = summary.skipped
        bytes = summary.bytes
        seconds = (summary.seconds * 1000).rounded() / 1000
        types = summary.types.map {
            TypeJSON(type: $0.type.identifier, added: $0.added, existing: $0.existing, skipped: $0.skipped, beforeSince: $0.before,
                     future: $0.future, first: $0.first?.iso, last: $0.last?.iso, sources: $0.sources.sorted(), unknownUnits: $0.unknownUnits.sorted())
        }
        skips = summary.skips.map { SkipJSON(line: $0.line, type: $0.type, reason: $0.reason) }
        replacedCharacters = summary.replacedCharacters
    }
}

/// `careplan health types --json`.
struct HealthTypeJSON: Encodable {
    var type: String
    var title: String
    var count: Int
    var first: String
    var last: String
    @Null var unit: String?
    var sources: [String]

    init(_ summary: HealthTypeSummary) {
        type = summary.type.identifier
        title = summary.type.title
        count = summary.count
        first = summary.first.iso
        last = summary.last.iso
        unit = summary.unit
        sources = summary.sources
    }
}

/// `careplan health samples --json`.
struct HealthSampleJSON: Encodable {
    var start: String
    var end: String
    var utcOffset: Int
    @Null var value: Double?
    @Null var unit: String?
    @Null var category: String?
    @Null var systolic: Double?
    @Null var diastolic: Double?
    var text: String
    var source: String

    init(_ sample: ListedSample, type: HealthType) {
        start = sample.start.localText
        end = sample.end.localText
        utcOffset = sample.start.offset
        text = sample.value.text(type: type)
        source = sample.source
        switch sample.value {
        case .quantity(let number, let symbol): (value, unit) = (number, symbol)
        case .category(let name): category = name
        case .bloodPressure(let high, let low): (systolic, diastolic) = (high, low)
        }
    }
}

/// `careplan health workouts --json`.
struct HealthWorkoutJSON: Encodable {
    var activityType: String
    var start: String
    var end: String
    var activeSeconds: Int
    @Null var distanceMetres: Double?
    @Null var energyKcal: Double?
    @Null var averageHeartRate: Double?
    var source: String

    init(_ workout: ListedWorkout) {
        activityType = workout.activityType
        start = workout.start.localText
        end = workout.end.localText
        activeSeconds = workout.activeSeconds
        distanceMetres = workout.distance
        energyKcal = workout.energy
        averageHeartRate = workout.averageHeartRate
        source = workout.source
    }
}

/// `careplan health stats --json`.
struct HealthStatisticsJSON: Encodable {
    struct BucketJSON: Encodable {
        var start: String
        var count: Int
        @Null var sum: Double?
        @Null var average: Double?
        @Null var minimum: Double?
        @Null var maximum: Double?
        @Null var last: Double?
    }

    var type: String
    var aggregation: String
    var unit: String
    var bucket: String
    var from: String
    var to: String
    var buckets: [BucketJSON]

    init(_ collection: StatisticsCollection, from: LocalDate, to: LocalDate, bucket: DateBucket) {
        type = collection.type.identifier
        aggregation = collection.aggregation.rawValue
        unit = collection.unit
        self.bucket = bucket.rawValue
        self.from = from.iso
        self.to = to.iso
        let cumulative = collection.aggregation == .cumulative
        buckets = collection.buckets.map {
            BucketJSON(start: $0.start.iso, count: $0.count, sum: cumulative ? $0.sum : nil, average: $0.average, minimum: $0.minimum,
                       maximum: $0.maximum, last: $0.last)
        }
    }
}

/// A source's device as `careplan health sources` lists it: `Apple Watch (Apple Inc., Watch6,7, software 10.2)`.
enum DeviceText {
    static func line(_ device: SampleDevice) -> String {
        var details = [device.manufacturer, device.hardware ?? device.model].compactMap { $0 }
        // TRANSLATORS: a device's software version, in the list of careplan health sources: "software 10.2".
        if let software = device.software { details.append(tr("software {version}", ["version": software])) }
        let name = device.name ?? device.model ?? device.hardware ?? device.source
        guard !details.isEmpty else { return name }
        // TRANSLATORS: a device in the list of careplan health sources: its name, then its maker, model and software:
        // "Apple Watch (Apple Inc., Watch6,7, software 10.2)".
        return tr("{device} ({details})", ["device": name, "details": ListText.joined(details)])
    }
}
