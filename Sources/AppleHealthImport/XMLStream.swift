internal import CLibXML2
import Foundation
import HealthData

/// An element's attributes as libxml2 hands them to a SAX2 callback: (name, prefix, URI, value
/// start, value end) pointers, valid only during the callback. Values arrive with entities and
/// character references already decoded.
struct XMLAttributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute called `name`, as bytes.
    func bytes(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer else { return nil }
        for index in 0..<count {
            guard let local = pointer[5 * index], XMLStream.equal(local, name),
                  let start = pointer[5 * index + 3], let end = pointer[5 * index + 4] else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    func string(_ name: StaticString) -> String? {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A number, with a decimal point or (as some locales' exports write) a decimal comma; read
    /// from the bytes, since an export holds millions.
    func double(_ name: StaticString) -> Double? {
        guard let bytes = bytes(name) else { return nil }
        return Self.number(bytes)
    }

    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        guard end > 0, end < 64 else { return nil }
        let comma = !UnsafeBufferPointer(rebasing: bytes[0..<end]).contains(0x2E)
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: end + 1) { text -> Double? in
            for index in 0..<end { text[index] = CChar(bitPattern: comma && bytes[index] == 0x2C ? 0x2E : bytes[index]) }
            text[end] = 0
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &stop)
            guard let stop, stop == text.baseAddress! + end, value.isFinite else { return nil }
            return value
        }
    }
}

/// The text last seen in each of a few attribute slots, handed out again while the bytes repeat:
/// a large export writes the same type, source, version, device and unit on thousands of records
/// in a row, and making a new String for each was much of the reading cost.
struct RepeatedStrings {
    private var bytes: [[UInt8]]
    private var strings: [String]
    /// The last source made from these strings, handed out again while they repeat.
    var source: SampleSource?

    init(slots: Int) {
        bytes = Array(repeating: [], count: slots)
        strings = Array(repeating: "", count: slots)
    }

    mutating func string(_ value: UnsafeBufferPointer<UInt8>, slot: Int) -> String {
        let same = bytes[slot].count == value.count && bytes[slot].withUnsafeBufferPointer {
            value.isEmpty || memcmp($0.baseAddress!, value.baseAddress!, value.count) == 0
        }
        if same { return strings[slot] }
        bytes[slot] = Array(value)
        strings[slot] = String(decoding: value, as: UTF8.self)
        return strings[slot]
    }
}

/// What a stream of elements is handed to.
protocol XMLElementHandler: AnyObject {
    func start(_ name: UnsafePointer<xmlChar>, _ attributes: XMLAttributes, line: Int)
    func end(_ name: UnsafePointer<xmlChar>)
}

/// libxml2's SAX2 push parser: bytes go in as they arrive, elements come out through the handler.
///
/// Strict: a document that is not well-formed (cut short, a stray `<`) is an error with its line
/// and column. No network access, no entity substitution (`XML_PARSE_NOENT` is how external
/// entities get read), no DTD loading; `DoctypeFilter` removes the internal subset beforehand.
final class XMLStream {
    private var context: xmlParserCtxtPtr?
    private unowned let handler: any XMLElementHandler

    /// libxml2 wants its global state set up once, before any thread parses.
    private static let initialized: Bool = {
        careplan_xmlInitParser()
        return true
    }()

    init(handler: any XMLElementHandler) {
        _ = Self.initialized
        self.handler = handler
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, name, _, _, _, _, count, _, attributes in
            guard let context, let name else { return }
            let stream = Unmanaged<XMLStream>.fromOpaque(context).takeUnretainedValue()
            stream.handler.start(name, XMLAttributes(pointer: attributes, count: Int(count)), line: stream.line)
        }
        sax.endElementNs = { context, name, _, _ in
            guard let context, let name else { return }
            Unmanaged<XMLStream>.fromOpaque(context).takeUnretainedValue().handler.end(name)
        }
        // Errors are read from the context when a chunk fails, not printed by libxml2.
        sax.serror = { _, _ in }
        context = careplan_xmlCreatePushParserCtxt(&sax, nil, nil, 0, nil)
        context?.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        context?.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue
        careplan_xmlCtxtUseOptions(context, Int32(options))
    }

    deinit { careplan_xmlFreeParserCtxt(context) }

    /// The line the parser is at.
    var line: Int { context.map { Int(careplan_xmlSAX2GetLineNumber($0)) } ?? 0 }

    /// Parses `bytes`; `last` once at the end. Throws where the document stops being well-formed.
    func feed(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws(XMLStreamError) {
        let status = bytes.withMemoryRebound(to: CChar.self) { chars in
            careplan_xmlParseChunk(context, chars.baseAddress, Int32(chars.count), last ? 1 : 0)
        }
        if status != 0 || (context?.pointee.wellFormed ?? 0) == 0 {
            throw error(fallback: status)
        }
    }

    private func error(fallback: Int32) -> XMLStreamError {
        guard let context, let last = careplan_xmlCtxtGetLastError(context) else {
            return XMLStreamError(line: line, column: 0, message: "libxml2 error \(fallback)")
        }
        let message = last.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "error \(last.pointee.code)"
        return XMLStreamError(line: Int(last.pointee.line), column: Int(last.pointee.int2), message: message)
    }

    static func equal(_ pointer: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in
            for index in 0..<expected.count where pointer[index] != expected[index] { return false }
            return pointer[expected.count] == 0
        }
    }
}

struct XMLStreamError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}
