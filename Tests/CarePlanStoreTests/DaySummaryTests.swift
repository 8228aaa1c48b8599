import Foundation
import GRDB
import Testing
@testable import CarePlanStore
import CareSamples

/// The per-day summaries insights read must always equal what the raw outcomes say.
@Suite struct DaySummaryTests {
    struct Key: Hashable, CustomStringConvertible {
        var activity: String
        var field: String
        var day: Int
        var description: String { "\(activity)/\(field.isEmpty ? "outcomes" : field)/\(LocalDate(dayNumber: day))" }
    }

    struct Figures: Equatable {
        var count: Int
        var sum: Double?
        var min: Double?
        var max: Double?
        var last: Double?
    }

    /// Recomputed in Swift from every outcome, independently of the SQL that maintains the table.
    func recomputed(_ store: CareStore) throws -> [Key: Figures] {
        var result: [Key: Figures] = [:]
        for outcome in try store.outcomes().sorted(by: { ($0.date, $0.activityId, $0.occurrence) < ($1.date, $1.activityId, $1.occurrence) }) {
            result[Key(activity: outcome.activityId, field: "", day: outcome.date.dayNumber), default: Figures(count: 0)].count += 1
            for value in outcome.values {
                guard let number = value.value else { continue }
                let key = Key(activity: outcome.activityId, field: value.name, day: outcome.date.dayNumber)
                var figures = result[key] ?? Figures(count: 0, sum: 0, min: number, max: number)
                figures.count += 1
                figures.sum! += number
                figures.min = Swift.min(figures.min!, number)
                figures.max = Swift.max(figures.max!, number)
                figures.last = number
                result[key] = figures
            }
        }
        return result
    }

    func stored(_ store: CareStore) throws -> [Key: Figures] {
        try store.read { db in
            var result: [Key: Figures] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM daySummary") {
                result[Key(activity: row["activityId"], field: row["field"], day: row["day"])] =
                    Figures(count: row["count"], sum: row["sum"], min: row["min"], max: row["max"], last: row["last"])
            }
            return result
        }
    }

    func expectEqual(_ stored: [Key: Figures], _ expected: [Key: Figures], _ context: String) {
        #expect(stored.count == expected.count, "\(context): \(stored.count) summary rows, \(expected.count) expected")
        var mismatches = 0
        for (key, figures) in expected where stored[key].map({ !Self.close($0, figures) }) ?? true {
            mismatches += 1
            if mismatches <= 5 { Issue.record("\(context): \(key) stored \(String(describing: stored[key])), expected \(figures)") }
        }
        #expect(mismatches == 0, "\(context): \(mismatches) summaries differ from the outcomes")
    }

    static func close(_ a: Figures, _ b: Figures) -> Bool {
        func near(_ x: Double?, _ y: Double?) -> Bool { x == y || (x != nil && y != nil && abs(x! - y!) < 1e-9) }
        return a.count == b.count && near(a.sum, b.sum) && a.min == b.min && a.max == b.max && a.last == b.last
    }

    @Test func summariesOfATenYearHistoryMatchItsOutcomesAfterRandomWritesAndUndos() throws {
        let test = try TestStore()
        let now = clock("2026-11-21T21:30")
        let written = try SampleHistory.seed(test.store, plan: try decode(samplePlanYAML), days: 3653, seed: 11, completion: 0.8, clock: now)
        #expect(written > 20_000)
        expectEqual(try stored(test.store), try recomputed(test.store), "after generating")

        // Random ticks, readings, replacements, resets, undos and restores over the last months.
        var random = SystemRandomNumberGenerator()
        let plan = try test.store.plan()
        var undo: [(Outcome, Outcome?)] = [], cleared: [Outcome] = []
        var changes = 0
        for _ in 0..<400 {
            let history = plan.histories.randomElement(using: &random)!
            let day = now.today.adding(days: -Int.random(in: 0..<120, using: &random))
            let activity = history.activity(on: day)
            do {
                switch Int.random(in: 0..<6, using: &random) {
                case 0 where history.kind == .intervention:
                    undo.append((try test.store.markDone(history.id, date: day, clock: now).outcome, nil))
                case 1 where activity.measure?.type == .number || activity.measure?.type == .integer || activity.measure?.type == .scale:
                    let inputs = activity.measure!.fields.map { field in
                        let range = field.range ?? 0...10
                        return String(Int.random(in: Int(range.lowerBound.rounded(.up))...Int(range.upperBound), using: &random))
                    }
                    let recorded = try test.store.log(history.id, inputs: inputs, date: day, occurrence: 0, clock: now)
                    undo.append((recorded.outcome, recorded.replaced))
                case 2:
                    cleared.append(try test.store.reset(history.id, date: day))
                case 3 where !undo.isEmpty:
                    let (outcome, replaced) = undo.removeLast()
                    try test.store.undoRecording(outcome, restoring: replaced)
                case 4 where !cleared.isEmpty:
                    try test.store.restore(cleared.removeLast())
                default:
                    continue
                }
                changes += 1
            } catch is CarePlanError {
                // Refusals (not scheduled, all recorded, not resettable...) write nothing: still checked below.
            }
        }
        #expect(changes > 50)
        expectEqual(try stored(test.store), try recomputed(test.store), "after \(changes) random writes and undos")

        // A rebuild from scratch gives exactly what the writes maintained.
        let maintained = try stored(test.store)
        try test.store.rebuildSummaries()
        expectEqual(try stored(test.store), maintained, "rebuilt")
    }

    @Test func insightsStatisticsComeFromTheSummariesAndRollUpByWeek() throws {
        let test = try TestStore.withSamplePlan()
        let now = clock("2026-11-21T21:30")
        for (day, value) in [("2026-11-16", "37.0"), ("2026-11-17", "38.5"), ("2026-11-18", "36.5")] {
            try test.store.log("temperature", inputs: [value], date: date(day), clock: now)
        }
        let week = try test.store.statistics(of: "temperature", field: "value", from: date("2026-11-16"), through: date("2026-11-22"), by: .week)
        #expect(week.count == 1)
        #expect(week.first?.statistics == ReadingStatistics(count: 3, min: 36.5, max: 38.5, sum: 112, average: 112.0 / 3, last: 36.5))
    }
}
