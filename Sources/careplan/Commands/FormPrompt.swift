import CarePlanStore
import Foundation
import Localization
import Questionnaires
import TerminalUI

/// `careplan answer` without `--answers`: the form asked line by line, for a plain terminal, a
/// screen reader or ssh from a phone. Each question shows its place ("3 of 9") and its numbered
/// answers; `?` shows its help, `b` goes back, an empty line leaves a question that is not required.
/// Questions appear and disappear as the form's conditions say, and calculated items are shown as
/// they change. A review of every answer comes last: Enter records, a number changes that answer.
/// The end of input records nothing.
struct FormPrompt {
    var response: FormResponse
    let read: () -> String?

    /// The input ended before the answers were recorded.
    struct Abandoned: UserFacingError {
        var description: String { tr("the answers ended before they were recorded; nothing was recorded") }
    }

    init(form: Questionnaire, read: @escaping () -> String? = { readLine() }) {
        response = FormResponse(form: form)
        self.read = read
    }

    mutating func run() throws -> FormResponse {
        let form = response.form
        say(form.title ?? form.name ?? form.url ?? "")
        if let wording = form.otherWording(forReader: Language.current.tag) {
            // TRANSLATORS: said before a questionnaire careplan shows in its own words; {language} is a tag (en).
            say(tr("In its original wording ({language}): careplan shows only a published, validated translation of a questionnaire, and has none in your language.",
                   ["language": wording]))
        }
        var index = 0
        var shownGroups: Set<String> = []
        // A question changed from the review goes back to the review once answered.
        var reviewing = false
        while true {
            let items = response.askable
            guard index < items.count else {
                guard let change = try review() else { return response }
                index = change
                reviewing = true
                continue
            }
            let item = items[index]
            if let group = response.form.group(of: item.linkId), !shownGroups.contains(group.linkId), let text = group.text {
                shownGroups.insert(group.linkId)
                say("\n" + text)
            }
            switch try ask(item, number: index + 1, of: items.count) {
            case .next: index = reviewing ? Int.max : index + 1
            case .back: index = max(index - 1, 0)
            }
        }
    }

    enum Step { case next, back }

    /// One question until it has an answer it takes (or is left, or `b`).
    mutating func ask(_ item: QuestionnaireItem, number: Int, of count: Int) throws -> Step {
        // TRANSLATORS: a question's place in the form: "3 of 9".
        say("\n[" + tr("{number} of {count}", ["number": number, "count": count]) + "] " + (item.prefix.map { $0 + " " } ?? "") + (item.text ?? item.linkId)
            + (item.units.isEmpty ? "" : " (" + FormAnswerText.names(item.units) + ")") + (item.required ? " *" : ""))
        for (key, option) in zip(FormAnswerText.choiceKeys(item.options), item.options) {
            say("  \(TextWidth.pad(key, to: 2)) \(FormAnswerText.display(option.value))")
        }
        let current = response.answers(item.linkId)
        if !current.isEmpty {
            say("  " + tr("now: {answer}", ["answer": FormAnswerText.display(current)]))
        }
        while true {
            say(hint(item), terminator: "")
            fflush(nil)
            guard let line = read() else { throw Abandoned() }
            let typed = line.trimmingCharacters(in: .whitespaces)
            switch typed {
            case "?":
                if let help = item.help { say(help) }
                say(item.options.isEmpty ? tr("Type the answer; b goes back; an empty line leaves a question that is not required.")
                    : tr("Type the number of an answer or its words; b goes back; an empty line leaves a question that is not required."))
                continue
            case "b", "B":
                return .back
            case "":
                if !current.isEmpty { return .next }
                if item.required {
                    say(tr("This question needs an answer."))
                    continue
                }
                return .next
            default:
                break
            }
            do {
                // A question that repeats takes several answers, separated by commas.
                let values = try FormAnswerText.answers(typed, for: item)
                let before = calculatedNow
                try response.answer(item.linkId, values)
                if calculatedNow != before { showCalculated() }
                return .next
            } catch {
                say(error.message)
            }
        }
    }

    /// What the prompt after a question says it takes.
    func hint(_ item: QuestionnaireItem) -> String {
        // TRANSLATORS: the prompt for an answer; ? and b are what the person types, keep them.
        item.options.isEmpty ? tr("Answer (? help, b back): ") : tr("Choice (? help, b back): ")
    }

    /// What the calculated items hold now, to tell when an answer changed them.
    var calculatedNow: [[AnswerValue]] {
        response.form.allItems.filter { $0.calculatedExpression != nil }.map { response.answers($0.linkId) }
    }

    /// The calculated items that hold a value now ("Total score: 12").
    func showCalculated() {
        for (item, values) in response.calculatedShown {
            say("  " + (item.text ?? item.linkId) + ": " + FormAnswerText.display(values))
        }
    }

    /// Every answer, numbered; nil to record, or the number of a question to change.
    func review() throws -> Int? {
        let items = response.askable
        say("\n" + tr("Your answers:"))
        for (offset, item) in items.enumerated() {
            let values = response.answers(item.linkId)
            let answer = FormAnswerText.shown(values)
            say("  \(offset + 1)  \(item.text ?? item.linkId): \(answer)")
        }
        showCalculated()
        while true {
            // TRANSLATORS: after the review of every answer; Enter records them, a number changes one.
            say(tr("Enter records these answers; a number changes one: "), terminator: "")
            fflush(nil)
            guard let line = read() else { throw Abandoned() }
            let typed = line.trimmingCharacters(in: .whitespaces)
            if typed.isEmpty { return nil }
            if let number = Int(typed), items.indices.contains(number - 1) { return number - 1 }
            say(tr("Type a number from 1 to {count}, or press Enter.", ["count": items.count]))
        }
    }
}
