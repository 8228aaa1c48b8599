import Foundation
import HealthData

/// What the reading thread found, in file order, for the writing thread.
/// Unchecked: a sample row refers to what the reader made unmanaged (`SampleRow`); the reader
/// never changes those objects, and the import keeps them until the writer is done.
enum Found: @unchecked Sendable {
    case sample(SampleRow, line: Int)
    case bloodPressure(BloodPressureReading, line: Int)
    case workout(Workout, line: Int)
    case skipped(type: String, reason: String, line: Int)
}

/// A small bounded queue of batches between the thread that inflates and parses an export and the
/// one that writes it: the two run on the two cores at once, and memory stays bounded because the
/// reader waits when the writer is behind.
final class BatchChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[Found]] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    static let capacity = 4

    /// Hands over a batch, waiting while the queue is full; false once the writer has given up.
    func send(_ batch: [Found]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The reader is done: nothing more comes, and `error` says why it stopped, if it failed.
    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for one; nil at the end. Throws the reader's error at the end.
    func receive() throws -> [Found]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !finished { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The writer stops: the reader's next `send` returns false.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// The reader's side: collects what `ExportReader` finds into batches and sends them.
final class Handoff: ExportSink {
    private let channel: BatchChannel
    // Touched for every sample, by the reading thread alone: no run-time exclusivity checks.
    @exclusivity(unchecked) private var batch: [Found] = []
    @exclusivity(unchecked) private(set) var count = 0
    /// True once the writer has given up; the reader stops after its chunk.
    private(set) var stopped = false
    static let batchSize = 2048

    struct Stopped: Error {}

    init(channel: BatchChannel) {
        self.channel = channel
        batch.reserveCapacity(Self.batchSize)
    }

    private func add(_ found: consuming Found) {
        batch.append(found)
        count += 1
        if batch.count >= Self.batchSize { flush() }
    }

    /// Sends what is collected; false when the writer has stopped.
    @discardableResult
    func flush() -> Bool {
        guard !batch.isEmpty else { return true }
        defer { batch = []; batch.reserveCapacity(Self.batchSize) }
        if !channel.send(batch) { stopped = true }
        return !stopped
    }

    func sample(_ row: SampleRow, line: Int) { add(.sample(row, line: line)) }
    func bloodPressure(_ reading: BloodPressureReading, line: Int) { add(.bloodPressure(reading, line: line)) }
    func workout(_ workout: Workout, line: Int) { add(.workout(workout, line: line)) }
    func skipped(type: String, reason: String, line: Int) { add(.skipped(type: type, reason: reason, line: line)) }
}
