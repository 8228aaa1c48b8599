import Foundation

/// What the language tests share: each language's settings as a user would have them (a locale
/// that is not generated on this machine, so careplan's fallback is what runs), the sample plan
/// written in it, and the catalogues asked through GNU gettext's own tools (`gettext`,
/// `ngettext`): the words careplan must show are the catalogue's, whatever the translator chose.
enum Languages {
    struct Reader {
        var code: String
        /// What a user of the language has in the environment.
        var environment: [String: String]
        /// The sample plan written in it.
        var plan: String
        /// An assessment of that plan with a number reading.
        var assessment: String
        /// The CLDR locale Foundation formats its dates in.
        var cldr: String
    }

    static let english = Reader(code: "en", environment: ["LANG": "C.UTF-8"], plan: "hypertension.yaml", assessment: "bp", cldr: "en_GB")
    static let polish = Reader(code: "pl", environment: ["LANG": "pl_PL.UTF-8"], plan: "knee-replacement.pl.yaml", assessment: "bol", cldr: "pl")
    static let japanese = Reader(code: "ja", environment: ["LANG": "ja_JP.UTF-8"], plan: "type-2-diabetes.ja.yaml", assessment: "glucose-fasting", cldr: "ja")
    static let chinese = Reader(code: "zh_CN", environment: ["LANG": "zh_CN.UTF-8"], plan: "hypertension.zh_CN.yaml", assessment: "bp", cldr: "zh_Hans_CN")
    static let all = [english, polish, japanese, chinese]
    static let translated = [polish, japanese, chinese]

    static func planPath(_ reader: Reader) -> String { CLI.repository.appendingPathComponent("sample-plans/\(reader.plan)").path }

    /// The catalogues, compiled once for gettext's tools.
    static let catalogues: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-catalogues-\(UUID().uuidString)")
        for reader in translated {
            let target = folder.appendingPathComponent("\(reader.code)/LC_MESSAGES")
            try! FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            _ = try! Tool.run("/usr/bin/msgfmt", ["-o", target.appendingPathComponent("careplan.mo").path,
                                              CLI.repository.appendingPathComponent("po/\(reader.code).po").path])
        }
        return folder.path
    }()

    /// The catalogue's word for `message` in `reader`'s language (`context` as pgettext's).
    static func word(_ message: String, context: String? = nil, in reader: Reader) -> String {
        let key = context.map { "\($0)\u{4}\(message)" } ?? message
        let answer = try! Tool.run("/usr/bin/gettext", ["-d", "careplan", "--", key], environment: oracleEnvironment(reader)).stdout
        return answer == key ? message : answer
    }

    /// The catalogue's plural form for `count`, `{count}` filled in.
    static func plural(_ singular: String, _ plural: String, _ count: Int, in reader: Reader) -> String {
        try! Tool.run("/usr/bin/ngettext", ["-d", "careplan", "--", singular, plural, String(count)], environment: oracleEnvironment(reader)).stdout
            .replacingOccurrences(of: "{count}", with: String(count))
    }

    static func oracleEnvironment(_ reader: Reader) -> [String: String] {
        ["LANG": "C.UTF-8", "LANGUAGE": reader.code, "TEXTDOMAINDIR": catalogues, "PATH": "/usr/bin:/bin"]
    }

    /// A date as CLDR writes it for the language (Foundation's formatter), from a skeleton.
    static func cldrDate(_ iso: String, skeleton: String, in reader: Reader) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: reader.cldr)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate(skeleton)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = iso.split(separator: "-").map { Int($0)! }
        return formatter.string(from: calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!)
    }

    /// A store with `reader`'s sample plan and six weeks of generated history to 2026-11-21 09:30.
    static func store(_ reader: Reader) throws -> CLI {
        var cli = CLI()
        cli.environment.merge(reader.environment) { _, new in new }
        let made = try cli.run(["generate", "--plan", planPath(reader), "--days", "42", "--seed", "24", "--db", cli.db], useDB: false)
        guard made.status == 0 else { throw CLI.CLIError.failed(["generate"], made.stderr) }
        return cli
    }
}

extension CLI {
    /// This runner speaking `reader`'s language.
    func speaking(_ reader: Languages.Reader) -> CLI {
        var copy = self
        copy.environment.merge(reader.environment) { _, new in new }
        return copy
    }
}
