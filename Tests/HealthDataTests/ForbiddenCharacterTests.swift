import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Characters XML 1.0 does not allow (a vertical tab an app wrote into its name, a control
/// character in text, a reference to one) no longer refuse the whole export: each is replaced as
/// the file streams in, counted in the summary, and the lines and columns of anything libxml2
/// refuses later are still the file's.
@Suite struct ForbiddenCharacterTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// Five records holding eight characters XML does not allow between them, in attributes and
    /// text, as bytes and as references, and one U+FFFF.
    static let body: String =
        record(steps, "10", unit: "count", start: "2026-03-02 10:00:00 +0100", source: "Sam\u{0B}s Watch")
        + record(steps, "20", unit: "count", start: "2026-03-02 10:01:00 +0100", source: "Sam&#11;s Watch")
        + record(steps, "30", unit: "count", start: "2026-03-02 10:02:00 +0100", source: "Sam&#x0b;s Watch")
        + record(steps, "40", unit: "count", start: "2026-03-02 10:03:00 +0100", source: "Pedometer\u{FFFF}")
        + """
         <Record type="\(steps)" sourceName="Notes\u{01}app" unit="count" startDate="2026-03-02 10:04:00 +0100" endDate="2026-03-02 10:04:00 +0100" value="50">
          a note\u{0C} with a form feed, &#1; and &#x1F;
         </Record>

        """

    @Test func everyRecordImportsAndTheSummaryCountsTheReplacements() throws {
        let fixture = try HealthFixture()
        let summary = try fixture.importXML(Self.body)
        #expect(summary.added == 5)
        #expect(summary.skipped == 0)
        #expect(summary.replacedCharacters == 8)
        #expect(try fixture.values("SELECT value FROM quantitySample ORDER BY start") == [10, 20, 30, 40, 50])
        // The byte and both references read as a space: one source, not three.
        let sources = try fixture.store.read { try String.fetchAll($0, sql: "SELECT name FROM healthSource ORDER BY name") }
        #expect(sources == ["Notes app", "Pedometer\u{FFFD}", "Sam s Watch"])
    }

    /// The counts and the replacements are the same however the file is cut, down to one byte at
    /// a time (a reference or U+FFFF split across two chunks).
    @Test func theSameWhateverTheChunks() throws {
        let data = Data((HealthFixture.header + Self.body + "</HealthData>\n").utf8)
        let whole = try ExportScan.scan(data, chunk: data.count)
        #expect(whole.quantities == 5)
        #expect(whole.replacedCharacters == 8)
        for chunk in [1, 2, 3, 5, 7, 64] {
            #expect(try ExportScan.scan(data, chunk: chunk) == whole, "in chunks of \(chunk)")
        }
    }

    /// A real error after replaced characters, on their line, is reported where it is: the line
    /// and column (libxml2 counts characters) of the file with spaces written in their place.
    @Test func aLaterErrorKeepsItsLineAndColumn() throws {
        // An attribute without a value, after a vertical tab, a reference to one, U+FFFF and an é.
        let before = " <Record type=\"\(Self.steps)\" sourceName=\"A\u{0B}B&#11;C\u{FFFF}é\" value=\"1\" unit"
        let broken = Self.body + before + "/>\n"
        let fixture = try HealthFixture()
        func place(_ body: String, _ name: String) throws -> (line: Int, column: Int) {
            do {
                try fixture.importXML(body, name: name)
            } catch HealthImportError.notWellFormed(_, let line, let column, _) {
                return (line, column)
            }
            Issue.record("\(name) was imported")
            return (0, 0)
        }
        let spaced = broken.replacingOccurrences(of: "\u{0B}", with: " ").replacingOccurrences(of: "\u{01}", with: " ")
            .replacingOccurrences(of: "\u{0C}", with: " ").replacingOccurrences(of: "&#11;", with: "&#32;")
            .replacingOccurrences(of: "&#x0b;", with: "&#x20;").replacingOccurrences(of: "&#1;", with: "    ")
            .replacingOccurrences(of: "&#x1F;", with: "&#x20;").replacingOccurrences(of: "\u{FFFF}", with: "\u{FFFD}")
        let replaced = try place(broken, "broken.xml"), written = try place(spaced, "spaced.xml")
        #expect(replaced.line == written.line)
        #expect(replaced.column == written.column)
        // By construction: the line after the header and the five records, the character after "unit".
        #expect(replaced.line == (HealthFixture.header + Self.body).filter { $0 == "\n" }.count + 1)
        #expect(replaced.column == before.count + 1)
        #expect(try fixture.count("SELECT COUNT(*) FROM quantitySample") == 0, "nothing of a refused file is written")
    }

    /// Tab, line feed and carriage return are XML's, and a reference to an allowed character is
    /// left as it is: nothing is counted.
    @Test func allowedCharactersAreLeftAlone() throws {
        let fixture = try HealthFixture()
        let summary = try fixture.importXML(record(Self.steps, "1", unit: "count", start: "2026-03-02 10:00:00 +0100", source: "Tab\tand&#9;&#xE9;&#233;"))
        #expect(summary.replacedCharacters == 0)
        #expect(try fixture.store.read { try String.fetchOne($0, sql: "SELECT name FROM healthSource") } == "Tab and\té\u{E9}")
    }
}
