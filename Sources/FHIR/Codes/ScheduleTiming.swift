import CarePlanStore
import Localization

/// careplan's schedules as FHIR Timing and back: the one place the two calendars meet.
///
/// Out: daily N → frequency N per 1 d; weekly → frequency per 1 d on `dayOfWeek`; every K days →
/// frequency per K d; times → `timeOfDay`; start/end → `boundsPeriod`; as needed → no frequency.
/// `code.text` carries careplan's own summary, so a reader sees the schedule in words.
/// In: the same, plus what FHIR can say and careplan reads as nearly as it can (hours, weeks,
/// months), each approximation named in `notes`.
public enum ScheduleTiming {
    public static func timing(_ schedule: Schedule) -> Timing {
        var rule = Timing.Repeat()
        rule.boundsPeriod = Period(start: schedule.start.iso, end: schedule.end?.iso)
        switch schedule.pattern {
        case .daily(let n):
            (rule.frequency, rule.period, rule.periodUnit) = (n, 1, "d")
        case .weekly(let perDay):
            // Timing has one frequency; a week whose days differ keeps the largest (docs/fhir.md).
            (rule.frequency, rule.period, rule.periodUnit) = (perDay.pairs.map(\.count).max() ?? 1, 1, "d")
            rule.dayOfWeek = perDay.days.map(\.key)
        case .every(let days, let n):
            (rule.frequency, rule.period, rule.periodUnit) = (n, Double(days), "d")
        case .asNeeded:
            break
        }
        if !schedule.times.isEmpty { rule.timeOfDay = schedule.times.map { $0.description + ":00" } }
        return Timing(repeat: rule, code: CodeableConcept(text: schedule.summary))
    }

    /// A schedule read from FHIR, and what could not be kept exactly.
    public struct Reading {
        public var schedule: Schedule
        public var notes: [String]
    }

    /// Reads `timing`; `start` and `end` are the plan's period, used where the timing has no bounds.
    public static func schedule(_ timing: Timing, start: LocalDate, end: LocalDate?) -> Reading {
        var notes: [String] = []
        let rule = timing.repeat ?? Timing.Repeat()
        var first = rule.boundsPeriod?.start.flatMap(FHIRDate.localDate) ?? start
        var last = rule.boundsPeriod?.end.flatMap(FHIRDate.localDate) ?? end
        if let duration = rule.boundsDuration, let value = duration.value, let days = days(in: duration.code ?? duration.unit ?? "") {
            last = first.adding(days: Int((value * days).rounded()) - 1)
        }
        if let lastDay = last, lastDay < first { first = lastDay }
        if timing.event?.isEmpty == false { notes.append(tr("fixed event dates (Timing.event) are not kept; the repeat rule is")) }
        if rule.when?.isEmpty == false {
            // TRANSLATORS: {events} are FHIR's codes for moments of the day (ACM, ACD: before breakfast, lunch).
            notes.append(tr("times named by events ({events}) are not kept; give times of day in the YAML", ["events": rule.when!.joined(separator: ", ")]))
        }
        if rule.count != nil { notes.append(tr("a count of repetitions ({count}) is not kept; the dates bound the schedule", ["count": rule.count!])) }
        if rule.duration != nil { notes.append(tr("how long each occurrence lasts is not kept")) }
        var times = (rule.timeOfDay ?? []).compactMap { TimeOfDay(text: $0.prefix(5)) }.sorted()
        times = times.reduce(into: []) { kept, time in if kept.last != time { kept.append(time) } }

        func made(_ pattern: Schedule.Pattern, keepTimes: Bool = true) -> Reading {
            Reading(schedule: Schedule(start: first, end: last, pattern: pattern, times: keepTimes ? times : []), notes: notes)
        }
        guard rule.frequency != nil || rule.period != nil || !times.isEmpty else {
            if timing.code?.text?.hasPrefix("as needed") != true {
                notes.append(tr("no frequency: made as needed between its dates"))
            }
            return made(.asNeeded, keepTimes: false)
        }
        var frequency = max(rule.frequency ?? 1, 1)
        if let most = rule.frequencyMax, most != frequency {
            notes.append(tr("frequency {frequency}–{most}: taken as {frequency}", ["frequency": frequency, "most": most]))
        }
        if !times.isEmpty, times.count != frequency {
            // TRANSLATORS: {frequency} is how many times the timing repeats in each of its periods.
            notes.append(trn("{frequency} a period but {count} time of day: taken as {count}", "{frequency} a period but {count} times of day: taken as {count}",
                             times.count, ["frequency": frequency]))
            frequency = times.count
        }
        let period = rule.period ?? 1
        if rule.periodMax != nil { notes.append(tr("a period range is not kept; taken as {period}", ["period": NumberText.string(period)])) }
        let days = Set((rule.dayOfWeek ?? []).compactMap(Weekday.init(key:))).sorted()
        switch rule.periodUnit ?? "d" {
        case "d" where period == period.rounded() && period >= 1:
            if !days.isEmpty {
                if period != 1 {
                    notes.append(trn("every {count} day on named weekdays: taken as every week on those days",
                                     "every {count} days on named weekdays: taken as every week on those days", Int(period)))
                }
                return made(.weekly(WeekdayCounts(days.map { ($0, frequency) })))
            }
            return made(period == 1 ? .daily(frequency) : .every(days: Int(period), times: frequency))
        case "wk" where period == period.rounded() && period >= 1:
            if !days.isEmpty {
                let each = max(1, frequency / days.count)
                if frequency % days.count != 0 {
                    notes.append(trn("{frequency} a week on {count} day: taken as {each} on each", "{frequency} a week on {count} days: taken as {each} on each",
                                     days.count, ["frequency": frequency, "each": each]))
                }
                if period != 1 {
                    notes.append(trn("every {count} week on named weekdays: taken as every week", "every {count} weeks on named weekdays: taken as every week",
                                     Int(period)))
                }
                return made(.weekly(WeekdayCounts(days.map { ($0, times.isEmpty ? each : times.count) })))
            }
            if frequency == 1 { return made(.every(days: 7 * Int(period), times: 1)) }
        case "h" where period > 0 && (24 / period) == (24 / period).rounded():
            let perDay = frequency * Int(24 / period)
            if !times.isEmpty, times.count != perDay { return made(.daily(times.count)) }
            return made(.daily(perDay), keepTimes: times.count == perDay)
        case "mo" where frequency == 1 && period == period.rounded():
            notes.append(trn("monthly: taken as every {count} day", "monthly: taken as every {count} days", 30 * Int(period)))
            return made(.every(days: 30 * Int(period), times: 1))
        case "a" where frequency == 1 && period == period.rounded():
            notes.append(trn("yearly: taken as every {count} day", "yearly: taken as every {count} days", 365 * Int(period)))
            return made(.every(days: 365 * Int(period), times: 1))
        default:
            break
        }
        // TRANSLATORS: "3 per 1 min": {unit} is the timing's UCUM unit code (min, h, d, wk, mo, a), as the file has it.
        notes.append(tr("{frequency} per {period} {unit} cannot be a careplan schedule (days, weekdays, every N days): made as needed; edit the YAML to schedule it",
                        ["frequency": frequency, "period": NumberText.string(period), "unit": rule.periodUnit ?? "d"]))
        return made(.asNeeded, keepTimes: false)
    }

    /// Days in one UCUM time unit of a Duration.
    static func days(in unit: String) -> Double? {
        switch unit {
        case "d": return 1
        case "wk": return 7
        case "mo": return 30
        case "a": return 365
        case "h": return 1.0 / 24
        default: return nil
        }
    }
}
