import Foundation
import Localization

/// A FHIR server's base (`https://fhir.example.org/r4`), checked before anything is sent: https
/// anywhere, plain http only to this computer, where nothing crosses a network.
public struct ServerAddress: Sendable, Equatable {
    /// Without a trailing slash; every request's URL starts with it.
    public let base: String
    public let isLoopback: Bool

    public init(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil else {
            throw SyncError.badAddress(text)
        }
        let loopback = Self.isLoopback(host)
        switch scheme {
        case "https": break
        case "http": guard loopback else { throw SyncError.plainHTTP(text) }
        default: throw SyncError.badAddress(text)
        }
        guard components.user == nil, components.password == nil else { throw SyncError.credentialsInAddress }
        var base = trimmed
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        isLoopback = loopback
    }

    /// Whether `url` is under this base (a search's next page must be: the token goes nowhere else).
    public func contains(_ url: String) -> Bool {
        url == base || url.hasPrefix(base + "/") || url.hasPrefix(base + "?")
    }

    /// 127.0.0.0/8, ::1 and localhost: addresses that never leave the computer.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
