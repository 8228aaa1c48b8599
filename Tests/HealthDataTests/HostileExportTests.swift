import AppleHealthImport
import CarePlanStore
import Foundation
import HealthData
import Testing

/// Damaged, truncated and malicious files: refused with where and why, and the store left exactly
/// as it was; or, for the DTD iOS 16 wrote broken, every record imported.
@Suite struct HostileExportTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// A store holding one earlier import, and its rows.
    func storeWithData() throws -> (HealthFixture, [String]) {
        let fixture = try HealthFixture()
        try fixture.importFile(TestData.path("tdda-export6s3sample.xml"))
        return (fixture, try fixture.snapshot())
    }

    @Test func theBrokenDTDOfIOS16StillImportsEveryRecord() throws {
        let fixture = try HealthFixture()
        // As iOS 16 wrote it: the ATTLIST of ExportDate lacks its closing ">".
        let summary = try fixture.importXML((0..<50).map {
            record(Self.steps, "\($0 + 1)", unit: "count", start: String(format: "2026-03-02 10:%02d:00 +0100", $0))
        }.joined(), header: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 14 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
            <!ATTLIST HealthData
              locale CDATA #REQUIRED
            >
            <!ELEMENT ExportDate EMPTY>
            <!ATTLIST ExportDate
              value CDATA #REQUIRED
            <!ELEMENT Me EMPTY>
            <!ATTLIST Me
              HKCharacteristicTypeIdentifierDateOfBirth CDATA #REQUIRED
            >
            ]>
            <HealthData locale="zh_CN">
             <ExportDate value="2026-11-20 08:00:00 +0800"/>

            """)
        #expect(summary.added == 50)
        #expect(try fixture.values("SELECT SUM(value) FROM quantitySample") == [1275])
    }

    @Test func aTruncatedExportIsRefusedWithItsLineAndNothingIsWritten() throws {
        let (fixture, before) = try storeWithData()
        let whole = HealthFixture.header + (0..<40).map {
            record(Self.steps, "\($0)", unit: "count", start: String(format: "2026-03-03 11:%02d:00 +0100", $0))
        }.joined() + "</HealthData>\n"
        let cut = fixture.folder.write("cut.xml", String(whole.prefix(whole.count * 2 / 3)))
        #expect {
            try fixture.importFile(cut)
        } throws: { error in
            guard case .notWellFormed(let file, let line, _, _) = error as? HealthImportError else { return false }
            return file == cut && line >= 27
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test func aTruncatedOrCorruptZipIsRefusedAndNothingIsWritten() throws {
        let (fixture, before) = try storeWithData()
        let zip = try Data(contentsOf: URL(fileURLWithPath: TestData.path("alxdrcirilo-export.zip")))
        let cut = fixture.folder.path("cut.zip")
        try zip.prefix(zip.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: HealthImportError.damagedZip(file: cut, message: "its table of contents cannot be read")) { try fixture.importFile(cut) }
        // A flipped byte inside the compressed export: the CRC check notices.
        var damaged = zip
        let entry = try #require(damaged.range(of: Data("apple_health_export/export.xml".utf8)))
        damaged[entry.upperBound + 200] ^= 0xFF
        let corrupt = fixture.folder.path("corrupt.zip")
        try damaged.write(to: URL(fileURLWithPath: corrupt))
        #expect(throws: HealthImportError.damagedZip(file: corrupt, message: "the export's checksum does not match what the zip recorded")) {
            try fixture.importFile(corrupt)
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test func anEntityBombIsRefusedFastWithoutExpanding() throws {
        let (fixture, before) = try storeWithData()
        let lol = (1...9).map { level in "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">" }.joined(separator: "\n")
        let bomb = fixture.folder.write("bomb.xml", """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
            <!ENTITY lol0 "lol">
            \(lol)
            ]>
            <HealthData locale="en_GB">
             <Record type="\(Self.steps)" sourceName="x" unit="count" startDate="2026-03-02 10:00:00 +0100" endDate="2026-03-02 10:00:00 +0100" value="&lol9;"/>
            </HealthData>
            """)
        let started = ContinuousClock.now
        #expect {
            try fixture.importFile(bomb)
        } throws: { error in
            guard case .notWellFormed(_, let line, _, let message) = error as? HealthImportError else { return false }
            return line == 15 && message.contains("lol9")
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(try fixture.snapshot() == before)
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let (fixture, before) = try storeWithData()
        let probe = fixture.write(secret: "TOPSECRET-\(UUID().uuidString)")
        let file = fixture.folder.write("xxe.xml", """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [ <!ENTITY secret SYSTEM "file://\(probe.path)"> ]>
            <HealthData locale="en_GB">
             <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="&secret;" startDate="2026-03-02 10:00:00 +0100" endDate="2026-03-02 10:10:00 +0100"/>
            </HealthData>
            """)
        #expect(throws: HealthImportError.self) { try fixture.importFile(file) }
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.snapshot().allSatisfy { !$0.contains(probe.secret) })
    }

    @Test func filesThatAreNoExportAreRefusedWithAReason() throws {
        let (fixture, before) = try storeWithData()
        let text = fixture.folder.write("notes.txt", "remember the 8 o'clock tablet\n")
        #expect(throws: HealthImportError.notAnExport(file: text, found: "not XML")) { try fixture.importFile(text) }
        // The clinical-document companion of an export is XML, but not the export.
        let cda = fixture.folder.write("export_cda.xml", "<?xml version=\"1.0\"?>\n<ClinicalDocument><title>Health</title></ClinicalDocument>\n")
        #expect(throws: HealthImportError.notAnExport(file: cda, found: "its root element is <ClinicalDocument>, not <HealthData>")) {
            try fixture.importFile(cda)
        }
        #expect(throws: HealthImportError.unreadable(file: fixture.folder.path("none.zip"), message: "no such file")) {
            try fixture.importFile(fixture.folder.path("none.zip"))
        }
        #expect(throws: HealthImportError.self) { try fixture.importFile(fixture.folder.url.path) }
        #expect(try fixture.snapshot() == before)
    }
}

extension HealthFixture {
    /// A file outside the export holding a secret an external entity might try to read.
    func write(secret: String) -> (path: String, secret: String) {
        (folder.write("secret.txt", secret), secret)
    }
}
