import Foundation
import Testing

/// careplan in the reader's language, run as a user runs it: the binary, a locale the environment
/// names but this machine has not generated, the sample plan written in the language. The words
/// expected are the catalogue's (asked through gettext's own tools), the dates CLDR's (asked through
/// Foundation's formatters), so the tests check careplan, not the translation.
@Suite struct LanguageTests {
    /// GNU gettext's rules for LANGUAGE, LC_ALL, LC_MESSAGES and LANG; C and unknown languages are English.
    @Test func theLanguageIsChosenAsGNUProgramsChooseIt() throws {
        let cli = try Languages.store(Languages.english)
        func heading(_ environment: [String: String]) throws -> String {
            var plain = cli
            for name in ["LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"] { plain.environment.removeValue(forKey: name) }
            let result = try plain.run(["today"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.split(separator: "\n").first ?? "")
        }
        let saturday = "2026-11-21"
        func date(_ reader: Languages.Reader) -> String { Languages.cldrDate(saturday, skeleton: "yMMMEEEEd", in: reader) }
        #expect(try heading(["LANG": "pl_PL.UTF-8"]).contains(date(Languages.polish)))
        #expect(try heading(["LANG": "ja_JP.UTF-8"]).contains(date(Languages.japanese)))
        #expect(try heading(["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "C.UTF-8"]).contains(date(Languages.chinese)))
        // LANGUAGE is a list, tried in order; it wins over LANG.
        #expect(try heading(["LANGUAGE": "de:ja:pl", "LANG": "pl_PL.UTF-8"]).contains(date(Languages.japanese)))
        #expect(try heading(["LANGUAGE": "pl", "LANG": "C.UTF-8"]).contains(date(Languages.polish)))
        // LC_ALL over LANG; LC_ALL=C is English whatever LANGUAGE says.
        #expect(try heading(["LC_ALL": "ja_JP.UTF-8", "LANG": "pl_PL.UTF-8"]).contains(date(Languages.japanese)))
        #expect(try heading(["LC_ALL": "C", "LANGUAGE": "pl"]).contains("Saturday 21 Nov 2026"))
        #expect(try heading(["LANG": "C"]).contains("Saturday 21 Nov 2026"))
        // A language careplan has no catalogue for, and none at all, are English.
        #expect(try heading(["LANG": "de_DE.UTF-8"]).contains("Saturday 21 Nov 2026"))
        #expect(try heading([:]).contains("Saturday 21 Nov 2026"))
    }

    /// Polish has three plural forms: 1 dzień, 2 dni, 5 dni, 12 dni, 22 dni, 25 dni. The header's
    /// distance to the day shown, a period's readings and its nights each take the catalogue's form.
    @Test func polishPluralsTakeTheirThreeForms() throws {
        let pl = Languages.polish
        var cli = CLI().speaking(pl)
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.countingPlan)]).status == 0)
        let counts = [1, 2, 5, 12, 22, 25]
        // (One day back the header says "yesterday".)
        for days in counts.dropFirst() {
            let date = try #require(LocalDay.minus(days, from: "2026-11-21"))
            let frame = try cli.run(["snapshot", "--size", "120x40", "--date", date]).stdout
            let expected = Languages.plural("{count} day ago", "{count} days ago", days, in: pl)
            #expect(frame.split(separator: "\n").first?.contains(expected) == true, "\(expected) not in: \(frame.prefix(200))")
        }
        // Readings: as many pain readings in the week as the count, then what insights says of them.
        var logged = 0
        cli.environment["CAREPLAN_NOW"] = "2026-11-21T21:00"
        for count in counts {
            while logged < count {
                #expect(try cli.run(["log", "pain", "3"]).status == 0)
                logged += 1
            }
            let insights = try cli.run(["insights", "--range", "week"]).stdout
            let expected = Languages.plural("{count} reading: {figures}", "{count} readings: {figures}", count, in: pl)
            let prefix = String(expected.prefix { $0 != "{" })
            #expect(insights.contains(prefix), "'\(prefix)' not in:\n\(insights)")
        }
        // Nights: a diary night each evening back from the month's last day, then the month's count.
        cli.environment["CAREPLAN_NOW"] = "2026-11-30T21:00"
        var nights = 0
        for count in counts {
            while nights < count {
                let date = try #require(LocalDay.minus(nights, from: "2026-11-30"))
                let night = try cli.run(["log", "sleep", "--date", date, "--bed", "23:00", "--latency", "15", "--wake", "06:30", "--up", "06:45"])
                #expect(night.status == 0, "\(night.stderr)")
                nights += 1
            }
            let sleep = try cli.run(["sleep", "--range", "month"]).stdout
            let expected = Languages.plural("Sleep · {period} ({first} to {last}): {count} night, {measured} with sleep measured",
                                            "Sleep · {period} ({first} to {last}): {count} nights, {measured} with sleep measured", count, in: pl)
            // The part after the dates: the count and its noun.
            let phrase = expected.components(separatedBy: "{last}").last!.components(separatedBy: "{measured}").first!
            #expect(sleep.contains(phrase.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "):）："))),
                    "'\(phrase)' not in:\n\(sleep)")
        }
    }

    /// Readings in Polish: the decimal comma shown, and accepted when typed (the point too); English
    /// keeps refusing the comma, saying what it takes.
    @Test func polishWritesAndReadsTheDecimalComma() throws {
        let pl = Languages.polish
        let cli = CLI().speaking(pl)
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let logged = try cli.run(["log", "temp", "37,2"])
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stdout.contains("37,2 °C"), "\(logged.stdout)")
        #expect(try cli.run(["today"]).stdout.contains("37,2 °C"))
        #expect(try cli.run(["log", "temp", "37.4", "--occurrence", "0"]).stdout.contains("37,4 °C"))
        let english = try cli.speaking(Languages.english).run(["log", "temp", "37,6", "--occurrence", "0"])
        #expect(english.status == 1)
        #expect(english.stderr.contains("'37,6' is not a number"), "\(english.stderr)")
        // The store keeps the number, not the text: JSON says 37.4 in any language.
        let day = try #require(try cli.json(["today", "--json"]) as? [String: Any])
        #expect("\(day)".contains("37.4"))
    }

    /// careplan ships no translation of its instruments (docs/questionnaires.md#in-other-languages):
    /// a reader in another language is told, in their language, that PHQ-9 is asked in its original
    /// English; an English reader, and a clinic's form written in the reader's language, are not.
    @Test(arguments: Languages.translated)
    func anInstrumentInItsOriginalWordingSaysSo(reader: Languages.Reader) throws {
        let cli = CLI(now: "2026-11-15T09:00").speaking(reader)
        #expect(try cli.run(["import", cli.write("plan.yaml", AnswerCommandTests.plan)]).status == 0)
        let note = Languages.word("In its original wording ({language}): careplan shows only a published, validated translation of a questionnaire, and has none in your language.", in: reader)
            .replacingOccurrences(of: "{language}", with: "en")
        #expect(note.hasPrefix("In its") == false, "translated")
        let asked = try cli.run(["answer", "phq9"], input: "")
        #expect(asked.stdout.contains(note), "\(asked.stdout)")
        #expect(!(try cli.speaking(Languages.english).run(["answer", "phq9"], input: "")).stdout.contains("original wording"))
        // A form that says it is written in the reader's language asks without the note.
        let own = #"{"resourceType": "Questionnaire", "status": "active", "language": "\#(reader.code.replacingOccurrences(of: "_", with: "-"))", "item": [{"linkId": "a", "type": "string", "text": "?"}]}"#
        #expect(try cli.run(["import", cli.write("own.json", own), "--activity", "own"]).status == 0)
        #expect(!(try cli.run(["answer", "own"], input: "")).stdout.contains(note))
    }

    /// The Chinese and Japanese reader meets no English word careplan wrote: the day, what is due,
    /// the status line, insights, history, the plan, the contacts, an error and help. What may stay
    /// Latin is the plan's own ids, units written as symbols, careplan's name, commands and options.
    @Test(arguments: [Languages.chinese, Languages.japanese])
    func noEnglishWordInChineseOrJapanese(_ reader: Languages.Reader) throws {
        let cli = try Languages.store(reader)
        let ids = try String(contentsOfFile: Languages.planPath(reader), encoding: .utf8)
            .split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                return text.hasPrefix("- id: ") ? String(text.dropFirst(6)) : nil
            }
        // What the commands below type, which careplan echoes in its errors, and what the broken plan
        // file says, quoted back: its name, key and the values the key takes.
        let typed = ["abc", "someday", "frobnicate", "broken", "exercise", "kind", "intervention", "assessment"]
        let allowed = Set(ids.flatMap { $0.split(separator: "-").map(String.init) } + ids + Self.latinAllowed + typed)
        var outputs: [(String, String)] = []
        for arguments in Self.commandsToRead(reader, cli) {
            let result = try cli.run(arguments)
            outputs.append((arguments.joined(separator: " "), result.stdout + result.stderr))
        }
        for (command, text) in outputs {
            let english = Self.latinWords(text).filter { !allowed.contains($0) && !allowed.contains($0.lowercased()) }
            #expect(english.isEmpty, "careplan \(command) in \(reader.code) has English: \(Array(Set(english)).sorted())\n\(text)")
        }
    }

    /// Reminders and the status line in the reader's language: the notification's title, the
    /// status line's counts in their plural forms (the command to type stays as it is).
    @Test(arguments: Languages.translated)
    func remindersAndTheStatusLineSpeakTheLanguage(_ reader: Languages.Reader) throws {
        var cli = CLI(now: "2026-11-21T09:30").speaking(reader)
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let (path, notified) = try cli.fakeNotifySend()
        cli.environment["CAREPLAN_NOW"] = "2026-11-21T09:30"
        #expect(try cli.run(["remind", "--once"], environment: path).status == 0)
        let overdue = Languages.word("Overdue: {item}", in: reader).components(separatedBy: "{item}")[0]
        #expect(notified().contains { $0.contains("|" + overdue) && $0.contains("careplan done amlodipine") }, "\(notified())")
        let status = try cli.run(["status"]).stdout.trimmingCharacters(in: .newlines)
        // The counts, as the English line says them ("4 due · 1 overdue").
        let counts = try cli.speaking(Languages.english).run(["status"]).stdout.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count == 2)
        let expected = Languages.word("{due} · {overdue}", in: reader)
            .replacingOccurrences(of: "{due}", with: Languages.plural("{count} due", "{count} due", counts[0], in: reader))
            .replacingOccurrences(of: "{overdue}", with: Languages.plural("{count} overdue", "{count} overdue", counts[1], in: reader))
        #expect(status == expected)
    }

    /// What a reader runs in a day, errors included: a plan file's mistake named by line and column.
    static func commandsToRead(_ reader: Languages.Reader, _ cli: CLI) -> [[String]] {
        let broken = cli.write("broken.yaml", "title: Broken\nactivities:\n  - id: walk\n    kind: exercise\n")
        return [["today"], ["due"], ["status"], ["insights", "--range", "month"], ["sleep", "--range", "month"], ["history", reader.assessment],
                ["plan"], ["contacts"], ["log", reader.assessment, "abc"], ["today", "--date", "someday"], ["import", broken],
                ["--help"], ["log", "--help"], ["frobnicate"]]
    }

    /// Polish is written in Latin letters, so English left in it is found by English's own small
    /// words, which Polish does not have; and a plan file's mistake keeps its file:line:column.
    @Test func noEnglishSentenceInPolish() throws {
        let reader = Languages.polish
        let cli = try Languages.store(reader)
        // ("done", "due" and "log" are also command names, which --help lists as they are typed.)
        let english = Set(["the", "of", "and", "is", "are", "with", "from", "for", "not", "this", "that", "which", "your", "days", "day",
                           "readings", "reading", "nights", "night", "overdue", "expected", "found", "accepted", "must", "only"])
        for arguments in Self.commandsToRead(reader, cli) {
            let result = try cli.run(arguments)
            let text = result.stdout + result.stderr
            let words = Self.latinWords(text).map { $0.lowercased() }.filter { english.contains($0) }
            // What the commands typed, and the words careplan takes as typed (today, yesterday) aside.
            #expect(words.isEmpty, "careplan \(arguments.joined(separator: " ")) in Polish has English: \(Set(words).sorted())\n\(text)")
        }
        let broken = try cli.run(["import", cli.folder.appendingPathComponent("broken.yaml").path])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("careplan: broken.yaml:4:11: "), "\(broken.stderr)")
    }

    /// Words of Latin letters a CJK reader may meet: command and option names, file kinds and
    /// placeholders of help, units, and the standard's names careplan cannot translate.
    static let latinAllowed = ["careplan", "mmHg", "kg", "cm", "mmol", "mg", "dL", "L", "mL", "kcal", "km", "IU", "Ctrl", "Tab", "Esc",
                               "YAML", "JSON", "CSV", "FHIR", "FHIRPath", "fhirpath", "HTML", "PDF", "Markdown", "SQLite", "LOINC", "HealthKit", "Apple", "Health",
                               "tmux", "waybar", "systemd", "notify", "send", "XDG", "CONFIG", "HOME", "DATA", "CAREPLAN", "DB", "NOW", "TZ",
                               "PERSON", "LANG", "LANGUAGE", "PATH", "FILE", "PLAN", "ID", "NAME", "YYYY", "MM", "DD", "HH", "Q", "s", "h", "m", "x",
                               "yaml", "json", "csv", "fhir", "md", "pdf", "html", "sqlite", "local", "share", "db", "pl", "ja", "zh", "CN",
                               "WxH", "id", "date", "text", "path", "name", "time", "pane", "range", "style", "format", "values", "value",
                               "plan", "help", "version", "n", "min", "usr", "bin",
                               // What is typed as it is, in every language: careplan's commands, their values,
                               // the words dates and answers accept, the units and FHIR resources files name.
                               "dashboard", "today", "import", "done", "log", "reset", "history", "export", "end", "insights", "snapshot",
                               "demo", "themes", "generate", "doctor", "health", "sleep", "contacts", "report", "due", "status", "remind",
                               "people", "person", "theme", "charts", "mouse", "no", "yes", "yesterday", "braille", "blocks", "ascii", "dark",
                               // The encryption's commands and options (--key-file, --key-command 'pass show careplan', run by /bin/sh).
                               "encrypt", "rekey", "decrypt", "unlock", "lock", "key", "fd", "cmd", "command", "pass", "show", "sh",
                               // The questionnaires' commands, and the instruments' names (PHQ-9), which are their own.
                               "answer", "acknowledge", "PHQ", "GAD",
                               "light", "degF", "degC", "pm", "am", "measure", "bed", "wake", "up", "options", "Observation", "Bundle",
                               "CarePlan", "Patient", "class", "tooltip", "week", "month", "quarter", "year", "all", "care", "symptoms",
                               "connect", "form", "latency", "quality", "awake", "awakenings", "note", "unit", "occurrence", "within",
                               "format", "json", "interval", "once", "sync"]

    /// Runs of two or more Latin letters, skipping what is clearly not prose: `--options`,
    /// `<placeholders>`, `{placeholders}`, paths, and `careplan …` commands quoted in the text.
    static func latinWords(_ text: String) -> [String] {
        var words: [String] = []
        for line in text.split(separator: "\n") {
            for token in line.split(whereSeparator: { $0 == " " || "，。、：；（）「」『』【】".contains($0) }) {
                // Options, placeholders, paths and addresses are not prose (the usage line brackets options).
                let token = token.drop { $0 == "[" || $0 == "(" }
                if token.hasPrefix("-") || token.hasPrefix("<") || token.hasPrefix("{") || token.hasPrefix("$") || token.contains("/") || token.contains("@") { continue }
                var current = ""
                for character in token {
                    if character.isASCII, character.isLetter { current.append(character) } else {
                        if current.count >= 2 { words.append(current) }
                        current = ""
                    }
                }
                if current.count >= 2 { words.append(current) }
            }
        }
        return words
    }

    /// A plan that counts: an as-needed pain reading and a sleep diary.
    static let countingPlan = """
        title: Counting
        activities:
          - id: pain
            kind: assessment
            title: Pain
            schedule: {start: 2026-10-01, as-needed: true}
            measure: {type: scale, min: 0, max: 10}
          - id: sleep
            kind: assessment
            title: Sleep diary
            schedule: {start: 2026-10-01, daily: 1}
            measure: {type: sleep}
        """
}

/// ISO days before a day, as tests name them.
enum LocalDay {
    static func minus(_ days: Int, from iso: String) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              let moved = calendar.date(byAdding: .day, value: -days, to: date) else { return nil }
        let c = calendar.dateComponents([.year, .month, .day], from: moved)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
