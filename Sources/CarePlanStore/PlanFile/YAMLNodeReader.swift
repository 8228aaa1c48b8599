import Foundation
import Yams

/// Reads a composed YAML tree and turns every mistake into a `FilePositionError` at the node's
/// position: the one reader of hand-written YAML (plan files, theme files).
///
/// Such files are written by hand, so a mistake must point at the line and column and say what was
/// expected there. Working on Yams' `Node` tree (rather than `Decodable`) keeps each node's mark.
public struct YAMLNodeReader: Sendable {
    public let file: String

    public init(file: String) { self.file = file }

    /// The text of a hand-written file, or an error naming it (`shown` in messages).
    public static func text(ofFile path: String, shown name: String) throws -> String {
        // Measured before reading: a huge file is refused without being loaded or parsed.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > InputLimits.fileBytes {
            throw FilePositionError(file: name, line: 1, column: 1,
                                    message: "the file is \(size) bytes; a hand-written file may be at most \(InputLimits.fileBytes) bytes (2 MB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw FilePositionError(file: path, line: 0, column: 0, message: exists ? "cannot read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FilePositionError(file: name, line: 1, column: 1, message: "the file is not UTF-8 text")
        }
        return text
    }

    /// Plain scalars YAML reads as null.
    static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]

    public func error(at node: Node?, _ message: String) -> FilePositionError {
        let mark = node?.mark
        return FilePositionError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
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
    /// `allowed`; `what` names the keys in messages ("key", "role", "palette name").
    public func mapping(_ node: Node, _ context: String, allowed: [String], what: String = "key") throws -> KeyedNode {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "\(context): expected a mapping of \(what)s (\(allowed.joined(separator: ", "))), found \(describe(node))")
        }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else { throw error(at: keyNode, "\(context): keys must be plain words") }
            guard allowed.contains(scalar.string) else {
                let hint = Spelling.suggestion(for: scalar.string, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw error(at: keyNode, "\(context): unknown \(what) '\(scalar.string)'\(hint); accepted: \(allowed.joined(separator: ", "))")
            }
            entries.append((scalar.string, keyNode, value))
        }
        return KeyedNode(node: node, context: context, entries: entries)
    }

    public func sequence(_ node: Node, _ context: String, of what: String) throws -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw error(at: node, "\(context): expected a list of \(what), found \(describe(node))")
        }
        return Array(sequence)
    }

    public func string(_ node: Node, _ context: String) throws -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && YAMLNodeReader.nulls.contains(scalar.string)) else {
            throw error(at: node, "\(context): expected text, found \(describe(node))")
        }
        if let problem = InputLimits.check(scalar.string, InputLimits.longText, context) { throw error(at: node, problem) }
        return scalar.string
    }

    public func nonEmptyString(_ node: Node, _ context: String) throws -> String {
        let text = try string(node, context).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw error(at: node, "\(context): must not be empty") }
        return text
    }

    /// A name or a title: one line's worth of text.
    public func shortString(_ node: Node, _ context: String) throws -> String {
        let text = try nonEmptyString(node, context)
        if let problem = InputLimits.check(text, InputLimits.shortText, context) { throw error(at: node, problem) }
        return text
    }

    public func bool(_ node: Node, _ context: String) throws -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else {
            throw error(at: node, "\(context): expected true or false, found \(describe(node))")
        }
        switch scalar.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(at: node, "\(context): expected true or false, found '\(scalar.string)'")
        }
    }

    public func number(_ node: Node, _ context: String) throws -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            throw error(at: node, "\(context): expected a number, found \(describe(node))")
        }
        return value
    }

    public func integer(_ node: Node, _ context: String, atLeast minimum: Int) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error(at: node, "\(context): expected a whole number, found \(describe(node))")
        }
        guard value >= minimum else { throw error(at: node, "\(context): must be at least \(minimum), found \(value)") }
        return value
    }

    public func date(_ node: Node, _ context: String) throws -> LocalDate {
        let text = try string(node, context)
        guard let date = LocalDate(iso: text) else {
            throw error(at: node, "\(context): expected a date YYYY-MM-DD, found '\(text)'")
        }
        if let problem = InputLimits.check(date, context) { throw error(at: node, problem) }
        return date
    }

    /// `[low, high]` with low <= high.
    public func interval(_ node: Node, _ context: String) throws -> ClosedRange<Double> {
        let items = try sequence(node, context, of: "two numbers [low, high]")
        guard items.count == 2 else { throw error(at: node, "\(context): expected two numbers [low, high], found \(items.count)") }
        let low = try number(items[0], context), high = try number(items[1], context)
        guard low <= high else { throw error(at: node, "\(context): low \(NumberText.string(low)) is above high \(NumberText.string(high))") }
        return low...high
    }

    public func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
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

