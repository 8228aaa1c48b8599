import ArgumentParser
import CarePlanStore
import Foundation
import Localization
import Questionnaires

/// `careplan answer ID`: fill in an assessment's questionnaire, line by line or from a file.
struct AnswerCommand: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: tr("Answer an assessment's questionnaire (PHQ-9, a clinic's form): line by line, or from a file (--answers)."),
        discussion: tr("--answers takes a FHIR QuestionnaireResponse (JSON) or linkId=value lines: a choice by its code, its words or its number, a number, yes or no, a date, a quantity with its unit (180 lb). - reads standard input. Answering a day already answered keeps the earlier response and records the new one as amended."))

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The activity id (see careplan plan)."))) var id: String
    @Option(name: .long, help: ArgumentHelp(tr("A file of answers, or - for standard input."), valueName: "file")) var answers: String?
    @Option(name: .customLong("by"), help: ArgumentHelp(tr("Who answered, when not the patient (a caregiver)."), valueName: "name")) var author: String?
    @OptionGroup var day: DateOption
    @OptionGroup var which: OccurrenceOptions

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("answer") }
    }

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(writing: true)
        // This activity alone: the rest of the plan (120 activities in the benchmark's) is read
        // only for the care team's contacts, when an answer raises an alert.
        let read = try careStore.history(of: id)
        let history = read.history
        guard history.kind == .assessment else { throw CarePlanError.wrongKind(id: id, kind: history.kind) }
        let activity = history.activity(on: date)
        guard let reference = activity.questionnaire else { throw CarePlanError.notAQuestionnaire(id: id) }
        let form = try careStore.form(reference)
        let started = Date()
        let response: FormResponse
        if let answers {
            response = try AnswerFile.read(try Self.text(answers), source: answers == "-" ? tr("standard input") : answers, form: form)
        } else {
            var prompt = FormPrompt(form: form)
            response = try prompt.run()
        }
        let recorded = try careStore.submit(id, response: response, author: author, startedAt: started, date: date, occurrence: which.occurrence, clock: clock, read: read)
        careStore.leaveOpenUntilExit()
        // An answer that needs the care team is said first, before any score.
        let alerts = response.raisedAlerts.isEmpty ? []
            : AlertMessage.lines(for: response.raisedAlerts, response: response, activityId: id, contacts: try careStore.plan().plan(on: date).contacts)
        if !alerts.isEmpty {
            say("⚠ " + alerts.joined(separator: "\n"))
            say("")
        }
        let outcome = recorded.recorded
        // What the scores mean, as the store read them with the form.
        let scores = try careStore.scores(of: reference)
        let filled: KeyValuePairs<String, any PlaceholderValue> = [
            "title": activity.title, "date": date.iso, "occurrence": OccurrenceLabel.text(outcome),
            "reading": scores.text(outcome.outcome.values, measure: outcome.activity.measure)]
        switch (recorded.response.status, outcome.outcome.values.isEmpty) {
        // TRANSLATORS: {occurrence} is "08:00 (occurrence 0)" or "occurrence 1"; {reading} the scores, "12".
        case ("amended", true): say(tr("Answered {title} again on {date}, {occurrence}; the earlier answers are kept", filled))
        case ("amended", false): say(tr("Answered {title} again on {date}, {occurrence}: {reading}; the earlier answers are kept", filled))
        case (_, true): say(tr("Answered {title} on {date}, {occurrence}", filled))
        case (_, false): say(tr("Answered {title} on {date}, {occurrence}: {reading}", filled))
        }
    }

    /// The answers file's text, or standard input's for `-`.
    static func text(_ source: String) throws -> String {
        if source == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        return try YAMLNodeReader.text(ofFile: source, shown: (source as NSString).lastPathComponent)
    }
}
