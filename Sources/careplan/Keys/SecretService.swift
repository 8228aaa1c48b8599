import CarePlanStore
import Foundation
import Localization

/// The desktop's Secret Service (GNOME Keyring, KWallet, KeePassXC), through libsecret's
/// `secret-tool`: a store's passphrase kept in the desktop's keyring, which the login unlocks.
/// careplan starts the tool rather than linking libsecret: a desktop may have none, and a server
/// never needs it. Used only where a session bus is (`DBUS_SESSION_BUS_ADDRESS`); over SSH or in
/// a timer there usually is none, and careplan goes on to its other sources.
///
/// The entry is named by the store's absolute path (`application careplan store PATH`); the
/// passphrase reaches the tool on its standard input, never in its arguments.
enum SecretService {
    /// `secret-tool` on PATH, when a session bus is there to reach the service through.
    static var tool: String? {
        let environment = ProcessEnvironment.values
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else { return nil }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/secret-tool"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static func attributes(_ path: String) -> [String] {
        ["application", "careplan", "store", URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path]
    }

    /// The passphrase kept for the store at `path`; nil when there is no service or no entry.
    static func lookup(_ path: String) -> [UInt8]? {
        guard let tool, var found = try? run(tool, ["lookup"] + attributes(path), input: nil), found.status == 0 else { return nil }
        defer { StoreKey.wipe(&found.output) }
        let line = Array(found.output.prefix { $0 != UInt8(ascii: "\n") })
        return line.isEmpty ? nil : line
    }

    /// Keeps `passphrase` for the store at `path`, replacing what was kept.
    static func store(_ passphrase: [UInt8], for path: String) throws {
        guard let tool else { throw KeyError.noSecretService }
        let label = tr("careplan: the passphrase of {path}", ["path": path])
        let result = try run(tool, ["store", "--label=\(label)"] + attributes(path), input: passphrase)
        guard result.status == 0 else { throw KeyError.secretServiceFailed(status: result.status) }
    }

    /// Removes what is kept for the store at `path`; false when there was nothing (or no service).
    @discardableResult
    static func clear(_ path: String) -> Bool {
        guard let tool, lookup(path) != nil, let result = try? run(tool, ["clear"] + attributes(path), input: nil) else { return false }
        return result.status == 0
    }

    private static func run(_ tool: String, _ arguments: [String], input: [UInt8]?) throws -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe(), feed = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        if var input {
            input.withUnsafeBytes { bytes in _ = Glibc.write(feed.fileHandleForWriting.fileDescriptor, bytes.baseAddress, bytes.count) }
            StoreKey.wipe(&input)
            try feed.fileHandleForWriting.close()
        }
        let bytes = try KeySources.readAll(output.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        return (process.terminationStatus, bytes)
    }
}
