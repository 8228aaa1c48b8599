import CareInsights
import CarePlanStore
import Foundation
import TerminalUI
@testable import Dashboard

/// A real store in a temporary folder with a small plan and a known day of outcomes, for
/// rendering and reducer tests.
final class DashboardFixture {
    let folder: URL
    let store: CareStore
    let clock: CareClock

    static let planYAML = """
    title: Knee recovery
    patient: Sam Lee
    activities:
      - id: exercises
        kind: intervention
        title: Knee exercises
        text: 15 minutes
        instructions: Ten ankle pumps, ten straight-leg raises, ten heel slides.
        group: Exercises
        color: blue
        schedule: {start: 2026-11-09, daily: 3, times: ["09:00", "14:00", "19:00"]}
      - id: ice
        kind: intervention
        title: Ice and elevate
        group: Exercises
        color: teal
        schedule: {start: 2026-11-09, daily: 2}
      - id: walk
        kind: intervention
        title: Short walk
        group: Exercises
        optional: true
        schedule: {start: 2026-11-09, daily: 1}
      - id: rivaroxaban
        kind: intervention
        title: Rivaroxaban 10 mg
        group: Medication
        color: red
        resettable: false
        schedule: {start: 2026-11-10, end: 2026-11-23, daily: 1, times: ["08:00"]}
      - id: paracetamol
        kind: intervention
        title: Paracetamol 1 g
        group: Medication
        schedule: {start: 2026-11-09, as-needed: true}
      - id: pain
        kind: assessment
        title: Pain
        schedule: {start: 2026-11-09, daily: 2, times: ["09:00", "21:00"]}
        measure: {type: scale, min: 0, max: 10, normal: [0, 3]}
      - id: temperature
        kind: assessment
        title: Temperature
        schedule: {start: 2026-11-09, daily: 1}
        measure: {type: number, unit: degC, range: [34, 43], normal: [36.1, 37.5], decimals: 1}
      - id: bp
        kind: assessment
        title: Blood pressure
        schedule: {start: 2026-11-09, weekly: {mon: 1, thu: 1, sat: 1}}
        measure:
          type: integer
          fields:
            - {name: systolic, unit: mmHg, range: [60, 250], normal: [90, 130]}
            - {name: diastolic, unit: mmHg, range: [30, 150], normal: [60, 85]}
      - id: swelling
        kind: assessment
        title: Swelling
        schedule: {start: 2026-11-09, daily: 1}
        measure: {type: choice, options: [none, mild, moderate, severe]}
    """

    /// The plan imported; a few days of known outcomes up to Saturday 2026-11-21, 15:30 Berlin.
    /// `plan: nil` leaves the store empty for a test to fill.
    init(now: String = "2026-11-21T15:30", withHistory: Bool = true, plan: String? = DashboardFixture.planYAML) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-dash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        clock = CareClock(now: Self.instant(now, zone), timeZone: zone)
        store = try CareStore(path: folder.appendingPathComponent("care.sqlite").path)
        guard let plan else { return }
        try store.importPlan(try PlanDecoder(file: "plan.yaml").decode(plan), effective: LocalDate(iso: "2026-11-09")!, clock: clock)
        guard withHistory else { return }
        let day = { (text: String) in LocalDate(iso: text)! }
        for date in ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"] {
            try store.markDone("exercises", date: day(date), clock: clock)
            try store.markDone("exercises", date: day(date), clock: clock)
            try store.markDone("ice", date: day(date), clock: clock)
            try store.markDone("rivaroxaban", date: day(date), clock: clock)
        }
        try store.markDone("exercises", date: day("2026-11-20"), clock: clock)
        try store.markDone("ice", date: day("2026-11-20"), clock: clock)
        for (date, pain) in [("2026-11-16", "6"), ("2026-11-17", "5"), ("2026-11-18", "5"), ("2026-11-19", "4"), ("2026-11-20", "3")] {
            try store.log("pain", inputs: [pain], date: day(date), clock: clock)
        }
        try store.log("temperature", inputs: ["37.9"], date: day("2026-11-19"), clock: clock)
        try store.log("bp", inputs: ["128", "84"], date: day("2026-11-19"), clock: clock)
        try store.markDone("exercises", date: day("2026-11-21"), clock: clock)
        try store.markDone("paracetamol", date: day("2026-11-21"), clock: clock)
        try store.log("pain", inputs: ["4"], date: day("2026-11-21"), clock: clock)
    }

    static func instant(_ text: String, _ zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]))!
    }

    var today: LocalDate { clock.today }

    func data(_ date: LocalDate? = nil, insights range: InsightRange? = .week) throws -> DashboardData {
        try DashboardData.load(from: store, date: date ?? today, today: today, insights: range, zone: clock.timeZone)
    }

    func context(theme: Theme = .fallback, charts: ChartStyle = .braille) -> RenderContext {
        RenderContext(theme: theme, chartStyle: charts, minutesIntoDay: clock.minutesIntoDay, databasePath: "/tmp/care.sqlite", timeZone: clock.timeZone)
    }

    /// The frame as plain text.
    func render(_ state: AppState, width: Int = 120, height: Int = 40, only: Pane? = nil, charts: ChartStyle = .braille, samples: [SamplePlan] = []) throws -> String {
        let data = try self.data(state.selectedDate, insights: state.insightsRange)
        return HeadlessRenderer.plainText(Screen.render(state: state, data: data, samples: samples, context: context(charts: charts), width: width, height: height, only: only))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// Compares a rendered frame with `Expected/NAME.txt`. With CAREPLAN_RECORD=1 the file is
/// (re)written instead, for reviewing by eye and committing.
func expectMatchesGolden(_ text: String, _ name: String) -> String? {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected/\(name).txt")
    if ProcessInfo.processInfo.environment["CAREPLAN_RECORD"] == "1" {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return nil
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        return "no golden file \(url.path); run with CAREPLAN_RECORD=1 to create it"
    }
    if expected == text { return nil }
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
    return "\(name) differs from its golden file at line \(line + 1):\n  expected: \(line < want.count ? String(want[line]) : "<end>")\n  rendered: \(line < got.count ? String(got[line]) : "<end>")\n\(text)"
}
