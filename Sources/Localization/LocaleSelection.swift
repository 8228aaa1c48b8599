import CGettext
import Glibc

/// Sets the C library's locale for the two categories careplan uses: the character type (UTF-8,
/// for wide characters and the terminal) and messages (which catalogue gettext reads). Numbers,
/// dates and collation stay in the C locale: careplan formats those itself, in the reader's
/// language, and must read its own files the same whatever the locale.
enum LocaleSelection {
    static func apply(_ environment: [String: String]) {
        if setlocale(LC_CTYPE, "") == nil || !isUTF8 {
            // Without a UTF-8 character type wcwidth and ncursesw garble every non-ASCII glyph;
            // Debian always has C.UTF-8.
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        if setlocale(LC_MESSAGES, "") == nil {
            // The locale the environment names is not generated here, and in the C locale gettext
            // would ignore LANGUAGE and answer in English. C.UTF-8 is not "C" to gettext, and the
            // language the user asked for goes in LANGUAGE, which gettext then reads.
            setlocale(LC_MESSAGES, "C.UTF-8")
            if let languages = languageList(forUngenerated: environment) {
                setenv("LANGUAGE", languages, 1)
            }
        }
    }

    /// What LANGUAGE should say when the locale the environment names is not generated: the
    /// locale's name without its code set (`pl_PL.UTF-8` → `pl_PL`, which gettext also tries as
    /// `pl`), nil when LANGUAGE already says it or the locale is C or POSIX. GNU's order: LC_ALL,
    /// then LC_MESSAGES, then LANG, the first that is set and not empty.
    static func languageList(forUngenerated environment: [String: String]) -> String? {
        if let languages = environment["LANGUAGE"], !languages.isEmpty { return nil }
        guard let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        var language = Substring(name)
        var modifier: Substring = ""
        if let at = language.firstIndex(of: "@") {
            modifier = language[at...]
            language = language[..<at]
        }
        if let dot = language.firstIndex(of: ".") { language = language[..<dot] }
        guard !language.isEmpty, language != "C", language != "POSIX" else { return nil }
        return String(language + modifier)
    }

    private static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
