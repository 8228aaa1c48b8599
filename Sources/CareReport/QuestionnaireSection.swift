import CarePlanStore
import FHIRPath
import Localization
import Questionnaires

extension ClinicalReport {
    /// One questionnaire over the period: its scores with their bands, how they moved, and the
    /// answers given last. (Names differ from the report's own: a Mustache section looks a missing
    /// value up in the enclosing context.)
    public struct QuestionnaireRow: Sendable {
        public struct AnswerLine: Sendable {
            public var question: String
            public var answer: String
        }

        public var questionnaireTitle: String
        /// "2 Nov: 14 (moderate) · 16 Nov: 6 (mild)".
        public var scoreLine: String
        /// "From 14 (moderate) on 2 Nov to 6 (mild) on 16 Nov"; nil for one score.
        public var trendLine: String?
        /// "Answers of 16 Nov 2026, by Anna (daughter)".
        public var answersHeading: String?
        public var answerLines: [AnswerLine]
    }

    /// Each questionnaire the plan asked in the period that has a response in it.
    static func questionnaires(_ reader: StoreReader, plan: PlanSnapshot, outcomes: [Outcome], first: LocalDate, end: LocalDate) throws -> [QuestionnaireRow] {
        guard first <= end else { return [] }
        let responses = try reader.latestResponses(from: first, to: end)
        var rows: [QuestionnaireRow] = []
        for history in plan.histories where history.kind == .assessment {
            let answered = responses.filter { $0.activityId == history.id }
            guard let last = answered.last, let form = try reader.form(last.form) else { continue }
            let activity = history.activity(on: last.date)
            let scores = FormScores(form: form)
            let scored = outcomes.filter { $0.activityId == history.id && !$0.values.isEmpty }
            func score(_ outcome: Outcome) -> String { scores.text(outcome.values, measure: history.activity(on: outcome.date).measure) }
            // TRANSLATORS: one score of a questionnaire in the report: "16 Nov: 6 (mild)".
            let line = scored.map { tr("{date}: {score}", ["date": $0.date.shortText, "score": score($0)]) }.joined(separator: " · ")
            var trend: String?
            if let earliest = scored.first, let latest = scored.last, scored.count > 1 {
                // TRANSLATORS: how a questionnaire's score moved over the report's period.
                trend = tr("From {first} on {firstDate} to {last} on {lastDate}",
                           ["first": score(earliest), "firstDate": earliest.date.shortText, "last": score(latest), "lastDate": latest.date.shortText])
            }
            var lines: [QuestionnaireRow.AnswerLine] = []
            if let items = try? JSONReader.read(last.items), let response = try? FormResponse(form: form, restoring: items) {
                for item in response.askable {
                    let values = response.answers(item.linkId)
                    lines.append(.init(question: item.text ?? item.linkId, answer: FormAnswerText.shown(values)))
                }
            }
            // TRANSLATORS: above the answers a questionnaire was last given; {date} is a long date.
            let heading = last.author.map { tr("Answers of {date}, by {name}", ["date": last.date.longText, "name": $0]) }
                ?? tr("Answers of {date}", ["date": last.date.longText])
            rows.append(QuestionnaireRow(questionnaireTitle: activity.title, scoreLine: line.isEmpty ? tr("no score") : line, trendLine: trend,
                                         answersHeading: lines.isEmpty ? nil : heading, answerLines: lines))
        }
        return rows
    }
}
