import CarePlanStore
import Foundation
import Localization
import Questionnaires

/// A questionnaire open in the dashboard, asked as ResearchKit asks an ordered task: a page at a
/// time (a question, a table of questions sharing one answer list, a text to read), then a review
/// of every answer, then one transaction that records them. Esc asks whether to keep the answers
/// as a draft, which the next opening resumes.
public struct SurveyState: Sendable {
    public let activity: Activity
    public let date: LocalDate
    public let occurrence: Int
    /// The event was answered before: recording again keeps that response (`amended`).
    public let amending: Bool
    /// When the person started (a draft's start when resuming one).
    public let startedAt: Date
    /// Opened from a draft the store keeps.
    public let resumed: Bool
    public internal(set) var response: FormResponse
    /// Every page of the form; `page` indexes it (the conditions decide which are visible).
    public let pages: [FormPage]
    public internal(set) var page = 0
    public internal(set) var reviewing = false
    /// Esc was pressed: keep a draft, discard, or go back.
    public internal(set) var confirmingLeave = false
    /// The focused row: a table's question, a choice's answer, the review's line.
    public internal(set) var row = 0
    /// What is typed on the page: a number, a text, an answer's words.
    public internal(set) var typed = ""
    /// The page was opened from the review: answering it goes back there.
    public internal(set) var returnToReview = false
    public internal(set) var error: String?
    /// An answer changed since the form opened: leaving asks before dropping it.
    public internal(set) var changed = false

    public init(activity: Activity, date: LocalDate, occurrence: Int, amending: Bool, startedAt: Date, resumed: Bool, response: FormResponse) {
        self.activity = activity
        self.date = date
        self.occurrence = occurrence
        self.amending = amending
        self.startedAt = startedAt
        self.resumed = resumed
        self.response = response
        pages = response.form.pages
        // A draft resumes at its first page with a question unanswered, else at the review.
        if resumed {
            if let first = pages.indices.first(where: { index in
                isVisible(index) && response.visible([pages[index]]).first!.linkIds.contains { form.item($0)?.isAsked == true && response.answers($0).isEmpty }
            }) {
                page = first
            } else {
                reviewing = true
            }
        } else {
            page = pages.indices.first(where: isVisible) ?? 0
            // Answering again starts from the answers recorded: the review, to change one.
            reviewing = amending || pages.indices.first(where: isVisible) == nil
        }
        enterPage()
    }

    public var form: Questionnaire { response.form }

    // MARK: Pages

    func isVisible(_ index: Int) -> Bool { !response.visible([pages[index]]).isEmpty }

    /// The page shown, as the conditions show it now (a table's hidden rows left out).
    public var current: FormPage? { pages.indices.contains(page) ? response.visible([pages[page]]).first : nil }

    /// "3 of 9": the page's place among those visible now.
    public var progress: (number: Int, count: Int) {
        let visible = pages.indices.filter(isVisible)
        return ((visible.firstIndex(of: page) ?? 0) + 1, visible.count)
    }

    /// The required questions of `page` still unanswered.
    func missing(on page: FormPage) -> [String] {
        response.visible([page]).first?.linkIds.filter { linkId in
            form.item(linkId).map { $0.required && $0.kind.isQuestion } == true && response.answers(linkId).isEmpty
        } ?? []
    }

    /// The answers a choice page lists: the form's options, or yes and no.
    public static func choices(_ item: QuestionnaireItem) -> [AnswerValue] {
        item.kind == .boolean ? [.boolean(true), .boolean(false)] : item.options.map(\.value)
    }

    /// Whether a question is answered by choosing from a list (else by typing).
    public static func isChoice(_ item: QuestionnaireItem) -> Bool { item.kind == .boolean || !item.options.isEmpty }

    /// What each answer is chosen by: PHQ-9's scores, a form's prefixes, 1, 2, 3…; y and n.
    public static func keys(_ item: QuestionnaireItem) -> [String] {
        item.kind == .boolean ? [String(Answer.yes.lowercased().prefix(1)), String(Answer.no.lowercased().prefix(1))]
            : FormAnswerText.choiceKeys(item.options)
    }

    /// Sets the focus for the page just opened: a table's first unanswered row, a choice's answer,
    /// a typed answer to edit.
    mutating func enterPage() {
        typed = ""
        error = nil
        row = 0
        guard !reviewing, let page = current else {
            row = reviewing ? response.askable.count : 0
            return
        }
        switch page {
        case .table(_, let rows):
            row = rows.firstIndex { response.answers($0).isEmpty } ?? 0
        case .question(let linkId):
            guard let item = form.item(linkId) else { return }
            let answers = response.answers(linkId)
            if Self.isChoice(item) {
                row = answers.first.flatMap { answer in Self.choices(item).firstIndex { AnswerComparison.equal($0, answer) } } ?? 0
            } else {
                typed = FormAnswerText.display(answers)
            }
        case .display:
            break
        }
    }
}

extension SurveyState: Equatable {
    /// Two states are the same when they show the same thing with the same answers.
    public static func == (a: SurveyState, b: SurveyState) -> Bool {
        a.activity.id == b.activity.id && a.date == b.date && a.occurrence == b.occurrence && a.page == b.page && a.reviewing == b.reviewing
            && a.confirmingLeave == b.confirmingLeave && a.row == b.row && a.typed == b.typed && a.error == b.error
            && a.returnToReview == b.returnToReview && a.changed == b.changed && a.response.given == b.response.given
    }
}
