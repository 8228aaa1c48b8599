/// What stands between an export's bytes and the XML parser, in order: the characters XML 1.0
/// does not allow replaced (`CharacterFilter`), then the DTD taken out (`DoctypeFilter`). Both
/// keep every line and column where it was. The importer and `ExportScan` (the fuzzer's and the
/// reader tests' way in) read through this one chain, so they parse the same bytes.
///
/// A class: the filters are changed from inside each other's hand-off.
final class ExportInput {
    private var characters = CharacterFilter()
    private var doctype = DoctypeFilter()

    /// Characters replaced so far.
    var replaced: Int { characters.replaced }

    /// Hands `parse` the bytes to parse for `chunk` (none, while the DTD filter looks for the root).
    func pass(_ chunk: UnsafeRawBufferPointer, to parse: (UnsafeRawBufferPointer) throws -> Void) throws {
        try characters.filter(chunk) { try afterCharacters($0, parse) }
    }

    /// Hands `parse` whatever was held back; the caller then ends the document.
    func finish(to parse: (UnsafeRawBufferPointer) throws -> Void) throws {
        try characters.finish { try afterCharacters($0, parse) }
        try doctype.finish().withUnsafeBytes { try parse($0) }
    }

    private func afterCharacters(_ bytes: UnsafeRawBufferPointer, _ parse: (UnsafeRawBufferPointer) throws -> Void) throws {
        if let head = doctype.filter(bytes) { try head.withUnsafeBytes { try parse($0) } } else { try parse(bytes) }
    }
}
