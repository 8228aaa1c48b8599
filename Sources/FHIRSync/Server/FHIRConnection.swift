import CarePlanStore
import FHIR
import FHIRPath
import Foundation
import Localization

/// Talks FHIR's REST API to one server: a transaction or a batch Bundle posted to the base, a
/// search's next page read. What may be retried is retried with growing waits (no answer, a
/// broken connection, 5xx, 429 with its Retry-After): every entry careplan sends is idempotent,
/// so sending a transaction again never makes a duplicate.
public final class FHIRConnection {
    public let address: ServerAddress
    private let token: String?
    private let client: HTTPClient
    /// How many requests went out, retries included (what `--status` and the benchmark count).
    public private(set) var requests = 0
    let retries: Int
    /// The first wait between tries, doubled each time.
    let backoff: Double
    /// The longest Retry-After careplan waits for before giving up.
    static let longestWait = 60
    /// Told of each retry, in words.
    let notice: (String) -> Void

    public init(address: ServerAddress, token: String?, timeout: Double = 30, retries: Int = 3, backoff: Double = 1,
                notice: @escaping (String) -> Void = { _ in }) throws {
        self.address = address
        self.token = token
        self.retries = retries
        self.backoff = backoff
        self.notice = notice
        do {
            client = try HTTPClient(timeout: timeout, userAgent: "careplan/\(CareplanVersion.current)")
        } catch let error as HTTPTransportError {
            throw SyncError.unreachable(url: address.base, detail: error.message)
        }
    }

    /// Posts a transaction or batch Bundle; the server's response Bundle.
    public func post(_ bundle: FHIR.Bundle) throws -> FHIR.Bundle {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let body = Array(try encoder.encode(bundle))
        return try decode(try exchange(HTTPRequest(method: "POST", url: address.base, headers: headers(body: true), body: body)), url: address.base)
    }

    /// Reads a URL under the base (a search, its next page).
    public func get(_ url: String) throws -> FHIR.Bundle {
        let full = try underBase(url)
        return try decode(try exchange(HTTPRequest(method: "GET", url: full, headers: headers(body: false))), url: full)
    }

    /// Reads a URL under the base as JSON kept word for word (a Questionnaire to keep as the
    /// server gave it), with the URL it read.
    public func getJSON(_ url: String) throws -> (json: JSON, url: String) {
        let full = try underBase(url)
        let response = try exchange(HTTPRequest(method: "GET", url: full, headers: headers(body: false)))
        do {
            return (try JSONReader.read(String(decoding: response.body, as: UTF8.self)), full)
        } catch {
            throw SyncError.notFHIR(url: full, detail: String(decoding: response.body.prefix(80), as: UTF8.self))
        }
    }

    /// `url` as a full address, refused when it leads away from the server's base.
    func underBase(_ url: String) throws -> String {
        let full = url.hasPrefix("http://") || url.hasPrefix("https://") ? url : address.base + "/" + url
        guard address.contains(full) else { throw SyncError.notFHIR(url: full, detail: tr("a link away from the server's base")) }
        return full
    }

    func headers(body: Bool) -> [String] {
        var headers = ["Accept: application/fhir+json", "Prefer: return=minimal"]
        if body { headers.append("Content-Type: application/fhir+json") }
        if let token { headers.append("Authorization: Bearer " + token) }
        return headers
    }

    /// One request, tried again while trying again makes sense.
    func exchange(_ request: HTTPRequest) throws -> HTTPResponse {
        var attempt = 0
        while true {
            requests += 1
            let problem: SyncError
            var wait = backoff * pow(2, Double(attempt))
            do {
                let response = try client.send(request)
                switch response.status {
                case 200..<300:
                    return response
                case 429:
                    let after = Self.retryAfter(response.headers["retry-after"])
                    if let after, after > Self.longestWait { throw SyncError.rateLimited(url: address.base, retryAfter: after) }
                    if let after { wait = Double(after) }
                    problem = .rateLimited(url: address.base, retryAfter: nil)
                case 500, 502, 503, 504:
                    problem = .failed(url: address.base, status: response.status, diagnostics: Self.diagnostics(response))
                    if let after = Self.retryAfter(response.headers["retry-after"]), after <= Self.longestWait { wait = Double(after) }
                default:
                    if response.status >= 500 {
                        throw SyncError.failed(url: address.base, status: response.status, diagnostics: Self.diagnostics(response))
                    }
                    throw SyncError.refused(url: address.base, status: response.status, diagnostics: Self.diagnostics(response))
                }
            } catch let error as HTTPTransportError {
                switch error.kind {
                case .timedOut: problem = .timedOut(url: address.base, seconds: Int(client.timeout.rounded()))
                case .dropped: problem = .dropped(url: address.base, detail: error.message)
                case .unreachable: problem = .unreachable(url: address.base, detail: error.message)
                case .insecure, .unavailable, .other: throw SyncError.unreachable(url: address.base, detail: error.message)
                }
            }
            guard attempt < retries else { throw problem }
            attempt += 1
            notice(tr("{problem}; trying again in {seconds} s", ["problem": problem.brief, "seconds": NumberText.plain(wait)]))
            usleep(useconds_t(wait * 1_000_000))
        }
    }

    /// Seconds from a Retry-After header: a number of seconds, or an HTTP date.
    static func retryAfter(_ value: String?) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, Int($0.timeIntervalSinceNow.rounded(.up))) }
    }

    /// What a refusal says: its OperationOutcome's issues, else the start of its body.
    static func diagnostics(_ response: HTTPResponse) -> String {
        if let outcome = try? JSONDecoder().decode(OperationOutcome.self, from: Data(response.body)), !outcome.summary.isEmpty {
            return outcome.summary
        }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
        return text.isEmpty ? tr("no details") : text
    }

    func decode(_ response: HTTPResponse, url: String) throws -> FHIR.Bundle {
        do {
            return try JSONDecoder().decode(FHIR.Bundle.self, from: Data(response.body))
        } catch {
            throw SyncError.notFHIR(url: url, detail: String(decoding: response.body.prefix(80), as: UTF8.self))
        }
    }
}
