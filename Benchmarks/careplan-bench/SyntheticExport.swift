import Foundation
import ZIPFoundation

/// The synthetic Apple Health export the import cases read: `Benchmarks/tools/gen_export.py OUT.xml
/// RECORDS YEARS`, zipped as the Health app zips it (`apple_health_export/export.xml`, deflated),
/// made once and kept in the work folder (so `--cache` reuses it). The XML is deleted as soon as
/// it is zipped: at 10M records it is 4 GB.
enum SyntheticExport {
    static func zip(records: Int, years: Int, in folder: String) throws -> String {
        let zip = "\(folder)/apple-health-\(records)-\(years)y.zip"
        if FileManager.default.fileExists(atPath: zip) { return zip }
        let generator = try BenchmarkPlan.exportGenerator()
        let xml = "\(folder)/export-\(records).xml"
        defer { try? FileManager.default.removeItem(atPath: xml) }
        _ = try Spawn.run("/usr/bin/env", ["python3", generator, xml, "\(records)", "\(years)"],
                          environment: ProcessInfo.processInfo.environment)
        let partial = zip + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        let archive = try Archive(url: URL(fileURLWithPath: partial), accessMode: .create)
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: xml))
        defer { try? handle.close() }
        try archive.addEntry(with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(size(xml)),
                             compressionMethod: .deflate, bufferSize: 1 << 16) { position, size in
            try handle.seek(toOffset: UInt64(position))
            return try handle.read(upToCount: size) ?? Data()
        }
        try FileManager.default.moveItem(atPath: partial, toPath: zip)
        return zip
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }
}
