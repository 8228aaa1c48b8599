/// Timings of one measurement, in milliseconds, from a monotonic clock.
struct Samples: Codable, Sendable {
    var warmups: Int
    /// Every timed run, in the order they ran.
    var milliseconds: [Double]
    /// The very first call in the process (the first warm-up, or the first run without warm-ups):
    /// it pays one-off costs (code paging in, lazy metadata) the median deliberately leaves out.
    var firstCall: Double
    var median: Double
    var p90: Double
    var min: Double
    var max: Double

    init(warmups: Int, milliseconds: [Double], firstCall: Double) {
        self.warmups = warmups
        self.milliseconds = milliseconds
        self.firstCall = firstCall
        let sorted = milliseconds.sorted()
        let n = sorted.count
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        // Nearest rank: the smallest value at or above 90 % of the runs.
        p90 = sorted[Swift.max(0, Int((0.9 * Double(n)).rounded(.up)) - 1)]
        min = sorted[0]
        max = sorted[n - 1]
    }

    var runs: Int { milliseconds.count }
}

/// Runs a body repeatedly and times each run with `ContinuousClock` (monotonic).
///
/// The body gets the run's index (warm-ups included), so callers can alternate inputs, and returns
/// whatever it built; that value is kept alive until the clock has stopped, so neither the
/// optimiser can drop the work nor its deallocation (closing a store, freeing a frame) land in
/// the timing.
struct Sampler {
    var warmups: Int
    var runs: Int
    /// Slow cases get fewer runs: at most about this much time per measurement, but never fewer than 5.
    var budget: Duration = .seconds(20)

    func measure(_ body: (Int) throws -> Any) throws -> Samples {
        let clock = ContinuousClock()
        var index = 0
        func once() throws -> Double {
            let start = clock.now
            let kept = try body(index)
            let elapsed = clock.now - start
            withExtendedLifetime(kept) {}
            index += 1
            return elapsed.milliseconds
        }
        var firstCall: Double?
        var warm: [Double] = []
        for _ in 0..<warmups {
            let time = try once()
            if firstCall == nil { firstCall = time }
            warm.append(time)
        }
        var planned = runs
        if let typical = warm.dropFirst().min() ?? warm.first, typical > 0 {
            planned = Swift.min(runs, Swift.max(5, Int(budget.milliseconds / typical)))
        }
        var times: [Double] = []
        for _ in 0..<planned {
            let time = try once()
            if firstCall == nil { firstCall = time }
            times.append(time)
        }
        return Samples(warmups: warmups, milliseconds: times, firstCall: firstCall ?? times[0])
    }
}
