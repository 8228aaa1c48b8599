internal import CLibXML2
import Foundation
import HealthData

/// An element's attributes as libxml2 hands them to a SAX2 callback: (name, prefix, URI, value
/// start, value end) pointers, valid only during the callback. Values arrive with entities and
/// character references already decoded. Read through `AttributeValues`, which finds the ones
/// the reader wants in one pass.
struct XMLAttributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int
}

/// Element and attribute names as this parser interns them. libxml2 keeps one copy of each name
/// in its dictionary and hands that same pointer to every callback (it tells a repeated
/// attribute by comparing those pointers itself), so a name looked up here once is then told
/// apart by its address alone, not by comparing its letters on every element.
struct XMLNames {
    let dictionary: xmlDictPtr?

    func intern(_ name: StaticString) -> UnsafePointer<xmlChar>? {
        name.withUTF8Buffer { careplan_xmlDictLookup(dictionary, $0.baseAddress, Int32($0.count)) }
    }
}

/// What a stream of elements is handed to.
protocol XMLElementHandler: AnyObject {
    /// Called once the parser exists, before any element: the names to look for, interned.
    func parserStarted(names: XMLNames)
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
    /// Unowned and unchecked: the handler is made first and kept by whoever feeds the stream, and
    /// this is read on every element.
    private unowned(unsafe) let handler: any XMLElementHandler

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
            Unmanaged<XMLStream>.fromOpaque(context)._withUnsafeGuaranteedRef { stream in
                stream.handler.start(name, XMLAttributes(pointer: attributes, count: Int(count)), line: stream.line)
            }
        }
        sax.endElementNs = { context, name, _, _ in
            guard let context, let name else { return }
            Unmanaged<XMLStream>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.handler.end(name) }
        }
        // Errors are read from the context when a chunk fails, not printed by libxml2.
        sax.serror = { _, _ in }
        context = careplan_xmlCreatePushParserCtxt(&sax, nil, nil, 0, nil)
        context?.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        context?.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue
        careplan_xmlCtxtUseOptions(context, Int32(options))
        handler.parserStarted(names: XMLNames(dictionary: context?.pointee.dict))
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
}

struct XMLStreamError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}
