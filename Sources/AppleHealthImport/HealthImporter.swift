import CarePlanStore
internal import CLibXML2
import Foundation
import GRDB
import HealthData
import Localization

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
    /// Read the export even when the same file was imported before.
    public var again = false
    /// The importing person's today: linked activities are filled through it (default: the UTC
    /// day of `now`).
    public var today: LocalDate?
    /// The zone linked sleep diaries cut nights in (the clock's, from the command line; nil: the
    /// commands' zone).
    public var zone: TimeZone?

    public init(since: LocalDate? = nil, now: Int) {
        self.since = since
        self.now = now
    }

    public func run(path: String, into store: CareStore) throws -> ImportSummary {
        try run(path: path) { store }
    }

    /// As `run(path:into:)`, opening the store only once the file has been found to be an export
    /// (so a wrong path does not leave a new, empty store behind).
    public func run(path: String, openingStore openStore: () throws -> CareStore) throws -> ImportSummary {
        if let problem = careplan_libxml2_error() { throw HealthImportError.missingLibrary(String(cString: problem)) }
        let source = try ExportSource(path: path)
        let clock = ContinuousClock(), started = clock.now
        // Inflating and parsing on one core, writing on the other (the thread that holds the
        // transaction); the reader waits when the writer is behind. Reading starts before the
        // store opens, so opening it (a new store's schema, the check for an earlier import of the
        // same file) overlaps the reading instead of coming before it. Whatever ends the import,
        // the reading thread is stopped and waited for before this returns.
        let channel = BatchChannel()
        let job = ReadingJob(source: source, channel: channel, progress: progress, interrupted: interrupted)
        Thread { job.run() }.start()
        var joined = false
        defer {
            if !joined {
                channel.cancel()
                job.done.wait()
            }
        }
        let store = try openStore()
        func elapsed() -> Double {
            let parts = (clock.now - started).components
            return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        }
        // The same export again (same size, same CRC-32; the zip records it) adds nothing: say so
        // and stop reading it.
        if !again {
            let earlier = try HealthImportLog.imports(in: store, bytes: source.totalBytes, since: since)
            if !earlier.isEmpty {
                let checksum = try source.fingerprint()
                if let match = earlier.first(where: { $0.crc32 == checksum }) {
                    return ImportSummary(file: source.name, types: [], skips: [], bytes: 0, seconds: elapsed(), previous: match)
                }
            }
        }
        // Every id a row written here refers to is looked up or made in this same transaction: a
        // sample's type, source and device (`SampleWriter`), a linked activity's outcome's activity
        // (`PlanLinkage`, from the plan it reads). SQLite need not check each row's references again.
        var summary = try store.write(checkingForeignKeys: false) { db -> ImportSummary in
            let collector = Collector(writer: try SampleWriter(db), since: since, now: now)
            while let batch = try channel.receive() {
                for found in batch { collector.take(found) }
                if let failure = collector.failure { throw failure }
            }
            job.done.wait()
            joined = true
            try collector.finish()
            // The plan's linked activities take the new samples, in this same transaction.
            if let first = collector.writer.firstDayAdded {
                try PlanLinkage.sync(db, from: LocalDate(dayNumber: first), through: today ?? LocalDate(dayNumber: (now - ((now % 86400) + 86400) % 86400) / 86400), zone: zone)
            }
            let summary = collector.summary(file: source.name, bytes: job.bytesRead, replacedCharacters: job.replaced)
            // The same export read again (--again) that adds nothing is remembered already: the
            // store is left byte for byte as it was.
            let remembered = try summary.added == 0
                && HealthImportLog.imports(db, bytes: job.bytesRead, since: since).contains { $0.crc32 == job.checksum }
            if !remembered {
                try HealthImportLog.record(db, file: source.name, bytes: job.bytesRead, crc32: job.checksum, since: since, at: now,
                                           samples: summary.added + summary.existing, added: summary.added, skipped: summary.skipped)
            }
            return summary
        }
        summary.seconds = elapsed()
        return summary
    }
}

/// The reading thread: the export's chunks through the filters (`ExportInput`) into libxml2, and what the
/// reader finds into batches for the writer. Its error (not well-formed, a damaged zip, Ctrl-C)
/// reaches the writer through the channel.
final class ReadingJob: @unchecked Sendable {
    let source: ExportSource
    let channel: BatchChannel
    let progress: ((Int, Int, Int) -> Void)?
    let interrupted: () -> Bool
    /// Signalled when the thread is done with everything.
    let done = DispatchSemaphore(value: 0)
    /// Bytes of XML read and their CRC-32; final once `done` is signalled.
    private(set) var bytesRead = 0
    private(set) var checksum: UInt32 = 0
    /// Characters XML does not allow, replaced on the way in (`CharacterFilter`).
    private(set) var replaced = 0

    /// The reader, kept with the job rather than by the thread: the rows it hands over refer to
    /// what it made (`RecordMemo`), which must outlive the writer's last batch.
    private let handoff: Handoff
    private let reader: ExportReader

    init(source: ExportSource, channel: BatchChannel, progress: ((Int, Int, Int) -> Void)?, interrupted: @escaping () -> Bool) {
        self.source = source
        self.channel = channel
        self.progress = progress
        self.interrupted = interrupted
        handoff = Handoff(channel: channel)
        reader = ExportReader(sink: handoff)
    }

    func run() {
        defer { done.signal() }
        let (handoff, reader) = (self.handoff, self.reader)
        let stream = XMLStream(handler: reader)
        let input = ExportInput()
        let name = source.name
        func feed(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws {
            do { try stream.feed(bytes, last: last) } catch {
                // Failing before any element opened, it is no XML at all (a plan file, a PDF...).
                guard reader.root != nil else { throw HealthImportError.notAnExport(file: name, found: tr("not XML")) }
                throw HealthImportError.notWellFormed(file: name, line: error.line, column: error.column, message: error.message)
            }
            if let root = reader.root, root != "HealthData" {
                throw HealthImportError.notAnExport(file: name, found: tr("its root element is <{root}>, not <HealthData>", ["root": root]))
            }
        }
        do {
            checksum = try source.read { chunk in
                if interrupted() { throw HealthImportError.interrupted }
                try input.pass(chunk) { try feed($0) }
                bytesRead += chunk.count
                progress?(bytesRead, source.totalBytes, handoff.count)
                if handoff.stopped { throw Handoff.Stopped() }
            }
            try input.finish { try feed($0) }
            try feed(UnsafeRawBufferPointer(start: nil, count: 0), last: true)
            replaced = input.replaced
            handoff.flush()
            channel.finish(nil)
        } catch {
            channel.finish(error)
        }
    }
}

/// Receives what the reader finds, writes it and counts it per type. libxml2's callbacks cannot
/// throw: the first database error is kept and raised after the chunk.
final class Collector {
    let writer: SampleWriter
    let since: LocalDate?
    let now: Int
    private(set) var failure: (any Error)?
    private(set) var samples = 0
    /// Counts per type, in the order first met, and where each type's are: mutated in place, and
    /// the last type remembered, since samples come in runs of one type.
    private var counts: [ImportSummary.TypeCounts] = []
    private var slots: [HealthType: Int] = [:]
    private var last: (type: HealthType, slot: Int, source: String)?
    private var skips: [ImportSummary.Skip] = []
    static let skipsShown = 10

    init(writer: SampleWriter, since: LocalDate?, now: Int) {
        self.writer = writer
        self.since = since
        self.now = now
    }

    private func slot(_ type: HealthType) -> Int {
        if let last, last.type.identifier == type.identifier { return last.slot }
        if let slot = slots[type] { return slot }
        counts.append(ImportSummary.TypeCounts(type: type))
        slots[type] = counts.count - 1
        return counts.count - 1
    }

    /// Counts the sample under `type`; the slot of its counts, or nil when it is not to be written
    /// (before `--since`, or after a failure).
    private func admit(_ type: HealthType, start: HealthInstant, source: String) -> Int? {
        guard failure == nil else { return nil }
        samples += 1
        let slot = slot(type)
        if let since, start.day < since.dayNumber {
            counts[slot].before += 1
            return nil
        }
        counts[slot].saw(start.localDate, source: last?.slot == slot && last?.source == source ? nil : source)
        last = (type, slot, source)
        runCounted = nil
        if start.utc > now { counts[slot].future += 1 }
        return slot
    }

    private func record(_ slot: Int, _ write: () throws -> Bool) {
        do {
            if try write() { counts[slot].added += 1 } else { counts[slot].existing += 1 }
        } catch {
            failure = failure ?? error
        }
    }

    // What the run of rows has in common, found once per run: rows come in runs of one kind and
    // source, and nothing the reading thread also holds is retained for them (`SampleRow`). Only
    // this thread touches them, and never re-entrantly: no run-time exclusivity checks.
    @exclusivity(unchecked) private var runKind: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var runSlot = 0
    @exclusivity(unchecked) private var runShape = Shape.quantity
    /// The unit of a quantity kind careplan does not know, reported with its type.
    @exclusivity(unchecked) private var runUnknownUnit: String?
    /// The slot and source of the last row counted.
    @exclusivity(unchecked) private var runCounted: (slot: Int, source: UnsafeMutableRawPointer)?

    private enum Shape { case quantity, category, bloodPressurePart }

    /// A quantity or category sample, or half of a blood-pressure reading, as the reader found it.
    func sample(_ row: SampleRow, line: Int) {
        guard failure == nil else { return }
        if runKind != row.kind.toOpaque() {
            let kind = row.kind.takeUnretainedValue()
            runKind = row.kind.toOpaque()
            runShape = kind.isBloodPressurePart ? .bloodPressurePart : kind.unit == nil ? .category : .quantity
            runSlot = runShape == .bloodPressurePart ? 0 : slot(kind.type)
            runUnknownUnit = kind.unit != nil && kind.conversion.unit == nil ? kind.unit?.string : nil
        }
        if runShape == .bloodPressurePart {
            if let since, row.start.day < since.dayNumber { return }
            do { try writer.addBloodPressurePart(row) } catch { failure = failure ?? error }
            return
        }
        samples += 1
        let slot = runSlot
        if let since, row.start.day < since.dayNumber {
            counts[slot].before += 1
            return
        }
        // The source is named to the counts when it differs from the last row's.
        let source = row.source.toOpaque()
        let same = runCounted.map { $0.slot == slot && $0.source == source } ?? false
        counts[slot].saw(row.start.localDate, source: same ? nil : row.source.takeUnretainedValue().name)
        runCounted = (slot, source)
        last = nil
        if row.start.utc > now { counts[slot].future += 1 }
        if let unit = runUnknownUnit { counts[slot].unknownUnits.insert(unit) }
        if runShape == .quantity { record(slot) { try writer.add(quantity: row) } } else { record(slot) { try writer.add(category: row) } }
    }

    func bloodPressure(_ reading: BloodPressureReading, line: Int) {
        guard let slot = admit(.bloodPressure, start: reading.start, source: reading.source.name) else { return }
        record(slot) { try writer.add(reading) }
    }

    func workout(_ workout: Workout, line: Int) {
        guard let slot = admit(.workout, start: workout.start, source: workout.source.name) else { return }
        record(slot) { try writer.add(workout) }
    }

    func skipped(type: String, reason: String, line: Int) {
        guard failure == nil else { return }
        counts[slot(HealthType(type))].skipped += 1
        if skips.count < Self.skipsShown { skips.append(ImportSummary.Skip(line: line, type: type, reason: reason)) }
    }

    func take(_ found: Found) {
        switch found {
        case .sample(let row, let line): sample(row, line: line)
        case .bloodPressure(let reading, let line): bloodPressure(reading, line: line)
        case .workout(let workout, let line): self.workout(workout, line: line)
        case .skipped(let type, let reason, let line): skipped(type: type, reason: reason, line: line)
        }
    }

    /// Pairs the blood-pressure records kept aside; readings only they describe (no correlation)
    /// are added, and a lone systolic or diastolic stays a sample of its own.
    func finish() throws {
        let (readings, systolic, diastolic) = try writer.finish()
        if readings > 0 { counts[slot(.bloodPressure)].added += readings }
        if systolic > 0 { counts[slot(.systolic)].added += systolic }
        if diastolic > 0 { counts[slot(.diastolic)].added += diastolic }
    }

    func summary(file: String, bytes: Int, replacedCharacters: Int) -> ImportSummary {
        var summary = ImportSummary(file: file, types: counts.sorted { $0.type < $1.type }, skips: skips, bytes: bytes, seconds: 0)
        summary.replacedCharacters = replacedCharacters
        return summary
    }
}
