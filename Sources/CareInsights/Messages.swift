import CarePlanStore
import Localization

/// A tip, warning or alert about the period, with the numbers behind its text.
public struct InsightMessage: Hashable, Sendable {
    /// How much a message asks for attention; messages are listed most severe first.
    public enum Level: Int, Comparable, Sendable, CaseIterable {
        case tip, warning, alert

        /// What JSON and the report's data call it: "tip", "warning", "alert" in every language.
        public var name: String { ["tip", "warning", "alert"][rawValue] }
        /// The level as people read it, beside a message.
        public var displayName: String {
            switch self {
            // TRANSLATORS: how much an Insights message asks for attention, printed before it.
            case .tip: return trc("insight level", "tip")
            case .warning: return trc("insight level", "warning")
            case .alert: return trc("insight level", "alert")
            }
        }
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
        /// A questionnaire's answer that needs the care team, not yet acknowledged.
        case answerAlert = "answer-alert"
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

    /// Whether a window ending on `last` reads "the last 7 days" (it ends today, or yesterday when
    /// today is not over) rather than "the 7 days to 2026-11-14".
    func isRecent(_ last: LocalDate) -> Bool {
        last == today || (last == today.adding(days: -1) && end == today)
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
        messages += adherenceDrop(counted.map(\.id), activityId: nil, title: nil, evidence)
        if let activity, let history = counted.first(where: { $0.id == activity }) {
            messages += adherenceDrop([activity], activityId: activity, title: title(history, evidence), evidence)
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
        let recent = evidence.isRecent(evidence.end)
        return [(above, true, normal.upperBound), (below, false, normal.lowerBound)].compactMap { count, isAbove, threshold in
            guard count > 0 else { return nil }
            let values: KeyValuePairs<String, any PlaceholderValue> = [
                "title": readings.title, "threshold": NumberText.string(threshold) + (unit.isEmpty ? "" : " " + unit),
                "days": readingWindow, "date": evidence.end.iso]
            var text = switch (isAbove, recent) {
            // TRANSLATORS: readings outside their normal range in a window of days: {title} is the assessment
            // (Temperature), {threshold} the range's edge with its unit (38 °C, 5 points), {count} the days out
            // of {days}, {date} the window's last day (2026-11-14).
            case (true, true): trn("{title} above {threshold} on {count} of the last {days} days",
                                   "{title} above {threshold} on {count} of the last {days} days", count, values)
            case (true, false): trn("{title} above {threshold} on {count} of the {days} days to {date}",
                                    "{title} above {threshold} on {count} of the {days} days to {date}", count, values)
            case (false, true): trn("{title} below {threshold} on {count} of the last {days} days",
                                    "{title} below {threshold} on {count} of the last {days} days", count, values)
            case (false, false): trn("{title} below {threshold} on {count} of the {days} days to {date}",
                                     "{title} below {threshold} on {count} of the {days} days to {date}", count, values)
            }
            let alert = count >= alertDaysOutOfNormal
            // An alert says whom to call: the care-team contact the plan makes responsible, else the team.
            let contact = alert ? responsibleContact(readings.activityId, evidence) : nil
            if alert {
                let advice = whomToCall(contact)
                // TRANSLATORS: an alert: what was seen ("Temperature above 38 °C on 3 of the last 7 days"), then whom to call.
                text = tr("{finding}; {advice}", ["finding": text, "advice": advice])
            }
            var message = InsightMessage(level: alert ? .alert : .warning, kind: .outOfNormal,
                                         activityId: readings.activityId, text: text,
                                         numbers: ["days": Double(count), "window": Double(readingWindow), "threshold": threshold,
                                                   "daysWithReadings": Double(withReadings)])
            message.contact = contact?.name
            return message
        }
    }

    /// "call Sam Patel (Practice nurse) on +44 20 7946 0959", or "call your care team" with no one named.
    static func whomToCall(_ contact: Contact?) -> String {
        contact.map { contact in
            // TRANSLATORS: whom to call about readings out of normal: a contact's name, role (Nurse) and phone.
            contact.phone.map { tr("call {name} ({role}) on {phone}", ["name": contact.name, "role": contact.role, "phone": $0]) }
                ?? tr("call {name} ({role})", ["name": contact.name, "role": contact.role])
        } ?? tr("call your care team")
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
        let values: KeyValuePairs<String, any PlaceholderValue> = ["title": title(history, evidence), "date": latest.iso]
        let text = switch (inARow, latest == evidence.today.adding(days: -1)) {
        // TRANSLATORS: an activity not done on the most recent days it was scheduled; {date} is the last of
        // them (2026-11-14) when that was not yesterday.
        case (true, true): trn("{title} missed {count} day in a row", "{title} missed {count} days in a row", streak, values)
        case (true, false): trn("{title} missed {count} day in a row (to {date})", "{title} missed {count} days in a row (to {date})", streak, values)
        case (false, true): trn("{title} missed the last {count} scheduled day", "{title} missed the last {count} scheduled days", streak, values)
        case (false, false): trn("{title} missed the last {count} scheduled day (to {date})",
                                 "{title} missed the last {count} scheduled days (to {date})", streak, values)
        }
        return [InsightMessage(level: streak >= alertStreak ? .alert : .warning, kind: .missedStreak, activityId: history.id,
                               text: text, numbers: ["days": Double(streak)])]
    }

    /// Adherence over the period's finished days against the same number of days just before,
    /// when careplan followed the activities over all of those days.
    /// `title`: the activity's, or nil for the whole plan's adherence.
    static func adherenceDrop(_ ids: [String], activityId: String?, title: String?, _ evidence: Evidence) -> [InsightMessage] {
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
        let values: KeyValuePairs<String, any PlaceholderValue> = [
            "title": title ?? "", "percent": nowAdherence.percent!, "previousPercent": thenAdherence.percent!, "date": last.iso]
        let text = switch (title != nil, evidence.isRecent(last)) {
        // TRANSLATORS: adherence fell against as many days just before: {percent} over the last {count} days
        // (or the {count} days to {date}, 2026-11-14), {previousPercent} before; {title} is an activity.
        case (false, true): trn("Adherence {percent} % over the last {count} day, down from {previousPercent} % in the {count} day before",
                                "Adherence {percent} % over the last {count} days, down from {previousPercent} % in the {count} days before", days, values)
        case (false, false): trn("Adherence {percent} % over the {count} day to {date}, down from {previousPercent} % in the {count} day before",
                                 "Adherence {percent} % over the {count} days to {date}, down from {previousPercent} % in the {count} days before", days, values)
        case (true, true): trn("{title} adherence {percent} % over the last {count} day, down from {previousPercent} % in the {count} day before",
                               "{title} adherence {percent} % over the last {count} days, down from {previousPercent} % in the {count} days before", days, values)
        case (true, false): trn("{title} adherence {percent} % over the {count} day to {date}, down from {previousPercent} % in the {count} day before",
                                "{title} adherence {percent} % over the {count} days to {date}, down from {previousPercent} % in the {count} days before", days, values)
        }
        return [InsightMessage(level: drop >= alertDrop ? .alert : .warning, kind: .adherenceDrop, activityId: activityId, text: text,
                               numbers: ["current": current, "previous": previous, "days": Double(days),
                                         "completed": Double(now.completed), "due": Double(now.due),
                                         "previousCompleted": Double(then.completed), "previousDue": Double(then.due)])]
    }
}

/// Units as people read them in a sentence: the registry's display name, and "points" on a scale.
enum UnitText {
    static func display(_ unit: String?, type: Measure.ValueType) -> String {
        // TRANSLATORS: the unit of a scale's values after a number ("5 points", "2.1 points lower"), whatever
        // the number: a word or abbreviation that does not change with it (Polish "pkt").
        type == .scale ? trc("unit", "points") : unit.map(UnitRegistry.display) ?? ""
    }
}
