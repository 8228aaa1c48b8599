import CarePlanStore
import Foundation
import Localization
import TerminalUI

/// The Symptom Tracker: the day's assessments with progress, the latest value with its unit,
/// and whether it lies inside `normal`.
enum SymptomTrackerPane {
    static func draw(_ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, focused: Bool, into buffer: inout Buffer) {
        let theme = context.theme
        let inner = Frame.draw(rect, title: Pane.symptoms.title, focused: focused, theme: theme, into: &buffer)
        guard inner.height > 1 else { return }
        let rows = PaneRows.symptoms(data.day)
        if rows.isEmpty {
            buffer.write(tr("No assessments on this day."), x: inner.x, y: inner.y, style: theme[.dim], clip: inner)
            return
        }
        let selected = rows.indices.contains(state.symptomSelection) ? rows[state.symptomSelection] : nil
        let detail = selected.map { nightLines($0, data: data, width: inner.width, zone: context.timeZone) + DetailText.lines($0.activity, width: inner.width) } ?? []
        let detailHeight = selected == nil ? 0 : DetailText.height(lines: detail, limit: inner.height / 2)
        let (listArea, detailArea) = inner.splitBottom(detailHeight)
        let titleWidth = min(24, max(12, listArea.width / 3))
        // The progress and status columns as wide as the reader's language needs: the day's widest
        // progress, the widest of the three statuses (so the column stays put as the list scrolls).
        let progresses = rows.map(progress)
        let progressWidth = max(7, progresses.map { TextWidth.of($0) }.max() ?? 0) + 1
        let statusWidth = min(listArea.width / 4, [highText, lowText, normalText].map(TextWidth.of).max()! + 1)
        let lines = ListLines.build(rows) { $0.activity.group }
        ListLines.draw(lines, selected: state.symptomSelection, in: listArea, titleWidth: titleWidth, theme: theme, into: &buffer) { index, item, y, column, buffer in
            buffer.mark(Rect(x: listArea.x, y: y, width: listArea.width, height: 1), MouseTarget.symptomRow(index).tag)
            var x = column
            x += buffer.write(TextWidth.pad(progresses[index], to: progressWidth), x: x, y: y, style: theme[.dim], clip: listArea)
            // The status before the value, so a narrow pane cuts the value, not the warning.
            let (value, status, role) = reading(item, data: data, zone: context.timeZone)
            x += buffer.write(TextWidth.pad(status, to: statusWidth), x: x, y: y, style: theme[role], clip: listArea)
            buffer.write(TextWidth.truncate(value, to: listArea.maxX - x), x: x, y: y, style: theme[.text], clip: listArea)
        }
        if let selected { drawDetail(detailArea, item: selected, lines: detail, context: context, into: &buffer) }
    }

    /// "1/2" done of due, or "3 today" for as-needed.
    static func progress(_ item: AgendaItem) -> String {
        // TRANSLATORS: how many times an as-needed assessment was logged that day (8 columns).
        if item.activity.schedule.isAsNeeded { return trn("{count} logged", "{count} logged", item.events.count) }
        return "\(item.events.filter(\.isDone).count)/\(item.events.count)"
    }

    /// The value to show (the day's latest reading, else the latest before it with its date),
    /// and how it compares with `normal`.
    static func reading(_ item: AgendaItem, data: DashboardData, zone: TimeZone) -> (String, String, ThemeRole) {
        let recorded = item.events.compactMap(\.outcome)
        if recorded.count > 1, let combined = dayTotal(recorded, activity: item.activity) {
            let (status, role) = normalStatus(combined, measure: item.activity.measure)
            return (display(combined, activity: item.activity) + " " + combinedFrom(recorded.count, item.activity.measure!.aggregate)
                        + (combined.source.map { "  · \($0)" } ?? ""), status, role)
        }
        let today = recorded.last
        // A questionnaire begun and kept: the next Enter goes on with it.
        if let open = item.events.first(where: { !$0.isDone }),
           data.drafts.contains(DraftEvent(activityId: item.activity.id, date: data.day.date, occurrence: open.occurrence)) {
            // TRANSLATORS: a questionnaire started and kept as a draft, in the Symptom Tracker.
            return (tr("started, not finished"), "", .warn)
        }
        // A sleep diary not written yet shows what the devices measured of the night.
        if today == nil, item.activity.measure?.type == .sleep, let device = data.night?.device {
            let status: (String, ThemeRole) = device.efficiency == nil ? ("", .dim) : device.isBelowEfficiencyGoal ? (lowText, .warn) : (normalText, .ok)
            // TRANSLATORS: after a night's figures when they come from a device (a watch), not the diary.
            return (SleepText.summary(device, zone: zone) + "  · " + trc("reading source", "device"), status.0, status.1)
        }
        guard let outcome = today ?? data.latest[item.activity.id] else { return ("—", "", .dim) }
        var text = display(outcome, activity: item.activity)
        if today == nil { text += " (\(outcome.date.shortText))" }
        if let source = outcome.source { text += "  · \(source)" }
        if let scores = data.scores[item.activity.id] {
            let (banded, status, role) = banded(outcome, scores: scores, activity: item.activity)
            return (banded + String(text.dropFirst(display(outcome, activity: item.activity).count)), status, role)
        }
        let (status, role) = normalStatus(outcome, measure: item.activity.measure)
        return (text, status, role)
    }

    /// A questionnaire's score with its band ("6 (mild)"), and a mark for where the band stands:
    /// the first band as normal, the last as an alert, those between as a warning.
    static func banded(_ outcome: Outcome, scores: FormScores, activity: Activity) -> (String, String, ThemeRole) {
        let text = scores.text(outcome.values, measure: activity.measure)
        guard let standing = scores.standing(of: outcome.values) else { return (text, "", .dim) }
        if standing.index == 0 { return (text, "✓", .ok) }
        return (text, standing.index == standing.count - 1 ? "▲▲" : "▲", standing.index == standing.count - 1 ? .alert : .warn)
    }

    /// "(sum of 3)": how the day's readings were combined.
    static func combinedFrom(_ count: Int, _ aggregate: Measure.Aggregate) -> String {
        // TRANSLATORS: after a day's combined value in the Symptom Tracker: "1.5 L (sum of 3)", from 3 readings.
        switch aggregate {
        case .average: return trn("(average of {count})", "(average of {count})", count)
        case .sum: return trn("(sum of {count})", "(sum of {count})", count)
        case .min: return trn("(min of {count})", "(min of {count})", count)
        case .max: return trn("(max of {count})", "(max of {count})", count)
        case .last: return trn("(last of {count})", "(last of {count})", count)
        }
    }

    /// A day's readings of a single-value number measure combined by its `aggregate`
    /// (fluid intake adds up; temperature averages); nil for other measures.
    static func dayTotal(_ outcomes: [Outcome], activity: Activity) -> Outcome? {
        guard let measure = activity.measure, !measure.isMultiValue, [.number, .integer].contains(measure.type),
              measure.aggregate != .last, var combined = outcomes.last else { return nil }
        let values = outcomes.compactMap { $0.values.first?.value }
        guard let value = measure.aggregate.combine(values) else { return nil }
        combined.values = [ReadingValue(name: "value", value: value, unit: measure.fields.first?.unit)]
        return combined
    }

    static func display(_ outcome: Outcome, activity: Activity) -> String {
        ReadingText.reading(outcome.values, measure: activity.measure)
    }

    /// "✓ normal", "▲ high", "▼ low" for values with a `normal` range; nothing otherwise.
    /// (Marks and words both, so the meaning does not rest on colour alone.)
    static func normalStatus(_ outcome: Outcome, measure: Measure?) -> (String, ThemeRole) {
        guard let measure else { return ("", .dim) }
        var checked = false
        for value in outcome.values {
            guard let field = measure.fields.first(where: { $0.name == value.name }), let normal = field.normal, let v = value.value else { continue }
            checked = true
            if v > normal.upperBound { return (highText, .alert) }
            if v < normal.lowerBound { return (lowText, .warn) }
        }
        return checked ? (normalText, .ok) : ("", .dim)
    }

    // TRANSLATORS: a reading against its normal range, in a 9-column Symptom Tracker column; keep the mark.
    static var highText: String { tr("▲ high") }
    static var lowText: String { tr("▼ low") }
    static var normalText: String { tr("✓ normal") }

    /// For a sleep diary, the night that ended that morning: the device's and the diary's figures.
    static func nightLines(_ item: AgendaItem, data: DashboardData, width: Int, zone: TimeZone) -> [String] {
        guard item.activity.measure?.type == .sleep, let night = data.night, night.date == data.day.date else { return [] }
        var lines: [String] = []
        if let device = night.device {
            // TRANSLATORS: the night as devices measured it; {sources} names them (Apple Watch, iPhone), {summary} is the night's figures.
            lines += TextWrap.lines(tr("Device ({sources}): {summary}", ["sources": device.sources.joined(separator: ", "),
                                                                      "summary": SleepText.summary(device, zone: zone)]), width: width)
        }
        if let diary = night.diary { lines += TextWrap.lines(tr("Diary: {summary}", ["summary": SleepText.summary(diary, zone: zone)]), width: width) }
        for nap in night.naps {
            // TRANSLATORS: {span} is a nap's times (14:05–14:40), {duration} how long it slept (30 min).
            let span = SleepText.span(nap, zone: zone)
            lines.append(nap.totalSleep.map { tr("Nap {span}, asleep {duration}", ["span": span, "duration": SleepText.duration($0)]) }
                         ?? tr("Nap {span}", ["span": span]))
        }
        return lines
    }

    static func drawDetail(_ rect: Rect, item: AgendaItem, lines: [String], context: RenderContext, into buffer: inout Buffer) {
        // TRANSLATORS: {key} is the Enter key's name.
        DetailText.draw(rect, lines: lines, summary: item.activity.schedule.summary + " · " + tr("{key} records a reading", ["key": Key.enter.description]),
                        context: context, into: &buffer)
    }
}
