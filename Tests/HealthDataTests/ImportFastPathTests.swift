import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData
import Testing

/// What the import's fast paths must not change: numbers read from bytes are the Doubles
/// `strtod` reads, dates the instants the calendar gives, and the transaction that skips SQLite's
/// foreign-key checks leaves every reference sound and the checks on for the next write.
@Suite struct ImportFastPathTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    /// Plain decimals take the fast path; the rest (exponents, a comma, a sign, spaces, 16 digits
    /// and more) the general one: each is stored as the number its text means, and a value
    /// that is no number is skipped.
    @Test func numbersAreTheDoublesTheirTextMeans() throws {
        let fixture = try HealthFixture()
        let texts = ["72", "72.5", "0.97", "-3.25", "5.", ".5", "-0", "1e2", "12,5", "+7", "7  ", "0.1000000000000000055511151231257827",
                     "123456789012345", "1234567890123456", "9007199254740993", "3.141592653589793", "0.000001", "abc", "1.2.3", "-"]
        let body = texts.enumerated().map { index, text in
            // A unit careplan does not know: the value is stored as read, not converted.
            record(Self.heartRate, text, unit: "zz", start: String(format: "2026-03-02 08:%02d:00 +0100", index))
        }.joined()
        let summary = try fixture.importXML(body)
        let stored = try fixture.values("SELECT value FROM quantitySample ORDER BY start")
        let expected = texts.compactMap { text -> Double? in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return Double(trimmed.contains(".") ? trimmed : trimmed.replacingOccurrences(of: ",", with: "."))
        }
        #expect(stored == expected)
        #expect(summary.types.first { $0.type.identifier == Self.heartRate }?.skipped == texts.count - expected.count)
    }

    /// Dates on one day and the next, across a month, a year and a leap day, with either sign of
    /// offset: the remembered day never leaks into the next date.
    @Test func datesAreTheirInstantsWhateverCameBefore() throws {
        let texts = ["2024-02-28 23:59:59 +0100", "2024-02-29 00:00:00 +0100", "2024-02-29 12:30:15 -0530", "2024-03-01 00:00:00 +0000",
                     "2024-12-31 23:59:60 +1400", "2025-01-01 00:00:00 -1200", "2025-01-01 00:00:01 -1200", "2023-02-29 00:00:00 +0100",
                     "2025-01-01 24:00:00 +0100", "2025-1-01 00:00:00 +0100", "2025-01-01T00:00:00 +0100"]
        var memo = HealthInstant.DayMemo()
        for text in texts {
            var copy = text
            let remembered = copy.withUTF8 { HealthInstant.parse($0, memo: &memo) }
            let fresh = copy.withUTF8 { HealthInstant.parse($0) }
            #expect(remembered == fresh, "\(text)")
            #expect(fresh == Self.calendarInstant(text), "\(text)")
        }
    }

    /// The instant Foundation's calendar gives for a valid date, nil for an invalid one.
    static func calendarInstant(_ text: String) -> HealthInstant? {
        let characters = Array(text)
        guard characters.count == 25, characters[4] == "-", characters[7] == "-", characters[10] == " ", characters[13] == ":",
              characters[16] == ":", characters[19] == " ", characters[20] == "+" || characters[20] == "-" else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(characters[range])) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), let hours = number(21..<23), let minutes = number(23..<25),
              hour < 24, minute < 60, second < 61, hours < 24, minutes < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.month, from: date) == month, calendar.component(.day, from: date) == day else { return nil }
        let offset = (characters[20] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        return HealthInstant(utc: Int(date.timeIntervalSince1970) + hour * 3600 + minute * 60 + second - offset, offset: offset)
    }

    /// After a whole real export, every row's references hold, and the writer checks foreign keys
    /// again; after a refused one too.
    @Test func referencesHoldAndTheChecksComeBack() throws {
        let fixture = try HealthFixture()
        try fixture.importFile(TestData.path("alxdrcirilo-export.zip"))
        let problems = try fixture.store.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check").count }
        #expect(problems == 0)
        #expect(try fixture.store.write { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
        #expect(throws: HealthImportError.self) {
            try fixture.importXML(record(Self.heartRate, "70", unit: "count/min", start: "2026-03-02 08:00:00 +0100") + " <Record ")
        }
        #expect(try fixture.store.write { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
    }
}
