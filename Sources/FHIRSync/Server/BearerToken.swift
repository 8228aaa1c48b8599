import Foundation
import Localization

/// The bearer token a server asks for: from `--token-file FILE` (refused when other users may read
/// it, as ssh refuses a private key), else from `CAREPLAN_FHIR_TOKEN`. Never printed, never stored:
/// the store remembers the file's path, and the token is read again at each sync.
public enum BearerToken {
    public static func load(file: String?, environment: [String: String]) throws -> String? {
        if let file {
            var status = stat()
            guard stat(file, &status) == 0 else { throw SyncError.tokenFile(file, tr("it cannot be read: {reason}", ["reason": String(cString: strerror(errno))])) }
            let mode = Int(status.st_mode) & 0o777
            guard mode & 0o077 == 0 else {
                throw SyncError.tokenFile(file, tr("other users may read it (mode {mode}); make it yours alone: chmod 600 {file}",
                                                   ["mode": String(mode, radix: 8), "file": file]))
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw SyncError.tokenFile(file, tr("it cannot be read: {reason}", ["reason": String(cString: strerror(errno))]))
            }
            return try checked(String(decoding: data, as: UTF8.self), origin: file)
        }
        if let token = environment["CAREPLAN_FHIR_TOKEN"], !token.isEmpty { return try checked(token, origin: "CAREPLAN_FHIR_TOKEN") }
        return nil
    }

    /// One line of visible characters: what an Authorization header can carry.
    static func checked(_ text: String, origin: String) throws -> String {
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw SyncError.tokenFile(origin, tr("it is empty")) }
        guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f }) else {
            throw SyncError.tokenFile(origin, tr("a token is one line of visible ASCII characters, with no spaces"))
        }
        return token
    }
}
