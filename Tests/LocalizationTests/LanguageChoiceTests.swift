@testable import Localization
import Testing

/// The pure parts of choosing and showing a language; what a whole process does with the
/// environment is tested on the binary (CareplanCLITests.LanguageTests).
@Suite struct LanguageChoiceTests {
    @Test func anUngeneratedLocaleStillNamesTheLanguage() {
        #expect(LocaleSelection.languageList(forUngenerated: ["LANG": "pl_PL.UTF-8"]) == "pl_PL")
        #expect(LocaleSelection.languageList(forUngenerated: ["LANG": "zh_CN.utf8"]) == "zh_CN")
        #expect(LocaleSelection.languageList(forUngenerated: ["LANG": "sr_RS.UTF-8@latin"]) == "sr_RS@latin")
        #expect(LocaleSelection.languageList(forUngenerated: ["LANG": "pl"]) == "pl")
        // GNU's order: LC_ALL, then LC_MESSAGES, then LANG; empty ones do not count.
        #expect(LocaleSelection.languageList(forUngenerated: ["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "pl_PL", "LANG": "zh_CN"]) == "ja_JP")
        #expect(LocaleSelection.languageList(forUngenerated: ["LC_ALL": "", "LC_MESSAGES": "pl_PL", "LANG": "zh_CN"]) == "pl_PL")
        // LANGUAGE already given is the user's own list; C and POSIX are English.
        #expect(LocaleSelection.languageList(forUngenerated: ["LANGUAGE": "ja", "LANG": "pl_PL.UTF-8"]) == nil)
        #expect(LocaleSelection.languageList(forUngenerated: ["LANG": "C.UTF-8"]) == nil)
        #expect(LocaleSelection.languageList(forUngenerated: ["LC_ALL": "POSIX"]) == nil)
        #expect(LocaleSelection.languageList(forUngenerated: [:]) == nil)
    }

    @Test func placeholdersAreFilledByNameInAnyOrder() {
        #expect(Placeholders.fill("{count} of {total}", ["total": 7, "count": 2]) == "2 of 7")
        #expect(Placeholders.fill("{total}中{count}", ["count": 2, "total": 7]) == "7中2")
        // A placeholder no value fills stays as written, for the tests to find.
        #expect(Placeholders.fill("{count} of {total}", ["count": 2]) == "2 of {total}")
        #expect(Placeholders.fill("no braces", ["count": 2]) == "no braces")
        #expect(Placeholders.names(in: "{title} missed {count} days") == ["title", "count"])
    }

    @Test func numbersFollowTheLanguagesConventions() {
        let polish = NumberConventions(decimalSeparator: ",", groupSeparator: "\u{A0}", groupingFrom: 10000)
        #expect(polish.grouped(1234) == "1234")
        #expect(polish.grouped(12345) == "12\u{A0}345")
        #expect(polish.grouped(-1048576) == "-1\u{A0}048\u{A0}576")
        #expect(polish.localized(decimal: "37.2") == "37,2")
        #expect(NumberConventions.english.grouped(1234) == "1,234")
        #expect(NumberConventions.english.grouped(999) == "999")
        #expect(NumberConventions.english.localized(decimal: "-2.5") == "-2.5")
    }

    @Test func thePseudoLanguageBracketsLengthensAndKeepsPlaceholders() {
        let text = PseudoLanguage.transform("Care Card: {count} due")
        #expect(text.first == "⟦" && text.last == "⟧")
        #expect(text.contains("{count}"))
        #expect(text.count >= Int(Double("Care Card: {count} due".count) * 1.3))
        #expect(!text.contains("Care"))
    }
}
