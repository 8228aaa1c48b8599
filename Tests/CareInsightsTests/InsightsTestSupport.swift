import CareInsights
import CarePlanStore
import Foundation

// Copied from CarePlanStoreTests/TestSupport.swift (test targets do not import each other).

/// A fresh folder under the system's temporary directory, removed when the test's value goes away.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-insights-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

/// A clock pinned to a local wall-clock time in a named zone.
func clock(_ localTime: String, zone: String = "Europe/Berlin") -> CareClock {
    let timeZone = TimeZone(identifier: zone)!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let halves = localTime.split(separator: "T")
    let day = date(String(halves[0]))
    let time = halves[1].split(separator: ":").map { Int($0)! }
    let instant = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: time[0], minute: time[1]))!
    return CareClock(now: instant, timeZone: timeZone)
}

/// A real SQLite store in a temporary folder with `yaml` imported, and helpers that write outcomes
/// whose answers are known by construction.
struct InsightsStore {
    let folder = TemporaryFolder()
    let store: CareStore

    init(_ yaml: String, importedOn day: String = "2026-01-01") throws {
        try self.init(plan: try PlanDecoder(file: "plan.yaml").decode(yaml), importedOn: day)
    }

    init(plan: CarePlan, importedOn day: String) throws {
        store = try CareStore(path: folder.path("care.sqlite"))
        try store.importPlan(plan, effective: date(day), clock: clock("\(day)T08:00"))
    }

    /// Readings of a one-field measure: `values[i]` is occurrence i on `day`, recorded at noon.
    func readings(_ id: String, on day: String, _ values: [Double], field: String = "value", unit: String? = nil) throws {
        try store.insert(generated: values.enumerated().map { occurrence, value in
            Outcome(activityId: id, date: date(day), occurrence: occurrence, recordedAt: clock("\(day)T12:00").now, utcOffset: 3600,
                    values: [ReadingValue(name: field, value: value, unit: unit)])
        })
    }

    /// `count` occurrences of an intervention done on `day`.
    func done(_ id: String, on day: String, count: Int = 1) throws {
        try store.insert(generated: (0..<count).map {
            Outcome(activityId: id, date: date(day), occurrence: $0, recordedAt: clock("\(day)T12:00").now, utcOffset: 3600)
        })
    }

    func report(_ range: InsightRange, _ day: String, today: String, activity: String? = nil) throws -> InsightsReport {
        try InsightsEngine(store: store).report(range: range, date: date(day), activity: activity, today: date(today))
    }
}

/// Days from `first` for `count` days, as ISO text.
func days(from first: String, count: Int) -> [String] {
    (0..<count).map { date(first).adding(days: $0).iso }
}

extension InsightsReport {
    func field(_ activityId: String, _ name: String = "value") -> FieldInsight? {
        assessments.first { $0.activityId == activityId && $0.field.name == name }
    }

    func messages(_ kind: InsightMessage.Kind) -> [InsightMessage] { messages.filter { $0.kind == kind } }
}
