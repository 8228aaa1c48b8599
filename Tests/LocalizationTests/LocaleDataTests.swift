import Foundation
import Testing

/// Each catalogue's calendar words, date patterns and number conventions (its `localeData`
/// entries) are CLDR's: the same as Foundation's formatters give for the language. careplan reads
/// them from the catalogue because ICU's first use costs more than the status line's margin.
@Suite struct LocaleDataTests {
    /// The Foundation locale whose CLDR data each catalogue follows.
    static let locales = ["pl": "pl", "ja": "ja", "zh_CN": "zh_Hans_CN"]

    static func formatter(_ language: String, template: String? = nil) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locales[language]!)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let template { formatter.setLocalizedDateFormatFromTemplate(template) }
        return formatter
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    @Test(arguments: Catalogue.languages)
    func calendarNamesAreCLDRs(_ language: String) throws {
        let catalogue = try Catalogue.named("\(language).po")
        let formatter = Self.formatter(language)
        // Foundation lists weekdays from Sunday; careplan from Monday.
        func mondayFirst(_ names: [String]) -> [String] { Array(names[1...] + names[..<1]) }
        let expected: [(context: String, ids: [String], names: [String])] = [
            ("weekday", Self.weekdays, mondayFirst(formatter.standaloneWeekdaySymbols)),
            ("weekday, abbreviated", Self.weekdays.map { String($0.prefix(3)) }, mondayFirst(formatter.shortStandaloneWeekdaySymbols)),
            ("month", Self.months, formatter.standaloneMonthSymbols),
            ("month, abbreviated", Self.months.map { String($0.prefix(3)) }, formatter.shortStandaloneMonthSymbols),
        ]
        for (context, ids, names) in expected {
            for (id, name) in zip(ids, names) {
                #expect(catalogue[context, id]?.translations.first == name, "\(language).po: [\(context)] \(id)")
            }
        }
        for (weekday, name) in zip(Self.weekdays, mondayFirst(formatter.veryShortStandaloneWeekdaySymbols)) {
            #expect(catalogue["weekday, narrow: \(weekday)", String(weekday.prefix(2))]?.translations.first == name, "\(language).po: narrow \(weekday)")
        }
        for (month, name) in zip(Self.months, formatter.veryShortStandaloneMonthSymbols) {
            #expect(catalogue["month, narrow: \(month)", String(month.prefix(1))]?.translations.first == name, "\(language).po: narrow \(month)")
        }
    }

    /// Every date form careplan writes, for a day in each month and on each weekday, against
    /// Foundation's formatter for the CLDR skeleton the pattern's comment names.
    @Test(arguments: Catalogue.languages)
    func datePatternsWriteWhatCLDRWrites(_ language: String) throws {
        let catalogue = try Catalogue.named("\(language).po")
        func localeData(_ context: String, _ id: String) -> String { catalogue[context, id]?.translations.first ?? id }
        let forms: [(pattern: String, skeleton: String)] = [
            ("{weekday} {day} {month} {year}", "yMMMEEEEd"), ("{day} {month}", "MMMd"), ("{day} {month} {year}", "yMMMd"),
            ("{fullMonth} {year}", "yMMMM"), ("{day}/{monthNumber}", "Md"),
        ]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for (month, day) in zip(1...12, [5, 10, 15, 20, 25, 28, 1, 3, 7, 11, 24, 31]) {
            let date = calendar.date(from: DateComponents(year: 2026, month: month, day: day))!
            let weekday = (calendar.component(.weekday, from: date) + 5) % 7  // Monday 0
            let values = [
                "weekday": localeData("weekday", Self.weekdays[weekday]), "day": String(day),
                "month": localeData("month, abbreviated", String(Self.months[month - 1].prefix(3))),
                "fullMonth": localeData("month", Self.months[month - 1]), "monthNumber": String(month), "year": "2026",
                "twoDigitDay": String(format: "%02d", day), "twoDigitMonth": String(format: "%02d", month),
            ]
            for (pattern, skeleton) in forms {
                var text = localeData("date format", pattern)
                for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
                let cldr = Self.formatter(language, template: skeleton).string(from: date)
                #expect(text == cldr, "\(language).po: '\(pattern)' gives '\(text)' for 2026-\(month)-\(day); CLDR's \(skeleton) is '\(cldr)'")
            }
        }
    }

    @Test(arguments: Catalogue.languages)
    func numberConventionsAreCLDRs(_ language: String) throws {
        let catalogue = try Catalogue.named("\(language).po")
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: Self.locales[language]!)
        formatter.numberStyle = .decimal
        #expect(catalogue["decimal separator", "."]?.translations.first == formatter.decimalSeparator)
        #expect(catalogue["digit group separator", ","]?.translations.first == formatter.groupingSeparator)
        // The smallest number written in groups: 1,000 or 10 000 (CLDR's minimum grouping digits).
        let from = try #require(catalogue["smallest number written in digit groups", "1000"]?.translations.first.flatMap { Int($0) })
        #expect(formatter.string(from: NSNumber(value: from))!.contains(formatter.groupingSeparator))
        #expect(!formatter.string(from: NSNumber(value: from - 1))!.contains(formatter.groupingSeparator))
    }
}
