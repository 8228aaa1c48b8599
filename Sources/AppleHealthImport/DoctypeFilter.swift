/// Takes the document type declaration out of the head of an export before the XML parser sees it,
/// keeping its line breaks so that line numbers still match the file.
///
/// careplan needs nothing from the DTD, and removing it settles three problems at once: iOS 16
/// wrote an internal subset with a missing `>` (a strict parser stops there, a recovering one can
/// no longer tell the file from a truncated one); entities can only be declared there, so an
/// entity bomb or an external entity pointing at `/etc/passwd` becomes an undefined entity, which
/// is an error, and nothing is expanded or read; and the parser never loads an external DTD.
struct DoctypeFilter {
    private var head: [UInt8] = []
    private(set) var removed = false
    private var passing = false
    /// How far to look for the root element before giving up and passing the bytes on unchanged.
    static let limit = 1 << 22

    /// The bytes to hand on for `chunk`: nil to hand on `chunk` itself (after the head), or what
    /// the head became once the root element was found (empty while still looking).
    mutating func filter(_ chunk: UnsafeRawBufferPointer) -> [UInt8]? {
        if passing { return nil }
        head.append(contentsOf: chunk)
        guard let root = Self.rootStart(head) else {
            if head.count > Self.limit { return release() }
            return []
        }
        if let doctype = Self.find(Array("<!DOCTYPE".utf8), in: head, from: 0, before: root) {
            let end = Self.end(ofDoctypeAt: doctype, in: head, before: root)
            for index in doctype...end where head[index] != 0x0A { head[index] = 0x20 }
            removed = true
        }
        return release()
    }

    /// What is still held at the end of the file (a file with no root element).
    mutating func finish() -> [UInt8] { passing ? [] : release() }

    private mutating func release() -> [UInt8] {
        passing = true
        defer { head = [] }
        return head
    }

    /// The first `<` that opens an element (followed by a name's first letter).
    static func rootStart(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x3C {
                let next = bytes[index + 1]
                if (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A) || next == 0x5F || next == 0x3A { return index }
            }
            index += 1
        }
        return nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, before limit: Int) -> Int? {
        guard limit - needle.count >= from else { return nil }
        for start in from...(limit - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }

    /// The last byte of the declaration: the `>` after the internal subset's `]` when there is one,
    /// else the first `>`; when neither can be found before the root (a broken declaration), the
    /// byte before the root.
    static func end(ofDoctypeAt start: Int, in bytes: [UInt8], before root: Int) -> Int {
        let firstClose = (start..<root).first { bytes[$0] == 0x3E }
        let bracket = (start..<root).first { bytes[$0] == 0x5B }
        if let bracket, firstClose == nil || bracket < firstClose! {
            var index = root - 1
            // The subset ends at the last "]" followed by spaces and ">" before the root element.
            while index > bracket {
                if bytes[index] == 0x3E {
                    var back = index - 1
                    while back > bracket, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[back]) { back -= 1 }
                    if bytes[back] == 0x5D { return index }
                }
                index -= 1
            }
            return root - 1
        }
        return firstClose ?? root - 1
    }
}
