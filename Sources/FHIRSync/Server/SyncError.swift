import CarePlanStore
import Localization

/// What stopped a sync, in one line: the server's URL and what it said, never the token.
public enum SyncError: UserFacingError, Sendable {
    case badAddress(String)
    case plainHTTP(String)
    case credentialsInAddress
    case tokenFile(String, String)
    case notConnected
    /// No answer: the name, the port, the network, TLS.
    case unreachable(url: String, detail: String)
    case timedOut(url: String, seconds: Int)
    /// The connection broke before an answer came: the server may have done it all, or nothing.
    case dropped(url: String, detail: String)
    /// A 4xx with the OperationOutcome's diagnostics.
    case refused(url: String, status: Int, diagnostics: String)
    /// A 5xx, after the retries.
    case failed(url: String, status: Int, diagnostics: String)
    /// 429 after the retries, or a Retry-After longer than careplan waits.
    case rateLimited(url: String, retryAfter: Int?)
    /// An answer that is not the FHIR JSON asked for.
    case notFHIR(url: String, detail: String)
    case noPatient(String)
    case noPlan
    /// --patient given for a person who already has a plan.
    case alreadyPlanned

    /// The problem alone, for a line that says careplan tries again.
    var brief: String {
        switch self {
        case .unreachable(let url, let detail): return tr("{url} cannot be reached ({detail})", ["url": url, "detail": detail])
        case .timedOut(let url, let seconds):
            return trn("{url} did not answer within {count} second", "{url} did not answer within {count} seconds", seconds, ["url": url])
        case .dropped(let url, let detail): return tr("the connection to {url} broke before it answered ({detail})", ["url": url, "detail": detail])
        case .failed(let url, let status, let diagnostics): return tr("{url} failed (HTTP {status}): {diagnostics}", ["url": url, "status": status, "diagnostics": diagnostics])
        case .rateLimited(let url, _): return tr("{url} asks for fewer requests (HTTP 429)", ["url": url])
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .badAddress(let text):
            return tr("'{url}' is not a FHIR server's address; give its FHIR base, e.g. https://fhir.example.org/r4", ["url": text])
        case .plainHTTP(let text):
            return tr("'{url}': plain http:// is only for this computer (127.0.0.1, ::1, localhost); a server elsewhere needs https://", ["url": text])
        case .credentialsInAddress:
            return tr("the server's address holds a user name or password; give a token with --token-file FILE or CAREPLAN_FHIR_TOKEN instead")
        case .tokenFile(let file, let reason):
            return tr("the token in {file} was not used: {reason}", ["file": file, "reason": reason])
        case .notConnected:
            return tr("no FHIR server yet for this plan; give one: careplan sync --server URL")
        case .unreachable(let url, let detail):
            return tr("{url} cannot be reached ({detail}); nothing changed in the store, and the next sync sends what waits", ["url": url, "detail": detail])
        case .timedOut(let url, let seconds):
            return trn("{url} did not answer within {count} second; nothing changed in the store, and the next sync sends what waits",
                       "{url} did not answer within {count} seconds; nothing changed in the store, and the next sync sends what waits", seconds, ["url": url])
        case .dropped(let url, let detail):
            return tr("the connection to {url} broke before it answered ({detail}); the next sync sends the same again, and the server keeps one copy",
                      ["url": url, "detail": detail])
        case .refused(let url, let status, let diagnostics):
            return tr("{url} refused the request (HTTP {status}): {diagnostics}", ["url": url, "status": status, "diagnostics": diagnostics])
        case .failed(let url, let status, let diagnostics):
            return tr("{url} failed (HTTP {status}): {diagnostics}; nothing changed in the store, and the next sync sends what waits",
                      ["url": url, "status": status, "diagnostics": diagnostics])
        case .rateLimited(let url, let retryAfter):
            if let retryAfter {
                return trn("{url} asks careplan to wait {count} second before it syncs again", "{url} asks careplan to wait {count} seconds before it syncs again",
                           retryAfter, ["url": url])
            }
            return tr("{url} kept refusing requests as too many (HTTP 429); try again later", ["url": url])
        case .notFHIR(let url, let detail):
            return tr("{url} did not answer with FHIR JSON ({detail}); is it the server's FHIR base?", ["url": url, "detail": detail])
        case .noPlan:
            return tr("there is no plan to sync yet; import one first (careplan import PLAN.yaml)")
        case .noPatient(let reference):
            return tr("the server has no care plan careplan wrote for {patient}; on the computer that keeps it, careplan sync --status names its Patient",
                      ["patient": reference])
        case .alreadyPlanned:
            return tr("--patient joins a plan kept on the server from a store with no plan yet; this one has its own plan, which syncs as its own patient")
        }
    }
}
