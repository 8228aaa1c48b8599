import CareInsights
import CarePlanStore
import Dashboard
import TerminalUI

// Single cases and the parts of a case, run alone (`--child dashboard|insights --case NAME`), so a
// profiler (perf, valgrind) sees one thing, and a slow case can be split into where its time goes.
// Not part of the benchmark's table.

extension DashboardCases {
    /// One case alone, for a profiler.
    func one(_ name: String, sampler: Sampler) throws -> Samples {
        // Opening and closing the only connection to a WAL database creates and deletes its -wal and
        // -shm files; the cases that open the store must do so with nothing else holding it open.
        switch name {
        case "first-frame": return try sampler.measure { _ in try openAndRender() }
        case "open-store": return try sampler.measure { _ in try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false) }
        case "open-and-plan": return try sampler.measure { _ in
            let store = try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false)
            return (store, try store.plan())
        }
        default: break
        }
        let store = try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false)
        let today = clock.today
        switch name {
        case "day-switch": return try switching(store, plan: try store.plan(), dates: [today.adding(days: -1), today], sampler: sampler)
        case "week-switch": return try switching(store, plan: try store.plan(), dates: [today.adding(days: -7), today], sampler: sampler)
        // The parts of a switch, to see where its time goes.
        case "switch-load":
            let plan = try store.plan()
            return try sampler.measure { index in try DashboardData.load(from: store, date: today.adding(days: -(index % 2)), today: today, plan: plan) }
        case "switch-insights":
            let plan = try store.plan()
            let engine = InsightsEngine(store: store)
            return try sampler.measure { index in try engine.report(range: .week, date: today.adding(days: -(index % 2)), today: today, plan: plan) }
        case "switch-week-outcomes":
            return try sampler.measure { index in
                let monday = today.adding(days: -(today.weekday.rawValue - 1) - 7 * (index % 2))
                return try store.outcomes(from: monday, to: monday.adding(days: 6))
            }
        case "switch-latest":
            let ids = try store.plan().histories.filter { $0.kind == .assessment }.map(\.id)
            return try sampler.measure { index in try store.latestOutcomes(of: ids, onOrBefore: today.adding(days: -(index % 2))) }
        case "switch-render":
            let plan = try store.plan()
            var state = AppState(today: today)
            let data = try [today, today.adding(days: -1)].map { date in
                state.selectedDate = date
                return try load(store, state, plan: plan)
            }
            let context = context(store)
            return try sampler.measure { index in
                state.selectedDate = data[index % 2].selectedDate
                return Screen.render(state: state, data: data[index % 2], samples: [], context: context, width: Self.size.width, height: Self.size.height)
            }
        case "switch-text":
            let buffer = Screen.render(state: AppState(today: today), data: try load(store, AppState(today: today), plan: nil), samples: [],
                                       context: context(store), width: Self.size.width, height: Self.size.height)
            return try sampler.measure { _ in HeadlessRenderer.plainText(buffer) }
        case "load-plan": return try sampler.measure { _ in try store.plan() }
        // The parts of opening a questionnaire: the key and what it loads, then the frame drawn.
        case "form-open", "form-open-load", "form-open-frame", "reading-form":
            return try formPart(name, store: store, plan: try store.plan(), sampler: sampler)
        default:
            throw BenchmarkError("--case takes first-frame, day-switch, week-switch, switch-load (day and week strip only), switch-insights, switch-week-outcomes, switch-latest, switch-render, switch-text, open-store, open-and-plan, load-plan, reading-form, form-open, form-open-load or form-open-frame for the dashboard, got '\(name)'")
        }
    }
}

extension InsightsCases {
    /// One range alone, for a profiler: `year`, or `year-floor` for its SQL floor.
    func one(_ name: String, sampler: Sampler) throws -> Samples {
        let store = try CareStore(path: path, key: EncryptedStore.key(for: path), createIfMissing: false)
        let plan = try store.plan()
        let today = clock.today
        let floor = name.hasSuffix("-floor")
        guard let range = InsightRange(rawValue: floor ? String(name.dropLast("-floor".count)) : name) else {
            throw BenchmarkError("--case takes week, month, quarter or year for insights (with -floor for the SQL floor), got '\(name)'")
        }
        if floor {
            let connection = SQLFloor(connection: try SQLiteConnection(path: path))
            let queries = InsightsQueries(plan: plan, range: range, date: today, today: today)
            return try sampler.measure { _ in try connection.run(queries) }
        }
        let engine = InsightsEngine(store: store)
        return try sampler.measure { _ in try engine.report(range: range, date: today, today: today, plan: plan) }
    }
}
