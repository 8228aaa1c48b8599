import CareInsights
import CarePlanStore
import Foundation
import HealthData

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
        public var kind: String
        public var schedule: String
        public var instructions: String?
        /// Nil for activities that do not count in adherence. (Names in rows differ from the
        /// report's own: a Mustache section looks a missing value up in the enclosing context.)
        public var activityAdherence: String?
        /// "Changed on 2026-11-15 (version 2)" for versions that began inside the period.
        public var changes: [String]
        public var responsible: String?
    }

    public struct AssessmentRow: Sendable {
        public var title: String
        public var unit: String?
        public var normal: String?
        public var count: Int
        public var average, minimum, maximum: String
        public var outOfNormalDays: Int
        /// Inline SVG, made from numbers only (trusted markup for the HTML template).
        public var chart: String
    }

    public struct MessageRow: Sendable {
        public var level: String
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
    /// The contact the report was prepared for.
    public var preparedFor: ContactRow?

    /// The date of birth and identifiers in words; nil when the plan gives none. An identifier's
    /// system is shown by its last part (`https://fhir.nhs.uk/Id/nhs-number` → `nhs-number`).
    static func details(_ details: PatientDetails) -> String? {
        var parts: [String] = []
        if let born = details.born { parts.append("born \(born.dateText)") }
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
    public var careTeam: [ContactRow]
    /// How it was made: careplan's version, when, from which database.
    public var footer: String
    /// The paper a PDF is printed on (`A4`, `letter`); nil leaves it to the printer.
    public var paperSize: String?

    // Whether each section has anything, as stored values: templates read values by reflection,
    // which sees no computed property.
    public var hasMessages = false
    public var hasSleep = false
    public var hasHealth = false
    public var hasReadings = false
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
            func number(_ value: Double) -> String {
                value >= 1000 ? NumberText.grouped(Int(value.rounded())) : NumberText.string((value * 10).rounded() / 10)
            }
            let suffix = unit.isEmpty || unit == "count" ? "" : " " + unit
            let mean = values.reduce(0, +) / Double(values.count)
            return "\(summary.type.title): \(number(mean))\(suffix) \(cumulative ? "a day" : "") on average (\(values.count) days; \(number(values.min()!))–\(number(values.max()!))\(suffix))"
                .replacingOccurrences(of: "  ", with: " ")
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
            if let contactName {
                guard let contact = contacts.first(where: { $0.name.lowercased() == contactName.lowercased() }) else {
                    throw ReportError.unknownContact(contactName, known: contacts.map(\.name))
                }
                preparedFor = row(contact)
            }
            let outcomes = try reader.outcomes(from: period.first, to: end)
            var report = ClinicalReport(
                title: plan.title, patient: plan.patientName, patientDetails: Self.details(plan.patientDetails),
                period: period.isCustom ? "Period" : period.title.prefix(1).uppercased() + period.title.dropFirst(),
                first: period.first.longText, last: period.last.longText, preparedFor: preparedFor,
                periodAdherence: insights.adherence.total.summary,
                weeks: weeks(insights),
                activities: activities(plan, insights: insights, end: end, contacts: contacts),
                assessments: insights.assessments.map { assessment($0, outcomes: outcomes, report: insights) },
                messages: insights.messages.map { MessageRow(level: $0.level.name, text: $0.text) },
                sleep: sleepLines(insights.sleep), health: [],
                readings: readings(outcomes, plan: plan),
                careTeam: contacts.filter { $0.group == .careTeam }.map(row),
                footer: "Made by careplan \(version) on \(generatedAt.formatted(.iso8601.year().month().day().dateSeparator(.dash))) from \(store.path).")
            report.hasMessages = !report.messages.isEmpty
            report.hasSleep = !report.sleep.isEmpty
            report.hasReadings = !report.readings.isEmpty
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
            WeekRow(label: row.start == row.monday ? "Week of \(row.start.shortText)"
                        : row.start.weekday == .sun ? "Sunday \(row.start.shortText)" : "Week from \(row.start.weekday.name) \(row.start.shortText)",
                    adherence: row.total == 0 ? "nothing due" : Adherence.due(completed: row.completed, total: row.total).summary)
        }
    }

    static func activities(_ plan: PlanSnapshot, insights: InsightsReport, end: LocalDate, contacts: [Contact]) -> [ActivityRow] {
        let period = insights.period
        return plan.histories.compactMap { history in
            let activity = history.activity(on: end)
            guard activity.schedule.start <= period.last, activity.schedule.end.map({ $0 >= period.first }) ?? true else { return nil }
            let changes = history.versions.dropFirst().filter { period.contains($0.effectiveFrom) }
                .map { "Changed on \($0.effectiveFrom) (version \($0.version))" }
            let adherence = insights.activities.first { $0.activityId == history.id }?.total.summary
            let responsible = contacts.filter { $0.activities.contains(history.id) }.map(\.name)
            return ActivityRow(title: activity.title, kind: activity.kind.rawValue, schedule: activity.schedule.summary,
                               instructions: activity.instructions, activityAdherence: adherence, changes: changes,
                               responsible: responsible.isEmpty ? nil : responsible.joined(separator: ", "))
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
        return AssessmentRow(title: insight.title, unit: field.unit.map(UnitRegistry.display).flatMap { $0.isEmpty ? nil : $0 },
                             normal: field.normal.map { "\(NumberText.string($0.lowerBound))–\(NumberText.string($0.upperBound))" },
                             count: overall?.count ?? 0, average: number(overall?.average), minimum: number(overall?.min),
                             maximum: number(overall?.max), outOfNormalDays: outOfNormal.count,
                             chart: ReportChart.svg(insight, buckets: report.buckets))
    }

    static func sleepLines(_ sleep: SleepInsight?) -> [String] {
        guard let statistics = sleep?.statistics, statistics.nights > 0 else { return [] }
        return [SleepText.count(statistics.nights, "night") + ", \(statistics.measured) with sleep measured"] + statistics.summaryLines
    }

    static func readings(_ outcomes: [Outcome], plan: PlanSnapshot) -> [ReadingRow] {
        outcomes.compactMap { outcome in
            guard let history = plan.history(outcome.activityId), history.kind == .assessment else { return nil }
            let activity = history.activity(on: outcome.date)
            return ReadingRow(date: outcome.date.iso, time: String(outcome.recordedAtLocal.dropFirst(11).prefix(5)), activity: activity.title,
                              value: ReadingText.reading(outcome.values, measure: activity.measure), note: outcome.note, source: outcome.source)
        }
    }
}

/// What `careplan report` refuses.
public enum ReportError: UserFacingError, Equatable {
    case unknownContact(String, known: [String])

    public var description: String {
        switch self {
        case .unknownContact(let name, let known):
            return "no contact called '\(name)' in the plan" + (known.isEmpty ? "; the plan lists no contacts (contacts: in the plan file)" : "; contacts: " + known.joined(separator: ", "))
        }
    }
}
