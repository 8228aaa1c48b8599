import AppleHealthImport
import Foundation
import Testing

/// The Apple Health reader on the real exports cut at every kind of seam: the same samples
/// whatever the chunk size (down to one byte, which cuts every attribute and every UTF-8
/// character), and broken XML refused with its own error, never a crash.
@Suite struct ExportScanTests {
    @Test(arguments: ["tdda-export6s3sample.xml", "alxdrcirilo-export.xml", "dogsheep-export.xml", "dogsheep-zip-contents-export.xml"])
    func theSameSamplesWhateverTheChunks(file: String) throws {
        let data = try Data(contentsOf: TestData.folder.appendingPathComponent(file))
        let whole = try ExportScan.scan(data, chunk: data.count)
        #expect(whole.root == "HealthData")
        #expect(whole.quantities + whole.categories + whole.bloodPressures + whole.workouts > 0)
        for chunk in [1, 2, 3, 7, 64, 4096] {
            #expect(try ExportScan.scan(data, chunk: chunk) == whole, "\(file) in chunks of \(chunk)")
        }
    }

    /// Every prefix of a real export is read or refused as not well-formed, with a line.
    @Test func everyTruncationIsRefusedWithAPlace() throws {
        let data = try Data(contentsOf: TestData.folder.appendingPathComponent("dogsheep-export.xml"))
        for length in stride(from: 0, to: data.count - 1, by: max(1, data.count / 300)) {
            do {
                _ = try ExportScan.scan(data.prefix(length), chunk: 97)
                Issue.record("a truncation at \(length) of \(data.count) bytes was read as a whole export")
            } catch let error as HealthImportError {
                #expect(!"\(error)".isEmpty)
            }
        }
    }
}
