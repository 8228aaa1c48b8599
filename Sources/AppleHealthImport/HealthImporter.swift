import CarePlanStore
import Foundation
import GRDB
import HealthData

/// Imports an Apple Health export into a store: all of it in one write transaction, so a file
/// that turns out not to be well-formed halfway through (a download cut short), a damaged zip or an
/// interruption leaves the store exactly as it was.
///
/// The XML is streamed (zip entry inflated in chunks, libxml2's push parser): memory stays the same
/// whatever the size of the export.
public struct HealthImporter {
    /// Only samples whose local day is on or after this are imported.
    public var since: LocalDate?
    /// The moment of the import (UTC seconds): samples starting after it are counted as "future".
    public var now: Int
    /// Called after each chunk: bytes read so far and in all, samples read so far.
    public var progress: ((_ read: Int, _ total: Int, _ samples: Int) -> Void)?
    /// Asked after each chunk; true stops the import, nothing written.
    public var interrupted: () -> Bool = { false }

    public init(since: LocalDate? = nil, now: Int) {
        self.since = since
        self.now = now
    }

    public func run(path: String, into store: CareStore) throws -> ImportSummary {
        let source = try ExportSource(path: path)
        let clock = ContinuousClock(), started = clock.now
        var summary = try store.write { db -> ImportSummary in
            let collector = Collector(writer: try SampleWriter(db), since: since, now: now)
            let reader = ExportReader(sink: collector)
            let stream = XMLStream(handler: reader)
            var filter = DoctypeFilter()
            var read = 0
            func feed(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws {
                do { try stream.feed(bytes, last: last) } catch {
                    throw HealthImportError.notWellFormed(file: source.name, line: error.line, column: error.column, message: error.message)
                }
                if let failure = collector.failure { throw failure }
            }
            try source.read { chunk in
                if interrupted() { throw HealthImportError.interrupted }
                if let head = filter.filter(chunk) { try head.withUnsafeBytes { try feed($0) } } else { try feed(chunk) }
                read += chunk.count
                progress?(read, source.totalBytes, collector.samples)
            }
            try filter.finish().withUnsafeBytes { try feed($0, last: true) }
            try collector.finish()
            return collector.summary(file: source.name, bytes: read)
        }
        summary.seconds = Double((clock.now - started).components.attoseconds) / 1e18 + Double((clock.now - started).components.seconds)
        return summary
    }
}

/// Receives what the reader finds, writes it and counts it per type. libxml2's callbacks cannot
/// throw: the first database error is kept and raised after the chunk.
final class Collector: ExportSink {
    let writer: SampleWriter
    let since: LocalDate?
    let now: Int
    private(set) var failure: (any Error)?
    private(set) var samples = 0
    private var counts: [HealthType: ImportSummary.TypeCounts] = [:]
    private var skips: [ImportSummary.Skip] = []
    private var units = UnitMemo()
    static let skipsShown = 10

    init(writer: SampleWriter, since: LocalDate?, now: Int) {
        self.writer = writer
        self.since = since
        self.now = now
    }

    /// Counts the sample under `type`; false when it is not to be written (before `--since`, or after a failure).
    private func admit(_ type: HealthType, start: HealthInstant, source: String) -> Bool {
        guard failure == nil else { return false }
        samples += 1
        var entry = counts[type] ?? ImportSummary.TypeCounts(type: type)
        defer { counts[type] = entry }
        if let since, start.day < since.dayNumber {
            entry.before += 1
            return false
        }
        entry.saw(start.localDate, source: source)
        if start.utc > now { entry.future += 1 }
        return true
    }

    private func record(_ type: HealthType, _ write: () throws -> Bool) {
        do {
            if try write() { counts[type]!.added += 1 } else { counts[type]!.existing += 1 }
        } catch {
            failure = failure ?? error
        }
    }

    func quantity(_ sample: QuantitySample, line: Int) {
        guard admit(sample.type, start: sample.start, source: sample.source.name) else { return }
        if units.unit(sample.unit) == nil { counts[sample.type]!.unknownUnits.insert(sample.unit) }
        record(sample.type) { try writer.add(sample) }
    }

    func category(_ sample: CategorySample, line: Int) {
        guard admit(sample.type, start: sample.start, source: sample.source.name) else { return }
        record(sample.type) { try writer.add(sample) }
    }

    func bloodPressurePart(_ sample: QuantitySample, line: Int) {
        guard failure == nil else { return }
        if let since, sample.start.day < since.dayNumber { return }
        do { try writer.addBloodPressurePart(sample) } catch { failure = failure ?? error }
    }

    func bloodPressure(_ reading: BloodPressureReading, line: Int) {
        guard admit(.bloodPressure, start: reading.start, source: reading.source.name) else { return }
        record(.bloodPressure) { try writer.add(reading) }
    }

    func workout(_ workout: Workout, line: Int) {
        guard admit(.workout, start: workout.start, source: workout.source.name) else { return }
        record(.workout) { try writer.add(workout) }
    }

    func skipped(type: String, reason: String, line: Int) {
        guard failure == nil else { return }
        let key = HealthType(type)
        counts[key, default: ImportSummary.TypeCounts(type: key)].skipped += 1
        if skips.count < Self.skipsShown { skips.append(ImportSummary.Skip(line: line, type: type, reason: reason)) }
    }

    /// Pairs the blood-pressure records kept aside; readings only they describe (no correlation)
    /// are added, and a lone systolic or diastolic stays a sample of its own.
    func finish() throws {
        let (readings, systolic, diastolic) = try writer.finish()
        if readings > 0 { counts[.bloodPressure, default: ImportSummary.TypeCounts(type: .bloodPressure)].added += readings }
        if systolic > 0 { counts[.systolic, default: ImportSummary.TypeCounts(type: .systolic)].added += systolic }
        if diastolic > 0 { counts[.diastolic, default: ImportSummary.TypeCounts(type: .diastolic)].added += diastolic }
    }

    func summary(file: String, bytes: Int) -> ImportSummary {
        ImportSummary(file: file, types: counts.values.sorted { $0.type < $1.type }, skips: skips, bytes: bytes, seconds: 0)
    }
}
