import CSQLCipher
import Foundation
import GRDB
import GRDBSQLite
import Localization

/// The key of an encrypted store as SQLCipher uses it: 32 bytes derived from the person's
/// passphrase, and the 16 bytes of salt at the start of the file they were derived with.
///
/// The derivation (PBKDF2-HMAC-SHA512, 256,000 rounds, SQLCipher 4's defaults, so that SQLCipher's
/// own tool opens a store with the passphrase) takes about 180 ms; careplan does it once per process
/// and gives every connection the derived key, which SQLCipher then uses as it is
/// (docs/security.md). The bytes are wiped when the key is released; Swift gives no guarantee that no
/// copy was made on the way, so this is as far as the language allows.
public final class StoreKey: @unchecked Sendable {
    public static let iterations: Int32 = 256_000
    public static let keyLength = 32
    public static let saltLength = 16

    private var key: [UInt8]
    public let salt: [UInt8]

    /// The HMAC each page of the file carries. careplan writes HMAC-SHA256, half the cost of
    /// SQLCipher 4's default HMAC-SHA512 on every page read (this CPU family hashes SHA-256 in
    /// hardware), and opens a file made with SQLCipher's defaults too: `opening` finds out which.
    enum PageHMAC: String, Sendable {
        case sha256 = "HMAC_SHA256", sha512 = "HMAC_SHA512"
    }
    private(set) var pageHMAC = PageHMAC.sha256

    /// What every new encrypted file gets, set once per process before the first key is used:
    /// SQLCipher gives it to each connection it keys, and to a file attached with a key (a
    /// conversion's new file).
    private static let careplanDefaults: Void = {
        var connection: OpaquePointer?
        if sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK {
            sqlite3_exec(connection, "PRAGMA cipher_default_hmac_algorithm = \(PageHMAC.sha256.rawValue)", nil, nil, nil)
        }
        sqlite3_close(connection)
    }()

    /// A key already derived (from the kernel's keyring, where `careplan unlock` left it).
    public init?(raw: [UInt8], salt: [UInt8]) {
        guard raw.count == Self.keyLength, salt.count == Self.saltLength else { return nil }
        key = raw
        self.salt = salt
    }

    /// Derives the key of a file with this salt from a passphrase (which the caller wipes).
    public static func derive(passphrase: [UInt8], salt: [UInt8]) throws -> StoreKey {
        var raw = [UInt8](repeating: 0, count: keyLength)
        let ok = passphrase.withUnsafeBytes { phrase in
            careplan_derive_key(phrase.baseAddress, Int32(phrase.count), salt, Int32(salt.count), iterations, &raw, Int32(keyLength))
        }
        defer { wipe(&raw) }
        guard ok == 1, let key = StoreKey(raw: raw, salt: salt) else {
            throw EncryptionError.derivation
        }
        return key
    }

    /// A new file's salt: 16 bytes from the system's random source.
    public static func newSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<saltLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The key and salt as SQLCipher's raw-key literal, `x'` 96 hexadecimal digits `'`, lent to
    /// `body` and wiped after: SQLCipher takes it without deriving and writes the salt into a new file.
    func withLiteral<T>(_ body: ([UInt8]) throws -> T) rethrows -> T {
        Self.careplanDefaults
        var literal = [UInt8]()
        literal.reserveCapacity(3 + 2 * (key.count + salt.count))
        literal += Array("x'".utf8)
        let digits = Array("0123456789abcdef".utf8)
        for byte in key + salt {
            literal.append(digits[Int(byte >> 4)])
            literal.append(digits[Int(byte & 0x0f)])
        }
        literal.append(UInt8(ascii: "'"))
        defer { Self.wipe(&literal) }
        return try body(literal)
    }

    /// Keys a connection that has not read anything yet (GRDB's `prepareDatabase`).
    func apply(to db: Database) throws {
        let status = apply(toConnection: db.sqliteConnection)
        guard status == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: status), message: "sqlite3_key") }
    }

    /// Keys a connection opened through SQLite's C API (the benchmark's SQL floor); SQLite's
    /// result code.
    public func apply(toConnection handle: OpaquePointer?) -> Int32 {
        var status = withLiteral { literal in sqlite3_key(handle, literal, Int32(literal.count)) }
        if status == SQLITE_OK, pageHMAC != .sha256 {
            status = sqlite3_exec(handle, "PRAGMA cipher_hmac_algorithm = \(pageHMAC.rawValue)", nil, nil, nil)
        }
        guard status == SQLITE_OK else { return status }
        return sqlite3_exec(handle, "PRAGMA cache_size = \(Self.pageCacheSize)", nil, nil, nil)
    }

    /// The page cache of an encrypted connection, in KiB (SQLite's negative `cache_size`): 16 MiB
    /// rather than SQLite's 2. A page is decrypted and its HMAC checked each time it enters the
    /// cache, so a page read again after being pushed out costs that again, where a plain store
    /// copies it from the system's cache for next to nothing. A year of Insights over ten years of
    /// data reads some 7 MiB of pages, and switching ranges reads them again. The cache grows only
    /// as pages are read; a command that reads little keeps little.
    static let pageCacheSize = -16_384

    /// Runs `open` (which opens connections keyed with this key and reads), and when the file is
    /// not a database under careplan's HMAC, once more under SQLCipher 4's default: a store
    /// encrypted by SQLCipher's own tool, or by careplan before it chose HMAC-SHA256. The choice
    /// sticks to this key, so every later connection (the writer, a backup) makes it too.
    public func opening<T>(_ open: () throws -> T) throws -> T {
        do {
            return try open()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB && pageHMAC == .sha256 {
            pageHMAC = .sha512
            do {
                return try open()
            } catch {
                pageHMAC = .sha256
                throw error
            }
        }
    }

    /// The bytes `careplan unlock` keeps in the kernel's keyring: the key, then the salt.
    public func withKeyringPayload<T>(_ body: ([UInt8]) throws -> T) rethrows -> T {
        var payload = key + salt
        defer { Self.wipe(&payload) }
        return try body(payload)
    }

    /// Bytes in lower-case hexadecimal (a salt names its store's key in the keyring and in this
    /// process). Digit by digit rather than through `String(format:)`, whose first use costs a
    /// process that opens an encrypted store a quarter of a millisecond of runtime type lookups.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Zeroes bytes in place, in a way the compiler does not drop as a dead store.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { explicit_bzero(base, buffer.count) }
        }
    }

    deinit { Self.wipe(&key) }
}
