import Foundation
import Yams

/// Reads a composed YAML tree and turns every mistake into a `PlanFileError` at the node's position.
///
/// Plan files are written by hand, so a mistake must point at the line and column and say what was
/// expected there. Working on Yams' `Node` tree (rather than `Decodable`) keeps each node's mark.
struct YAMLNodeReader {
    let file: String

    /// Plain scalars YAML reads as null.
    static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]

    func error(at node: Node?, _ message: String) -> PlanFileError {
        let mark = node?.mark
        return PlanFileError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
    }

    /// The key/value pairs of a mapping, after checking every key is one of `allowed`.
    func mapping(_ node: Node, _ context: String, allowed: [String]) throws -> KeyedNode {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "\(context): expected a mapping of keys (\(allowed.joined(separator: ", "))), found \(describe(node))")
        }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else { throw error(at: keyNode, "\(context): keys must be plain words") }
            guard allowed.contains(scalar.string) else {
                let hint = Spelling.suggestion(for: scalar.string, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw error(at: keyNode, "\(context): unknown key '\(scalar.string)'\(hint); accepted keys: \(allowed.joined(separator: ", "))")
            }
            entries.append((scalar.string, keyNode, value))
        }
        return KeyedNode(node: node, context: context, entries: entries)
    }

    func sequence(_ node: Node, _ context: String, of what: String) throws -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw error(at: node, "\(context): expected a list of \(what), found \(describe(node))")
        }
        return Array(sequence)
    }

    func string(_ node: Node, _ context: String) throws -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && YAMLNodeReader.nulls.contains(scalar.string)) else {
            throw error(at: node, "\(context): expected text, found \(describe(node))")
        }
        return scalar.string
    }

    func nonEmptyString(_ node: Node, _ context: String) throws -> String {
        let text = try string(node, context).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw error(at: node, "\(context): must not be empty") }
        return text
    }

    func bool(_ node: Node, _ context: String) throws -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else {
            throw error(at: node, "\(context): expected true or false, found \(describe(node))")
        }
        switch scalar.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(at: node, "\(context): expected true or false, found '\(scalar.string)'")
        }
    }

    func number(_ node: Node, _ context: String) throws -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            throw error(at: node, "\(context): expected a number, found \(describe(node))")
        }
        return value
    }

    func integer(_ node: Node, _ context: String, atLeast minimum: Int) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error(at: node, "\(context): expected a whole number, found \(describe(node))")
        }
        guard value >= minimum else { throw error(at: node, "\(context): must be at least \(minimum), found \(value)") }
        return value
    }

    func date(_ node: Node, _ context: String) throws -> LocalDate {
        let text = try string(node, context)
        guard let date = LocalDate(iso: text) else {
            throw error(at: node, "\(context): expected a date YYYY-MM-DD, found '\(text)'")
        }
        return date
    }

    /// `[low, high]` with low <= high.
    func interval(_ node: Node, _ context: String) throws -> ClosedRange<Double> {
        let items = try sequence(node, context, of: "two numbers [low, high]")
        guard items.count == 2 else { throw error(at: node, "\(context): expected two numbers [low, high], found \(items.count)") }
        let low = try number(items[0], context), high = try number(items[1], context)
        guard low <= high else { throw error(at: node, "\(context): low \(NumberText.string(low)) is above high \(NumberText.string(high))") }
        return low...high
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }
}

/// A mapping whose keys have been checked; values are looked up by key.
struct KeyedNode {
    let node: Node
    let context: String
    let entries: [(key: String, keyNode: Node, value: Node)]

    subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    func keyNode(_ key: String) -> Node? { entries.first { $0.key == key }?.keyNode }
    func has(_ key: String) -> Bool { self[key] != nil }
}

