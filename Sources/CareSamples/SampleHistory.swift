import CarePlanStore
import Foundation

/// Fills a store with a plan and days of realistic history ending now: `careplan demo`,
/// `careplan generate`, the benchmark and tests that want a lived-in store all seed through here.
public enum SampleHistory {
    /// Imports `plan` moved so that it begins on the first of `days` days ending today (and is
    /// followed from that day), then writes deterministic history from `seed` up to `clock.now`.
    /// Returns the number of outcomes written.
    @discardableResult
    public static func seed(_ store: CareStore, plan: CarePlan, days: Int, seed: UInt64, completion: Double,
                            clock: CareClock) throws -> Int {
        let begin = clock.today.adding(days: -(max(days, 1) - 1))
        try store.importPlan(plan.starting(on: begin), effective: begin, clock: clock)
        let generator = HistoryGenerator(seed: seed, completion: completion)
        return try store.insert(generated: generator.outcomes(for: try store.plan(), days: days, endingAt: clock))
    }
}
