import CarePlanStore

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
    /// out from the day-to-day spread: a Welch t of at least this.
    static let minimumT = 2.0
    /// At most this many associations are reported, the clearest first.
    static let limit = 3

    struct Finding {
        var message: InsightMessage
        var strength: Double
    }

    static func messages(_ evidence: Evidence) -> [InsightMessage] {
        let first = evidence.period.first, last = evidence.lastFinished
        guard last >= first else { return [] }
        let days = last.days(since: first) + 1
        // Flat arrays first, so the pairs below cost array reads, not dictionary look-ups.
        let fields = evidence.readings.map { readings in
            (readings, (0..<days).map { readings.value(on: first.adding(days: $0)) })
        }
        var findings: [Finding] = []
        for history in evidence.plan.histories where history.kind == .intervention {
            let done = evidence.done.counts(of: history.id, from: first, through: last)
            let status = zip(evidence.due.days(of: history.id, from: first, through: last), done).map { day, count -> Bool? in
                if day.occurrences > 0 { return count >= day.occurrences ? true : count == 0 ? false : nil }
                return day.available ? count > 0 : nil
            }
            guard status.contains(true), status.contains(false) else { continue }
            let title = MessageRules.title(history, evidence)
            for (readings, values) in fields {
                if let finding = compare(values, status, readings: readings, intervention: history.id, title: title) {
                    findings.append(finding)
                }
            }
        }
        return findings.sorted { $0.strength > $1.strength }.prefix(limit).map(\.message)
    }

    static func compare(_ values: [Double?], _ status: [Bool?], readings: DailyReadings, intervention: String, title: String) -> Finding? {
        var with = Sample(), without = Sample()
        for (value, did) in zip(values, status) {
            guard let value, let did else { continue }
            if did { with.add(value) } else { without.add(value) }
        }
        guard with.n >= minimumDays, without.n >= minimumDays else { return nil }
        let difference = with.mean - without.mean
        let scale = Trend.scale(readings.field, values: values.compactMap { $0 })
        guard difference != 0, abs(difference) >= Trend.flatShare * scale else { return nil }
        let error = (with.variance / Double(with.n) + without.variance / Double(without.n)).squareRoot()
        // No spread on either side: every day says the same, which is as clear as it gets.
        let t = error > 0 ? abs(difference) / error : .infinity
        guard t >= minimumT else { return nil }
        let unit = UnitText.display(readings.field.unit, type: readings.measureType)
        let size = NumberText.string(abs(difference), decimals: max(readings.field.decimals ?? 1, 1))
        let text = "\(readings.title) averaged \(size)\(unit.isEmpty ? "" : " \(unit)") \(difference < 0 ? "lower" : "higher") on days you did \(title) than on days you did not (\(with.n) vs \(without.n) days)"
        let message = InsightMessage(level: .tip, kind: .association, activityId: readings.activityId, relatedActivityId: intervention,
                                     text: text, numbers: ["difference": difference, "with": with.mean, "without": without.mean,
                                                           "daysWith": Double(with.n), "daysWithout": Double(without.n)])
        // Ties of perfectly clean samples go to the larger difference for its scale.
        return Finding(message: message, strength: t.isFinite ? t : 1e9 + abs(difference) / max(scale, 1e-9))
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
