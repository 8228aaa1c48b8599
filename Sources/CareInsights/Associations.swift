import CarePlanStore
import Foundation
import Localization

/// "Pain averaged 2.1 points lower on days you did Stretches than on days you did not (18 vs 12 days)".
///
/// Compares an assessment's daily value on days an intervention was done with days it was not,
/// over the period's finished days. Only an association: the words never claim a cause (pain
/// may be why the stretches were skipped). A day counts as "did" when every due occurrence was
/// done (any log, for as-needed activities) and as "did not" when none was; partly done days and
/// days it was not scheduled are left out.
enum Associations {
    /// Each side needs at least this many days.
    static let minimumDays = 7
    /// Besides the difference being at least `Trend.flatShare` of the field's scale, it must stand
    /// out from the day-to-day spread: a Welch t of at least this, and more when many pairs are
    /// compared (see `threshold`).
    static let minimumT = 2.0
    /// The chance, over all pairs compared in one report, of reporting an association that is
    /// only day-to-day noise.
    static let familyErrorRate = 0.05
    /// At most this many associations are reported, the clearest first.
    static let limit = 3

    struct Finding {
        /// Built only for the findings reported: words cost more than the arithmetic.
        var message: () -> InsightMessage
        var t: Double
        var strength: Double
    }

    /// The t a finding needs when `tests` pairs were compared (Bonferroni, with the normal
    /// approximation): a 40-activity plan compares hundreds of pairs, and at t ≥ 2 one in twenty
    /// pairs of unrelated activities would look associated.
    static func threshold(tests: Int) -> Double {
        let alpha = familyErrorRate / Double(max(tests, 1))
        // Two-sided: erfc(z / √2) is the chance of |Z| > z; it falls as z grows.
        var low = 0.0, high = 40.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if erfc(middle / 2.0.squareRoot()) > alpha { low = middle } else { high = middle }
        }
        return max(high, minimumT)
    }

    /// The clearest associations; with `activity`, the clearest of those it takes part in.
    static func messages(_ evidence: Evidence, about activity: String? = nil) -> [InsightMessage] {
        let first = evidence.period.first, last = evidence.lastFinished
        guard last >= first else { return [] }
        let days = last.days(since: first) + 1
        // A week (or the start of a month) cannot hold enough days for both sides.
        guard days >= 2 * minimumDays else { return [] }
        // Flat arrays first, so the pairs below cost array reads, not dictionary look-ups.
        // Each field's scale once: it depends on the field and its values, not on the intervention.
        let fields = evidence.readings.map { readings -> (DailyReadings, [Double?], Double) in
            let values = (0..<days).map { readings.value(on: first.adding(days: $0)) }
            return (readings, values, Trend.scale(readings.field, values: values.compactMap { $0 }))
        }
        let numbers = fields.map { field in field.1.map { $0 ?? .nan } }
        var findings: [Finding] = [], tests = 0
        for history in evidence.plan.histories where history.kind == .intervention {
            let fieldsToCompare = activity == nil || activity == history.id ? fields : fields.filter { $0.0.activityId == activity }
            guard !fieldsToCompare.isEmpty else { continue }
            let done = evidence.done.counts(of: history.id, from: first, through: last)
            let status = zip(evidence.due.days(of: history.id, from: first, through: last), done).map { day, count -> Bool? in
                if day.occurrences > 0 { return count >= day.occurrences ? true : count == 0 ? false : nil }
                return day.available ? count > 0 : nil
            }
            guard status.contains(true), status.contains(false) else { continue }
            let title = MessageRules.title(history, evidence)
            // The same series as plain arrays for the first pass over every pair: no optionals.
            let did = status.map { $0.map { Int8($0 ? 1 : 0) } ?? -1 }
            for (index, (readings, values, scale)) in fieldsToCompare.enumerated() {
                let plain = fieldsToCompare.count == fields.count ? numbers[index] : values.map { $0 ?? .nan }
                switch passesGate(plain, did, scale: scale) {
                case nil: continue
                case false?: tests += 1; continue
                case true?: break
                }
                let (tested, finding) = compare(values, status, scale: scale, readings: readings, intervention: history.id, title: title)
                if tested { tests += 1 }
                if let finding { findings.append(finding) }
            }
        }
        let needed = threshold(tests: tests)
        findings.removeAll { $0.t < needed }
        // Ties keep plan order, so the same data always gives the same messages.
        return findings.enumerated().sorted { ($0.element.strength, -$0.offset) > ($1.element.strength, -$1.offset) }
            .prefix(limit).map { $0.element.message() }
    }

    /// Whether the pair had enough days on each side to be compared, and the finding when its
    /// difference is large enough for the field; whether it stands out is decided by the caller.
    ///
    /// A 120-activity plan compares thousands of pairs over a year, and nearly all stop at the
    /// size or difference check; so the two samples are summed first, without allocating, and
    /// the day-by-day series are only built for pairs that get past it.
    /// The first look at a pair: counts and sums only, no division per day, over plain arrays
    /// (NaN: no value; −1: not counted, 0: not done, 1: done). Nil when the pair lacks the days to
    /// be compared at all; false when its difference is too small for the field (it still counts
    /// as a test); true when `compare` must look closely. A hair wider than the rule, so the exact
    /// figures in `compare` still decide every borderline pair.
    static func passesGate(_ values: [Double], _ did: [Int8], scale: Double) -> Bool? {
        var countWith = 0, countWithout = 0, sumWith = 0.0, sumWithout = 0.0
        values.withUnsafeBufferPointer { values in
            did.withUnsafeBufferPointer { did in
                for index in 0..<min(values.count, did.count) {
                    let value = values[index], status = did[index]
                    if status < 0 || value.isNaN { continue }
                    if status == 1 { countWith += 1; sumWith += value } else { countWithout += 1; sumWithout += value }
                }
            }
        }
        guard countWith >= minimumDays, countWithout >= minimumDays else { return nil }
        let rough = sumWith / Double(countWith) - sumWithout / Double(countWithout)
        return abs(rough) >= Trend.flatShare * scale * (1 - 1e-9)
    }

    static func compare(_ values: [Double?], _ status: [Bool?], scale: Double, readings: DailyReadings, intervention: String,
                        title: String) -> (tested: Bool, finding: Finding?) {
        var with = Sample(), without = Sample()
        for index in values.indices {
            guard let value = values[index], let did = status[index] else { continue }
            if did { with.add(value) } else { without.add(value) }
        }
        guard with.n >= minimumDays, without.n >= minimumDays else { return (false, nil) }
        let difference = with.mean - without.mean
        guard difference != 0, abs(difference) >= Trend.flatShare * scale else { return (true, nil) }
        // Sized once: a year's report builds these for every pair that gets this far.
        var withValues: [Double] = [], withoutValues: [Double] = []
        withValues.reserveCapacity(with.n)
        withoutValues.reserveCapacity(without.n)
        // The days with both a value and a known status; NaN on the others.
        let count = min(values.count, status.count)
        var used = [Double](repeating: .nan, count: count), doneDays = [Double](repeating: .nan, count: count)
        for index in 0..<count {
            guard let value = values[index], let did = status[index] else { continue }
            if did { withValues.append(value) } else { withoutValues.append(value) }
            used[index] = value
            doneDays[index] = did ? 1 : 0
        }
        // Days are not independent: readings drift slowly and misses come in runs, and two such
        // series line up by chance far more often than day-to-day noise would. Widening the error
        // by the lag-one autocorrelations of both (Bartlett's correction) keeps runs from
        // passing for associations.
        let shared = lagOne(used) * lagOne(doneDays)
        let widening = shared > 0 ? ((1 + shared) / (1 - shared)).squareRoot() : 1
        let error = widening * (with.variance / Double(with.n) + without.variance / Double(without.n)).squareRoot()
        // No spread on either side: every day says the same, which is as clear as it gets.
        var t = error > 0 ? abs(difference) / error : .infinity
        // Daily figures are often far from normal (a day's total of as-needed drinks is one
        // drink or two), which fools a t; the weaker of it and a rank test decides.
        // (No threshold is below `minimumT`, so pairs already under it skip the sort.)
        if t >= minimumT { t = min(t, abs(rankZ(withValues, withoutValues)) / widening) }
        let message = { () -> InsightMessage in
            let unit = UnitText.display(readings.field.unit, type: readings.measureType)
            let size = NumberText.string(abs(difference), decimals: max(readings.field.decimals ?? 1, 1))
            if readings.measureType == .sleep {
                let minutes = SleepText.duration(Int((abs(difference) * 60).rounded()))
                let values: KeyValuePairs<String, any PlaceholderValue> = ["title": title, "duration": minutes, "with": with.n]
                let text = difference < 0
                    // TRANSLATORS: sleep on nights after days an activity ({title}) was done, against nights after days it was
                    // not: {duration} is the difference (25 min), {with} and {count} the nights on each side. Says nothing of a cause.
                    ? trn("On days you did {title} you slept {duration} less on average ({with} vs {count} night)",
                          "On days you did {title} you slept {duration} less on average ({with} vs {count} nights)", without.n, values)
                    : trn("On days you did {title} you slept {duration} longer on average ({with} vs {count} night)",
                          "On days you did {title} you slept {duration} longer on average ({with} vs {count} nights)", without.n, values)
                return InsightMessage(level: .tip, kind: .association, activityId: readings.activityId, relatedActivityId: intervention,
                                      text: text, numbers: ["difference": difference, "with": with.mean, "without": without.mean,
                                                            "daysWith": Double(with.n), "daysWithout": Double(without.n)])
            }
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "assessment": readings.title, "difference": size + (unit.isEmpty ? "" : " " + unit), "title": title, "with": with.n]
            let text = difference < 0
                // TRANSLATORS: an assessment ({assessment}, Pain) on days an activity ({title}, Stretches) was done against days
                // it was not: {difference} with its unit (2.1 points), {with} and {count} the days on each side. Says nothing of a cause.
                ? trn("{assessment} averaged {difference} lower on days you did {title} than on days you did not ({with} vs {count} day)",
                      "{assessment} averaged {difference} lower on days you did {title} than on days you did not ({with} vs {count} days)", without.n, values)
                : trn("{assessment} averaged {difference} higher on days you did {title} than on days you did not ({with} vs {count} day)",
                      "{assessment} averaged {difference} higher on days you did {title} than on days you did not ({with} vs {count} days)", without.n, values)
            return InsightMessage(level: .tip, kind: .association, activityId: readings.activityId, relatedActivityId: intervention,
                                  text: text, numbers: ["difference": difference, "with": with.mean, "without": without.mean,
                                                        "daysWith": Double(with.n), "daysWithout": Double(without.n)])
        }
        // Ties of perfectly clean samples go to the larger difference for its scale.
        return (true, Finding(message: message, t: t, strength: t.isFinite ? t : 1e9 + abs(difference) / max(scale, 1e-9)))
    }

    /// The lag-one autocorrelation of a daily series (NaN: a day without a value; pairs of
    /// consecutive days with values), clamped to 0...0.95 so that a series of runs cannot make the
    /// error infinite. Sums run in day order, so the figures do not depend on how it is stored.
    static func lagOne(_ series: [Double]) -> Double {
        var present = 0, sum = 0.0
        for value in series where !value.isNaN {
            present += 1
            sum += value
        }
        guard present > 2 else { return 0 }
        let mean = sum / Double(present)
        var spread = 0.0
        for value in series where !value.isNaN { spread += (value - mean) * (value - mean) }
        guard spread > 0 else { return 0 }
        var products = 0.0, pairs = 0
        for index in series.indices.dropFirst() {
            let today = series[index - 1], tomorrow = series[index]
            guard !today.isNaN, !tomorrow.isNaN else { continue }
            products += (today - mean) * (tomorrow - mean)
            pairs += 1
        }
        guard pairs > 0 else { return 0 }
        // Scaled to all present days, as if no day were missing.
        let r = products / Double(pairs) * Double(present) / spread
        return min(max(r, 0), 0.95)
    }

    /// The Mann–Whitney U statistic of `a` against `b` as a normal z, with average ranks and the
    /// tie correction; 0 when every value is the same.
    /// Each side is sorted on its own and the two are walked together, a run of equal values at a
    /// time: a sort of plain numbers, not of (value, side) pairs through a closure.
    static func rankZ(_ a: [Double], _ b: [Double]) -> Double {
        let a = a.sorted(), b = b.sorted()
        let n = Double(a.count + b.count), n1 = Double(a.count), n2 = Double(b.count)
        var rankSum = 0.0, ties = 0.0
        var start = 0, nextA = 0, nextB = 0
        while nextA < a.count || nextB < b.count {
            // The smaller head starts the run (taken first, so every turn moves on).
            let fromA = nextA < a.count && (nextB == b.count || a[nextA] <= b[nextB])
            let value = fromA ? a[nextA] : b[nextB]
            var inA = 0, inB = 0
            if fromA { nextA += 1; inA = 1 } else { nextB += 1; inB = 1 }
            while nextA < a.count, a[nextA] == value { nextA += 1; inA += 1 }
            while nextB < b.count, b[nextB] == value { nextB += 1; inB += 1 }
            let end = start + inA + inB - 1
            let rank = Double(start + end) / 2 + 1
            let count = Double(end - start + 1)
            ties += count * count * count - count
            for _ in 0..<inA { rankSum += rank }
            start = end + 1
        }
        let u = rankSum - n1 * (n1 + 1) / 2
        let variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
        return variance > 0 ? (u - n1 * n2 / 2) / variance.squareRoot() : 0
    }

    /// Running mean and variance (Welford), so a sample is one pass.
    struct Sample {
        var n = 0
        var mean = 0.0
        var squares = 0.0

        mutating func add(_ x: Double) {
            n += 1
            let delta = x - mean
            mean += delta / Double(n)
            squares += delta * (x - mean)
        }

        var variance: Double { n > 1 ? squares / Double(n - 1) : 0 }
    }
}
