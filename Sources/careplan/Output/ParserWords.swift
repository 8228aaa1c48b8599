import Localization

/// The words swift-argument-parser writes itself, around careplan's own (translated) help and
/// messages: its section headings and standard options in `--help`, and its parse errors. The
/// parser has no hook for them, so careplan puts them in the reader's language after the fact,
/// from the shapes the parser writes (its version is pinned in Package.swift; a test runs each
/// shape in Polish, so a parser that words them differently is noticed).
enum ParserWords {
    /// `--help` in the reader's language: headings, the standard options, defaults and values.
    static func help(_ text: String) -> String {
        guard !Language.current.isEnglish || Language.current.isPseudo else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(helpLine).joined(separator: "\n")
    }

    private static func helpLine(_ line: Substring) -> String {
        var line = String(line)
        let headings: [(String, String)] = [
            // TRANSLATORS: headings of `careplan --help`; keep the colon.
            ("OVERVIEW:", tr("OVERVIEW:")), ("USAGE:", tr("USAGE:")), ("OPTIONS:", tr("OPTIONS:")),
            ("ARGUMENTS:", tr("ARGUMENTS:")), ("SUBCOMMANDS:", tr("SUBCOMMANDS:")),
        ]
        for (english, translated) in headings where line == english || line.hasPrefix(english + " ") {
            line = translated + line.dropFirst(english.count)
        }
        let phrases: [(String, String)] = [
            ("Show the version.", tr("Show the version.")),
            ("Show help information.", tr("Show help information.")),
            // TRANSLATORS: after a subcommand's name in `careplan --help`: the command careplan runs without one.
            (" (default) ", trc("argument parser", " (default) ")),
            // TRANSLATORS: opens the note of an option's default in --help: "(default: today)".
            ("(default:", trc("argument parser", "(default:")),
            // TRANSLATORS: in --help, between an option's accepted values and its default: "(values: a, b; default: a)".
            ("; default:", trc("argument parser", "; default:")),
            // TRANSLATORS: opens the list of an option's accepted values in --help: "(values: braille, blocks, ascii)".
            ("(values:", trc("argument parser", "(values:")),
        ]
        for (english, translated) in phrases where line.contains(english) {
            line = line.replacingAll(english, with: translated)
        }
        if line.hasPrefix("  See '"), line.hasSuffix("' for detailed help."), let command = line.quoted.first {
            line = "  " + tr("See '{command}' for detailed help.", ["command": command])
        }
        return line
    }

    /// A parse error in the reader's language: "Unknown option '--bogus'" → "Nieznana opcja '--bogus'".
    /// careplan's own messages (validation) are already translated and pass through unchanged.
    static func error(_ message: String) -> String {
        guard !Language.current.isEnglish || Language.current.isPseudo else { return message }
        let quoted = message.quoted
        func first(_ index: Int = 0) -> String { index < quoted.count ? quoted[index] : "" }
        if message.hasPrefix("Unknown option '") {
            if message.contains("Did you mean") {
                return tr("Unknown option '{option}'. Did you mean '{suggestion}'?", ["option": first(), "suggestion": first(1)])
            }
            return tr("Unknown option '{option}'", ["option": first()])
        }
        if message.hasPrefix("Missing value for '") { return tr("Missing value for '{option}'", ["option": first()]) }
        if message.hasPrefix("Missing expected argument '") { return tr("Missing expected argument '{argument}'", ["argument": first()]) }
        if message.hasPrefix("Missing one of: '") {
            return tr("Missing one of: {arguments}", ["arguments": quoted.map { "'\($0)'" }.joined(separator: ", ")])
        }
        if message.hasPrefix("Unexpected argument '") { return tr("Unexpected argument '{argument}'", ["argument": first()]) }
        if message.contains(" unexpected arguments: '") {
            return trn("{count} unexpected argument: {arguments}", "{count} unexpected arguments: {arguments}", quoted.count,
                       ["arguments": quoted.map { "'\($0)'" }.joined(separator: ", ")])
        }
        if message.hasPrefix("The option '"), message.contains("' does not take any value") {
            return tr("The option '{option}' does not take a value, but '{value}' was given.", ["option": first(), "value": first(1)])
        }
        if message.hasPrefix("The value '"), let range = message.range(of: "' is invalid for '") {
            // The parser's own list of accepted values, or careplan's reason after a colon (already translated).
            let afterOption = message[range.upperBound...]
            let option = afterOption.prefix { $0 != "'" }
            let rest = afterOption.dropFirst(option.count + 1)
            let value = message.dropFirst("The value '".count).prefix { $0 != "'" }
            var text = tr("The value '{value}' is invalid for '{option}'", ["value": value, "option": option])
            if rest.hasPrefix(". Please provide one of ") {
                let values = rest.quoted.map { "'\($0)'" }.joined(separator: ", ")
                text += tr("; accepted: {values}", ["values": values])
            } else {
                text += rest
            }
            return text
        }
        if message == "Missing required subcommand." { return tr("Missing required subcommand.") }
        return message
    }
}

extension StringProtocol {
    /// The texts between single quotes, in order: "a 'b' c 'd'" → ["b", "d"].
    var quoted: [String] {
        var result: [String] = []
        var current: String?
        for character in self {
            if character == "'" {
                if let text = current { result.append(text); current = nil } else { current = "" }
            } else if current != nil {
                current!.append(character)
            }
        }
        return result
    }

    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
