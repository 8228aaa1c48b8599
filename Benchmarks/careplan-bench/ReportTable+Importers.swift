import Foundation

/// The importers side by side on the same zip (issue 27): time, how many times careplan's, peak
/// memory, and what each stored (`ImportCensus`), one line each, so the speeds are read beside
/// what was kept for them.
extension ReportTable {
    /// The types in the synthetic export, in the order the table shows them; anything else an
    /// importer reports follows.
    static let censusTypes = ["HeartRate", "StepCount", "SleepAnalysis", "BodyTemperature", "BodyMass",
                              "BloodPressureSystolic", "BloodPressureDiastolic", "Workout", "ActivitySummary"]
    static let censusHeadings = ["HeartRate": "heart rate", "StepCount": "steps", "SleepAnalysis": "sleep", "BodyTemperature": "temp.",
                                 "BodyMass": "mass", "BloodPressureSystolic": "BP sys.", "BloodPressureDiastolic": "BP dia.",
                                 "Workout": "workouts", "ActivitySummary": "act. summ."]

    static func importers(_ result: ImportResult) -> String {
        struct Line { var name: String; var samples: Samples; var peakKiB: Int; var census: ImportCensus?; var note: String? }
        var lines = [Line(name: "careplan", samples: result.own, peakKiB: result.ownPeakKiB, census: result.ownCensus),
                     Line(name: "careplan-import-floor", samples: result.floor, peakKiB: result.floorPeakKiB, note: "inflate and parse only")]
        lines += result.peers.map { Line(name: "\($0.name) \($0.version)", samples: $0.samples, peakKiB: $0.peakKiB, census: $0.census, note: $0.censusNote) }
        let present = Set(lines.compactMap(\.census).flatMap(\.rows.keys))
        let types = censusTypes + present.subtracting(censusTypes).sorted()
        let header = ["importer", "median s", "× careplan", "peak RSS"] + types.map { censusHeadings[$0] ?? $0 } + ["BP kept", "sleep stages"]
        let widths = [30, 8, 10, 9] + types.map { max(9, (censusHeadings[$0] ?? $0).count) } + [7, 12]
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { pad($1, widths[$0], right: $0 > 0) }.joined(separator: "  ")
        }
        var text = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        for entry in lines {
            var cells = [entry.name, number(entry.samples.median / 1000), number(entry.samples.median / result.own.median, decimals: 2) + "×",
                         peak(entry.peakKiB, benchmarkKiB: result.benchmarkPeakKiB)]
            if let census = entry.census {
                cells += types.map { grouped(census.rows[$0] ?? 0) }
                cells.append(census.bloodPressure.readings == 0 ? "–" : (census.bloodPressureCopies == 1 ? "once" : String(format: "%.0f×", census.bloodPressureCopies)))
                cells.append(census.keepsSleepStages ? "kept" : "lost")
            } else {
                cells += types.map { _ in "" } + ["", entry.note ?? "no census"]
            }
            text.append(line(cells))
        }
        if let large = result.large {
            var cells = ["careplan, 10M records", number(large.own.median / 1000), "", peak(large.ownPeakKiB, benchmarkKiB: large.benchmarkPeakKiB)]
            if let census = large.census {
                cells += types.map { grouped(census.rows[$0] ?? 0) }
                cells += [census.bloodPressureCopies == 1 ? "once" : String(format: "%.0f×", census.bloodPressureCopies), census.keepsSleepStages ? "kept" : "lost"]
            }
            text.append(line(cells))
        }
        if lines.contains(where: { $0.peakKiB <= result.benchmarkPeakKiB }) {
            text.append("≤: at most that; the benchmark's own peak memory (\(number(Targets.megabytes(result.benchmarkPeakKiB), decimals: 1)) MB) hides anything below it (see Spawn)")
        }
        return (text + result.peerNotes.map { "note: " + $0 }).joined(separator: "\n")
    }

    /// A child's peak memory; "≤" where it does not rise above the benchmark's own (see `Spawn`).
    static func peak(_ kib: Int, benchmarkKiB: Int) -> String {
        (kib <= benchmarkKiB ? "≤ " : "") + number(Targets.megabytes(kib), decimals: 1) + " MB"
    }
}
