import Foundation
@testable import Localization
import Testing

/// The translations as translators hand them in: complete, not fuzzy, placeholders kept, plural
/// forms declared, and the template current with the sources.
@Suite struct CatalogueTests {
    @Test(arguments: Catalogue.languages)
    func everyTextOfTheTemplateIsTranslated(_ language: String) throws {
        let template = try Catalogue.named("careplan.pot"), catalogue = try Catalogue.named("\(language).po")
        let translated = Dictionary(catalogue.messages.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let forms = try #require(catalogue.header["Plural-Forms"].flatMap(Self.pluralCount), "\(language).po declares no Plural-Forms")
        var problems: [String] = []
        for entry in template.messages {
            let shown = entry.context.map { "[\($0)] \(entry.id)" } ?? entry.id
            guard let translation = translated[entry.key] else {
                problems.append("missing: \(shown)")
                continue
            }
            if translation.isFuzzy { problems.append("fuzzy: \(shown) (\(translation.location))") }
            let expected = entry.plural == nil ? 1 : forms
            if translation.translations.count != expected || translation.translations.contains(where: \.isEmpty) {
                problems.append("untranslated: \(shown) (\(translation.location))")
            }
        }
        #expect(problems.isEmpty, "\(language).po: \(problems.count) of \(template.messages.count) texts:\n\(problems.prefix(40).joined(separator: "\n"))")
    }

    /// What a date pattern may use, whatever its English uses (CalendarText.swift fills them all).
    static let dateFields: Set<String> = ["weekday", "day", "month", "monthNumber", "fullMonth", "year", "twoDigitDay", "twoDigitMonth"]

    /// A translation may move placeholders but must keep every one, with its name, and add none;
    /// a date pattern may use any of the date's fields.
    @Test(arguments: Catalogue.languages)
    func translationsKeepTheirPlaceholders(_ language: String) throws {
        let catalogue = try Catalogue.named("\(language).po")
        var problems: [String] = []
        for entry in catalogue.messages where !entry.translations.allSatisfy(\.isEmpty) {
            let wanted = Set(Placeholders.names(in: entry.plural ?? entry.id))
            for (form, text) in entry.translations.enumerated() where !text.isEmpty {
                let given = Set(Placeholders.names(in: text))
                if entry.context == "date format" {
                    if !given.isSubset(of: Self.dateFields) { problems.append("\(entry.location): '\(entry.id)' uses {\(given.subtracting(Self.dateFields).sorted().joined(separator: "} {"))}") }
                    continue
                }
                // A singular form may say "one" in words where the English says {count}.
                let allowed = entry.plural != nil && form == 0 ? given.union(["count"]) : given
                if allowed != wanted && given != wanted {
                    problems.append("\(entry.location): '\(entry.id)' has {\(wanted.sorted().joined(separator: "} {"))}, form \(form) has {\(given.sorted().joined(separator: "} {"))}")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Polish needs its three forms (1 dzień, 2 dni, 5 dni); Chinese and Japanese have one.
    @Test func pluralFormsAreGNUs() throws {
        #expect(try Catalogue.named("pl.po").header["Plural-Forms"]
            == "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        #expect(try Catalogue.named("ja.po").header["Plural-Forms"] == "nplurals=1; plural=0;")
        #expect(try Catalogue.named("zh_CN.po").header["Plural-Forms"] == "nplurals=1; plural=0;")
        for language in Catalogue.languages {
            #expect(try Catalogue.named("\(language).po").header["Language"] == language)
        }
    }

    /// A text marked in the sources but missing from the template would never reach a translator.
    @Test func templateIsCurrentWithTheSources() throws {
        let result = try Tool.run("/bin/sh", [Catalogue.folder.appendingPathComponent("update-pot.sh").path, "--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// What `swift build` does with each catalogue, checked here too so the failure names the file.
    @Test(arguments: Catalogue.languages)
    func cataloguesCompileWithChecks(_ language: String) throws {
        let result = try Tool.run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", Catalogue.folder.appendingPathComponent("\(language).po").path])
        #expect(result.status == 0, "\(result.output)")
    }

    static func pluralCount(_ header: String) -> Int? {
        guard let range = header.range(of: "nplurals=") else { return nil }
        return Int(header[range.upperBound...].prefix { $0.isNumber })
    }
}

/// A command-line tool run to its end, its output and errors together.
enum Tool {
    struct Result { var status: Int32; var output: String }

    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
