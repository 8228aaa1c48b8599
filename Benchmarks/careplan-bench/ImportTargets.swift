import Foundation

/// The Apple Health import's targets (issues 9 and 27), as table rows and verdicts. Every speed
/// target is a ratio to something measured in the same run, interleaved: the peers on the same zip,
/// the floor, and for the 10M export the 1M import.
enum ImportTargets {
    /// Issue 9: ≥ 10× healthkit-to-sqlite; issue 27: ≥ 4× the fastest peer, ≤ 1.5× the floor.
    static let firstPeerSpeedup = 10.0, fastestPeerSpeedup = 4.0, floorRatio = 1.5
    /// Issue 9: the same file again in under half the first import; stats and frames as fast as a frame.
    static let againShare = 0.5, statsLimit = 50.0, frameLimit = Targets.frameLimit
    /// Issue 27, the 10M export: time linear in records (10× the records, ≤ 11× the time), memory
    /// constant (within 10 % of the 1M import's peak).
    static let largeTimeGrowth = 11.0, largeMemoryGrowth = 1.10

    static let megabytes = Targets.megabytes

    static func rows(_ result: ImportResult) -> [ResultRow] {
        let label = "1M"
        var first = timing("health import", label, result.own)
        first.floor = result.floor.median
        first.ratio = result.own.median / result.floor.median
        first.target = "≤ \(floorRatio)× floor"
        first.pass = first.ratio! <= floorRatio
        var rows = [first, timing("import floor, inflating only", label, result.inflateOnly)]
        let fastest = result.fastestPeer?.name
        for peer in result.peers {
            var row = timing("peer: \(peer.name) \(peer.version)", label, peer.samples)
            row.ratio = peer.samples.median / result.own.median
            if peer.name == Peer.firstPeer {
                row.target = "≥ \(Int(firstPeerSpeedup))× careplan"
                row.pass = row.ratio! >= firstPeerSpeedup
            } else if peer.name == fastest {
                row.target = "≥ \(Int(fastestPeerSpeedup))× careplan (fastest peer)"
                row.pass = row.ratio! >= fastestPeerSpeedup
            }
            rows.append(row)
        }
        var again = timing("health import, again", label, result.again)
        again.ratio = result.again.median / result.own.median
        again.target = "< \(againShare)× first"
        again.pass = again.ratio! < againShare
        var reread = timing("health import --again", label, result.reread)
        reread.ratio = result.reread.median / result.own.median
        var peak = ResultRow(measurement: "peak RSS, health import", history: label, unit: "MB", median: megabytes(result.ownPeakKiB))
        if let leanest = result.leanestPeer {
            peak.floor = megabytes(leanest.peakKiB)
            peak.ratio = Double(result.ownPeakKiB) / Double(leanest.peakKiB)
            peak.target = "≤ lowest peer"
            peak.pass = result.ownPeakKiB <= leanest.peakKiB
        }
        rows += [again, reread, peak,
                 ResultRow(measurement: "peak RSS, import floor", history: label, unit: "MB", median: megabytes(result.floorPeakKiB))]
        rows += result.peers.map { ResultRow(measurement: "peak RSS, \($0.name)", history: label, unit: "MB", median: megabytes($0.peakKiB)) }
        rows.append(timing("health import, \(result.watchSteps) watch steps over the iPhone's", label, result.watchStepsImport))
        rows += storeRows(history: "5y", heartRate: result.statsHeartRate, steps: result.statsSteps, sleep: result.sleepYearFrame)
        if let large = result.large { rows += self.rows(large, against: result) }
        return rows
    }

    static func rows(_ large: LargeImportResult, against result: ImportResult) -> [ResultRow] {
        let label = "10M"
        var time = timing("health import", label, large.own)
        time.floor = result.own.median
        time.ratio = large.own.median / result.own.median
        time.target = "≤ \(Int(largeTimeGrowth))× 1M"
        time.pass = time.ratio! <= largeTimeGrowth
        var floor = timing("import floor", label, large.floor)
        floor.floor = result.floor.median
        floor.ratio = large.floor.median / result.floor.median
        var peak = ResultRow(measurement: "peak RSS, health import", history: label, unit: "MB", median: megabytes(large.ownPeakKiB),
                             floor: megabytes(result.ownPeakKiB), ratio: Double(large.ownPeakKiB) / Double(result.ownPeakKiB),
                             target: "≤ \(largeMemoryGrowth)× 1M")
        peak.pass = peak.ratio! <= largeMemoryGrowth
        return [time, floor, peak] + storeRows(history: label, heartRate: large.statsHeartRate, steps: large.statsSteps, sleep: large.sleepYearFrame)
    }

    /// What the store an import made gives back: statistics by day over five years, a year of nights.
    static func storeRows(history: String, heartRate: Samples, steps: Samples, sleep: Samples?) -> [ResultRow] {
        var rows = [("health stats, heart rate by day", heartRate), ("health stats, steps by day", steps)].map { name, samples in
            var row = timing(name, history, samples)
            row.target = "< \(Int(statsLimit)) ms"
            row.pass = samples.median < statsLimit
            return row
        }
        if let sleep {
            var row = timing("Insights sleep view, a year of nights (snapshot, whole process)", history, sleep)
            row.target = "< \(Int(frameLimit)) ms"
            row.pass = sleep.median < frameLimit
            rows.append(row)
        }
        return rows
    }

    static func timing(_ name: String, _ label: String, _ samples: Samples) -> ResultRow {
        ResultRow(measurement: name, history: label, unit: "ms", runs: samples.runs, median: samples.median,
                  p90: samples.runs > 1 ? samples.p90 : nil, firstCall: samples.runs > 1 ? samples.firstCall : nil)
    }

    static func checks(_ result: ImportResult) -> [TargetCheck] {
        let ms = { (value: Double) in String(format: "%.0f ms", value) }
        let mb = { (kib: Int) in String(format: "%.1f MB", megabytes(kib)) }
        let own = result.own.median
        func faster(_ peer: PeerResult?, _ speedup: Double, _ name: String) -> TargetCheck {
            TargetCheck(target: "health import of the zipped 1M export ≥ \(Int(speedup))× faster than \(name)",
                        measured: peer.map { String(format: "%.1f× (%@ vs %@ for %@ %@)", $0.samples.median / own, ms(own), ms($0.samples.median), $0.name, $0.version) }
                            ?? (result.peerNotes.isEmpty ? "not measured" : result.peerNotes.joined(separator: "; ")),
                        pass: peer.map { $0.samples.median / own >= speedup })
        }
        var checks = [
            faster(result.fastestPeer, fastestPeerSpeedup, "the fastest peer"),
            faster(result.firstPeer, firstPeerSpeedup, Peer.firstPeer),
            TargetCheck(target: "health import of the zipped 1M export ≤ \(floorRatio)× its floor (inflate and parse, empty callbacks)",
                        measured: String(format: "%.2f× (%@ vs %@; inflating alone %@)", own / result.floor.median, ms(own), ms(result.floor.median),
                                         ms(result.inflateOnly.median)),
                        pass: own / result.floor.median <= floorRatio),
            TargetCheck(target: "health import peak RSS ≤ the lowest peer's",
                        measured: mb(result.ownPeakKiB) + (result.leanestPeer.map { " vs \(mb($0.peakKiB)) (\($0.name))" } ?? ", no peer measured")
                            + inconclusive(result.ownPeakKiB, result.benchmarkPeakKiB),
                        pass: result.ownPeakKiB <= result.benchmarkPeakKiB ? nil : result.leanestPeer.map { result.ownPeakKiB <= $0.peakKiB }),
            TargetCheck(target: "importing the same export again < \(againShare)× the first import, adding nothing",
                        measured: String(format: "%.3f× (%@ vs %@); read anyway (--again): %@, %d added", result.again.median / own,
                                         ms(result.again.median), ms(own), ms(result.reread.median), result.rereadAdded),
                        pass: result.again.median < againShare * own && result.rereadAdded == 0),
        ]
        checks += storeChecks(size: "1M", heartRate: result.statsHeartRate, steps: result.statsSteps, sleep: result.sleepYearFrame, nights: result.sleepNights)
        guard let large = result.large else {
            return checks + [TargetCheck(target: "the 10M export: time ≤ \(Int(largeTimeGrowth))× the 1M import, peak RSS within 10 %, stats and the sleep view in time",
                                         measured: "not measured (--large)", pass: nil)]
        }
        let growth = large.own.median / own, memory = Double(large.ownPeakKiB) / Double(result.ownPeakKiB)
        checks += [
            TargetCheck(target: "health import of the 10M export ≤ \(Int(largeTimeGrowth))× the 1M import (linear in records)",
                        measured: String(format: "%.2f× (%@ vs %@; the floor %.2f×)", growth, ms(large.own.median), ms(own), large.floor.median / result.floor.median),
                        pass: growth <= largeTimeGrowth),
            TargetCheck(target: "health import of the 10M export in constant memory (peak RSS ≤ \(largeMemoryGrowth)× the 1M import's)",
                        measured: String(format: "%@ vs %@ (%.3f×)", mb(large.ownPeakKiB), mb(result.ownPeakKiB), memory)
                            + inconclusive(large.ownPeakKiB, large.benchmarkPeakKiB),
                        pass: large.ownPeakKiB <= large.benchmarkPeakKiB ? nil : memory <= largeMemoryGrowth),
        ]
        return checks + storeChecks(size: "10M", heartRate: large.statsHeartRate, steps: large.statsSteps, sleep: large.sleepYearFrame, nights: large.sleepNights)
    }

    /// Said beside a child's peak that does not rise above the benchmark's own (see `Spawn`).
    static func inconclusive(_ peakKiB: Int, _ benchmarkKiB: Int) -> String {
        peakKiB > benchmarkKiB ? "" : String(format: "; not judged: the benchmark's own peak, %.1f MB, hides it", megabytes(benchmarkKiB))
    }

    static func storeChecks(size: String, heartRate: Samples, steps: Samples, sleep: Samples?, nights: Int?) -> [TargetCheck] {
        let ms = { (value: Double) in String(format: "%.0f ms", value) }
        return [
            TargetCheck(target: "health stats over the \(size) export's five years by day < \(Int(statsLimit)) ms (whole process)",
                        measured: "heart rate \(ms(heartRate.median)), steps \(ms(steps.median))",
                        pass: max(heartRate.median, steps.median) < statsLimit),
            TargetCheck(target: "the Insights sleep view of a year of nights from the \(size) import within the first-frame limit, \(Int(frameLimit)) ms (whole process)",
                        measured: sleep.map { "\(ms($0.median)) (\(nights ?? 0) nights read)" } ?? "not measured",
                        pass: sleep.map { $0.median < frameLimit }),
        ]
    }
}
