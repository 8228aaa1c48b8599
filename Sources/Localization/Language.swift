import CGettext

/// The language careplan speaks to this process's reader, as gettext chose it from `LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES` and `LANG`, with the conventions its catalogue gives for numbers and
/// dates (docs/translating.md).
public struct Language: Sendable, Equatable {
    /// The catalogue's own name for its language (`pl`, `ja`, `zh_CN`), `en` where none was found.
    public let code: String
    /// How numbers are written in it.
    public let numbers: NumberConventions
    /// Every string lengthened and bracketed instead of translated, so that a layout that does not
    /// hold shows up in a test before any translator meets it (`CAREPLAN_PSEUDO_LANGUAGE=1`).
    public let isPseudo: Bool

    /// The language as a BCP 47 tag, for HTML's `lang` and FHIR: `zh-CN`, `pl`, `en`.
    public var tag: String { code.replacingUnderscores }

    /// Whether it is careplan's source language, English.
    public var isEnglish: Bool { code == "en" }

    public static let english = Language(code: "en", numbers: .english, isPseudo: false)

    /// The reader's language; English until `setUp()` runs (and in tests that never call it), and
    /// inside `inSourceLanguage`.
    public static var current: Language { SourceLanguage.isForced ? .english : chosen }
    private nonisolated(unsafe) static var chosen = Language.english

    /// Runs `body` in careplan's source language, English, whatever the reader's: for text that
    /// programs read and must be the same in every language (a FHIR resource's texts).
    public static func inSourceLanguage<T>(_ body: () throws -> T) rethrows -> T {
        try SourceLanguage.$isForced.withValue(true) { try body() }
    }

    /// Chooses the language from the environment, the way GNU programs do, and binds careplan's
    /// catalogues; the first thing a careplan process does. Where the locale the environment
    /// names is not generated on this machine (containers, CI: only C and C.UTF-8), the language
    /// it names is still used (`LocaleSelection`); `LC_ALL=C` stays English.
    public static func setUp(environment: [String: String]? = nil) {
        let environment = environment ?? ProcessEnvironment.values
        LocaleSelection.apply(environment)
        let directory = CatalogueLocation.directory(environment: environment)
        Translation.cache.withLock { $0.removeAll() }
        bindtextdomain(textDomain, directory)
        bind_textdomain_codeset(textDomain, "UTF-8")
        textdomain(textDomain)
        chosen = environment["CAREPLAN_PSEUDO_LANGUAGE"].map { !$0.isEmpty && $0 != "0" } == true
            ? Language(code: "en", numbers: .english, isPseudo: true)
            : fromCatalogue()
    }

    /// What the catalogue gettext found says of itself: its header's `Language:` field (gettext
    /// answers the header for the empty message), and the number conventions translated in it.
    static func fromCatalogue() -> Language {
        guard let header = gettext(""), header.pointee != 0 else { return .english }
        let code = String(cString: header).split(separator: "\n")
            .first { $0.hasPrefix("Language:") }
            .map { String($0.dropFirst("Language:".count).trimmingSpaces) } ?? ""
        guard !code.isEmpty, code != "en" else { return .english }
        return Language(code: code, numbers: NumberConventions.fromCatalogue(), isPseudo: false)
    }
}

/// Whether the running task asked for the source language (`Language.inSourceLanguage`).
enum SourceLanguage {
    @TaskLocal static var isForced = false
}

extension StringProtocol {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
