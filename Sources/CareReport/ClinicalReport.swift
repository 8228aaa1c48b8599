import CareInsights
import CarePlanStore
import Foundation
import HealthData
import Localization

/// Everything the clinician's document says about one period, built once from the insights engine
/// (the figures are the ones `careplan insights` prints) and rendered to HTML or Markdown by
/// templates. Plain values only: what a template shows is what this holds, nothing computed there.
public struct ClinicalReport: Sendable {
    public struct ContactRow: Sendable {
        public var name, role, reach: String
        public var notes: String?
    }

    public struct WeekRow: Sendable {
        public var label: String
        public var adherence: String
    }

    public struct ActivityRow: Sendable {
        public var title: String
        /// "intervention", "assessment", in the reader's language.
        public var kind: String
        public var schedule: String
        public var instructions: String?
        /// Nil for activities that do not count in adherence. (Names in rows differ from the
        /// report's own: a Mustache section looks a missing value up in the enclosing context.)
        public var activityAdherence: String?
        /// "Changed on 15 Nov 2026 (version 2)" for versions that began inside the period.
        public var changes: [String]
        /// "Responsible: Sam Patel".
        public var responsible: String?
    }

    public struct AssessmentRow: Sendable {
        public var title: String
        public var unit: String?
        public var normal: String?
        public var count: Int
        public var average, minimum, maximum: String
        public var outOfNormalDays: Int
        /// The figures in words, "30 readings · average 75.5 · lowest 75.0 · …" under the chart's
        /// heading, and with commas inside a sentence (Markdown's list).
        public var figures: String
        public var figuresInSentence: String
        /// Inline SVG, made from numbers and dates only (trusted markup for the HTML template).
        public var chart: String
    }

    public struct MessageRow: Sendable {
        /// The level's name, `alert`: the HTML's class for it.
        public var level: String
        /// The level in the reader's language.
        public var levelText: String
        public var text: String
    }

    public struct ReadingRow: Sendable {
        public var date, time, activity, value: String
        public var note: String?
        public var source: String?
    }

    public var title: String
    public var patient: String?
    /// "born 2 Mar 1951 · nhs-number 9434765919": what tells the clinic who it is.
    public var patientDetails: String?
    public var period: String
    public var first: String
    public var last: String
    /// "November 2026: Sunday 1 Nov 2026 to Monday 30 Nov 2026".
    public var span: String
    /// The contact the report was prepared for, and the line that says so.
    public var preparedFor: ContactRow?
    public var preparedForLine: String?

    /// The date of birth and identifiers in words; nil when the plan gives none. An identifier's
    /// system is shown by its last part (`https://fhir.nhs.uk/Id/nhs-number` → `nhs-number`).
    static func details(_ details: PatientDetails) -> String? {
        var parts: [String] = []
        if let born = details.born { parts.append(tr("born {date}", ["date": born.dateText])) }
        for identifier in details.identifiers {
            let name = identifier.system.split(whereSeparator: { "/:".contains($0) }).last.map(String.init) ?? identifier.system
            parts.append("\(name) \(identifier.value)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
    public var periodAdherence: String
    public var weeks: [WeekRow]
    public var activities: [ActivityRow]
    public var assessments: [AssessmentRow]
    public var messages: [MessageRow]
    public var sleep: [String]
    /// Each imported quantity type with samples in the period: "Steps: 6,512 a day on average (28 days; 2,100–11,870)".
    public var health: [String]
    public var readings: [ReadingRow]
    /// The questionnaires answered in the period: scores, bands, trend and the latest answers.
    public var questionnaires: [QuestionnaireRow] = []
    public var careTeam: [ContactRow]
    /// How it was made: careplan's version, when, from which database.
    public var footer: String
    /// The paper a PDF is printed on (`A4`, `letter`); nil leaves it to the printer.
    public var paperSize: String?
    /// The language it is written in, as HTML's `lang` takes it (`en`, `zh-CN`).
    public var language = Language.current.tag
    /// The headings and labels around the values.
    public var words = Words()

    // Whether each section has anything, as stored values: templates read values by reflection,
    // which sees no computed property.
    public var hasMessages = false
    public var hasSleep = false
    public var hasHealth = false
    public var hasReadings = false
    public var hasQuestionnaires = false
    public var hasCareTeam = false
}

extension ClinicalReport {
    /// The report of `period` as seen on `today`, for `contact` when given (a name in the plan).
    public static func build(store: CareStore, period: InsightPeriod, today: LocalDate, zone: TimeZone,
                             for contactName: String? = nil, version: String, generatedAt: Date) throws -> ClinicalReport {
        var report = try plan(store: store, period: period, today: today, zone: zone, for: contactName, version: version, generatedAt: generatedAt)
        report.health = try healthLines(store, first: period.first, last: min(period.last, today))
        report.hasHealth = !report.health.isEmpty
        return report
    }

    /// Each quantity type imported from Apple Health with samples in the days, by day: the average
    /// daily total (steps) or the average (heart rate), and the range of the days.
    static func healthLines(_ store: CareStore, first: LocalDate, last: LocalDate) throws -> [String] {
        guard first <= last else { return [] }
        return try store.healthTypes().filter { $0.first <= last && $0.last >= first && $0.unit != nil }.compactMap { summary in
            guard let collection = try? store.statistics(of: summary.type, from: first, to: last, by: .day), !collection.buckets.isEmpty else { return nil }
            let cumulative = collection.aggregation == .cumulative
            let values = collection.buckets.compactMap { cumulative ? $0.sum : $0.average }
            guard !values.isEmpty else { return nil }
            let unit = UnitRegistry.display(collection.unit)
            let suffix = unit.isEmpty || unit == "count" ? "" : " " + unit
            // A figure with its unit: "6,512", "72.4 bpm".
            func amount(_ value: Double) -> String {
                (value >= 1000 ? NumberText.grouped(Int(value.rounded())) : NumberText.string((value * 10).rounded() / 10)) + suffix
            }
            let mean = values.reduce(0, +) / Double(values.count)
            let figures: KeyValuePairs<String, any PlaceholderValue> = [
                "type": summary.type.title, "average": amount(mean), "lowest": amount(values.min()!), "highest": amount(values.max()!),
            ]
            // TRANSLATORS: "Steps: 6,512 a day on average (28 days; 2,100–11,870)": {type} is the health data's name; {average},
            // {lowest} and {highest} are figures with their units; the days are those with data.
            return cumulative ? trn("{type}: {average} a day on average ({count} day; {lowest}–{highest})",
                                    "{type}: {average} a day on average ({count} days; {lowest}–{highest})", values.count, figures)
                // TRANSLATORS: "Heart rate: 72.4 bpm on average (28 days; 58–96 bpm)", as "{type}: {average} a day on average…".
                : trn("{type}: {average} on average ({count} day; {lowest}–{highest})",
                      "{type}: {average} on average ({count} days; {lowest}–{highest})", values.count, figures)
        }
    }

    static func plan(store: CareStore, period: InsightPeriod, today: LocalDate, zone: TimeZone,
                     for contactName: String?, version: String, generatedAt: Date) throws -> ClinicalReport {
        try store.reading { reader in
            let plan = try reader.plan()
            if plan.isEmpty { throw CarePlanError.noPlan(path: store.path) }
            let insights = try InsightsEngine.report(using: reader, period: period, today: today, plan: plan, zone: zone)
            let end = min(period.last, today)
            let contacts = plan.contacts(on: end)
            var preparedFor: ContactRow?
            var preparedForLine: String?
            if let contactName {
                guard let contact = contacts.first(where: { $0.name.lowercased() == contactName.lowercased() }) else {
                    throw ReportError.unknownContact(contactName, known: contacts.map(\.name))
                }
                let row = row(contact)
                preparedFor = row
                // TRANSLATORS: the contact the report is for, and their role in the plan: "Prepared for Sam Patel (Practice nurse)".
                preparedForLine = [tr("Prepared for {name} ({role})", ["name": row.name, "role": row.role]), row.reach]
                    .filter { !$0.isEmpty }.joined(separator: " · ")
            }
            // TRANSLATORS: the name of a report's period of chosen dates (--from, --to), before its dates.
            let periodName = period.isCustom ? trc("report", "Period") : period.title.prefix(1).uppercased() + period.title.dropFirst()
            let generated = Int(generatedAt.timeIntervalSince1970)
            let outcomes = try reader.outcomes(from: period.first, to: end)
            var report = ClinicalReport(
                title: plan.title, patient: plan.patientName, patientDetails: Self.details(plan.patientDetails),
                period: periodName, first: period.first.longText, last: period.last.longText,
                // TRANSLATORS: the report's period: {period} is "November 2026", "This week" or "Period"; {first} and
                // {last} are dates with their weekdays.
                span: tr("{period}: {first} to {last}", ["period": periodName, "first": period.first.longText, "last": period.last.longText]),
                preparedFor: preparedFor, preparedForLine: preparedForLine,
                periodAdherence: insights.adherence.total.summary,
                weeks: weeks(insights),
                activities: activities(plan, insights: insights, end: end, contacts: contacts),
                assessments: insights.assessments.map { assessment($0, outcomes: outcomes, report: insights) },
                messages: insights.messages.map { MessageRow(level: $0.level.name, levelText: $0.level.displayName, text: $0.text) },
                sleep: sleepLines(insights.sleep), health: [],
                readings: readings(outcomes, plan: plan),
                careTeam: contacts.filter { $0.group == .careTeam }.map(row),
                // TRANSLATORS: the report's footer: {version} is careplan's (1.4.0), {date} the day it was made, {path} the database.
                footer: tr("Made by careplan {version} on {date} from {path}.",
                           ["version": version, "date": HealthInstant(utc: generated, offset: zone.offset(at: generated)).localDate.dateText,
                            "path": store.path]))
            report.hasMessages = !report.messages.isEmpty
            report.hasSleep = !report.sleep.isEmpty
            report.hasReadings = !report.readings.isEmpty
            report.questionnaires = try questionnaires(reader, plan: plan, outcomes: outcomes, first: period.first, end: end)
            report.hasQuestionnaires = !report.questionnaires.isEmpty
            report.hasCareTeam = !report.careTeam.isEmpty
            return report
        }
    }

    static func row(_ contact: Contact) -> ContactRow {
        ContactRow(name: contact.name, role: contact.role,
                   reach: [contact.phone, contact.email].compactMap { $0 }.joined(separator: " · "), notes: contact.notes)
    }

    /// Adherence per calendar week of the period, summed from its days.
    static func weeks(_ report: InsightsReport) -> [WeekRow] {
        // Keyed by the week's Monday, labelled by its first day inside the period.
        var rows: [(monday: LocalDate, start: LocalDate, completed: Int, total: Int)] = []
        for (span, state) in zip(report.buckets, report.adherence.buckets) {
            let monday = DateBucket.week.start(of: span.first)
            if rows.last?.monday != monday { rows.append((monday, max(monday, report.period.first), 0, 0)) }
            if case .due(let completed, let total) = state {
                rows[rows.count - 1].completed += completed
                rows[rows.count - 1].total += total
            }
        }
        return rows.map { row in
            let label: String
            if row.start == row.monday {
                // TRANSLATORS: a week of the report, by its Monday: "Week of 2 Nov".
                label = tr("Week of {date}", ["date": row.start.shortText])
            } else if row.start.weekday == .sun {
                // TRANSLATORS: the last day of a week, the only one inside the report's period: "Sunday 1 Nov".
                label = tr("{weekday} {date}", ["weekday": row.start.weekday.name, "date": row.start.shortText])
            } else {
                // TRANSLATORS: the part of a week inside the report's period, by its first day: "Week from Thursday 5 Nov".
                label = tr("Week from {weekday} {date}", ["weekday": row.start.weekday.name, "date": row.start.shortText])
            }
            return WeekRow(label: label,
                           adherence: row.total == 0 ? tr("nothing due") : Adherence.due(completed: row.completed, total: row.total).summary)
        }
    }

    static func activities(_ plan: PlanSnapshot, insights: InsightsReport, end: LocalDate, contacts: [Contact]) -> [ActivityRow] {
        let period = insights.period
        return plan.histories.compactMap { history in
            let activity = history.activity(on: end)
            guard activity.schedule.start <= period.last, activity.schedule.end.map({ $0 >= period.first }) ?? true else { return nil }
            let changes = history.versions.dropFirst().filter { period.contains($0.effectiveFrom) }
                .map { tr("Changed on {date} (version {version})", ["date": $0.effectiveFrom.dateText, "version": String($0.version)]) }
            let adherence = insights.activities.first { $0.activityId == history.id }?.total.summary
            let names = contacts.filter { $0.activities.contains(history.id) }.map(\.name)
            // TRANSLATORS: the contacts of the plan responsible for an activity: "Responsible: Sam Patel, Dr Amira Haddad".
            let responsible = names.isEmpty ? nil : tr("Responsible: {names}", ["names": ListText.joined(names)])
            return ActivityRow(title: activity.title, kind: activity.kind.title, schedule: activity.schedule.summary,
                               instructions: activity.instructions, activityAdherence: adherence, changes: changes, responsible: responsible)
        }
    }

    static func assessment(_ insight: FieldInsight, outcomes: [Outcome], report: InsightsReport) -> AssessmentRow {
        let field = insight.field
        let decimals = field.decimals ?? 1
        func number(_ value: Double?) -> String { value.map { NumberText.string($0, decimals: decimals) } ?? "–" }
        let overall = insight.overall
        var outOfNormal = Set<LocalDate>()
        if let normal = field.normal {
            for outcome in outcomes where outcome.activityId == insight.activityId {
                if let value = outcome.values.first(where: { $0.name == field.name })?.value, !normal.contains(value) {
                    outOfNormal.insert(outcome.date)
                }
            }
        }
        let count = overall?.count ?? 0, average = number(overall?.average), minimum = number(overall?.min), maximum = number(overall?.max)
        let normal = field.normal.map { "\(NumberText.string($0.lowerBound))–\(NumberText.string($0.upperBound))" }
        var figures = [trn("{count} reading", "{count} readings", count), tr("average {value}", ["value": average]),
                       tr("lowest {value}", ["value": minimum]), tr("highest {value}", ["value": maximum])]
        if let normal {
            // TRANSLATORS: the normal range of a reading: "normal 70–80".
            figures += [tr("normal {range}", ["range": normal]), trn("out of normal on {count} day", "out of normal on {count} days", outOfNormal.count)]
        }
        return AssessmentRow(title: insight.title, unit: field.unit.map(UnitRegistry.display).flatMap { $0.isEmpty ? nil : $0 },
                             normal: normal, count: count, average: average, minimum: minimum, maximum: maximum, outOfNormalDays: outOfNormal.count,
                             figures: figures.joined(separator: " · "), figuresInSentence: ListText.joined(figures),
                             chart: ReportChart.svg(insight, buckets: report.buckets))
    }

    static func sleepLines(_ sleep: SleepInsight?) -> [String] {
        guard let statistics = sleep?.statistics, statistics.nights > 0 else { return [] }
        // TRANSLATORS: nights of the report's period, and how many of them a device or the diary measured: "28 nights, 25 with sleep measured".
        return [trn("{count} night, {measured} with sleep measured", "{count} nights, {measured} with sleep measured", statistics.nights,
                    ["measured": statistics.measured])] + statistics.summaryLines
    }

    static func readings(_ outcomes: [Outcome], plan: PlanSnapshot) -> [ReadingRow] {
        outcomes.compactMap { outcome in
            guard let history = plan.history(outcome.activityId), history.kind == .assessment else { return nil }
            let activity = history.activity(on: outcome.date)
            return ReadingRow(date: outcome.date.dateText, time: String(outcome.recordedAtLocal.dropFirst(11).prefix(5)), activity: activity.title,
                              value: ReadingText.reading(outcome.values, measure: activity.measure), note: outcome.note, source: outcome.source)
        }
    }
}

extension ClinicalReport {
    /// The report's headings, labels and column titles in the reader's language: the templates
    /// hold the layout only (xgettext cannot read them), and take these as values, escaped.
    public struct Words: Sendable {
        // TRANSLATORS: a label before the patient's name at the top of the report.
        public var patient = tr("Patient:")
        // TRANSLATORS: a heading of the report, and a column of its plan table.
        public var adherence = trc("report heading", "Adherence")
        // TRANSLATORS: a label before the adherence of the whole period: "Over the period: 20 of 30 (67 %)".
        public var overThePeriod = tr("Over the period:")
        public var week = trc("report column", "Week")
        // TRANSLATORS: a column of the report: the occurrences done of those due ("20 of 30 (67 %)").
        public var doneOfDue = trc("report column", "Done of due")
        public var readings = trc("report heading", "Readings")
        public var messages = trc("report heading", "Messages")
        public var questionnaires = trc("report heading", "Questionnaires")
        public var sleep = trc("report heading", "Sleep")
        public var healthData = trc("report heading", "Health data (Apple Health)")
        public var planInPeriod = trc("report heading", "The plan in this period")
        public var activity = trc("report column", "Activity")
        public var schedule = trc("report column", "Schedule")
        public var careTeam = trc("report heading", "Care team")
        public var allReadings = trc("report heading", "All readings")
        public var date = trc("report column", "Date")
        public var time = trc("report column", "Time")
        public var assessment = trc("report column", "Assessment")
        public var reading = trc("report column", "Reading")
        public var note = trc("report column", "Note")
    }
}

/// What `careplan report` refuses.
public enum ReportError: UserFacingError, Equatable {
    case unknownContact(String, known: [String])

    public var description: String {
        switch self {
        case .unknownContact(let name, let known):
            if known.isEmpty {
                // TRANSLATORS: "contacts:" is the plan file's key, as written in it.
                return tr("no contact called '{name}' in the plan; the plan lists no contacts (contacts: in the plan file)", ["name": name])
            }
            return tr("no contact called '{name}' in the plan; contacts: {contacts}", ["name": name, "contacts": known.joined(separator: ", ")])
        }
    }
}
