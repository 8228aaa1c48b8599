import CZlibChecksum
import Foundation
import Localization
import ZIPFoundation

/// Where an export's XML comes from: `export.xml` itself, or the zip the Health app writes
/// (`apple_health_export/export.xml`; `导出.xml` and other names in other languages). Either way
/// the bytes arrive in chunks, never as a whole: exports reach gigabytes.
struct ExportSource {
    let path: String
    /// The XML's name, for messages: the file, or `export.zip/apple_health_export/export.xml`.
    let name: String
    /// Bytes of XML to read, for progress.
    let totalBytes: Int
    /// The XML's CRC-32 as the zip records it; for a bare XML file, `fingerprint()` computes it.
    private let recordedChecksum: UInt32?
    private let zipEntry: (archive: Archive, entry: Entry)?

    static let chunkSize = 1 << 16

    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw HealthImportError.unreadable(file: path, message: tr("no such file"))
        }
        guard !isFolder.boolValue else {
            throw HealthImportError.unreadable(file: path, message: tr("is a folder; give the export.zip or export.xml inside it"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw HealthImportError.unreadable(file: path, message: tr("cannot be read (check permissions)"))
        }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        let magic = head.prefix(4)
        try? handle.close()
        if magic == Data([0x50, 0x4B, 0x03, 0x04]) || magic == Data([0x50, 0x4B, 0x05, 0x06]) {
            let archive: Archive
            do {
                archive = try Archive(url: url, accessMode: .read)
            } catch {
                throw HealthImportError.damagedZip(file: path, message: tr("its table of contents cannot be read"))
            }
            let entries = Array(archive)
            guard let entry = Self.export(in: entries) else {
                throw HealthImportError.noExportInZip(file: path, entries: entries.map(\.path))
            }
            zipEntry = (archive, entry)
            name = path + "/" + entry.path
            totalBytes = Int(entry.uncompressedSize)
            recordedChecksum = entry.checksum
        } else {
            // XML starts with "<", after a byte-order mark and blank space: anything else is
            // refused before the store is touched.
            let start = head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }.first
            guard start == 0x3C else { throw HealthImportError.notAnExport(file: path, found: tr("not XML")) }
            zipEntry = nil
            recordedChecksum = nil
            name = path
            totalBytes = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
        }
    }

    /// The export among a zip's entries: an `.xml` file that is not macOS's resource-fork junk
    /// (`__MACOSX/`, `._export.xml`) nor the clinical-document companion (`export_cda.xml`);
    /// one inside `apple_health_export/` first.
    static func export(in entries: [Entry]) -> Entry? {
        let candidates = entries.filter { entry in
            let components = entry.path.split(separator: "/")
            guard entry.type == .file, let file = components.last, file.lowercased().hasSuffix(".xml") else { return false }
            return !components.contains("__MACOSX") && !file.hasPrefix("._") && !file.lowercased().contains("_cda")
        }
        return candidates.first { $0.path.split(separator: "/").count == 2 && $0.path.hasPrefix("apple_health_export/") }
            ?? candidates.min { $0.path.count < $1.path.count }
    }

    /// The XML's CRC-32: what the zip recorded, without inflating anything; for an XML
    /// file, read through once (zlib's CRC runs far faster than the parser).
    func fingerprint() throws -> UInt32 {
        if let recordedChecksum { return recordedChecksum }
        return try read { _ in }
    }

    /// Hands the XML to `consume` chunk by chunk; returns its CRC-32 (checked against the zip's).
    @discardableResult
    func read(_ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> UInt32 {
        if let (archive, entry) = zipEntry {
            do {
                // The checksum is zlib's, computed here: this form of extract would leave comparing
                // it to the caller anyway, and ZIPFoundation's own is much slower.
                var checksum: uLong = 0
                _ = try archive.extract(entry, bufferSize: Self.chunkSize, skipCRC32: true) { data in
                    try data.withUnsafeBytes { bytes in
                        checksum = crc32(checksum, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
                        try consume(bytes)
                    }
                }
                guard UInt32(truncatingIfNeeded: checksum) == entry.checksum else {
                    throw HealthImportError.damagedZip(file: path, message: tr("the export's checksum does not match what the zip recorded"))
                }
                return entry.checksum
            } catch let error as HealthImportError {
                throw error
            } catch let error as Archive.ArchiveError {
                throw HealthImportError.damagedZip(file: path, message: "\(error)")
            }
        }
        var checksum: uLong = 0
        try readFile { chunk in
            checksum = crc32(checksum, chunk.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(chunk.count))
            try consume(chunk)
        }
        return UInt32(truncatingIfNeeded: checksum)
    }

    private func readFile(_ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw HealthImportError.unreadable(file: path, message: tr("cannot be read (check permissions)"))
        }
        defer { try? handle.close() }
        while true {
            let data: Data
            do {
                guard let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty else { return }
                data = chunk
            } catch {
                // TRANSLATORS: {reason} is the system's, in English.
                throw HealthImportError.unreadable(file: path, message: tr("cannot be read: {reason}", ["reason": error.localizedDescription]))
            }
            try data.withUnsafeBytes { try consume($0) }
        }
    }
}
