import Mustache

/// Renders a `ClinicalReport` through the templates. Every value is escaped by the template
/// library for the format; only the charts go in as markup.
public enum ReportRenderer {
    public enum Format: String, CaseIterable, Sendable {
        case html, pdf, md
    }

    /// Markdown's own escaping for values inside a line: a backslash before the characters that
    /// make markup there (emphasis, code, links, tables, strike-through), and `<` `>` `&` as HTML
    /// entities (portals render Markdown to HTML); line breaks become spaces. A value may also
    /// start a line (a translation may put a contact's name first in "Prepared for…"), so what
    /// opens a heading or a list there is escaped at its start: `#`, `-`, `+`, `1. `.
    struct MarkdownContentType: MustacheContentType {
        func escapeText(_ text: String) -> String {
            var result = ""
            for character in text.replacingOccurrences(of: "\n", with: " ") {
                switch character {
                case "\\", "`", "*", "_", "[", "]", "|", "~": result += "\\" + String(character)
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "&": result += "&amp;"
                default: result.append(character)
                }
            }
            if let first = result.first, "#-+".contains(first) { return "\\" + result }
            let digits = result.prefix { $0.isASCII && $0.isNumber }
            let after = result.dropFirst(digits.count)
            if !digits.isEmpty, after.hasPrefix(". ") || after.hasPrefix(") ") { return digits + "\\" + after }
            return result
        }
    }

    static let templates: (html: MustacheTemplate, markdown: MustacheTemplate) = {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
        // The templates are part of the program: a mistake in them is a bug, found by every test.
        return (try! MustacheTemplate(string: ReportTemplates.html), try! MustacheTemplate(string: ReportTemplates.markdown))
    }()

    /// Paper for a PDF; HTML printed from a browser takes the printer's.
    public enum Paper: String, CaseIterable, Sendable {
        case a4, letter
        var css: String { self == .a4 ? "A4" : "letter" }
    }

    public static func html(_ report: ClinicalReport, paper: Paper? = nil) -> String {
        var report = report
        report.paperSize = paper?.css
        return templates.html.render(report)
    }

    public static func markdown(_ report: ClinicalReport) -> String { templates.markdown.render(report) }
}
