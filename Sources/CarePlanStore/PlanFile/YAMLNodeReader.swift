import Foundation
import Localization
import Yams

/// Reads a composed YAML tree and turns every mistake into a `FilePositionError` at the node's
/// position: the one reader of hand-written YAML (plan files, theme files).
///
/// Such files are written by hand, so a mistake must point at the line and column and say what was
/// expected there. Working on Yams' `Node` tree (rather than `Decodable`) keeps each node's mark.
///
/// A message starts with the `context`, the keys that lead to the mistake (`schedule: times`), as
/// the file writes them in every language; the rest is in the reader's language.
public struct YAMLNodeReader: Sendable {
    public let file: String

    /// What the keys of a mapping are, as its messages call them.
    public enum Keys: Sendable {
        case key, role, paletteName
    }

    /// What a list holds, as its messages call it.
    public enum Items: Sendable {
        case activities, identifiers, timesOfDay, fields, optionNames, contacts, activityIds, sourceNames, lowAndHigh
        /// A questionnaire written in the plan: its items, an item's answers, its conditions, its bands.
        case formItems, answers, conditions, bands
    }

    public init(file: String) { self.file = file }

    /// The text of a hand-written file, or an error naming it (`shown` in messages).
    public static func text(ofFile path: String, shown name: String) throws -> String {
        // Measured before reading: a huge file is refused without being loaded or parsed. By
        // stat(2) rather than FileManager's attributes, whose dictionary of `Any` and the cast of
        // its size cost a command that reads a file of answers 0.7 ms.
        var info = stat()
        if stat(path, &info) == 0, case let size = Int(info.st_size), size > InputLimits.fileBytes {
            throw FilePositionError(file: name, line: 1, column: 1,
                                    message: trn("the file is {count} byte; a hand-written file may be at most {limit} bytes (2 MB)",
                                                 "the file is {count} bytes; a hand-written file may be at most {limit} bytes (2 MB)",
                                                 size, ["limit": InputLimits.fileBytes]))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw FilePositionError(file: path, line: 0, column: 0, message: exists ? tr("cannot read the file") : tr("no such file"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FilePositionError(file: name, line: 1, column: 1, message: tr("the file is not UTF-8 text"))
        }
        return text
    }

    /// Plain scalars YAML reads as null.
    static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]

    public func error(at node: Node?, _ message: String) -> FilePositionError {
        let mark = node?.mark
        return FilePositionError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
    }

    /// "activity 'walk': missing 'title'": a key the mapping at `context` needs, at the mapping.
    public func missing(_ key: String, in context: String, at node: Node) -> FilePositionError {
        // TRANSLATORS: {context} is where in the file, as the file writes it (plan, activity 'walk', schedule: every);
        // {key} the key it lacks.
        error(at: node, tr("{context}: missing '{key}'", ["context": context, "key": key]))
    }

    /// What Yams reports about text that is not YAML, at its position.
    public func syntaxError(_ error: YamlError) -> FilePositionError {
        let problem = YAMLProblem(error)
        return FilePositionError(file: file, line: problem.line, column: problem.column, message: problem.message)
    }

    /// Composes `yaml` into a node tree; `empty` is the message for a file with nothing in it.
    public func compose(_ yaml: String, empty: String) throws -> Node {
        do {
            guard let node = try Yams.compose(yaml: yaml) else { throw error(at: nil, empty) }
            return node
        } catch let yamlError as YamlError {
            throw syntaxError(yamlError)
        }
    }

    /// The key/value pairs of a mapping, in file order, after checking every key is one of
    /// `allowed`; `what` says what the keys are in messages (keys, roles, palette names).
    public func mapping(_ node: Node, _ context: String, allowed: [String], what: Keys = .key) throws -> KeyedNode {
        let accepted = allowed.joined(separator: ", ")
        guard case .mapping(let mapping) = node else {
            let values: KeyValuePairs<String, any PlaceholderValue> = ["context": context, "accepted": accepted, "found": describe(node)]
            switch what {
            // TRANSLATORS: {context} is where in the file, as the file writes it (roles, schedule: every); {accepted} lists
            // the keys it takes, {found} what the file has instead ("a list", "'3'").
            case .key: throw error(at: node, tr("{context}: expected a mapping of keys ({accepted}), found {found}", values))
            case .role: throw error(at: node, tr("{context}: expected a mapping of roles ({accepted}), found {found}", values))
            case .paletteName: throw error(at: node, tr("{context}: expected a mapping of palette names ({accepted}), found {found}", values))
            }
        }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else { throw error(at: keyNode, tr("{context}: keys must be plain words", ["context": context])) }
            guard allowed.contains(scalar.string) else {
                throw error(at: keyNode, unknownKey(scalar.string, context, what: what, accepted: accepted,
                                                    suggestion: Spelling.suggestion(for: scalar.string, among: allowed)))
            }
            entries.append((scalar.string, keyNode, value))
        }
        return KeyedNode(node: node, context: context, entries: entries)
    }

    /// "activity: unknown key 'colour' (did you mean 'color'?); accepted: id, kind, …".
    func unknownKey(_ key: String, _ context: String, what: Keys, accepted: String, suggestion: String?) -> String {
        let values: KeyValuePairs<String, any PlaceholderValue> = ["context": context, "key": key, "suggestion": suggestion ?? "", "accepted": accepted]
        switch (what, suggestion != nil) {
        // TRANSLATORS: {context} is where in the file, as the file writes it; {key} the word the file has, {suggestion}
        // the accepted one it is closest to, {accepted} lists every accepted one.
        case (.key, true): return tr("{context}: unknown key '{key}' (did you mean '{suggestion}'?); accepted: {accepted}", values)
        case (.key, false): return tr("{context}: unknown key '{key}'; accepted: {accepted}", values)
        case (.role, true): return tr("{context}: unknown role '{key}' (did you mean '{suggestion}'?); accepted: {accepted}", values)
        case (.role, false): return tr("{context}: unknown role '{key}'; accepted: {accepted}", values)
        case (.paletteName, true): return tr("{context}: unknown palette name '{key}' (did you mean '{suggestion}'?); accepted: {accepted}", values)
        case (.paletteName, false): return tr("{context}: unknown palette name '{key}'; accepted: {accepted}", values)
        }
    }

    public func sequence(_ node: Node, _ context: String, of what: Items) throws -> [Node] {
        guard case .sequence(let sequence) = node else {
            let values: KeyValuePairs<String, any PlaceholderValue> = ["context": context, "found": describe(node)]
            switch what {
            // TRANSLATORS: {context} is where in the file, as the file writes it (activities, schedule: times); {found} what
            // the file has instead ("a mapping", "'08:00'").
            case .activities: throw error(at: node, tr("{context}: expected a list of activities, found {found}", values))
            // TRANSLATORS: {example} is how the file writes one: {system, value}.
            case .identifiers: throw error(at: node, tr("{context}: expected a list of identifiers {example}, found {found}",
                                                        ["context": context, "example": "{system, value}", "found": describe(node)]))
            case .timesOfDay: throw error(at: node, tr("{context}: expected a list of times of day like \"08:00\", found {found}", values))
            case .fields: throw error(at: node, tr("{context}: expected a list of fields, found {found}", values))
            case .optionNames: throw error(at: node, tr("{context}: expected a list of option names, found {found}", values))
            case .contacts: throw error(at: node, tr("{context}: expected a list of contacts, found {found}", values))
            case .activityIds: throw error(at: node, tr("{context}: expected a list of activity ids, found {found}", values))
            case .sourceNames: throw error(at: node, tr("{context}: expected a list of source names, found {found}", values))
            case .lowAndHigh: throw error(at: node, tr("{context}: expected a list of two numbers [low, high], found {found}", values))
            case .formItems: throw error(at: node, tr("{context}: expected a list of items, found {found}", values))
            case .answers: throw error(at: node, tr("{context}: expected a list of answers, found {found}", values))
            case .conditions: throw error(at: node, tr("{context}: expected a condition {example} or a list of them, found {found}",
                                                       ["context": context, "example": "{question, operator, answer}", "found": describe(node)]))
            case .bands: throw error(at: node, tr("{context}: expected a list of bands {example}, found {found}",
                                                  ["context": context, "example": "{low, high, code, display}", "found": describe(node)]))
            }
        }
        return Array(sequence)
    }

    public func string(_ node: Node, _ context: String) throws -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && YAMLNodeReader.nulls.contains(scalar.string)) else {
            throw error(at: node, tr("{context}: expected text, found {found}", ["context": context, "found": describe(node)]))
        }
        if let problem = InputLimits.check(scalar.string, InputLimits.longText, .key(context)) { throw error(at: node, problem) }
        return scalar.string
    }

    public func nonEmptyString(_ node: Node, _ context: String) throws -> String {
        let text = try string(node, context).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw error(at: node, tr("{context}: must not be empty", ["context": context])) }
        return text
    }

    /// A name or a title: one line's worth of text.
    public func shortString(_ node: Node, _ context: String) throws -> String {
        let text = try nonEmptyString(node, context)
        if let problem = InputLimits.check(text, InputLimits.shortText, .key(context)) { throw error(at: node, problem) }
        return text
    }

    public func bool(_ node: Node, _ context: String) throws -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else {
            // TRANSLATORS: true and false are what the file may say; keep them as they are.
            throw error(at: node, tr("{context}: expected true or false, found {found}", ["context": context, "found": describe(node)]))
        }
        switch scalar.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(at: node, tr("{context}: expected true or false, found {found}", ["context": context, "found": "'\(scalar.string)'"]))
        }
    }

    public func number(_ node: Node, _ context: String) throws -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            throw error(at: node, tr("{context}: expected a number, found {found}", ["context": context, "found": describe(node)]))
        }
        return value
    }

    public func integer(_ node: Node, _ context: String, atLeast minimum: Int) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error(at: node, tr("{context}: expected a whole number, found {found}", ["context": context, "found": describe(node)]))
        }
        guard value >= minimum else {
            throw error(at: node, tr("{context}: must be at least {minimum}, found {value}", ["context": context, "minimum": String(minimum), "value": String(value)]))
        }
        return value
    }

    public func date(_ node: Node, _ context: String) throws -> LocalDate {
        let text = try string(node, context)
        guard let date = LocalDate(iso: text) else {
            throw error(at: node, tr("{context}: expected a date YYYY-MM-DD, found '{text}'", ["context": context, "text": text]))
        }
        if let problem = InputLimits.check(date, key: context) { throw error(at: node, problem) }
        return date
    }

    /// `[low, high]` with low <= high.
    public func interval(_ node: Node, _ context: String) throws -> ClosedRange<Double> {
        let items = try sequence(node, context, of: .lowAndHigh)
        guard items.count == 2 else {
            // TRANSLATORS: {count} is how many numbers the list has.
            throw error(at: node, trn("{context}: expected two numbers [low, high], found {count}", "{context}: expected two numbers [low, high], found {count}",
                                      items.count, ["context": context]))
        }
        let low = try number(items[0], context), high = try number(items[1], context)
        guard low <= high else {
            // TRANSLATORS: the two numbers of a [low, high] pair the file gives the wrong way round.
            throw error(at: node, tr("{context}: low {low} is above high {high}", ["context": context, "low": NumberText.plain(low), "high": NumberText.plain(high)]))
        }
        return low...high
    }

    /// What a node is, to fill `found` in a message: `'3'`, "a list".
    public func describe(_ node: Node) -> String {
        switch node {
        // TRANSLATORS: what a file has where it should have something else: fills {found} in "expected a number, found {found}".
        case .scalar(let scalar): return scalar.string.isEmpty ? trc("found in a file", "nothing") : "'\(scalar.string)'"
        case .mapping: return trc("found in a file", "a mapping")
        case .sequence: return trc("found in a file", "a list")
        case .alias: return trc("found in a file", "an alias")
        }
    }
}

/// A mapping whose keys have been checked; values are looked up by key, or read in file order.
public struct KeyedNode {
    public let node: Node
    public let context: String
    public let entries: [(key: String, keyNode: Node, value: Node)]

    public subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    public func keyNode(_ key: String) -> Node? { entries.first { $0.key == key }?.keyNode }
    public func has(_ key: String) -> Bool { self[key] != nil }
}

