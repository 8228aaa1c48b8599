import Foundation
import TerminalUI

/// Keys while an entry form is open: editing fields, moving between them, saving and cancelling.
enum FormReducer {
    static func handle(_ key: Key, state: inout AppState) -> [Command] {
        guard var form = state.form else { return [] }
        defer { if state.form != nil { state.form = form } }
        switch key {
        case .control("c"):
            state.form = nil
            state.quit = true
            return []
        case .escape:
            state.form = nil
            state.message = StatusMessage(text: "Cancelled; nothing saved", level: .info)
            return []
        case .tab, .down:
            form.focus = min(form.focus + 1, form.fields.count)
            return []
        case .backTab, .up:
            form.focus = max(form.focus - 1, 0)
            return []
        case .enter:
            let inputs = form.inputs
            if let unset = inputs.indices.first(where: { (inputs[$0] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }) {
                form.error = "\(form.fields[unset].label): enter a value (\(form.fields[unset].hint))"
                form.focus = unset
                return []
            }
            form.error = nil
            return [.log(form)]
        default:
            break
        }
        if form.isOnNote {
            form.note = edit(form.note, key)
        } else {
            form.fields[form.focus].input = edit(form.fields[form.focus].input, key)
        }
        form.error = nil
        return []
    }

    static func edit(_ text: String, _ key: Key) -> String {
        switch key {
        case .backspace, .delete: return String(text.dropLast())
        case .control("u"): return ""
        case .character(let c): return text + String(c)
        default: return text
        }
    }

    static func edit(_ input: EntryForm.Input, _ key: Key) -> EntryForm.Input {
        switch input {
        case .text(let text):
            return .text(edit(text, key))
        case .scale(let value, let range):
            switch key {
            case .left, .character("-"): return .scale(max(range.lowerBound, (value ?? range.lowerBound + 1) - 1), range)
            case .right, .character("+"): return .scale(min(range.upperBound, (value ?? range.lowerBound - 1) + 1), range)
            case .backspace, .delete: return .scale(nil, range)
            case .character(let c) where c.isASCII && c.isNumber:
                let digit = Int(String(c))!
                // "1" then "0" makes 10 on a 0–10 scale; otherwise a digit picks that value.
                if let value, value > 0, range.contains(value * 10 + digit) { return .scale(value * 10 + digit, range) }
                return range.contains(digit) ? .scale(digit, range) : input
            default: return input
            }
        case .boolean(let value):
            switch key {
            case .character("y"), .character("Y"): return .boolean(true)
            case .character("n"), .character("N"): return .boolean(false)
            case .left, .right, .character(" "): return .boolean(!(value ?? false))
            case .backspace, .delete: return .boolean(nil)
            default: return input
            }
        case .choice(let index, let options):
            switch key {
            case .left: return .choice(max(0, (index ?? 1) - 1), options)
            case .right, .character(" "): return .choice(min(options.count - 1, (index ?? -1) + 1), options)
            case .character(let c) where c.isASCII && c.isNumber:
                let n = Int(String(c))! - 1
                return options.indices.contains(n) ? .choice(n, options) : input
            case .backspace, .delete: return .choice(nil, options)
            default: return input
            }
        }
    }
}
