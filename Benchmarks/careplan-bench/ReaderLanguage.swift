/// The language a timed command speaks (issue 24): English, careplan's source language, and Polish,
/// whose catalogue, plural forms and decimal comma are the most work. Set as a user with a locale
/// that is not generated would set it (`LANG=pl_PL.UTF-8`), so the fallback path is timed too.
enum ReaderLanguage: String, CaseIterable, Codable, Sendable {
    case english, polish

    /// `environment` with this language and nothing else choosing one.
    func environment(_ environment: [String: String]) -> [String: String] {
        var result = environment
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "CAREPLAN_PSEUDO_LANGUAGE"] { result.removeValue(forKey: name) }
        result["LANG"] = self == .english ? "C.UTF-8" : "pl_PL.UTF-8"
        return result
    }

    /// How a measurement's name says it: nothing for English, ", Polish" for Polish.
    var suffix: String { self == .english ? "" : ", Polish" }
}
