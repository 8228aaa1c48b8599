import CarePlanStore
import Localization
import Questionnaires
import TerminalUI

/// Keys while a questionnaire is open. On a page: a choice by its key (PHQ-9's scores), ↑↓ and
/// Enter, or an answer's first letter; a table's rows answered in turn; a typed answer read as
/// `careplan answer` reads it. Tab and Shift-Tab move between pages; required questions must be
/// answered to go on. The review lists every answer (Enter on one changes it) and records them.
/// The mouse does nothing here (a stray click must not lose what was answered).
enum SurveyReducer {
    static func handle(_ key: Key, state: inout AppState) -> [Command] {
        guard var survey = state.survey else { return [] }
        if case .mouse = key { return [] }
        let action = Keymap.action(for: key, in: .survey)
        if action == .quit {
            state.quit = true
            state.survey = nil
            return survey.changed ? [.keepDraft(survey)] : []
        }
        if survey.confirmingLeave { return leave(key, action, survey, state: &state) }
        if action == .cancel {
            // Nothing new to lose: close at once. Otherwise ask (a draft resumed is kept as it was).
            guard survey.changed else {
                state.survey = nil
                state.message = StatusMessage(text: survey.resumed ? tr("Closed; your draft is kept") : tr("Cancelled; nothing saved"), level: .info)
                return []
            }
            survey.confirmingLeave = true
            state.survey = survey
            return []
        }
        let commands = survey.reviewing ? review(key, action, &survey) : onPage(key, action, &survey)
        state.survey = survey
        return commands
    }

    /// Esc asked: Enter keeps a draft, `d` discards, Esc goes back to the answers.
    static func leave(_ key: Key, _ action: Action?, _ survey: SurveyState, state: inout AppState) -> [Command] {
        var survey = survey
        switch (action, key) {
        case (.save?, _): return [.keepDraft(survey)]
        case (nil, .character("d")), (nil, .character("D")): return [.discardDraft(survey)]
        case (.cancel?, _):
            survey.confirmingLeave = false
            state.survey = survey
        default: break
        }
        return []
    }

    // MARK: The review

    static func review(_ key: Key, _ action: Action?, _ survey: inout SurveyState) -> [Command] {
        let questions = survey.response.askable
        survey.error = nil
        switch action {
        case .previousField?: survey.row = max(0, survey.row - 1)
        case .nextField?: survey.row = min(questions.count, survey.row + 1)
        case .back?: goBack(&survey)
        case .save?:
            guard questions.indices.contains(survey.row) else {
                if let first = survey.response.unanswered.first {
                    open(first.linkId, &survey)
                    survey.error = tr("This question needs an answer.")
                    return []
                }
                return [.submitSurvey(survey)]
            }
            open(questions[survey.row].linkId, &survey)
        default: break
        }
        return []
    }

    /// The page asking `linkId`, opened from the review: answering it comes back.
    static func open(_ linkId: String, _ survey: inout SurveyState) {
        guard let index = survey.pages.firstIndex(where: { $0.linkIds.contains(linkId) }) else { return }
        survey.page = index
        survey.reviewing = false
        survey.returnToReview = true
        survey.enterPage()
        if case .table(_, let rows)? = survey.current, let row = rows.firstIndex(of: linkId) { survey.row = row }
    }

    // MARK: A page

    static func onPage(_ key: Key, _ action: Action?, _ survey: inout SurveyState) -> [Command] {
        guard let page = survey.current else {
            goForward(&survey)
            return []
        }
        survey.error = nil
        if action == .back {
            goBack(&survey)
            return []
        }
        switch page {
        case .display:
            if action == .save || action == .forward { goForward(&survey) }
        case .table(_, let rows):
            table(key, action, rows: rows, &survey)
        case .question(let linkId):
            guard let item = survey.form.item(linkId) else { return [] }
            if SurveyState.isChoice(item) { choice(key, action, item, &survey) } else { typedAnswer(key, action, item, &survey) }
        }
        return []
    }

    /// A table: the focused row answered by a key or ←/→, then the next row; Enter goes on once
    /// every required row is answered.
    static func table(_ key: Key, _ action: Action?, rows: [String], _ survey: inout SurveyState) {
        let linkId = rows[min(survey.row, rows.count - 1)]
        guard let item = survey.form.item(linkId) else { return }
        let choices = SurveyState.choices(item)
        let current = survey.response.answers(linkId).first.flatMap { answer in choices.firstIndex { AnswerComparison.equal($0, answer) } }
        switch (action, key) {
        case (.previousField?, _): survey.row = max(0, survey.row - 1)
        case (.nextField?, _): survey.row = min(rows.count - 1, survey.row + 1)
        case (.decrease?, _): set(linkId, [choices[max(0, (current ?? 1) - 1)]], &survey)
        case (.increase?, _): set(linkId, [choices[min(choices.count - 1, (current ?? -1) + 1)]], &survey)
        case (.clearField?, _), (.erase?, _): set(linkId, [], &survey)
        case (.save?, _), (.forward?, _):
            goForward(&survey)
        case (nil, .character(let c)):
            guard let index = SurveyState.keys(item).firstIndex(of: String(c).lowercased()) else {
                survey.error = keysError(item)
                return
            }
            guard set(linkId, [choices[index]], &survey) else { return }
            // On to the next row not answered yet; after the last, the next page.
            if let next = rows.indices.first(where: { $0 > survey.row && survey.response.answers(rows[$0]).isEmpty })
                ?? rows.indices.first(where: { survey.response.answers(rows[$0]).isEmpty }) {
                survey.row = next
            } else {
                goForward(&survey)
            }
        default: break
        }
    }

    /// A question answered from a list: its key chooses at once; ↑↓ and Enter; a letter moves to
    /// the answer it starts; Space ticks an answer of a question that takes several.
    static func choice(_ key: Key, _ action: Action?, _ item: QuestionnaireItem, _ survey: inout SurveyState) {
        let choices = SurveyState.choices(item)
        let given = survey.response.answers(item.linkId)
        switch (action, key) {
        case (.previousField?, _): survey.row = max(0, survey.row - 1)
        case (.nextField?, _): survey.row = min(choices.count - 1, survey.row + 1)
        case (.clearField?, _):
            if survey.typed.isEmpty { set(item.linkId, [], &survey) } else { survey.typed = "" }
        case (.erase?, _): survey.typed = String(survey.typed.dropLast())
        case (.forward?, _): goForward(&survey)
        case (.save?, _):
            if !survey.typed.isEmpty {
                // Words typed (an open choice's own answer, or an answer's words): read as the command line reads them.
                if read(survey.typed, item, &survey) { goForward(&survey) }
            } else if item.repeats {
                goForward(&survey)
            } else if set(item.linkId, [choices[survey.row]], &survey) {
                goForward(&survey)
            }
        case (nil, .character(" ")) where item.repeats && survey.typed.isEmpty:
            toggle(choices[survey.row], item, given, &survey)
        case (nil, .character(let c)):
            let keys = SurveyState.keys(item)
            if survey.typed.isEmpty, let index = keys.firstIndex(of: String(c).lowercased()) {
                survey.row = index
                if item.repeats {
                    toggle(choices[index], item, given, &survey)
                } else if set(item.linkId, [choices[index]], &survey) {
                    goForward(&survey)
                }
                return
            }
            if item.kind == .openChoice || !survey.typed.isEmpty {
                survey.typed.append(c)
                return
            }
            // A letter finds the next answer whose words start with it.
            let letter = String(c).lowercased()
            let order = choices.indices.map { (survey.row + 1 + $0) % choices.count }
            if let found = order.first(where: { FormAnswerText.display(choices[$0]).lowercased().hasPrefix(letter) }) {
                survey.row = found
            } else {
                survey.error = keysError(item)
            }
        default: break
        }
    }

    static func toggle(_ choice: AnswerValue, _ item: QuestionnaireItem, _ given: [AnswerValue], _ survey: inout SurveyState) {
        let ticked = given.contains { AnswerComparison.equal($0, choice) }
        set(item.linkId, ticked ? given.filter { !AnswerComparison.equal($0, choice) } : given + [choice], &survey)
    }

    /// A number, a date, a text: typed, then Enter reads it; an empty answer clears it.
    static func typedAnswer(_ key: Key, _ action: Action?, _ item: QuestionnaireItem, _ survey: inout SurveyState) {
        switch (action, key) {
        case (.erase?, _): survey.typed = String(survey.typed.dropLast())
        case (.clearField?, _): survey.typed = ""
        case (.forward?, _): goForward(&survey)
        case (.save?, _):
            let text = survey.typed.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                guard set(item.linkId, [], &survey) else { return }
                goForward(&survey)
            } else if read(text, item, &survey) {
                goForward(&survey)
            }
        case (nil, .character(let c)):
            if item.maxLength.map({ survey.typed.count < $0 }) ?? true { survey.typed.append(c) }
        default: break
        }
    }

    /// Reads typed words as an answer (several, comma-separated, for a question that repeats).
    @discardableResult
    static func read(_ text: String, _ item: QuestionnaireItem, _ survey: inout SurveyState) -> Bool {
        do {
            return set(item.linkId, try FormAnswerText.answers(text, for: item), &survey)
        } catch {
            survey.error = error.message
            return false
        }
    }

    /// Answers `linkId`; a refused answer shows why and changes nothing.
    @discardableResult
    static func set(_ linkId: String, _ values: [AnswerValue], _ survey: inout SurveyState) -> Bool {
        do {
            try survey.response.answer(linkId, values)
            survey.changed = true
            return true
        } catch {
            survey.error = error.message
            return false
        }
    }

    /// "Type 0, 1, 2 or 3": the keys a choice takes.
    static func keysError(_ item: QuestionnaireItem) -> String {
        // TRANSLATORS: a key that chooses nothing was pressed; {keys} lists those that do ("0, 1, 2, 3").
        tr("Choose with {keys}, or ↑↓ and Enter", ["keys": ListText.joined(SurveyState.keys(item))])
    }

    // MARK: Moving

    /// On to the next visible page, once the required questions here are answered; after the
    /// last page (or when the page was opened from the review), the review.
    static func goForward(_ survey: inout SurveyState) {
        if let page = survey.current, let missing = survey.missing(on: page).first {
            survey.error = tr("This question needs an answer.")
            if case .table(_, let rows) = page, let row = rows.firstIndex(of: missing) { survey.row = row }
            return
        }
        let next = survey.pages.indices.first { $0 > survey.page && survey.isVisible($0) }
        if survey.returnToReview || next == nil {
            survey.reviewing = true
            survey.returnToReview = false
            survey.enterPage()
        } else {
            survey.page = next!
            survey.enterPage()
        }
    }

    /// Back to the previous visible page (from the review, the last one).
    static func goBack(_ survey: inout SurveyState) {
        let previous = survey.reviewing ? survey.pages.indices.last(where: survey.isVisible)
            : survey.pages.indices.last { $0 < survey.page && survey.isVisible($0) }
        guard let previous else { return }
        survey.reviewing = false
        survey.returnToReview = false
        survey.page = previous
        survey.enterPage()
    }
}
