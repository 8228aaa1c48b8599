import FHIRPath
import Foundation
import Localization
import Questionnaires

/// The answers `careplan answer --answers FILE` takes, for scripts: a QuestionnaireResponse in
/// JSON, or `linkId=value` lines (`#` starts a comment; a question that repeats is given on as many
/// lines as it has answers). Every answer is checked as if typed; the first one refused names the
/// file, its line and the item, and nothing is recorded.
public enum AnswerFile {
    public static func read(_ text: String, source: String, form: Questionnaire) throws -> FormResponse {
        text.first(where: { !$0.isWhitespace }) == "{" ? try response(text, source: source, form: form) : try lines(text, source: source, form: form)
    }

    static func response(_ text: String, source: String, form: Questionnaire) throws -> FormResponse {
        let json: JSON
        do { json = try JSONReader.read(text) } catch {
            throw FilePositionError(file: source, line: error.line, column: error.column, message: error.message)
        }
        guard json["resourceType"]?.stringValue == "QuestionnaireResponse" else {
            throw FilePositionError(file: source, line: 1, column: 1, message: tr("expected a QuestionnaireResponse (resourceType), or linkId=value lines"))
        }
        if let asked = json["questionnaire"]?.stringValue, let url = form.url, FormReference(canonical: asked).url != url {
            // TRANSLATORS: {asked} and {url} are forms' canonical urls.
            throw FilePositionError(file: source, line: 1, column: 1, message: tr("it answers {asked}, not this activity's form {url}", ["asked": asked, "url": url]))
        }
        do { return try FormResponse(form: form, restoring: json) } catch {
            throw FilePositionError(file: source, line: 1, column: 1, message: "'\(error.linkId)': \(error.message)")
        }
    }

    static func lines(_ text: String, source: String, form: Questionnaire) throws -> FormResponse {
        var given: [String: (line: Int, values: [AnswerValue])] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = raw.trimmingSpaces
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard let equals = content.firstIndex(of: "=") else {
                throw FilePositionError(file: source, line: line, column: 1, message: tr("expected linkId=value, found '{text}'", ["text": String(content)]))
            }
            let linkId = String(content[..<equals].trimmingSpaces)
            guard let item = form.item(linkId), item.kind.isQuestion else {
                // TRANSLATORS: {linkIds} lists the questions' linkIds.
                throw FilePositionError(file: source, line: line, column: 1, message: tr("the form has no question '{linkId}'; its questions: {linkIds}",
                    ["linkId": linkId, "linkIds": form.allItems.filter { $0.kind.isQuestion && !$0.readOnly }.map(\.linkId).joined(separator: ", ")]))
            }
            let column = content.distance(from: content.startIndex, to: equals) + 2
            if let earlier = given[linkId], !item.repeats {
                throw FilePositionError(file: source, line: line, column: 1, message: tr("'{linkId}' takes one answer and was given one on line {line}",
                                                                                        ["linkId": linkId, "line": earlier.line]))
            }
            do {
                let value = try FormAnswerText.read(String(content[content.index(after: equals)...]), for: item)
                given[linkId, default: (line, [])].values.append(value)
            } catch {
                throw FilePositionError(file: source, line: line, column: column, message: "'\(linkId)': \(error.message)")
            }
        }
        // All at once, the form settling once: a follow-up is shown by the answer it depends on
        // wherever the lines put them.
        do {
            return try FormResponse(form: form, answering: form.allItems.compactMap { item in given[item.linkId].map { (item.linkId, $0.values) } })
        } catch {
            let line = given[error.linkId]?.line ?? 1
            throw FilePositionError(file: source, line: line, column: 1, message: "'\(error.linkId)': \(error.message)")
        }
    }
}
