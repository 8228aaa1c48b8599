import Foundation
import Localization
import TerminalUI

/// Keys while an entry form is open: editing fields, moving between them, saving and cancelling.
/// Keys the action table binds in the form context act; any other key is typed into the field.
/// The mouse does nothing here (a stray click must not lose what was typed).
enum FormReducer {
    static func handle(_ key: Key, state: inout AppState) -> [Command] {
        guard var form = state.form else { return [] }
        defer { if state.form != nil { state.form = form } }
        if case .mouse = key { return [] }
        let action = Keymap.action(for: key, in: .form)
        switch action {
        case .quit:
            state.form = nil
            state.quit = true
            return []
        case .cancel:
            state.form = nil
            state.message = StatusMessage(text: tr("Cancelled; nothing saved"), level: .info)
            return []
        case .nextField:
            form.focus = min(form.focus + 1, form.fields.count)
            return []
        case .previousField:
            form.focus = max(form.focus - 1, 0)
            return []
        case .save:
            let inputs = form.inputs
            if let unset = inputs.indices.first(where: { form.isRequired($0) && (inputs[$0] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }) {
                // TRANSLATORS: a required field left empty: {field} is its label, {hint} what it takes.
                form.error = tr("{field}: enter a value ({hint})", ["field": form.fields[unset].label, "hint": form.fields[unset].hint])
                form.focus = unset
                return []
            }
            form.error = nil
            return [.log(form)]
        default:
            break
        }
        if form.isOnNote {
            form.note = edit(form.note, key, action)
        } else {
            form.fields[form.focus].input = edit(form.fields[form.focus].input, key, action)
        }
        form.error = nil
        return []
    }

    static func edit(_ text: String, _ key: Key, _ action: Action?) -> String {
        switch (action, key) {
        case (.erase?, _): return String(text.dropLast())
        case (.clearField?, _): return ""
        case (nil, .character(let c)): return text + String(c)
        default: return text
        }
    }

    static func edit(_ input: EntryForm.Input, _ key: Key, _ action: Action?) -> EntryForm.Input {
        if action == .clearField { return cleared(input) }
        switch input {
        case .text(let text):
            return .text(edit(text, key, action))
        case .scale(let value, let range):
            switch (action, key) {
            case (.decrease?, _), (nil, .character("-")): return .scale(max(range.lowerBound, (value ?? range.lowerBound + 1) - 1), range)
            case (.increase?, _), (nil, .character("+")): return .scale(min(range.upperBound, (value ?? range.lowerBound - 1) + 1), range)
            case (.erase?, _): return .scale(nil, range)
            case (nil, .character(let c)) where c.isASCII && c.isNumber:
                let digit = Int(String(c))!
                // "1" then "0" makes 10 on a 0–10 scale; otherwise a digit picks that value.
                if let value, value > 0, range.contains(value * 10 + digit) { return .scale(value * 10 + digit, range) }
                return range.contains(digit) ? .scale(digit, range) : input
            default: return input
            }
        case .boolean(let value):
            switch (action, key) {
            case (nil, .character("y")), (nil, .character("Y")): return .boolean(true)
            case (nil, .character("n")), (nil, .character("N")): return .boolean(false)
            case (.decrease?, _), (.increase?, _), (nil, .character(" ")): return .boolean(!(value ?? false))
            case (.erase?, _): return .boolean(nil)
            default: return input
            }
        case .choice(let index, let options):
            switch (action, key) {
            case (.decrease?, _): return .choice(max(0, (index ?? 1) - 1), options)
            case (.increase?, _), (nil, .character(" ")): return .choice(min(options.count - 1, (index ?? -1) + 1), options)
            case (nil, .character(let c)) where c.isASCII && c.isNumber:
                let n = Int(String(c))! - 1
                return options.indices.contains(n) ? .choice(n, options) : input
            case (.erase?, _): return .choice(nil, options)
            default: return input
            }
        }
    }

    /// The field emptied (Ctrl-U).
    static func cleared(_ input: EntryForm.Input) -> EntryForm.Input {
        switch input {
        case .text: return .text("")
        case .scale(_, let range): return .scale(nil, range)
        case .boolean: return .boolean(nil)
        case .choice(_, let options): return .choice(nil, options)
        }
    }
}
