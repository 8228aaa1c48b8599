import CarePlanStore
import Foundation

/// Fills a store with a sample plan and weeks of realistic history ending now, so the charts have
/// something to show: for `careplan demo`, and for tests and benchmarks that want a lived-in store.
public enum DemoSeeder {
    /// Imports `plan` moved so that it began `days` days ago, then writes deterministic history
    /// (from `seed`) up to `clock.now`. Returns the number of outcomes written.
    @discardableResult
    public static func seed(_ store: CareStore, plan: CarePlan, days: Int, seed: UInt64, completion: Double = 0.85, clock: CareClock) throws -> Int {
        let begin = clock.today.adding(days: -days)
        let moved = plan.shifted(byDays: plan.start.map { begin.days(since: $0) } ?? 0)
        try store.importPlan(moved, effective: begin, clock: clock)
        let generator = HistoryGenerator(seed: seed, completion: completion)
        let outcomes = generator.outcomes(for: try store.plan(), days: days + 1, endingAt: clock)
        return try store.insert(generated: outcomes)
    }
}
