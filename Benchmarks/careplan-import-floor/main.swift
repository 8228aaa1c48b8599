import CLibXML2
import CZlibChecksum
import Foundation
import ZIPFoundation

// careplan-import-floor EXPORT.zip [--inflate-only]
//
// The floor `careplan health import` is timed against (issue 27): the work no importer of a zipped
// export can skip. The XML is inflated in 64 KiB chunks with ZIPFoundation, checked with zlib's
// CRC-32 and fed to libxml2's SAX2 push parser, whose callbacks do nothing; nothing is kept or
// written. The libraries, the chunk size, the parser's options and the way libxml2 is opened
// (CLibXML2's dlopen shim) are the importer's (Sources/AppleHealthImport/ExportSource.swift and
// XMLStream.swift), so what careplan takes beyond this is its own work: attributes read into
// samples and the samples written to SQLite. It is not the importer's code: that is what is measured.
// `--inflate-only` leaves the parser out, to tell inflating from parsing.

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: careplan-import-floor EXPORT.zip [--inflate-only]\n".utf8))
    exit(2)
}
let parse = !arguments.contains("--inflate-only")

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("careplan-import-floor: \(message)\n".utf8))
    exit(1)
}

// The export is the zip's one .xml in apple_health_export/, as the Health app writes it and
// Benchmarks/tools/gen_export.py's export is zipped; the importer's search for it is not timed work.
let archive: Archive
do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch { fail("\(path): \(error)") }
guard let entry = archive.first(where: { $0.path.hasPrefix("apple_health_export/") && $0.path.hasSuffix(".xml") }) else {
    fail("\(path) holds no apple_health_export/*.xml")
}

var sax = xmlSAXHandler()
sax.initialized = UInt32(XML_SAX2_MAGIC)
// Empty, but there: libxml2 hands over each element's name and attributes as it would to the importer.
sax.startElementNs = { _, _, _, _, _, _, _, _, _ in }
sax.endElementNs = { _, _, _, _ in }
sax.serror = { _, _ in }
careplan_xmlInitParser()
guard let context = careplan_xmlCreatePushParserCtxt(&sax, nil, nil, 0, nil) else { fail(careplan_libxml2_error().map { String(cString: $0) } ?? "libxml2 did not start") }
careplan_xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue))
defer { careplan_xmlFreeParserCtxt(context) }

var checksum: uLong = 0, bytes = 0
do {
    _ = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: true) { data in
        data.withUnsafeBytes { chunk in
            checksum = crc32(checksum, chunk.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(chunk.count))
            bytes += chunk.count
            guard parse else { return }
            let status = chunk.withMemoryRebound(to: CChar.self) { careplan_xmlParseChunk(context, $0.baseAddress, Int32($0.count), 0) }
            if status != 0 || context.pointee.wellFormed == 0 { fail("not well-formed near byte \(bytes)") }
        }
    }
} catch {
    fail("\(path): \(error)")
}
if parse, careplan_xmlParseChunk(context, nil, 0, 1) != 0 || context.pointee.wellFormed == 0 { fail("not well-formed at its end") }
guard UInt32(truncatingIfNeeded: checksum) == entry.checksum else { fail("the XML's CRC-32 does not match the zip's") }
print("\(bytes) bytes of XML \(parse ? "inflated and parsed" : "inflated")")
