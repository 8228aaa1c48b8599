/// The pages a form is asked in, as ResearchKit's ordered task asks its steps: a page per
/// question, or one page for a group whose questions share one list of answers (PHQ-9's "Over the
/// last 2 weeks, how often…" and its nine rows), and a page for each text to read. Which of them a
/// person sees depends on the answers (`visible(in:)`): a question `enableWhen` hides is skipped.
///
/// Pages name items by linkId, so they are worked out once per form (`Questionnaire.pages`) and
/// compared cheaply.
public enum FormPage: Sendable, Hashable {
    /// A group's questions as the rows of one table, each answered from the same list.
    case table(group: String, rows: [String])
    case question(String)
    /// Text to read (a `display` item).
    case display(String)

    /// The items it asks, in order.
    public var linkIds: [String] {
        switch self {
        case .table(_, let rows): rows
        case .question(let linkId), .display(let linkId): [linkId]
        }
    }

    /// The pages of a form's items, in the form's order (`Questionnaire.pages` holds them).
    static func pages(of items: [QuestionnaireItem]) -> [FormPage] {
        var pages: [FormPage] = []
        func walk(_ items: [QuestionnaireItem]) {
            for item in items {
                switch item.kind {
                case .display:
                    if !item.hidden { pages.append(.display(item.linkId)) }
                case .group:
                    if let rows = tableRows(of: item) {
                        pages += item.items.filter { $0.kind == .display && !$0.hidden }.map { .display($0.linkId) }
                        pages.append(.table(group: item.linkId, rows: rows))
                    } else {
                        walk(item.items)
                    }
                default:
                    if item.isAsked { pages.append(.question(item.linkId)) }
                    walk(item.items)
                }
            }
        }
        walk(items)
        return pages
    }

    /// A group's questions when they make a table: two or more single-answer choices offering the
    /// same answers, and nothing else asked in the group (a display item may introduce them).
    static func tableRows(of group: QuestionnaireItem) -> [String]? {
        let asked = group.items.filter(\.isAsked)
        guard asked.count >= 2, let first = asked.first?.options, !first.isEmpty,
              asked.allSatisfy({ $0.kind == .choice && !$0.repeats && $0.items.isEmpty && $0.options.map(\.value) == first.map(\.value) }),
              !group.items.contains(where: { $0.kind == .group }) else { return nil }
        return asked.map(\.linkId)
    }
}

extension QuestionnaireItem {
    /// Whether a person is asked it: a question, neither read-only, hidden, nor computed.
    public var isAsked: Bool { kind.isQuestion && !readOnly && !hidden && calculatedExpression == nil }
}

extension FormResponse {
    /// The questions a person answers now, in the form's order.
    public var askable: [QuestionnaireItem] { form.allItems.filter { $0.isAsked && enabled.contains($0.linkId) } }

    /// The pages shown now: a table with the rows shown, questions and texts the conditions show.
    public func visible(_ pages: [FormPage]) -> [FormPage] {
        pages.compactMap { page in
            switch page {
            case .table(let group, let rows):
                let shown = rows.filter(enabled.contains)
                return enabled.contains(group) && !shown.isEmpty ? .table(group: group, rows: shown) : nil
            case .question(let linkId), .display(let linkId):
                return enabled.contains(linkId) ? page : nil
            }
        }
    }

    /// The calculated items shown with a value now ("Total score", 12), in the form's order.
    public var calculatedShown: [(item: QuestionnaireItem, values: [AnswerValue])] {
        form.allItems.compactMap { item in
            guard item.calculatedExpression != nil, !item.hidden, enabled.contains(item.linkId) else { return nil }
            let values = answers(item.linkId)
            return values.isEmpty ? nil : (item, values)
        }
    }
}
