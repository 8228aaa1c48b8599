import CLibXML2
import Foundation

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

    /// A number, with a decimal point or (as some locales' exports write) a decimal comma.
    func double(_ name: StaticString) -> Double? {
        guard var text = string(name) else { return nil }
        if !text.contains("."), text.contains(",") { text = text.replacingOccurrences(of: ",", with: ".") }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
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
        xmlInitParser()
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
        context = xmlCreatePushParserCtxt(&sax, nil, nil, 0, nil)
        context?.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        context?.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue
        xmlCtxtUseOptions(context, Int32(options))
    }

    deinit { xmlFreeParserCtxt(context) }

    /// The line the parser is at.
    var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    /// Parses `bytes`; `last` once at the end. Throws where the document stops being well-formed.
    func feed(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws(XMLStreamError) {
        let status = bytes.withMemoryRebound(to: CChar.self) { chars in
            xmlParseChunk(context, chars.baseAddress, Int32(chars.count), last ? 1 : 0)
        }
        if status != 0 || (context?.pointee.wellFormed ?? 0) == 0 {
            throw error(fallback: status)
        }
    }

    private func error(fallback: Int32) -> XMLStreamError {
        guard let context, let last = xmlCtxtGetLastError(context) else {
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
