import CCurl
import Foundation

/// One request to a server: a method, a URL, headers (`Name: value`) and a body.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [String]
    public var body: [UInt8]?

    public init(method: String, url: String, headers: [String] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A server's answer: its status, headers (names in lower case) and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]
}

/// Why a request got no answer: the transport's failure, in libcurl's words.
public struct HTTPTransportError: Error, Sendable {
    public enum Kind: Sendable {
        /// libcurl could not be loaded at all.
        case unavailable
        /// No connection: the name did not resolve, the port refused, the network is down.
        case unreachable
        /// The certificate was refused, or TLS failed.
        case insecure
        case timedOut
        /// The connection was cut before a whole answer came: the request may or may not have
        /// been carried out.
        case dropped
        case other
    }

    public var kind: Kind
    public var message: String
}

/// HTTP through libcurl (opened when the first request is made, see CCurl): one handle reused
/// for every request of a sync, so the connection (and its TLS session) is kept between them.
/// Redirects are not followed (a bearer token must reach no other host), only http and https are
/// spoken, and certificates are checked against the system's authorities (libcurl's default).
public final class HTTPClient {
    private let easy: UnsafeMutableRawPointer
    /// The longest a whole request may take, and the longest a connection may take to open.
    public let timeout: Double
    private let userAgent: String

    public init(timeout: Double, userAgent: String) throws {
        if let problem = careplan_curl_error() {
            throw HTTPTransportError(kind: .unavailable, message: String(cString: problem))
        }
        guard let easy = careplan_curl_easy_init() else {
            throw HTTPTransportError(kind: .unavailable, message: "curl_easy_init failed")
        }
        self.easy = easy
        self.timeout = timeout
        self.userAgent = userAgent
    }

    deinit { careplan_curl_easy_cleanup(easy) }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        // Reset keeps the open connections, the TLS sessions and the DNS cache; only options go.
        careplan_curl_easy_reset(easy)
        var body = careplan_curl_buffer(bytes: nil, length: 0, capacity: 0)
        var headerBytes = careplan_curl_buffer(bytes: nil, length: 0, capacity: 0)
        defer {
            free(body.bytes)
            free(headerBytes.bytes)
        }
        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        for header in request.headers + ["Expect:"] { headerList = careplan_curl_slist_append(headerList, header) }
        defer { careplan_curl_slist_free_all(headerList) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        let code: CURLcode = request.url.withCString { url in
            request.method.withCString { method in
                userAgent.withCString { agent in
                    "http,https".withCString { protocols in
                        errorBuffer.withUnsafeMutableBufferPointer { errors in
                            (request.body ?? []).withUnsafeBufferPointer { payload in
                                careplan_curl_setopt_pointer(easy, CURLOPT_URL, url)
                                careplan_curl_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, method)
                                careplan_curl_setopt_pointer(easy, CURLOPT_USERAGENT, agent)
                                careplan_curl_setopt_pointer(easy, CURLOPT_PROTOCOLS_STR, protocols)
                                careplan_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errors.baseAddress)
                                careplan_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList)
                                careplan_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
                                careplan_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
                                careplan_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
                                careplan_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(min(timeout, 10) * 1000))
                                // Whatever compression the server offers (FHIR JSON shrinks tenfold).
                                careplan_curl_setopt_pointer(easy, CURLOPT_ACCEPT_ENCODING, "")
                                if request.body != nil {
                                    careplan_curl_setopt_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count))
                                    careplan_curl_setopt_pointer(easy, CURLOPT_POSTFIELDS, payload.baseAddress ?? UnsafePointer(bitPattern: 1))
                                } else if request.method == "GET" {
                                    careplan_curl_setopt_long(easy, CURLOPT_HTTPGET, 1)
                                }
                                careplan_curl_collect_into(easy, &body, &headerBytes)
                                return careplan_curl_easy_perform(easy)
                            }
                        }
                    }
                }
            }
        }
        guard code == CURLE_OK else {
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let message = detail.isEmpty ? String(cString: careplan_curl_easy_strerror(code)) : detail
            throw HTTPTransportError(kind: Self.kind(of: code), message: message)
        }
        let bytes = body.bytes.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: body.length)) } ?? []
        let headerText = headerBytes.bytes.map { String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: headerBytes.length), as: UTF8.self) } ?? ""
        return HTTPResponse(status: careplan_curl_response_code(easy), headers: Self.headers(headerText), body: bytes)
    }

    /// The last response's headers (an interim `100 Continue` has its own, dropped).
    static func headers(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(separator: "\r\n") {
            if line.hasPrefix("HTTP/") { headers = [:]; continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    static func kind(of code: CURLcode) -> HTTPTransportError.Kind {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT: return .unreachable
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE: return .insecure
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: return .dropped
        default: return .other
        }
    }
}
