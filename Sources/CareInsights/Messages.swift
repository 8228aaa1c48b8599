import CarePlanStore

/// A tip, warning or alert about the period, with the numbers behind its text.
public struct InsightMessage: Hashable, Sendable {
    /// How much a message asks for attention; messages are listed most severe first.
    public enum Level: Int, Comparable, Sendable, CaseIterable {
        case tip, warning, alert

        public var name: String { ["tip", "warning", "alert"][rawValue] }
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// Which rule produced the message.
    public enum Kind: String, Sendable, CaseIterable {
        case outOfNormal = "out-of-normal"
        case missedStreak = "missed-streak"
        case adherenceDrop = "adherence-drop"
        case association
        case sleepEfficiency = "sleep-efficiency"
        case sleepDrop = "sleep-drop"
        case sleepRegularity = "sleep-regularity"
    }

    public var level: Level
    public var kind: Kind
    /// The activity it is about (the assessment, for associations); nil for the whole plan.
    public var activityId: String?
    /// For associations, the intervention.
    public var relatedActivityId: String?
    public var text: String
    /// The figures the text quotes, by name ("days", "window", "threshold"...).
    public var numbers: [String: Double]
    /// The care-team contact the text says to call, when the plan names who is responsible.
    public var contact: String?

    /// Whether the message concerns `id`.
    public func concerns(_ id: String) -> Bool { activityId == id || relatedActivityId == id }
}

/// What the message rules read: aggregates already loaded for the report, so rules run no queries.
struct Evidence {
    let plan: PlanSnapshot
    let period: InsightPeriod
    let today: LocalDate
    /// The last day counted: the period's last day, or today when the period runs past it.
    let end: LocalDate
    /// The last finished day: `end`, or the day before when `end` is today (today is not over,
    /// so it says nothing yet about misses).
    var lastFinished: LocalDate { Self.lastFinished(end: end, today: today) }
    /// Counted occurrences day by day, from the period's start to `end`.
    let ledger: AdherenceLedger
    /// Counted occurrences over the days just before the period, as many as it has finished days.
    let previous: SpanTotals
    /// Each counted activity's last day with something done, in the streak look-back.
    let lastDone: LastDone
    /// Every intervention's due occurrences from the streak look-back to the period's end, and
    /// outcomes over the period, for streaks and associations.
    let due: DueTable
    let done: DailyCounts
    let readings: [DailyReadings]

    static func lastFinished(end: LocalDate, today: LocalDate) -> LocalDate { end == today ? end.adding(days: -1) : end }

    /// "the last 7 days" when a window ends today, else "the 7 days to 2026-11-14".
    func window(_ days: Int, endingOn last: LocalDate) -> String {
        let relative = last == today || (last == today.adding(days: -1) && end == today)
        return relative ? "the last \(days) days" : "the \(days) days to \(last)"
    }
}

/// The rules that turn evidence into messages, and their thresholds in one place.
enum MessageRules {
    /// Out-of-normal readings are looked for in this many days up to the period's end.
    static let readingWindow = 7
    /// Days out of normal in that window that make an alert rather than a warning.
    static let alertDaysOutOfNormal = 3
    /// A missed streak is reported from this many scheduled days; from `alertStreak` it is an alert.
    static let warnStreak = 2, alertStreak = 3
    /// How far back a streak is followed.
    static let streakLookBack = 60
    /// An adherence drop, in percentage points, that is a warning, and one that is an alert; each
    /// side must have had at least `minimumDue` occurrences due.
    static let warnDrop = 10.0, alertDrop = 25.0, minimumDue = 7

    /// Every message, most severe first; within a level, in rule order (readings, streaks,
    /// adherence, associations).
    static func messages(_ evidence: Evidence, activity: String?) -> [InsightMessage] {
        var messages: [InsightMessage] = []
        for readings in evidence.readings { messages += outOfNormal(readings, evidence) }
        let counted = evidence.plan.histories.filter(\.countsInAdherence)
        for history in counted { messages += missedStreak(history, evidence) }
        messages += adherenceDrop(counted.map(\.id), activityId: nil, title: "Adherence", evidence)
        if let activity, let history = counted.first(where: { $0.id == activity }) {
            messages += adherenceDrop([activity], activityId: activity, title: "\(title(history, evidence)) adherence", evidence)
        }
        messages += Associations.messages(evidence, about: activity)
        if let activity { messages = messages.filter { $0.concerns(activity) } }
        // A stable sort keeps rule order within a level.
        return messages.enumerated().sorted { ($0.element.level, -$0.offset) > ($1.element.level, -$1.offset) }.map(\.element)
    }

    static func title(_ history: ActivityHistory, _ evidence: Evidence) -> String {
        history.activity(on: evidence.end).title
    }

    /// Days in the last week of the period with a reading above (or below) `normal`. A day counts
    /// when any reading was out, since one fever reading matters however the day averages; for
    /// measures that add up (`aggregate: sum`), the day's total is what is compared.
    static func outOfNormal(_ readings: DailyReadings, _ evidence: Evidence) -> [InsightMessage] {
        guard let normal = readings.field.normal else { return [] }
        let first = evidence.end.adding(days: -(readingWindow - 1))
        var above = 0, below = 0, withReadings = 0
        for dayNumber in first.dayNumber...evidence.end.dayNumber {
            guard let day = readings.statistics(on: LocalDate(dayNumber: dayNumber)) else { continue }
            withReadings += 1
            let high = readings.aggregate == .sum ? day.sum : day.max
            let low = readings.aggregate == .sum ? day.sum : day.min
            if high > normal.upperBound { above += 1 }
            if low < normal.lowerBound { below += 1 }
        }
        let unit = UnitText.display(readings.field.unit, type: readings.measureType)
        return [(above, "above", normal.upperBound), (below, "below", normal.lowerBound)].compactMap { count, side, threshold in
            guard count > 0 else { return nil }
            var text = "\(readings.title) \(side) \(NumberText.string(threshold))\(unit.isEmpty ? "" : " \(unit)") on \(count) of \(evidence.window(readingWindow, endingOn: evidence.end))"
            let alert = count >= alertDaysOutOfNormal
            // An alert says whom to call: the care-team contact the plan makes responsible, else the team.
            let contact = alert ? responsibleContact(readings.activityId, evidence) : nil
            if alert { text += contact.map { "; call \($0.name) (\($0.role))" + ($0.phone.map { " on \($0)" } ?? "") } ?? "; call your care team" }
            var message = InsightMessage(level: alert ? .alert : .warning, kind: .outOfNormal,
                                         activityId: readings.activityId, text: text,
                                         numbers: ["days": Double(count), "window": Double(readingWindow), "threshold": threshold,
                                                   "daysWithReadings": Double(withReadings)])
            message.contact = contact?.name
            return message
        }
    }

    /// The first care-team contact the plan (as it stood at the period's end) makes responsible for `activityId`.
    static func responsibleContact(_ activityId: String, _ evidence: Evidence) -> Contact? {
        evidence.plan.contacts(on: evidence.end).first { $0.group == .careTeam && $0.activities.contains(activityId) }
    }

    /// The run of most recent scheduled days on which nothing of `history` was done, up to the
    /// last finished day. A day partly done ends the run; days with nothing due are stepped over;
    /// days before careplan followed the activity (before it was imported) are never "missed".
    static func missedStreak(_ history: ActivityHistory, _ evidence: Evidence) -> [InsightMessage] {
        var lookBack = evidence.lastFinished.adding(days: -(streakLookBack - 1))
        if let tracked = history.trackedFrom { lookBack = max(lookBack, tracked) }
        let lastDone = evidence.lastDone.day(history.id)
        var streak = 0, earliest = evidence.lastFinished, latest: LocalDate?
        var day = evidence.lastFinished
        while day >= lookBack {
            let due = evidence.due.day(history.id, day)
            if due.counts {
                guard day != lastDone else { break }
                streak += 1
                earliest = day
                latest = latest ?? day
            }
            day = day.adding(days: -1)
        }
        guard streak >= warnStreak, let latest else { return [] }
        let inARow = latest.days(since: earliest) + 1 == streak
        let text = "\(title(history, evidence)) missed " + (inARow ? "\(streak) days in a row" : "the last \(streak) scheduled days")
            + (latest == evidence.today.adding(days: -1) ? "" : " (to \(latest))")
        return [InsightMessage(level: streak >= alertStreak ? .alert : .warning, kind: .missedStreak, activityId: history.id,
                               text: text, numbers: ["days": Double(streak)])]
    }

    /// Adherence over the period's finished days against the same number of days just before,
    /// when careplan followed the activities over all of those days.
    static func adherenceDrop(_ ids: [String], activityId: String?, title: String, _ evidence: Evidence) -> [InsightMessage] {
        let first = evidence.period.first, last = evidence.lastFinished
        guard last >= first else { return [] }
        let days = last.days(since: first) + 1
        let tracked = ids.compactMap { evidence.plan.history($0)?.trackedFrom }.max()
        if let tracked, tracked > first.adding(days: -days) { return [] }
        var now = (completed: 0, due: 0), then = (completed: 0, due: 0)
        for id in ids {
            let current = evidence.ledger.totals(id, from: first, through: last)
            let previous = evidence.previous.totals(id)
            now = (now.completed + current.completed, now.due + current.due)
            then = (then.completed + previous.completed, then.due + previous.due)
        }
        guard now.due >= minimumDue, then.due >= minimumDue else { return [] }
        let nowAdherence = Adherence.due(completed: now.completed, total: now.due)
        let thenAdherence = Adherence.due(completed: then.completed, total: then.due)
        let current = 100 * nowAdherence.fraction!, previous = 100 * thenAdherence.fraction!
        let drop = previous - current
        guard drop >= warnDrop else { return [] }
        let text = "\(title) \(nowAdherence.percent!) % over \(evidence.window(days, endingOn: last)), down from \(thenAdherence.percent!) % in the \(days) days before"
        return [InsightMessage(level: drop >= alertDrop ? .alert : .warning, kind: .adherenceDrop, activityId: activityId, text: text,
                               numbers: ["current": current, "previous": previous, "days": Double(days),
                                         "completed": Double(now.completed), "due": Double(now.due),
                                         "previousCompleted": Double(then.completed), "previousDue": Double(then.due)])]
    }
}

/// Units as people read them in a sentence: the registry's display name, and "points" on a scale.
enum UnitText {
    static func display(_ unit: String?, type: Measure.ValueType) -> String {
        type == .scale ? "points" : unit.map(UnitRegistry.display) ?? ""
    }
}
