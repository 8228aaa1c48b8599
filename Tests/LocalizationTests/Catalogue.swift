import Foundation

/// One entry of a PO file: what xgettext wrote and what the translator gave.
struct CatalogueEntry {
    var context: String?
    var id: String
    var plural: String?
    var translations: [String] = []
    var isFuzzy = false
    var isObsolete = false
    /// `file:line` of the entry's `msgid`, for failure messages.
    var location: String

    /// The key gettext looks it up by.
    var key: String { (context.map { $0 + "\u{4}" } ?? "") + id }
}

/// The repository's PO files (po/), read as gettext writes them: `msgctxt`, `msgid`,
/// `msgid_plural`, `msgstr` or `msgstr[N]`, each a quoted C string continued on following lines.
struct Catalogue {
    var path: String
    var entries: [CatalogueEntry]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("po")

    /// The languages careplan ships, one PO file each.
    static let languages = ["pl", "ja", "zh_CN"]

    static func named(_ name: String) throws -> Catalogue {
        try Catalogue(path: folder.appendingPathComponent(name).path)
    }

    /// gettext's tools write one entry per block, blocks separated by an empty line.
    init(path: String) throws {
        self.path = path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var entries: [CatalogueEntry] = []
        var block: [(number: Int, line: Substring)] = []
        for (number, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if let entry = Self.entry(block, path: path) { entries.append(entry) }
                block = []
            } else {
                block.append((number + 1, line))
            }
        }
        if let entry = Self.entry(block, path: path) { entries.append(entry) }
        self.entries = entries
    }

    private static func entry(_ block: [(number: Int, line: Substring)], path: String) -> CatalogueEntry? {
        var entry = CatalogueEntry(id: "", location: path)
        var target: String?
        var found = false
        for (number, raw) in block {
            var line = raw
            if line.hasPrefix("#~ ") { entry.isObsolete = true; line = line.dropFirst(3) }
            if line.hasPrefix("#,") { entry.isFuzzy = entry.isFuzzy || line.contains("fuzzy"); continue }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("\"") {
                let text = unquote(line)
                switch target {
                case "msgctxt": entry.context! += text
                case "msgid": entry.id += text
                case "msgid_plural": entry.plural! += text
                case "msgstr": entry.translations[entry.translations.count - 1] += text
                default: break
                }
                continue
            }
            guard let space = line.firstIndex(of: " ") else { continue }
            let keyword = line[..<space]
            let text = unquote(line[line.index(after: space)...])
            found = true
            switch keyword {
            case "msgctxt": entry.context = text; target = "msgctxt"
            case "msgid": entry.id = text; entry.location = "\(path):\(number)"; target = "msgid"
            case "msgid_plural": entry.plural = text; target = "msgid_plural"
            default: entry.translations.append(text); target = "msgstr"
            }
        }
        return found ? entry : nil
    }

    /// The header entry's fields (`Language`, `Plural-Forms`).
    var header: [String: String] {
        guard let text = entries.first(where: { $0.id.isEmpty && $0.context == nil })?.translations.first else { return [:] }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The translatable entries: not the header, not obsolete.
    var messages: [CatalogueEntry] { entries.filter { !($0.id.isEmpty && $0.context == nil) && !$0.isObsolete } }

    subscript(context: String?, id: String) -> CatalogueEntry? {
        messages.first { $0.context == context && $0.id == id }
    }

    /// A C string literal's text: `"a\"b\n"` → `a"b` and a line break.
    static func unquote(_ quoted: Substring) -> String {
        var text = ""
        var escaped = false
        for character in quoted.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
