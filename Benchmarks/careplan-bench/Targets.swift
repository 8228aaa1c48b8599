import Foundation

/// The targets (issue 8, on issue 4's; release build, this 2-core machine), turned into table
/// rows and verdicts.
enum Targets {
    /// A questionnaire's opening and each key in it against the reading form's frame.
    static let questionnaireRatio = 1.5
    static let frameGrowth = 1.3, frameLimit = 50.0, switchLimit = 2.0, yearInsightsLimit = 20.0
    /// Insights against the same figures from the raw outcomes; the year, read from day summaries, tighter.
    static let floorRatio = 2.0, yearFloorRatio = 1.5, rssLimitMB = 40.0
    /// `careplan today`, `done`, `log` as whole processes against `careplan-floor`.
    static let processRatio = 2.0
    /// The history the absolute targets speak of.
    static let longest = "10y"

    static func megabytes(_ kib: Int) -> Double { Double(kib) * 1024 / 1_000_000 }

    /// `careplan status`, a status bar's call every few seconds: whole process ≤ 1.5× start-up.
    static let statusRatio = 1.5

    static func rows(status: ProcessResult, label: String) -> [ResultRow] {
        [ResultRow(measurement: status.command, history: label, unit: "ms", runs: status.samples.runs, median: status.samples.median,
                   p90: status.samples.p90, firstCall: status.samples.firstCall, floor: status.floor.median,
                   ratio: status.samples.median / status.floor.median, target: "≤ \(statusRatio)× start-up",
                   pass: status.samples.median / status.floor.median <= statusRatio)]
    }

    static func checks(status: ProcessResult) -> [TargetCheck] {
        let ratio = status.samples.median / status.floor.median
        let which = status.command.contains("Polish") ? " in Polish" : status.command.contains("installed build") ? " (installed build)" : ""
        return [TargetCheck(target: "careplan status\(which), whole process, ≤ \(statusRatio) × careplan's start-up (careplan --version)",
                            measured: String(format: "%.2f× (%.2f ms vs %.2f ms)", ratio, status.samples.median, status.floor.median),
                            pass: ratio <= statusRatio)]
    }

    /// Rows measured beside a floor with no target: the FHIR export beside the JSON export, the
    /// installed build beside the shared one.
    static func rows(exports: [ProcessResult], label: String) -> [ResultRow] {
        exports.map { result in
            ResultRow(measurement: result.command, history: label, unit: "ms", runs: result.samples.runs, median: result.samples.median,
                      p90: result.samples.p90, firstCall: result.samples.firstCall, floor: result.floor.median,
                      ratio: result.samples.median / result.floor.median)
        }
    }

    static func rows(dashboard: [DashboardResult], insights: [InsightsResult], processes: [ProcessResult], processLabel: String) -> [ResultRow] {
        var rows: [ResultRow] = []
        func timing(_ name: String, _ label: String, _ samples: Samples) -> ResultRow {
            ResultRow(measurement: name, history: label, unit: "ms", runs: samples.runs, median: samples.median, p90: samples.p90,
                      firstCall: samples.firstCall)
        }
        let shortFrame = dashboard.first { $0.label == "30d" }?.firstFrame.median
        for result in dashboard {
            var row = timing("first frame", result.label, result.firstFrame)
            if result.label == longest {
                row.target = "≤ \(frameGrowth)× 30d, < \(Int(frameLimit)) ms"
                row.pass = shortFrame.map { row.median <= frameGrowth * $0 && row.median < frameLimit }
            }
            rows.append(row)
        }
        for (name, path) in [("day switch", \DashboardResult.daySwitch), ("week switch", \DashboardResult.weekSwitch)] {
            for result in dashboard {
                var row = timing(name, result.label, result[keyPath: path])
                if result.label == longest {
                    row.target = "< \(Int(switchLimit)) ms"
                    row.pass = row.median < switchLimit
                }
                rows.append(row)
            }
        }
        for result in dashboard {
            guard let forms = result.forms else { continue }
            rows.append(timing("reading form opened (Enter)", result.label, forms.readingForm))
            for (name, samples) in [("questionnaire opened (Enter)", forms.questionnaireOpen), ("questionnaire key (a score)", forms.questionnaireKey)] {
                var row = timing(name, result.label, samples)
                row.floor = forms.readingForm.median
                row.ratio = samples.median / forms.readingForm.median
                row.target = "≤ \(questionnaireRatio)× reading form"
                row.pass = row.ratio! <= questionnaireRatio
                rows.append(row)
            }
        }
        let ranges = insights.first?.ranges.map(\.range) ?? []
        for range in ranges {
            for result in insights {
                guard let measured = result.ranges.first(where: { $0.range == range }) else { continue }
                var row = timing("insights \(range)", result.label, measured.engine)
                row.viaGRDB = measured.store.median
                row.floor = measured.floor.median
                row.ratio = measured.engine.median / measured.floor.median
                row.target = "≤ \(Int(floorRatio))× floor"
                row.pass = row.ratio! <= floorRatio
                if range == "year", result.label == longest {
                    row.target = "< \(Int(yearInsightsLimit)) ms, ≤ \(yearFloorRatio)× floor"
                    row.pass = row.ratio! <= yearFloorRatio && row.median < yearInsightsLimit
                }
                rows.append(row)
            }
        }
        for process in processes {
            var row = timing(process.command, processLabel, process.samples)
            row.floor = process.floor.median
            row.ratio = process.samples.median / process.floor.median
            row.target = "≤ \(Int(processRatio))× floor"
            row.pass = row.ratio! <= processRatio
            rows.append(row)
        }
        for result in dashboard {
            var row = ResultRow(measurement: "peak RSS, dashboard", history: result.label, unit: "MB", median: megabytes(result.peakRSSKiB))
            if result.label == longest {
                row.target = "< \(Int(rssLimitMB)) MB"
                row.pass = row.median < rssLimitMB
            }
            rows.append(row)
        }
        for result in insights {
            rows.append(ResultRow(measurement: "peak RSS, insights", history: result.label, unit: "MB", median: megabytes(result.peakRSSKiB)))
        }
        return rows
    }

    /// The targets one by one, with what was measured; `pass` nil when this run has no 10-year history.
    static func checks(rows: [ResultRow]) -> [TargetCheck] {
        func row(_ name: String, _ label: String) -> ResultRow? { rows.first { $0.measurement == name && $0.history == label } }
        func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
        var checks: [TargetCheck] = []
        let short = row("first frame", "30d"), long = row("first frame", longest)
        checks.append(TargetCheck(target: "first frame at 10y ≤ \(frameGrowth) × first frame at 30d",
                                  measured: long.flatMap { l in short.map { String(format: "%.2f× (%@ vs %@)", l.median / $0.median, ms(l.median), ms($0.median)) } } ?? "not measured",
                                  pass: long.flatMap { l in short.map { l.median <= frameGrowth * $0.median } }))
        checks.append(TargetCheck(target: "first frame at 10y < \(Int(frameLimit)) ms", measured: long.map { ms($0.median) } ?? "not measured",
                                  pass: long.map { $0.median < frameLimit }))
        for name in ["day switch", "week switch"] {
            let measured = row(name, longest)
            checks.append(TargetCheck(target: "\(name) median at 10y < \(Int(switchLimit)) ms", measured: measured.map { ms($0.median) } ?? "not measured",
                                      pass: measured.map { $0.median < switchLimit }))
        }
        for name in ["questionnaire opened (Enter)", "questionnaire key (a score)"] {
            let measured = row(name, longest)
            checks.append(TargetCheck(target: "\(name) at 10y ≤ \(questionnaireRatio) × the reading form's frame",
                                      measured: measured.map { String(format: "%.2f× (%@ vs %@)", $0.ratio!, ms($0.median), ms($0.floor!)) } ?? "not measured",
                                      pass: measured.map { $0.ratio! <= questionnaireRatio }))
        }
        let year = row("insights year", longest)
        checks.append(TargetCheck(target: "insights for a year at 10y < \(Int(yearInsightsLimit)) ms", measured: year.map { ms($0.median) } ?? "not measured",
                                  pass: year.map { $0.median < yearInsightsLimit }))
        checks.append(TargetCheck(target: "insights for a year at 10y ≤ \(yearFloorRatio) × the SQL floor on the raw outcomes",
                                  measured: year.map { String(format: "%.3f× (%@ vs %@)", $0.ratio!, ms($0.median), ms($0.floor!)) } ?? "not measured",
                                  pass: year.map { $0.ratio! <= yearFloorRatio }))
        for name in ["careplan today", "careplan done", "careplan log"].flatMap({ name in ReaderLanguage.allCases.map { name + $0.suffix } }) {
            let measured = rows.first { $0.measurement == name }
            checks.append(TargetCheck(target: "\(name), whole process, ≤ \(Int(processRatio)) × careplan-floor",
                                      measured: measured.map { String(format: "%.2f× (%@ vs %@)", $0.ratio!, ms($0.median), ms($0.floor!)) } ?? "not measured",
                                      pass: measured.map { $0.ratio! <= processRatio }))
        }
        let insights = rows.filter { $0.ratio != nil && $0.measurement.hasPrefix("insights") }
        if let worst = insights.max(by: { $0.ratio! < $1.ratio! }) {
            let failing = insights.filter { $0.ratio! > floorRatio }.count
            checks.append(TargetCheck(target: "each insights query ≤ \(Int(floorRatio)) × its SQL floor",
                                      measured: String(format: "worst %.3f× (%@ at %@); %d of %d over", worst.ratio!, worst.measurement, worst.history,
                                                       failing, insights.count),
                                      pass: failing == 0))
        }
        let rss = row("peak RSS, dashboard", longest)
        checks.append(TargetCheck(target: "peak resident memory of the dashboard at 10y < \(Int(rssLimitMB)) MB",
                                  measured: rss.map { String(format: "%.1f MB", $0.median) } ?? "not measured", pass: rss.map { $0.median < rssLimitMB }))
        return checks
    }
}
