import CarePlanStore
import Foundation
import Localization

/// Where an encrypted store's passphrase comes from, in this order (docs/security.md):
///
/// 1. `--key-file FILE` (0600 or 0400, refused otherwise; systemd's `LoadCredential=` files are so),
/// 2. `--key-fd N` (a descriptor the caller opened: a pipe from a password manager),
/// 3. `--key-command CMD` (run by /bin/sh: `pass show careplan`),
/// 4. the key `careplan unlock` keeps in the kernel's keyring (already derived),
/// 5. `CAREPLAN_KEY_FILE`, a path (never the key itself in the environment),
/// 6. the desktop's Secret Service, where `careplan unlock --remember` kept it,
/// 7. a prompt on the terminal, with no echo.
///
/// The passphrase is the first line of what a file, descriptor or command gives. It is turned into
/// the store's key once per process (`StoreKey.derive`, 180 ms) and the passphrase's bytes wiped.
struct KeySources {
    var file: String?
    var descriptor: Int32?
    var command: String?
    /// The option names, for messages: `--key-file`, or `--new-key-file` for rekey's new key.
    var prefix = "--key"

    /// Keys derived in this process, by salt (in hexadecimal: a dictionary keyed by byte arrays
    /// costs its first use runtime type lookups): a command that opens the store more than once
    /// (the dashboard's watcher, remind's rounds) derives once.
    nonisolated(unsafe) private static var derived: [String: StoreKey] = [:]
    private static let lock = NSLock()

    /// The key of the encrypted store at `path`, whose salt is `salt`. `unlocked`: whether the
    /// kernel's keyring may answer (`careplan unlock` wants the passphrase).
    func key(for path: String, salt: [UInt8], unlocked: Bool = true) throws -> StoreKey {
        if let known = Self.lock.withLock({ Self.derived[StoreKey.hex(salt)] }) { return known }
        let explicit = file != nil || descriptor != nil || command != nil
        if !explicit, unlocked, let kept = UnlockedKeys.find(salt: salt) { return remember(kept.key, salt) }
        guard var passphrase = try passphrase(prompt: tr("Passphrase for {path}: ", ["path": path]), keptFor: path) else {
            throw KeyError.none(path: path)
        }
        defer { StoreKey.wipe(&passphrase) }
        return remember(try StoreKey.derive(passphrase: passphrase, salt: salt), salt)
    }

    private func remember(_ key: StoreKey, _ salt: [UInt8]) -> StoreKey {
        Self.lock.withLock { Self.derived[StoreKey.hex(salt)] = key }
        return key
    }

    /// Forgets what this process derived (after a conversion gave the store a new key).
    static func forgetDerived() { lock.withLock { derived = [:] } }

    /// A new passphrase (encrypt, rekey): from the options, else typed twice on the terminal.
    func newPassphrase(for path: String) throws -> [UInt8] {
        var phrase: [UInt8]
        if let given = try passphrase(prompt: nil) {
            phrase = given
        } else {
            guard let first = try PassphrasePrompt.ask(tr("New passphrase for {path}: ", ["path": path])) else {
                throw KeyError.noNewKey(path: path, prefix: prefix)
            }
            phrase = first
            guard var again = try PassphrasePrompt.ask(tr("The same passphrase again: ")) else { throw KeyError.noNewKey(path: path, prefix: prefix) }
            defer { StoreKey.wipe(&again) }
            guard again == phrase else {
                StoreKey.wipe(&phrase)
                throw KeyError.mismatch
            }
        }
        guard phrase.count >= KeyError.shortest else {
            StoreKey.wipe(&phrase)
            throw KeyError.tooShort
        }
        return phrase
    }

    /// The passphrase from the first source given; from the Secret Service when `keptFor` names
    /// the store; from the terminal when `prompt` is given and no other source is; nil when there is none.
    func passphrase(prompt: String?, keptFor path: String? = nil) throws -> [UInt8]? {
        if let file { return try Self.read(file: file, option: prefix + "-file") }
        if let descriptor { return try Self.read(descriptor: descriptor, option: prefix + "-fd") }
        if let command { return try Self.run(command, option: prefix + "-command") }
        if prefix == "--key", let file = ProcessEnvironment.values["CAREPLAN_KEY_FILE"], !file.isEmpty {
            return try Self.read(file: file, option: "CAREPLAN_KEY_FILE")
        }
        if let path, let kept = SecretService.lookup(path) { return kept }
        guard let prompt else { return nil }
        return try PassphrasePrompt.ask(prompt)
    }

    /// A key file: the user's alone (no permission for group or others), its first line.
    static func read(file: String, option: String) throws -> [UInt8] {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw KeyError.unreadable(option: option, file: file, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw KeyError.unreadable(option: option, file: file, reason: tr("not a regular file"))
        }
        guard info.st_mode & 0o077 == 0 else {
            throw KeyError.exposed(option: option, file: file, mode: String(info.st_mode & 0o777, radix: 8))
        }
        return try firstLine(descriptor, option: option, source: file)
    }

    static func read(descriptor: Int32, option: String) throws -> [UInt8] {
        guard fcntl(descriptor, F_GETFD) >= 0 else {
            throw KeyError.unreadable(option: option, file: "\(descriptor)", reason: tr("no such open file descriptor"))
        }
        defer { close(descriptor) }
        return try firstLine(descriptor, option: option, source: "\(descriptor)")
    }

    /// Runs `command` through /bin/sh with careplan's own environment (no key in it) and the
    /// terminal left to it, so that gpg's pinentry can ask; its first line of output is the passphrase.
    static func run(_ command: String, option: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch {
            throw KeyError.commandFailed(option: option, command: command, status: 127)
        }
        // Read to the end before the status is known: the passphrase counts only from a command that succeeded.
        var all = try readAll(output.fileHandleForReading.fileDescriptor)
        defer { StoreKey.wipe(&all) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw KeyError.commandFailed(option: option, command: command, status: process.terminationStatus) }
        return try firstLine(of: all, option: option, source: command)
    }

    /// Reads to the end and keeps the first line, without its line ending; an empty one is refused.
    static func firstLine(_ descriptor: Int32, option: String, source: String) throws -> [UInt8] {
        var all = try readAll(descriptor)
        defer { StoreKey.wipe(&all) }
        return try firstLine(of: all, option: option, source: source)
    }

    static func firstLine(of all: [UInt8], option: String, source: String) throws -> [UInt8] {
        var line = Array(all.prefix { $0 != UInt8(ascii: "\n") })
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw KeyError.empty(option: option, source: source) }
        return line
    }

    /// Everything a descriptor gives, up to 64 KiB: a passphrase is a line, not a file of megabytes.
    static func readAll(_ descriptor: Int32) throws -> [UInt8] {
        var all = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer { StoreKey.wipe(&buffer) }
        while all.count <= 1 << 16 {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            all += buffer[..<count]
        }
        return all
    }
}

/// What can be wrong with where a key comes from; each message names the option or file.
enum KeyError: UserFacingError, Equatable {
    /// The store is encrypted and nothing gave its key.
    case none(path: String)
    case noNewKey(path: String, prefix: String)
    case unreadable(option: String, file: String, reason: String)
    case exposed(option: String, file: String, mode: String)
    case empty(option: String, source: String)
    case commandFailed(option: String, command: String, status: Int32)
    case mismatch
    case tooShort
    case noSecretService
    case secretServiceFailed(status: Int32)

    /// The shortest passphrase accepted for a new key.
    static let shortest = 8

    var description: String {
        switch self {
        case .none(let path):
            return tr("{path} is encrypted and no key was given: use --key-file FILE, --key-fd N or --key-command CMD, set CAREPLAN_KEY_FILE, unlock it first with careplan unlock (--remember keeps it in the desktop's keyring), or run careplan in a terminal to be asked; nothing was read or written",
                      ["path": path])
        case .noNewKey(let path, let prefix):
            return tr("{path}: no new passphrase: give it with {prefix}-file FILE, {prefix}-fd N or {prefix}-command CMD, or run careplan in a terminal to type it; nothing was changed",
                      ["path": path, "prefix": prefix])
        case .unreadable(let option, let file, let reason):
            // TRANSLATORS: {reason} is the system's own words, often in English.
            return tr("{option} {file}: cannot be read ({reason}); nothing was read or written", ["option": option, "file": file, "reason": reason])
        case .exposed(let option, let file, let mode):
            return tr("{option} {file}: other users may read it (mode {mode}); a key file must be yours alone: chmod 600 {file}; nothing was read or written",
                      ["option": option, "file": file, "mode": mode])
        case .empty(let option, let source):
            return tr("{option} {source}: gave no passphrase (its first line is empty); nothing was read or written", ["option": option, "source": source])
        case .commandFailed(let option, let command, let status):
            return tr("{option} '{command}' failed (exit status {status}); nothing was read or written", ["option": option, "command": command, "status": "\(status)"])
        case .mismatch: return tr("the two passphrases differ; nothing was changed")
        case .noSecretService:
            return tr("--remember needs the desktop's Secret Service (a session bus, and secret-tool from libsecret-tools); nothing was kept")
        case .secretServiceFailed(let status):
            return tr("the Secret Service did not keep the passphrase (secret-tool's exit status {status}: is the desktop's keyring locked?)", ["status": "\(status)"])
        case .tooShort: return trn("a passphrase needs at least {count} character; nothing was changed", "a passphrase needs at least {count} characters; nothing was changed", Self.shortest)
        }
    }
}
