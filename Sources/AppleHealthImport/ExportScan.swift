import Foundation
import HealthData

/// An export's bytes read as the importer reads them (`ExportInput`'s filters, libxml2's push parser, the
/// element reader), with no store: what was found, or where the XML broke. What the fuzz target
/// and the reader's tests drive; `chunk` cuts the bytes as a file read would, to try the seams.
public enum ExportScan {
    public struct Counts: Equatable, Sendable {
        public var quantities = 0, categories = 0, bloodPressures = 0, workouts = 0, skipped = 0
        /// Characters XML does not allow, replaced on the way in.
        public var replacedCharacters = 0
        public var root: String?
    }

    public static func scan(_ data: Data, chunk: Int = 4096) throws -> Counts {
        let sink = CountingSink()
        let reader = ExportReader(sink: sink)
        let stream = XMLStream(handler: reader)
        let input = ExportInput()
        func feed(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws {
            do { try stream.feed(bytes, last: last) } catch {
                throw HealthImportError.notWellFormed(file: "export.xml", line: error.line, column: error.column, message: error.message)
            }
        }
        var offset = 0
        while offset < data.count {
            let piece = data[offset..<min(offset + max(chunk, 1), data.count)]
            try piece.withUnsafeBytes { bytes in try input.pass(bytes) { try feed($0) } }
            offset += piece.count
        }
        try input.finish { try feed($0) }
        try feed(UnsafeRawBufferPointer(start: nil, count: 0), last: true)
        sink.counts.root = reader.root
        sink.counts.replacedCharacters = input.replaced
        return sink.counts
    }

    private final class CountingSink: ExportSink {
        var counts = Counts()
        func sample(_ row: SampleRow, line: Int) {
            let kind = row.kind.takeUnretainedValue()
            if kind.unit == nil { counts.categories += 1 } else if !kind.isBloodPressurePart { counts.quantities += 1 }
        }
        func bloodPressure(_ reading: BloodPressureReading, line: Int) { counts.bloodPressures += 1 }
        func workout(_ workout: Workout, line: Int) { counts.workouts += 1 }
        func skipped(type: String, reason: String, line: Int) { counts.skipped += 1 }
    }
}
