import FHIRPath
import Foundation
import Localization
import Questionnaires

/// An answer as a person types it, for a form's item: `careplan answer`'s prompt and its
/// `linkId=value` lines. A choice by its code, its words or its number in the list; a number with a
/// decimal comma where the language writes one; yes or no in the reader's words or English; a date
/// as FHIR writes it; a quantity with its unit (`180 [lb_av]` or `180 lb`), converted through
/// careplan's unit registry to the unit the form asks for.
public enum FormAnswerText {
    public static func read(_ typed: String, for item: QuestionnaireItem) throws(AnswerError) -> AnswerValue {
        let text = String(typed.trimmingSpaces)
        func refuse(_ what: String) -> AnswerError {
            // TRANSLATORS: {text} is what was typed, {what} what the question takes ("a whole number").
            AnswerError(linkId: item.linkId, message: tr("'{text}' is not {what}", ["text": text, "what": what]))
        }
        if !item.options.isEmpty, let option = option(text, in: item.options) { return option.value }
        switch item.kind {
        case .boolean:
            guard let flag = Answer.read(text) else { throw refuse(tr("yes or no")) }
            return .boolean(flag)
        case .integer:
            if let number = Int(text) { return .integer(number) }
            // A number in another unit than the form's one (`questionnaire-unit`), converted.
            if item.units.count == 1, let converted = try? quantity(text, item: item, refuse: refuse), converted.value.isInteger {
                return .integer(NSDecimalNumber(decimal: converted.value.value).intValue)
            }
            throw refuse(tr("a whole number"))
        case .decimal:
            if let number = decimal(text) { return .decimal(number) }
            if item.units.count == 1, let converted = try? quantity(text, item: item, refuse: refuse) { return .decimal(converted.value) }
            throw refuse(item.units.count == 1 ? tr("a number (in {unit})", ["unit": names(item.units)]) : tr("a number"))
        case .date:
            guard let date = Temporal.parseDateTime(Substring(text)), !text.contains("T") else { throw refuse(tr("a date such as 2026-11-28")) }
            return .date(date)
        case .dateTime:
            guard let date = Temporal.parseDateTime(Substring(text)) else { throw refuse(tr("a date and time such as 2026-11-28T09:30:00+01:00")) }
            return .dateTime(date)
        case .time:
            guard let time = Temporal.parseTime(Substring(text.count == 5 ? text + ":00" : text)) else { throw refuse(tr("a time such as 09:30")) }
            return .time(time)
        case .quantity:
            return .quantity(try quantity(text, item: item, refuse: refuse))
        case .choice:
            let listed = zip(choiceKeys(item.options), item.options).map { "\($0) \(display($1.value))" }.joined(separator: ", ")
            throw AnswerError(linkId: item.linkId, message: tr("'{text}' is not one of the answers: {answers}", ["text": text, "answers": listed]))
        case .openChoice, .string, .text, .url:
            return .string(text)
        case .group, .display, .attachment, .reference:
            throw AnswerError(linkId: item.linkId, message: tr("'{linkId}' takes no answer", ["linkId": item.linkId]))
        }
    }

    /// What is typed for a question: one answer, or for a question that repeats several,
    /// separated by commas; each read as `read(_:for:)` reads it.
    public static func answers(_ typed: String, for item: QuestionnaireItem) throws(AnswerError) -> [AnswerValue] {
        let parts = item.repeats ? typed.split(separator: ",").map(String.init) : [typed]
        var values: [AnswerValue] = []
        for part in parts { values.append(try read(part, for: item)) }
        return values
    }

    /// An item's answers as words, comma-separated: "Several days", "knee, ankle".
    public static func display(_ values: [AnswerValue]) -> String { values.map(display).joined(separator: ", ") }

    /// The same, or "(no answer)" for none: a review's or a report's line.
    public static func shown(_ values: [AnswerValue]) -> String { values.isEmpty ? tr("(no answer)") : display(values) }

    /// The option `text` names: by its code, its words (in any case), or the key it is listed with.
    static func option(_ text: String, in options: [AnswerOption]) -> AnswerOption? {
        let lowered = text.lowercased()
        if let found = options.first(where: { $0.value.coding?.code == text }) { return found }
        if let found = options.first(where: { display($0.value).lowercased() == lowered }) { return found }
        if let index = choiceKeys(options).firstIndex(of: text) { return options[index] }
        return nil
    }

    /// What each option is chosen by when typed, as the prompt lists them: the form's prefixes when
    /// each has its own ("a", "b"); else its scores when each scores a different whole number (PHQ-9's
    /// 0 to 3, as on paper and in the dashboard); else 1, 2, 3…
    public static func choiceKeys(_ options: [AnswerOption]) -> [String] {
        let prefixes = options.compactMap(\.prefix)
        if prefixes.count == options.count, Set(prefixes).count == prefixes.count { return prefixes }
        let scores = options.compactMap { $0.score.flatMap { $0.isInteger ? $0.description : nil } }
        if scores.count == options.count, Set(scores).count == scores.count { return scores }
        return options.indices.map { String($0 + 1) }
    }

    /// How an answer reads: a coding's words (or code), a number, a date as FHIR writes it.
    public static func display(_ value: AnswerValue) -> String {
        switch value {
        case .boolean(let flag): return Answer.shown(flag)
        case .decimal(let number): return number.description
        case .integer(let number): return String(number)
        case .date(let date), .dateTime(let date), .time(let date): return date.text
        case .string(let text): return text
        case .coding(let coding): return coding.display ?? coding.code ?? ""
        case .quantity(let quantity): return quantity.value.description + (quantity.unit.map { " " + $0 } ?? quantity.code.map { " " + $0 } ?? "")
        }
    }

    /// `37,2` where the language writes a decimal comma, `37.2` everywhere; exact, as typed.
    static func decimal(_ text: String) -> DecimalNumber? {
        guard ReadingParser.number(text) != nil else { return nil }
        return DecimalNumber(text: text.replacingOccurrences(of: ",", with: "."), allowExponent: false)
    }

    /// `180 lb` for a form that asks in `[lb_av]` or in kilograms: the unit matched against the
    /// item's unit options by code or words, else converted to the first it offers.
    static func quantity(_ text: String, item: QuestionnaireItem, refuse: (String) -> AnswerError) throws(AnswerError) -> AnswerQuantity {
        let (numberText, unitText) = ReadingParser.splitNumber(text, decimalSeparator: Language.current.numbers.decimalSeparator)
        guard let number = decimal(numberText) else { throw refuse(tr("a number with its unit, such as 72 kg")) }
        let offered = item.units
        func quantity(_ value: DecimalNumber, _ unit: AnswerCoding?) -> AnswerQuantity {
            AnswerQuantity(value: value, unit: unit?.display ?? unit?.code, system: unit?.system, code: unit?.code)
        }
        guard let unitText else {
            // One unit offered: the number is in it. Several: the person must say which.
            guard offered.count <= 1 else {
                throw AnswerError(linkId: item.linkId, message: tr("give the unit too, one of {units}", ["units": names(offered)]))
            }
            return quantity(number, offered.first)
        }
        if offered.isEmpty { return AnswerQuantity(value: number, unit: unitText) }
        if let unit = offered.first(where: { $0.code == unitText || $0.display?.lowercased() == unitText.lowercased() }) {
            return quantity(number, unit)
        }
        if let typed = UnitRegistry.unit(unitText) {
            for unit in offered {
                guard let target = (unit.code.flatMap(UnitRegistry.unit) ?? unit.display.flatMap(UnitRegistry.unit)),
                      let converted = UnitRegistry.convert(number.double, from: typed, to: target) else { continue }
                // Rounded to the places typed and two more: 180 lb is 81.6466 kg, not 81.64663200000001.
                let places = max(number.scale, 0) + 2
                return quantity(DecimalNumber(Decimal(converted), scale: nil).rounded(places, .plain), unit)
            }
        }
        throw AnswerError(linkId: item.linkId, message: tr("'{unit}' does not convert to {units}", ["unit": unitText, "units": names(offered)]))
    }

    /// The units an item asks in, as the form names them: `kg`, `[lb_av]`.
    public static func names(_ units: [AnswerCoding]) -> String {
        units.map { $0.code ?? $0.display ?? "" }.joined(separator: ", ")
    }
}
