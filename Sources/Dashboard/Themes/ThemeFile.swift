import CarePlanStore
import Foundation
import Localization
import TerminalUI
import Yams


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
        try document(try YAMLNodeReader.text(ofFile: path, shown: path), file: path)
    }

    static func document(_ yaml: String, file: String) throws -> Document {
        let reader = ThemeReader(reader: YAMLNodeReader(file: file))
        let root = try reader.reader.compose(yaml, empty: tr("the file is empty; a theme needs 'roles'"))
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

/// Turns a composed YAML tree into a theme, through the same located-YAML reader plan files use,
/// so every mistake is a `file:line:column` error worded the same way.
private struct ThemeReader {
    let reader: YAMLNodeReader

    func document(_ root: Node, defaultName: String) throws -> ThemeFile.Document {
        // Yams already rejects a key given twice.
        let top = try reader.mapping(root, "theme", allowed: ThemeFile.topKeys)
        guard let rolesNode = top["roles"] else { throw reader.error(at: root, tr("theme: missing 'roles'")) }
        var styles: [ThemeRole: TextStyle] = [:]
        for entry in try reader.mapping(rolesNode, "roles", allowed: ThemeRole.allCases.map(\.rawValue), what: .role).entries {
            styles[ThemeRole(rawValue: entry.key)!] = try style(entry.value, "roles: \(entry.key)")
        }
        var palette: [String: TerminalColor] = [:]
        if let paletteNode = top["palette"] {
            for entry in try reader.mapping(paletteNode, "palette", allowed: Activity.paletteNames, what: .paletteName).entries {
                palette[entry.key] = try color(entry.value, "palette: \(entry.key)")
            }
        }
        let name = try top["name"].map { try reader.string($0, "name") } ?? defaultName
        let description = try top["description"].map { try reader.string($0, "description") }
        return ThemeFile.Document(theme: Theme(name: name, styles: styles, palette: palette), description: description)
    }

    func style(_ node: Node, _ context: String) throws -> TextStyle {
        if case .scalar = node {
            // The likeliest slip is a bare colour (`ok: green`); show the shape instead.
            // TRANSLATORS: a theme file's mistake. {context} is where in the file (roles: ok), {example} a YAML
            // example to keep as it is, {found} what the file has ('green', a list).
            throw reader.error(at: node, tr("{context}: expected attributes such as {example}, found {found}",
                                            ["context": context, "example": "{fg: green, bold: true}", "found": reader.describe(node)]))
        }
        var style = TextStyle()
        for entry in try reader.mapping(node, context, allowed: ThemeFile.attributes).entries {
            let value = entry.value
            switch entry.key {
            case "fg": style.foreground = try color(value, context)
            case "bg": style.background = try color(value, context)
            case "bold": style.bold = try reader.bool(value, "\(context): bold")
            case "dim": style.dim = try reader.bool(value, "\(context): dim")
            case "underline": style.underline = try reader.bool(value, "\(context): underline")
            default: style.reverse = try reader.bool(value, "\(context): reverse")
            }
        }
        return style
    }

    func color(_ node: Node, _ context: String) throws -> TerminalColor {
        guard case .scalar(let scalar) = node else {
            // TRANSLATORS: colour names are what the theme file takes: keep red, green and #rrggbb as they are.
            throw reader.error(at: node, tr("{context}: {found} is not a colour; use a name (red, green, ...), 0-255 or #rrggbb",
                                            ["context": context, "found": reader.describe(node)]))
        }
        if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
            // An unquoted `#5fafff` is a YAML comment, which leaves the value empty.
            throw reader.error(at: node, tr("{context}: no colour given; write #rrggbb in quotes (\"#5fafff\"), since # starts a YAML comment",
                                            ["context": context]))
        }
        guard let color = TerminalColor(themeValue: scalar.string) else {
            throw reader.error(at: node, tr("{context}: '{value}' is not a colour; use a name (red, green, ...), 0-255 or #rrggbb",
                                            ["context": context, "value": scalar.string]))
        }
        return color
    }
}
