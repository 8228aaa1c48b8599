import CarePlanStore
import Foundation
import TerminalUI
import Yams

/// A mistake in a theme file, at the line and column where it was found.
public typealias ThemeError = FilePositionError

/// Reads theme files (YAML; the format is in docs/themes.md) and fits a theme to the terminal.
public enum ThemeFile {
    /// The keys a role may set.
    public static let attributes = ["fg", "bg", "bold", "dim", "underline", "reverse"]
    static let topKeys = ["name", "description", "roles", "palette"]

    public static func load(path: String) throws -> Theme { try document(path: path).theme }

    /// `file` is the name used in error messages; the theme's name defaults to it, without `.yaml`.
    public static func decode(_ yaml: String, file: String) throws -> Theme { try document(yaml, file: file).theme }

    /// A theme with the description its file gives, which `Theme` has no room for; listings show it.
    struct Document: Sendable {
        var theme: Theme
        var description: String?
    }

    static func document(path: String) throws -> Document {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ThemeError(file: path, line: 1, column: 1, message: exists ? "cannot read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ThemeError(file: path, line: 1, column: 1, message: "the file is not UTF-8 text")
        }
        return try document(text, file: path)
    }

    static func document(_ yaml: String, file: String) throws -> Document {
        let reader = ThemeReader(file: file)
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw reader.error(at: nil, "the file is empty; a theme needs 'roles'")
            }
            root = node
        } catch let error as YamlError {
            throw reader.syntaxError(error)
        }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return try reader.document(root, defaultName: stem)
    }

    /// The theme as the terminal can show it, with the colours `ColorPolicy` allows.
    ///
    /// Monochrome below 8 colours (0 when colour is off); otherwise every colour becomes the nearest
    /// of the terminal's `colors`, so a theme written in `#rrggbb` still reads on an 8- or 16-colour
    /// terminal (and backends never have to guess). `.default` stays: it is the terminal's own colour.
    public static func resolve(_ theme: Theme, colors: Int) -> Theme {
        if colors < 8 { return theme.monochrome }
        func fit(_ color: TerminalColor) -> TerminalColor {
            color.index(paletteSize: colors).map { .indexed(UInt8($0)) } ?? .default
        }
        var resolved = theme
        resolved.styles = theme.styles.mapValues { style in
            var style = style
            style.foreground = fit(style.foreground)
            style.background = fit(style.background)
            return style
        }
        resolved.palette = theme.palette.mapValues(fit)
        return resolved
    }
}

/// Turns a composed YAML tree into a theme; every mistake becomes a `ThemeError` at its node's mark.
///
/// A small cousin of CarePlanStore's plan-file reader (internal there): working on Yams' `Node` tree
/// rather than `Decodable` keeps each value's line and column.
private struct ThemeReader {
    let file: String

    static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]

    func document(_ root: Node, defaultName: String) throws -> ThemeFile.Document {
        // Yams already rejects a key given twice, so keeping the first is never a choice.
        let top = Dictionary(try mapping(root, "theme", allowed: ThemeFile.topKeys, what: "key")) { first, _ in first }
        guard let rolesNode = top["roles"] else { throw error(at: root, "theme: missing 'roles'") }
        var styles: [ThemeRole: TextStyle] = [:]
        let roleNames = ThemeRole.allCases.map(\.rawValue)
        for (key, value) in try mapping(rolesNode, "roles", allowed: roleNames, what: "role") {
            styles[ThemeRole(rawValue: key)!] = try style(value, "roles: \(key)")
        }
        var palette: [String: TerminalColor] = [:]
        if let paletteNode = top["palette"] {
            for (key, value) in try mapping(paletteNode, "palette", allowed: Activity.paletteNames, what: "palette name") {
                palette[key] = try color(value, "palette: \(key)")
            }
        }
        let name = try top["name"].map { try text($0, "name") } ?? defaultName
        let description = try top["description"].map { try text($0, "description") }
        return ThemeFile.Document(theme: Theme(name: name, styles: styles, palette: palette), description: description)
    }

    func style(_ node: Node, _ context: String) throws -> TextStyle {
        if case .scalar = node {
            // The likeliest slip is a bare colour (`ok: green`); show the shape instead.
            throw error(at: node, "\(context): expected attributes such as {fg: green, bold: true}, found \(describe(node))")
        }
        var style = TextStyle()
        for (key, value) in try mapping(node, context, allowed: ThemeFile.attributes, what: "key") {
            switch key {
            case "fg": style.foreground = try color(value, context)
            case "bg": style.background = try color(value, context)
            case "bold": style.bold = try bool(value, "\(context): \(key)")
            case "dim": style.dim = try bool(value, "\(context): \(key)")
            case "underline": style.underline = try bool(value, "\(context): \(key)")
            default: style.reverse = try bool(value, "\(context): \(key)")
            }
        }
        return style
    }

    func color(_ node: Node, _ context: String) throws -> TerminalColor {
        guard case .scalar(let scalar) = node else {
            throw error(at: node, "\(context): \(describe(node)) is not a colour; use a name (red, green, ...), 0-255 or #rrggbb")
        }
        if scalar.style == .plain, Self.nulls.contains(scalar.string) {
            // An unquoted `#5fafff` is a YAML comment, which leaves the value empty.
            throw error(at: node, "\(context): no colour given; write #rrggbb in quotes (\"#5fafff\"), since # starts a YAML comment")
        }
        guard let color = TerminalColor(themeValue: scalar.string) else {
            throw error(at: node, "\(context): '\(scalar.string)' is not a colour; use a name (red, green, ...), 0-255 or #rrggbb")
        }
        return color
    }

    /// The key/value pairs of a mapping, in file order, after checking every key is one of `allowed`.
    func mapping(_ node: Node, _ context: String, allowed: [String], what: String) throws -> [(String, Node)] {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "\(context): expected a mapping of \(what)s (\(allowed.joined(separator: ", "))), found \(describe(node))")
        }
        return try mapping.map { keyNode, value in
            guard case .scalar(let scalar) = keyNode else { throw error(at: keyNode, "\(context): keys must be plain words") }
            guard allowed.contains(scalar.string) else {
                let hint = Spelling.suggestion(for: scalar.string, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw error(at: keyNode, "\(context): unknown \(what) '\(scalar.string)'\(hint); accepted: \(allowed.joined(separator: ", "))")
            }
            return (scalar.string, value)
        }
    }

    func text(_ node: Node, _ context: String) throws -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && Self.nulls.contains(scalar.string)) else {
            throw error(at: node, "\(context): expected text, found \(describe(node))")
        }
        return scalar.string
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

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func error(at node: Node?, _ message: String) -> ThemeError {
        ThemeError(file: file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, message: message)
    }

    func syntaxError(_ error: YamlError) -> ThemeError {
        let problem = YAMLProblem(error)
        return ThemeError(file: file, line: problem.line, column: problem.column, message: problem.message)
    }
}
